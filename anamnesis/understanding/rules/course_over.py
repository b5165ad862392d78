"""A finished course of an anti-infective told with its complaints over ends the infection it treated.

"Finished the macrobid, no more burning", "rash all healed and I've finished the aciclovir",
"нолицин допила, всё прошло", "不烧了 也不咳了 药吃完了": the user does not name the infection
again, but says its treatment is done and what it caused is gone; the labels end the diagnosis
(the UTI, the shingles). The message proposes a resolved ``^`` in ``diagnoses``: the fold takes
the illness discussed last (:func:`anamnesis.facts.anaphora.last_illness`), or drops it when that
is unclear. A complaint still there ("finished the aciclovir but the nerve pain is awful"), a
diagnosis named in the message, a stop that is no finished course ("stopped the metformin because
of the runs"), a course of a medicine that cures no infection ("омепразол допил": the heartburn it
treated is named and over, the ``^`` would end something else) or one with no complaint over says
nothing of the episode.
"""

from __future__ import annotations

import re
from functools import cache

from anamnesis.facts.medicine_classes import load_classes
from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.facts import Fact
from schemas.sections import LAST_DISCUSSED, SECTION_WIDE

#: A course of a medicine taken to its end, not a stop for a side effect or a switch: "finished the
#: macrobid", "done with the antibiotics", "допила", "пропил курс", "закончила", "吃完了", "疗程结束".
_FINISHED = re.compile(
    r"\b(?:finished|finishing|completed|done with|course (?:is )?(?:over|done))\b"
    r"|(?<![а-яё])(?:до|про)(?:пил|пила|пили|колол|колола|кололи)(?![а-яё])|закончил\w*|курс\w* законч\w*"
    r"|(?:吃|用|打|输)完了|疗程(?:结束|完了)",
    re.IGNORECASE,
)

#: The statuses of a complaint that is over, or denied now ("no symptoms at all").
_OVER = frozenset({"resolved", "confirmed_absent"})
#: Where an illness that is over without its name is proposed (``referring.with_recovery``).
_ILLNESS = frozenset({"symptoms", "injuries", "diagnoses"})


#: A complaint left after the course: "..., but the nerve pain is awful", "боль осталась", "可还是疼".
_LEFT = re.compile(
    r"\b(?:but|still|except)\b|(?<![а-яё])(?:но|вс[её] ещ[её]|остал\w*|кроме)(?![а-яё])|还是|还有|可是|但是|就是",
    re.IGNORECASE,
)


#: The ATC groups of medicines that cure an infection.
_CURES = ("ATC:J", "ATC:P")


@cache
def _anti_infectives() -> frozenset[str]:
    """Medicines a course of which cures an infection: ATC groups J (antibiotics, antivirals,
    antifungals) and P (antiparasitics, metronidazole), and their classes ("antibiotics"). A class
    that also holds other medicines (an H. pylori regimen with its acid blocker) is left out: the
    labels end that infection by a test, not by the course being over."""
    mixed = {name for name, cls in load_classes().items() if not all(c.startswith(_CURES) for c in cls.codes)}
    return frozenset(
        t.canonical
        for t in load_terminology().terms
        if t.kind == "drug" and t.canonical not in mixed and any(c.startswith(_CURES) for c in t.codes)
    )


def with_course_over(facts: list[Fact], norm: str) -> list[Fact]:
    """``facts`` with the episode the finished course treated resolved (a ``^`` diagnosis)."""
    if not any(f.status == "stopped" and f.section == "medications" for f in facts):
        return facts  # no medicine stopped (most messages): no course is over, its patterns unread
    if _FINISHED.search(norm) is None or _LEFT.search(norm) is not None or any(f.section in ("diagnoses", "chronic_conditions") and f.entity != LAST_DISCUSSED for f in facts):
        return facts  # the message names its illness: it says itself what is over
    cures = _anti_infectives()
    stops = [f for f in facts if f.section == "medications" and f.status == "stopped" and f.entity in cures]
    complaints = [f for f in facts if f.section in ("symptoms", "injuries")]
    if not stops or not complaints or any(f.status not in _OVER for f in complaints):
        return facts
    if not any(f.status == "resolved" or f.entity == SECTION_WIDE for f in complaints):
        return facts  # only denials of other complaints ("no fever"): nothing said to be over
    referring = [f for f in facts if f.section in _ILLNESS and f.entity == LAST_DISCUSSED]
    for f in referring:
        f.section = "diagnoses"  # "нолицин допила, всё прошло": the episode treated, not a complaint
    if referring:
        return facts
    stop = stops[0]
    return [*facts, Fact(stop.start, stop.end, stop.sentence, "diagnoses", LAST_DISCUSSED, "resolved")]
