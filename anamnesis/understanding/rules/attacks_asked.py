"""A question about the recent attacks of a long-lasting illness takes the illness as the user's.

"最近痛风发作过吗？", "Any gout flares lately?", "Приступы подагры были в последнее время?": the
question asks whether the known illness flared of late, not whether the user has it, so its "没发" /
"no" / "нет" says there was no attack and never denies the gout or the asthma (the illness stays as it
was). Attacks asked with no time ("Приступы стенокардии бывают?") ask whether the illness is there.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.lexicon import Lex
from anamnesis.understanding.rules.segment import Hit

#: Words of an attack or a flare, right after the illness (zh, en) or near it (ru).
_AFTER = {
    "zh": re.compile(r"(?:最近|近来|近期|这段时间|这阵子|平时|还|又|有没有|有)?(?:发作|犯|复发|急性发作)"),
    "en": re.compile(r"\s+(?:flare(?:-?ups?|s)?|attacks?|episodes?|exacerbations?|bouts?)\b"),
}
_BEFORE = {
    "en": re.compile(
        r"\b(?:flare(?:-?ups?|s)?|attacks?|episodes?|exacerbations?|bouts?) (?:of|with) (?:your |the |my )?$"
    ),
}
#: The attack word inside the illness's own form ("痛风发作", "asthma attack").
_INSIDE = {"zh": re.compile(r"发作|犯"), "en": re.compile(r"\b(?:attack|flare|exacerbation)")}
#: Of late: the question dates the attacks, so it takes the illness as known.
_RECENT = {
    "zh": re.compile(r"最近|近来|近期|这段时间|这阵子|这几天|这个月|这周|上次(?:以后|之后)"),
    "en": re.compile(r"\b(?:lately|recently|of late|since|this (?:week|month|year)|last (?:week|month)|any more)\b"),
    "ru": re.compile(
        r"в последнее время|последн\w*|недавно|за (?:эту |этот |последн\w* )?(?:недел|месяц)\w*|с тех пор"
    ),
}
_RU_ATTACK = re.compile(r"(?<![а-яё])(?:приступ\w*|обострени\w*|обострял\w*|обостря\w*)")
#: How far a Russian attack word may stand from the illness ("приступы стенокардии", "обострения астмы были?").
_RU_REACH = 16


def attacks_asked(norm: str, hits: list[Hit], kind_of: Callable[[Lex], str | None], start: int, end: int) -> set[int]:
    """Starts of the long-lasting illnesses (``kind_of(lex) == "condition"``) whose recent attacks
    the question asks about."""
    out: set[int] = set()
    lang = "en" if norm.isascii() else "ru" if re.search(r"[а-яё]", norm[start:end]) else "zh"
    if _RECENT[lang].search(norm, start, end) is None:
        return out
    for s, e, lex in hits:
        if kind_of(lex) != "condition" or not start <= s < end:
            continue
        if lang == "ru":
            if _RU_ATTACK.search(norm, max(start, s - _RU_REACH), min(end, e + _RU_REACH)):
                out.add(s)
            continue
        before = _BEFORE.get(lang)
        named_before = before is not None and before.search(norm, max(start, s - 30), s) is not None
        if _INSIDE[lang].search(norm, s, e) or _AFTER[lang].match(norm, e, end) or named_before:
            out.add(s)
    return out
