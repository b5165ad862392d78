"""Russian "давление" said as an illness: the colloquial name of hypertension.

Russian patients name their hypertension by the bare word: "у меня давление", "давление есть",
"сердечная недостаточность и давление", "давление с 40 лет". The same word is also a reading
("давление 150 на 90"), a measuring ("мерила давление"), a drug's effect ("снижает давление")
or, with "нормальное", a denial of the illness. Only a "давление" no term already covers is
read here, and only as the illness when it is held ("у меня", "есть", "с ... лет"), listed
with another illness or symptom, or named to be denied ("давления нет", "проблем с давлением нет").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

_WORD = re.compile(r"(?<![а-я])давлени(?:е|я|ем)(?![а-я])")
#: After the word: a number or a reading's verb makes it a measurement, not the illness (a number of
#: years is how long it has been held: "давление 10 лет").
_READING_AFTER = re.compile(
    r"\s*(?::|—|-)?\s*(?:\d(?!\d*\s*(?:лет|года?)(?![а-я]))|было \d|до \d|меря|мерю|измер|в норме\s*\d"
    r"|утром \d|вечером \d|в глаз|глазн|внутри)"
)
_READING_BEFORE = re.compile(
    r"(?:мер\w*|измер\w*|снижа\w*|сниз\w*|понижа\w*|сбива\w*|сбил\w*|держ\w*|контрол\w*|следить за|"
    r"скачки|скачет|по|при|на|низкое|пониженное|глазное|внутриглазное|внутричерепное)\s+$"
)
_NORMAL = re.compile(r"\s*(?:всегда\s+|всё\s+|все\s+)?(?:нормальн\w*|в норме|хорошее|не повышается|не поднимается)")
_HELD = re.compile(r"(?<![а-я])у меня(?:\s+(?:тоже|ещё|еще|и))?\s+$|(?<![а-я])и\s+$|,\s*$")
#: ... or how long it has been held: "давление лет десять", "давление 10 лет", "давление уже лет пять".
_HELD_AFTER = re.compile(
    r"\s*(?:у меня\s+)?(?:есть|тоже|с \d+|уже \d+|лет \d+|много лет|давно|,|и\s|$"
    r"|(?:уже\s+)?(?:лет|года?)\s+(?:пять|шесть|семь|восемь|девять|десять|двадцать|тридцать|\w+надцать)(?![а-я])"
    r"|(?:уже\s+)?\d+\s*(?:лет|года?)(?![а-я]))"
)
_ILLNESS_KINDS = frozenset({"condition", "diagnosis", "symptom"})
#: The illness named to be denied: "давления нет", "давления у меня не было", "ни давления, ни
#: диабета", "проблем с давлением нет", "на давление не жалуюсь"; the clause's own denial word
#: then makes it a confirmed absence, as with any named illness.
_DENIED_AFTER = re.compile(r"\s*(?:у меня\s+)?(?:никогда\s+)?(?:нет|нету|не было|не бывает|не бывало)(?![а-я])")
_DENIED_BEFORE = re.compile(r"(?<![а-я])(?:ни|проблем\w* с|не жалуюсь на)\s+$")
_TROUBLE_AFTER = re.compile(r"\s*(?:у меня\s+)?(?:проблем\w* (?:нет|не было|никогда не было)|не жалуюсь)(?![а-я])")


def pressure_as_illness(norm: str, clause: Clause, mentions: list[Mention]) -> None:
    """Add hypertension for a held, listed or denied "давление"."""
    covered = [(s, e) for s, e, lex in clause.hits if lex.cat == "term"]
    for m in _WORD.finditer(norm, clause.start, clause.end):
        if any(s <= m.start() < e for s, e in covered) or any(x.entity == "hypertension" for x in mentions):
            continue
        before = norm[max(clause.start, m.start() - 24) : m.start()]
        if _denied(norm, m, before):
            mentions.append(Mention(m.start(), m.end(), "condition", "hypertension"))
            continue
        if _READING_AFTER.match(norm, m.end()) or _READING_BEFORE.search(before):
            continue
        if _NORMAL.match(norm, m.end()):
            continue  # "давление нормальное": a reading, which neither states nor denies the illness
        listed = any(_joined(norm, x, m.start(), m.end()) for x in mentions if x.kind in _ILLNESS_KINDS)
        if listed or _HELD.search(before) or (m.start() == clause.start and _HELD_AFTER.match(norm, m.end())):
            mentions.append(Mention(m.start(), m.end(), "condition", "hypertension"))
    mentions.sort(key=lambda x: (x.start, x.end))


def _denied(norm: str, m: re.Match[str], before: str) -> bool:
    """ "давления нет", "ни давления", "проблем с давлением нет", "с давлением проблем нет", "на
    давление не жалуюсь": the word names the illness its clause denies."""
    return bool(
        (m.group(0) == "давления" and _DENIED_AFTER.match(norm, m.end()))
        or _DENIED_BEFORE.search(before)
        or _TROUBLE_AFTER.match(norm, m.end())
    )


_AND = re.compile(r"\s*(?:,|и|,\s*и)\s*")


def _joined(norm: str, other: Mention, start: int, end: int) -> bool:
    """ "сердечная недостаточность и давление", "давление и коленки болят": one list."""
    if other.end <= start:
        return _AND.fullmatch(norm, other.end, start) is not None
    return other.start >= end and _AND.fullmatch(norm, end, other.start) is not None
