"""The signs of a fresh injury are the injury, not complaints of their own.

"被狗咬了一口 手上破皮出血了", "cut my hand on a tin, bled a lot", "崴了脚，走路一瘸一拐的": the
bleeding of the wound, the limp of the sprain and the bruise of the blow are what the injury
looks like, told in the sentence that tells the injury. The injury is the fact; these signs are
no symptom beside it (a swelling or a pain of the injured part may still be one, as the labels
have it). Bleeding, a limp or bruises told without an injury stay symptoms.
"""

from __future__ import annotations

from anamnesis.understanding.rules.facts import Fact

#: Symptoms that, beside an injury in one sentence, are its wound: bleeding, a limp, bruising.
WOUND_SIGNS = frozenset({"bleeding", "limping", "bruising"})


def without_wound_signs(facts: list[Fact]) -> list[Fact]:
    """``facts`` less the active wound signs told in a sentence that tells one of the user's injuries."""
    injured = {f.sentence for f in facts if f.section == "injuries" and f.end > f.start}
    if not injured:
        return facts
    return [
        f
        for f in facts
        if not (f.section == "symptoms" and f.entity in WOUND_SIGNS and f.status == "active" and f.sentence in injured)
    ]
