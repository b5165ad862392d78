"""A drug named as what caused an allergic reaction is the allergy's occasion, not a medication.

"allergic to sulfa, co-trimoxazole gave me a rash", "磺胺过敏，以前吃复方新诺明全身起疹子": the user
tells an allergy and the drug that showed it. The drug is no medication the user stopped unless
the message stops or switches it after the reaction ("..., 医生说是药物过敏，就换成开浦兰了",
"от аллопуринола сыпь, врач отменил"); a "以前吃" / "used to take" before the drug only says when
the reaction came. English and Russian already read the frame so; Chinese read "以前吃X" as a
drug taken once.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.segment import Hit
from schemas.sections import SECTION_WIDE

_STOPPED = status_for("medications", "end")
#: Cue categories that stop or replace a drug after it is named.
_ENDING = frozenset({"end", "switch", "instead"})
#: A Chinese stop said with a verb the cues do not hold ("别吃了", "不吃了", "没再吃").
_ZH_STOP = re.compile(r"停|换|改(?:成|用)|不(?:再)?(?:吃|用|服)了|别(?:再)?(?:吃|用)了|没再(?:吃|用)")


def without_reaction_drugs(
    facts: list[Fact], norm: str, hits: list[Hit], spans: list[tuple[int, int, bool]]
) -> list[Fact]:
    """Drop a stopped medication named before an allergic reaction in a message that tells an
    allergy, when nothing after it in its sentence stops or switches it."""
    if not any(f.section == "allergies" and f.entity != SECTION_WIDE and f.status == "active" for f in facts):
        return facts
    return [f for f in facts if not _occasion_only(f, norm, hits, spans)]


def _occasion_only(f: Fact, norm: str, hits: list[Hit], spans: list[tuple[int, int, bool]]) -> bool:
    if f.section != "medications" or f.status != _STOPPED or not 0 <= f.sentence < len(spans):
        return False
    end = spans[f.sentence][1]
    after = [(s, lex) for s, _, lex in hits if f.end <= s < end]
    reacted = any(lex.reactive for _, lex in after)
    stopped = any(lex.cat in _ENDING for _, lex in after) or _ZH_STOP.search(norm, f.end, end) is not None
    return reacted and not stopped
