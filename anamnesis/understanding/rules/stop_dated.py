"""A stop dated by an event: the event is when, the habit or drug of the sentence is what stopped.

"курил 30 лет, бросил сразу после инфаркта", "бросил сразу после инфаркта, до этого 30 лет курил",
"smoked for years, quit right after my heart attack", "抽了三十年，心梗以后就戒了": the stop has no
object of its own; the illness after "после" / "after" (before "以后" in Chinese) only dates it.
The clause reads the illness as what ended (a past heart attack is over, as the conventions say),
and the habit told elsewhere in the sentence keeps its present state. Here the stop goes to the
habit or drug the sentence names, nearest first; the dating event keeps its own state.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact, status_for
from schemas.sections import PRESENT_STATUS, SECTION_WIDE

#: A stop with no object right before "after" and the event ("quit right after my", "бросил сразу после").
_STOP_AFTER = {
    "en": re.compile(
        r"\b(?:quit|stopped|gave (?:it |them )?up|packed (?:it )?in)\s+(?:(?:right|straight|just|soon|shortly)\s+)?"
        r"after\s+(?:my|the|a|that|having)?\s*$"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:бросил|бросила|перестал|перестала|завязал|завязала)\s+(?:(?:сразу|прямо|уже|как раз)\s+)?"
        r"после\s+$"
    ),
}
#: Chinese dates before its stop: "心梗以后就戒了", "中风之后马上停了".
_ZH_AFTER_STOP = re.compile(r"\s*(?:以后|之后|后)\s*(?:就|马上|立马|立刻|直接)?(?:戒了|戒掉了|停了|不抽了|不喝了)")
#: What a stop ends; what dates it is anything else.
_TAKEN = ("lifestyle", "medications")


def stops_dated_by_events(facts: list[Fact], norm: str, lang: str) -> list[Fact]:
    """Give the stop an event dates to the habit or drug its sentence names (nearest first)."""
    for event in facts:
        if event.section in _TAKEN or not _dates_a_stop(norm, lang, event):
            continue
        taken = [
            f
            for f in facts
            if f.sentence == event.sentence
            and f.section in _TAKEN
            and f.entity != SECTION_WIDE
            and f.status == PRESENT_STATUS[f.section]
        ]
        if taken:
            nearest = min(taken, key=lambda f: min(abs(f.start - event.end), abs(event.start - f.end)))
            nearest.status = status_for(nearest.section, "end")
    return facts


def _dates_a_stop(norm: str, lang: str, event: Fact) -> bool:
    if lang == "zh":
        return _ZH_AFTER_STOP.match(norm, event.end) is not None
    pattern = _STOP_AFTER.get(lang)
    return pattern is not None and pattern.search(norm, max(0, event.start - 40), event.start) is not None
