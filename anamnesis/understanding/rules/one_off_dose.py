"""A single dose told as taken is over: the drug is ``stopped``, not a drug the user takes.

"монурал выпила вчера, один пакетик", "喝了一袋磷霉素", "had a toradol shot in the ER", "took a
single dose of fosfomycin": one sachet, one shot, one tablet taken once ended before it was told,
as the gold README's "happened and ended" case says. The count must stand beside the drug (no other
drug nearer) in a sentence that tells the intake done (a past verb), and no frequency may follow
it: "одну таблетку в день", "一天一片", "one tablet a day" are a
regimen, still taken.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from schemas.sections import LAST_DISCUSSED, SECTION_WIDE

#: A frequency after the count makes it a regimen ("одну таблетку в день", "one tablet twice a day").
_RU_FREQ = r"(?!\s*(?:в день|в сутки|утром|вечером|ежедневно|раз в|по утрам|по вечерам|через день|каждый))"
_EN_FREQ = r"(?!\s*(?:a day|daily|every|twice|each|per|at night|a week|in the morning))"
#: One dose of a drug; the drug's mention stands where the pattern's gap is (read with the gaps in _near).
_COUNT = {
    "ru": re.compile(
        r"(?<![а-яё\d])(?:один|одну|одна|1)\s+(?:пакетик\w*|пакет\w*|саше|таблетк\w*|укол\w*|порош\w*|капсул\w*"
        r"|свеч\w*|ампул\w*)" + _RU_FREQ + r"|(?<![а-яё])однократно"
    ),
    "zh": re.compile(
        # an injection ("打了一针") is left out: a yearly or monthly jab is told the same way
        r"(?:喝|吃|服|冲服|含)了(?:一|1)(?:袋|包|片|粒|颗)(?![^，。,.]*(?:每天|一天|每日|每周|一周|每月|每年|一年))"
    ),
    "en": re.compile(
        r"\b(?:a|one|a single|single)\s+(?:dose|shot|jab|injection|sachet|tablet|pill|capsule)"
        + _EN_FREQ
        + r"(?:\s+of)?|\b(?:shot|injection|jab)\b|\bstat dose\b|\bone[- ]off\b"
    ),
}
#: The intake told as done.
_TAKEN = {
    "ru": re.compile(r"(?<![а-яё])(?:выпил\w*|принял\w*|сделали|поставили|вкололи|укололи|кольнули)(?![а-яё])"),
    "zh": re.compile(r"了"),
    "en": re.compile(r"\b(?:took|taken|had|gave me|given|got|did)\b"),
}
#: An English shot needs its article before the drug: "a toradol shot", not "my insulin injection".
_EN_SHOT_BEFORE = re.compile(r"\b(?:a|one)\s+$")
_ENDS = re.compile(r"[.!?。！？\n]")
#: How far the count may stand from the drug (characters).
_REACH = 24


def one_off_doses(facts: list[Fact], norm: str, lang: str) -> list[Fact]:
    """Stop each active drug of ``facts`` told as one dose taken."""
    count, taken = _COUNT.get(lang), _TAKEN.get(lang)
    if count is None or taken is None or count.search(norm) is None:
        return facts  # most messages tell no single dose: their drugs' sentences are never cut
    drugs = [f for f in facts if f.section == "medications" and f.entity not in (SECTION_WIDE, LAST_DISCUSSED)]
    for f in drugs:
        if f.status != "active":
            continue
        start, end = _sentence(norm, f.start, f.end)
        if not taken.search(norm, start, end):
            continue
        if any(_names_this(norm, m, f, drugs, lang) for m in count.finditer(norm, start, end)):
            f.status = "stopped"
    return facts


def _names_this(norm: str, m: re.Match[str], f: Fact, drugs: list[Fact], lang: str) -> bool:
    """The count ``m`` is of drug ``f``: near it, and the drug nearest to it."""
    if m.group(0) in ("shot", "injection", "jab") and not (
        m.start() >= f.end and _EN_SHOT_BEFORE.search(norm, max(0, f.start - 8), f.start)
    ):
        return False  # "my insulin injection" is no one-off; "a toradol shot" is
    low, high = (f.end, m.start()) if m.start() >= f.end else (m.end(), f.start)
    if high < low or high - low > _REACH:
        return False
    nearest = min(drugs, key=lambda d: min(abs(m.start() - d.end), abs(d.start - m.end())))
    return nearest is f  # "达菲75mg 一天两次 ... 吃了一粒芬必得": the count is the ibuprofen's


def _sentence(norm: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the sentence holding ``start``-``end``."""
    before = [m.end() for m in _ENDS.finditer(norm, 0, start)]
    after = _ENDS.search(norm, end)
    return (before[-1] if before else 0, after.start() if after else len(norm))
