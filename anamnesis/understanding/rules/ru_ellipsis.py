"""Russian clauses that leave their predicate out and take it from the clause before.

"болей в груди нет, одышки тоже": the second clause names a term and "тоже" and nothing
else; its "нет" is elided, so it says what the first clause says of its own terms. Only a
clause with no status cue of its own borrows, and only a denial (the genitive after an
elided "нет"); a positive "кашель, насморк тоже" needs nothing borrowed.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import CONFIRMED_ABSENT

_ALSO = re.compile(r"(?<![а-я])(?:тоже|также|и того)(?![а-я])")
#: What may stand beside the terms and "тоже": punctuation and "и".
_NOTHING_ELSE = re.compile(r"[\s,.;!—-]*(?:и[\s,.;!—-]+)?[\s,.;!—-]*")
_OWN_CUES = frozenset({"neg", "end", "start", "partial", "except", "switch", "instead", "anymore", "still"})


def borrow_elided_denial(norm: str, clause: Clause, mentions: list[Mention], facts: list[Fact]) -> None:
    """Deny the clause's terms when it is "<terms> тоже" after a clause of the same sentence
    whose last fact is a denial."""
    if not mentions or not clause.cats.isdisjoint(_OWN_CUES) or any(m.state is not None for m in mentions):
        return
    text = norm[clause.start : clause.end]
    for m in sorted(mentions, key=lambda m: m.start, reverse=True):
        text = text[: m.start - clause.start] + " " + text[m.end - clause.start :]
    if _ALSO.search(text) is None or not _NOTHING_ELSE.fullmatch(_ALSO.sub(" ", text)):
        return  # "рвота тоже была": a predicate of its own
    before = [f for f in facts if f.sentence == clause.sentence and f.end <= clause.start]
    if before and before[-1].status == CONFIRMED_ABSENT:
        for m in mentions:
            m.state = "neg"
