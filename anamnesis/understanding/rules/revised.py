"""A diagnosis first given and then replaced by another is ruled out.

"The GP first thought it was a migraine but it turned out to be sinusitis", "сначала сказала
бронхит, но на рентгене пневмония", "врач думал гастрит, оказалось язва", "一开始说是感冒 后来查出来是
肺炎": the first opinion is not the user's illness; the one after the turn is. Only an opinion
(thought, said, suspected; думал, сказала, подозревали; 以为, 说是, 怀疑) opens the first one, so a
course of illness told in order ("сначала был бронхит, потом пневмония", "一开始是感冒 后来转成肺炎")
keeps both; and the turn must name a diagnosis of its own after it.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from schemas.sections import CONFIRMED_ABSENT

_ILLNESS = frozenset({"diagnoses", "chronic_conditions"})
#: The first opinion: a verb of thinking alone, or "first" with a verb of saying or diagnosing.
_FIRST = {
    "en": re.compile(
        r"\b(?:thought|suspected|reckoned)\b"
        r"|\b(?:first|at first|initially|originally)\b[^.!?]{0,25}?\b(?:said|diagnosed|told me|called it|put it down)\b",
        re.IGNORECASE,
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:думал[аи]?|подозревал[аи]?|считал[аи]?)(?![а-яё])"
        r"|(?<![а-яё])(?:сначала|вначале|сперва|изначально)(?![а-яё])[^.!?]{0,25}?"
        r"(?<![а-яё])(?:сказал[аи]?|говорил[аи]?|поставил[аи]?|ставил[аи]?|диагностировал[аи]?)(?![а-яё])"
    ),
    "zh": re.compile(r"以为|怀疑|(?:一开始|开始|起初|本来|之前|先)[^。！？]{0,6}?(?:说|诊断|当成|当作|看成)"),
}
#: The turn to what it really is.
_TURN = {
    "en": re.compile(r"\b(?:turned out|turns out|actually|but|in fact)\b", re.IGNORECASE),
    "ru": re.compile(r"(?<![а-яё])(?:оказал\w*|но|а|потом|однако|выяснил\w*|на самом деле)(?![а-яё])"),
    "zh": re.compile(r"后来|结果|其实|原来|但是|可是|不过|最后|查出来"),
}


def rule_out_revised(facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> None:
    """Set the first opinion's diagnoses of a sentence that turns to another diagnosis to absent."""
    first, turn = _FIRST.get(lang), _TURN.get(lang)
    if first is None or turn is None:
        return
    for start, end, _ in spans:
        opinion = first.search(norm, start, end)
        if opinion is None:
            continue
        revision = turn.search(norm, opinion.end(), end)
        if revision is None:
            continue
        named = [f for f in facts if f.section in _ILLNESS and start <= f.start < end]
        if not any(f.start >= revision.end() for f in named):
            continue  # "thought it was a migraine but it got worse": nothing replaces it
        for f in named:
            if opinion.end() <= f.start < revision.start() and f.status == "active":
                f.status = CONFIRMED_ABSENT
