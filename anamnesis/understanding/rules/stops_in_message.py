"""Stops said of a drug the same message has just named, by a pronoun or by an order to stop.

"jardiance gave me thrush so the doc stopped it and started gliclazide", "the flexeril knocks me
out. not taking it anymore", "melatonin did nothing so binned it", "dentist said stop it",
"от найза желудок заболел, бросил его", "那个药不吃了": the stop names no drug, and
:mod:`~anamnesis.understanding.rules.referring` refers it to the drug discussed before only when
the message names none of its own. When it does, the pronoun points at the drug the message named
last before the stop (in that sentence or the one before): that drug is stopped.

"had to stop the naproxen", "told me to stop the naproxen so i have", "gp said to stop my
ibuprofen": English "stop" with its drug as object is an ending (a bare "stop" is no cue: "the
cough won't stop" ends nothing); a clause that only plans or asks it ("should I stop the
naproxen?") states no fact, so there is no fact here to stop.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.gate import Literals
from anamnesis.understanding.rules.referring import pronoun_stops
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import LAST_DISCUSSED, SECTION_WIDE

#: English "stop" whose object is the drug right after it; not after a denial ("didn't stop the").
_EN_STOP_THE = re.compile(
    r"(?<!n't )(?<!nt )(?<!not )(?<!never )\bstop(?:ping)?\s+(?:taking\s+|using\s+)?"
    r"(?:the\s+|my\s+|that\s+|all\s+(?:my\s+|the\s+)?)?$"
)


def _named(f: Fact) -> bool:
    return f.section == "medications" and f.entity not in (SECTION_WIDE, LAST_DISCUSSED)


def stops_in_message(
    facts: list[Fact], norm: str, lang: str, parts: list[Clause], found: Literals | None = None
) -> list[Fact]:
    """Stop the named drug each pronoun stop or English "stop the X" of the message is about."""
    drugs = [f for f in facts if _named(f) and f.status == "active"]
    if not drugs:
        return facts
    if lang == "en":
        for f in drugs:
            if _EN_STOP_THE.search(norm, max(0, f.start - 40), f.start):
                f.status = "stopped"
    for start, _, sentence in pronoun_stops(norm, lang, parts, found):
        before = [f for f in facts if _named(f) and f.end <= start and sentence - 1 <= f.sentence <= sentence]
        if before:
            last = max(before, key=lambda f: f.end)
            if last.status == "active":
                last.status = "stopped"
    return facts
