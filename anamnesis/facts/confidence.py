"""How far a fact can be relied on: ``facts_current.confidence`` in [0, 1].

The rule (documented in the README) looks at the evidence behind the fact's current state:

- ``explicit`` (0.8): a statement that names the fact (the event carries the user's own words,
  ``mention``, or a value: "I'm allergic to penicillin", "I'm 54").
- ``answer`` (0.6): a bare answer to the assistant's direct question ("Any allergies?" "No.").
- ``inferred`` (0.4): a state the fold derived from a statement about something else (a `*`
  absence superseded by a specific fact, a medication stopped by "I don't take anything now").
- ``clarified`` (0.9): the user confirmed it when asked to clarify a conflict.
- ``reviewed`` (1.0): a clinician reviewed or corrected it, or resolved its conflict.

Each later confirmation of the same state adds 0.05, up to 0.95 (only a review reaches 1); an
open conflict on the fact halves it. Below :data:`LOW` the read path marks a fact as such.
"""

from __future__ import annotations

from typing import Any

BASE: dict[str, float] = {"inferred": 0.4, "answer": 0.6, "explicit": 0.8, "clarified": 0.9, "reviewed": 1.0}
CONFIRMATION_STEP = 0.05
CONFIRMED_CAP = 0.95
OPEN_CONFLICT_FACTOR = 0.5
#: Facts under this confidence are marked "low confidence" in the context block.
LOW = 0.5


def evidence_of(attributes: dict[str, Any], *, inferred: bool = False) -> str:
    """The evidence a dialogue event gives the state it sets."""
    if inferred:
        return "inferred"
    return "explicit" if attributes.get("mention") or attributes.get("value") is not None else "answer"


def confidence(evidence: str, confirmations: int, *, open_conflict: bool) -> float:
    """The confidence of a fact whose state rests on ``evidence`` and was confirmed again ``confirmations`` times."""
    base = BASE[evidence]
    value = base if base >= 1.0 else min(max(base, CONFIRMED_CAP), base + CONFIRMATION_STEP * confirmations)
    if open_conflict:
        value *= OPEN_CONFLICT_FACTOR
    return round(value, 3)
