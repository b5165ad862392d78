"""A medicine told as a course the user went through is over: "did a course of doxycycline".

"did a course of doxycycline and steroids, all cleared", "had a 5 day course of prednisolone in
march", "был курс флемоксина в марте", "吃了一个疗程的阿莫西林", "阿莫西林吃了一个疗程": the course
is done, so the medicine named as its object is ``stopped``. Only the drugs the course phrase
itself names (and those listed with them) end: a drug told elsewhere in the message ("..., still
on the metformin", "and my metformin as usual") is another clause's. A course still running ("i'm
on a course of", "started a course of") or asked about ("should i do a course of...?") says
nothing over; the clause rules give it no fact or an active one.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from schemas.sections import LAST_DISCUSSED, SECTION_WIDE

SECTION = "medications"
#: A course gone through, its drug right after: "did a course of", "had a 5 day course of", "прошла
#: курс", "был курс", "吃了一个疗程的".
_COURSE_OF = re.compile(
    r"\b(?:did|had|completed|finished|took|went through)\s+(?:a|an|the|my|one|another)\s+(?:[\w-]+\s+){0,3}?"
    r"course\s+of\s+(?:the\s+)?"
    r"|(?<![а-яё])(?:был|прош(?:ёл|ел|ла|ли)|закончил\w*|пропил\w*|прокол\w*|прокапал\w*)\s+(?:[а-яё]+\s+)?курс\s+"
    r"|(?:吃|用|打|输|喝)了?(?:一|两|二|三|1|2|3)个(?:完整的?)?疗程(?:的)?"
)
#: The same, its drug right before: "阿莫西林吃了一个疗程".
_COURSE_AFTER = re.compile(r"\s*(?:吃|用|打|输|喝)了(?:一|两|二|三|1|2|3)个(?:完整的?)?疗程")
#: What joins the drugs of one course's list: "doxycycline and prednisolone", "阿莫西林和甲硝唑"; never
#: a comma, which may open the next clause ("..., 二甲双胍一直吃", "..., metformin as usual").
_LISTED = re.compile(r"\s*(?:、|and|&|\+|plus|и|和|跟)?\s*")


#: What may follow a drug listed after the first of a course: a pause, the end, a time ("for a week",
#: "в марте"), never a verb of its own.
_LIST_ENDS = re.compile(
    r"\s*(?:(?:for|in|last|over|back in|on)\s[^,.;!?]{0,20}?|(?:в|на|за|прошл\w*)\s[а-яё\d ]{0,16}?)?"
    r"\s*(?:$|[,.;!?，。；！？、]|(?:and|&|\+|и|和|跟)\s*)"
)


def _named(f: Fact) -> bool:
    return f.section == SECTION and f.entity not in (SECTION_WIDE, LAST_DISCUSSED) and f.status == "active"


def courses_done(facts: list[Fact], norm: str) -> None:
    """Stop each taken medicine that a course gone through names (:data:`_COURSE_OF`), with the
    drugs listed right after it."""
    courses = list(_COURSE_OF.finditer(norm))
    if not courses:
        return  # most messages
    drugs = sorted((f for f in facts if _named(f)), key=lambda f: f.start)
    for m in courses:
        at = m.end()
        for f in drugs:
            if f.start < at:
                continue
            if not _LISTED.fullmatch(norm, at, f.start) or (at > m.end() and not _LIST_ENDS.match(norm, f.end)):
                break  # "had a course of pred and metformin is fine": the second drug has a verb of its own
            f.status = "stopped"
            at = f.end
    for f in drugs:
        if _COURSE_AFTER.match(norm, f.end):
            f.status = "stopped"
