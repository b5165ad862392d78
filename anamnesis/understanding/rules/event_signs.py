"""The signs of a told event are the event, not complaints of their own.

"被狗咬了一口 手上破皮出血了", "cut my hand on a tin, bled a lot", "崴了脚，走路一瘸一拐的": the
bleeding of the wound, the limp of the sprain and the bruise of the blow are what the injury
looks like, told in the sentence that tells the injury. "had 2 hypos in the night, woke up sweaty
and shaky", "低血糖了一次，出冷汗手抖": the sweat and the tremor are what the low-sugar episode
looks like. The event is the fact; these signs are no symptom beside it (a swelling or a pain of
the injured part may still be one, as the labels have it). Over or not ("出冷汗手抖，喝了可乐缓过来了"
ends the episode and its signs with it), they go with the event. The same signs told without the
event stay symptoms.
"""

from __future__ import annotations

from collections.abc import Callable

from anamnesis.understanding.rules.facts import Fact

#: Each kind of event, and the symptoms that are its signs when one sentence tells both.
_SIGNS_OF: tuple[tuple[Callable[[Fact], bool], frozenset[str]], ...] = (
    (lambda f: f.section == "injuries", frozenset({"bleeding", "limp", "bruising"})),
    (
        lambda f: f.section == "symptoms" and f.entity == "hypoglycemia",
        frozenset({"tremor", "sweating", "palpitations"}),
    ),
)

#: A sign still there or over with its event; a sign denied ("没出汗") is said of itself.
_TOLD_STATES = frozenset({"active", "resolved"})


def without_event_signs(facts: list[Fact]) -> list[Fact]:
    """``facts`` less the active or ended signs told in a sentence that tells one of the user's events of
    which they are signs (an event this message names, not one it only refers back to)."""
    signs_by_sentence: dict[int, set[str]] = {}
    for is_event, signs in _SIGNS_OF:
        for f in facts:
            if f.end > f.start and is_event(f):
                signs_by_sentence.setdefault(f.sentence, set()).update(signs)
    if not signs_by_sentence:
        return facts
    return [
        f
        for f in facts
        if not (
            f.section == "symptoms" and f.status in _TOLD_STATES and f.entity in signs_by_sentence.get(f.sentence, ())
        )
    ]
