"""A medicine told as a course the user went through is over: "did a course of doxycycline".

"had a 5 day course of prednisolone in
march", "был курс флемоксина в марте", "吃了一个疗程的阿莫西林", "阿莫西林吃了一个疗程": the course
is done, so the medicine named as its object is ``stopped``. Only the one drug the course phrase
names ends: a drug listed after it ("a course of amoxicillin and metformin", "курс флемоксина и
эутирокс", "阿莫西林和二甲双胍") may be a long-term one, and a drug told elsewhere is another
clause's. A message that tells a course still to come ("назначен курс", "starting tomorrow", "让我吃")
stops nothing, nor one that tells taking going on, unless that is plainly another drug's ("still
taking it", "还在吃" vs "still on the metformin"); Chinese needs 了.
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
    r"|(?<![а-яё])(?:был|прош(?:ёл|ел|ла|ли)|закончил\w*|пропил\w*|прокол\w*|прокапал\w*)\s+"
    r"(?:(?!назнач|прописа|рекомендова|начат)[а-яё]+\s+)?курс\s+"
    r"|(?:吃|用|打|输|喝)了(?:一|两|二|三|1|2|3)个(?:完整的?)?疗程(?:的)?"
)
#: The same, its drug right before: "阿莫西林吃了一个疗程".
_COURSE_AFTER = re.compile(r"\s*(?:吃|用|打|输|喝)了(?:一|两|二|三|1|2|3)个(?:完整的?)?疗程")
#: A course still to come anywhere in the message: then nothing in it is over ("Мне был назначен
#: курс ..., начну завтра", "had a course of amoxicillin for me planned", "医生让我吃一个疗程的").
_PLANNED = re.compile(
    r"\b(?:plan\w*|starting|start|tomorrow|going to|will|gonna|next)\b"
    r"|(?<![а-яё])(?:назнач\w*|начн\w*|начина\w*|завтра|буду|будет|планир\w*)(?![а-яё])"
    r"|要|让我|再|明天|打算|准备|开始"
)
#: Taking told as going on: "still taking it", "до сих пор пью", "还在吃", "继续吃", "一直吃".
_GOING_ON = re.compile(
    r"\b(?:still|continu\w*|keep\w*|carry\w* on|ongoing|tapering)\b"
    r"|(?<![а-яё])(?:до сих пор|вс[её] ещё|вс[её] еще|продолжа\w*|пока пью|пью дальше)(?![а-яё])"
    r"|还在|还是在|继续|一直|接着"
)
_PAUSE = re.compile(r"[,.;!?，。；！？:：]")


def _goes_on(norm: str, f: Fact, drugs: list[Fact]) -> bool:
    """Whether the message tells taking going on that is not plainly another drug's: "still on
    the metformin" and "二甲双胍一直吃" go on for the metformin; "still taking it", "还在吃" for
    the course's own drug."""
    for c in _GOING_ON.finditer(norm):
        after = next((g for g in drugs if g.start >= c.end()), None)
        before = next((g for g in reversed(drugs) if g.end <= c.start()), None)
        near_after = after is not None and after.start - c.end() <= 20 and not _PAUSE.search(norm, c.end(), after.start)
        near_before = before is not None and c.start() - before.end <= 4 and not _PAUSE.search(norm, before.end, c.start())
        owner = after if near_after else before if near_before else None
        if owner is None or owner is f or owner.entity == f.entity:
            return True
    return False


def _named(f: Fact) -> bool:
    return f.section == SECTION and f.entity not in (SECTION_WIDE, LAST_DISCUSSED) and f.status == "active"


def courses_done(facts: list[Fact], norm: str) -> None:
    """Stop the one taken medicine that a course gone through names (:data:`_COURSE_OF`); a drug
    listed after it ("a course of amoxicillin and metformin") may be a long-term one and stays."""
    courses = list(_COURSE_OF.finditer(norm))
    drugs = sorted((f for f in facts if _named(f)), key=lambda f: f.start)
    if not drugs or _PLANNED.search(norm):
        return  # most messages; or a course still to come: nothing is over
    ended = []
    for m in courses:
        first = next((f for f in drugs if f.start >= m.end()), None)
        if first is not None and not norm[m.end() : first.start].strip():
            ended.append(first)  # the course's own drug only: never one after "and" / "и" / "和"
    ended += [f for f in drugs if _COURSE_AFTER.match(norm, f.end)]
    for f in ended:
        if not _goes_on(norm, f, drugs):
            f.status = "stopped"
