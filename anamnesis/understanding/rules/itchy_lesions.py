"""An itch that qualifies a rash is the rash's, not a complaint of its own.

"itchy red rash on my legs", "itchy welts all over", "身上起了很痒的疹子": "itchy" stands before the
lesion as its attribute, as "painful" does before a blister, so the message names one complaint,
the rash or the hives (the labels give no itching beside them). Said apart ("rash on my arms and
so itchy", "сыпь и зуд"), the itch stays its own. Read on the finished facts, so that the itch
still tells an allergy's reaction while the message is read ("came out in an itchy rash on the amox").
"""

from __future__ import annotations

import re

from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.facts import Fact

#: What may stand between the itch and the lesion: a word or two ("itchy red rash"), 的 and 很.
_BETWEEN = re.compile(r"\s*(?:[a-z]+\s+){0,2}|[的很\s]*")
#: The lesions an itch may qualify: a rash (R21), urticaria (L50), a drug or food eruption (L27).
_LESION_CODES = ("ICD10:R21", "ICD10:L50", "ICD10:L27")


def without_lesion_itch(facts: list[Fact], norm: str) -> list[Fact]:
    """``facts`` without an itching that stands right before the lesion it qualifies."""
    itches = [f for f in facts if f.section == "symptoms" and f.entity == "itching"]
    if not itches:
        return facts  # most messages
    codes_of = load_terminology().codes_of
    lesions = [
        f for f in facts if f.section == "symptoms" and any(c.startswith(_LESION_CODES) for c in codes_of(f.entity))
    ]
    qualifying = {
        id(itch)
        for itch in itches
        for lesion in lesions
        if lesion.status == itch.status
        and itch.end <= lesion.start
        and _BETWEEN.fullmatch(norm, itch.end, lesion.start)
    }
    return [f for f in facts if id(f) not in qualifying]
