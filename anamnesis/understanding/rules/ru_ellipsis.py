"""Russian clauses that leave their predicate out and take it from the clause before.

"болей в груди нет, одышки тоже": the second clause names a term and "тоже" and nothing
else; its "нет" is elided, so it says what the first clause says of its own terms. Only a
clause with no status cue of its own borrows, and only a denial (the genitive after an
elided "нет") or a complaint's ending ("кашель прошёл, насморк тоже"); a positive "кашель,
насморк тоже" needs nothing borrowed.
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
#: The stretch before ends in a denial of what it named, a thing no fact was read of: "боли уже нет,",
#: "атак уже месяц нет,".
_DENIED_STRETCH = re.compile(r"(?:(?<![а-я])(уже|больше)(?:\s+[а-яё\d]+){0,2}\s+|(?<![а-я]))(?:нет|нету)\s*,\s*$")
#: An ending the clause before told of a complaint, which "<terms> тоже" borrows as it borrows a denial.
_ENDED = frozenset({"resolved"})
_ILLNESS = frozenset({"symptoms", "diagnoses", "injuries"})
_OWN_CUES = frozenset({"neg", "end", "start", "partial", "except", "switch", "instead", "anymore", "still"})


def borrow_elided_denial(norm: str, clause: Clause, mentions: list[Mention], facts: list[Fact]) -> None:
    """Deny the clause's terms when it is "<terms> тоже" after a clause of the same sentence
    whose last fact is a denial, or that ends in "нет" of a thing read as no fact ("боли уже нет,
    тошноты тоже")."""
    if not mentions or not clause.cats.isdisjoint(_OWN_CUES) or any(m.state is not None for m in mentions):
        return
    text = norm[clause.start : clause.end]
    for m in sorted(mentions, key=lambda m: m.start, reverse=True):
        text = text[: m.start - clause.start] + " " + text[m.end - clause.start :]
    if _ALSO.search(text) is None or not _NOTHING_ELSE.fullmatch(_ALSO.sub(" ", text)):
        return  # "рвота тоже была": a predicate of its own
    before = [f for f in facts if f.sentence == clause.sentence and f.end <= clause.start]
    if not before:
        state = _denied_before(norm, clause.start)
    elif before[-1].status == CONFIRMED_ABSENT:
        state = "neg"
    elif before[-1].status in _ENDED and before[-1].section in _ILLNESS:
        state = "end"  # "кашель прошёл, насморк тоже": the ending is elided as well
    else:
        return
    if state is not None:
        for m in mentions:
            m.state = state


def _denied_before(norm: str, start: int) -> str | None:
    """How the clause before, in the same sentence, ends when its name was read as no fact: "neg"
    for "…нет," and "end" for "…уже (месяц) нет," (it was there and is over), else None."""
    m = _DENIED_STRETCH.search(norm, max(0, start - 40), start)
    if m is None:
        return None
    return "end" if m.group(1) else "neg"
