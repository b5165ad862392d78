"""What kind of miss each fact error is: a diagnostic of where understanding fails, by count only.

A figure says how much is wrong; this says where, without listing a single text, so it may be
shown for the sets whose errors are never listed (validation, the unseen test). Each labelled
fact the pipeline did not find (names compared as concepts, as in
the "fact F1 by concept" figure) is put in the first kind
that fits it:

- ``wrong section``: the concept was found, in another section;
- ``name in no row``: the label's name is no form of any terminology row (a concept or a name
  the vocabulary lacks);
- ``named, not understood``: the vocabulary finds the concept in the turn the label cites, and
  the rules still made no fact of it (scope, clause structure, discourse);
- ``answers a question naming it``: not named in its turn, but in the assistant's turn before
  it (a short answer);
- ``answers a question, name not found``: the turn follows an assistant's question that names
  nothing the vocabulary finds as this concept (a group question, an earlier question, or a
  name in words the vocabulary does not list);
- ``named in words not listed``: none of the above (the patient's own words for it).

Each fact the pipeline holds that no label has (by concept) is an extra: ``extra denial`` when it
is held ``confirmed_absent``, ``extra fact`` otherwise; a concept found in the wrong section is
counted once, as ``wrong section``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from anamnesis.evaluation.gold_scoring import concept_of
from anamnesis.terminology import load_terminology
from schemas.sections import CONFIRMED_ABSENT

if TYPE_CHECKING:
    from anamnesis.evaluation.gold import GoldDialogue, GoldFact
    from anamnesis.evaluation.predictions import Predictions
    from anamnesis.terminology import Terminology

WRONG_SECTION = "wrong section"
NAME_IN_NO_ROW = "name in no row"
NAMED_NOT_UNDERSTOOD = "named, not understood"
ANSWERS_NAMING = "answers a question naming it"
ANSWERS_UNNAMED = "answers a question, name not found"
OWN_WORDS = "named in words not listed"
EXTRA_DENIAL = "extra denial"
EXTRA_FACT = "extra fact"

#: The kinds in the order the report lists them.
KINDS: tuple[str, ...] = (
    WRONG_SECTION, NAME_IN_NO_ROW, NAMED_NOT_UNDERSTOOD, ANSWERS_NAMING, ANSWERS_UNNAMED, OWN_WORDS,
    EXTRA_DENIAL, EXTRA_FACT,
)
_QUESTION_MARKS = ("?", "？")


def miss_kinds(dialogues: Sequence[GoldDialogue], pred: Predictions) -> Counter[tuple[str, str]]:
    """Count of (language, kind) over the dialogues' missed and extra facts (see the module)."""
    terms = load_terminology()
    out: Counter[tuple[str, str]] = Counter()

    for d in dialogues:
        got = {(f.section, concept_of(f.entity)): f for f in pred.facts.get(d.user_id, ())}
        labelled = {(f.section, concept_of(f.entity)) for f in d.facts}
        found_concepts = {c for _, c in got}
        for f in d.facts:
            key = (f.section, concept_of(f.entity))
            if key not in got:
                out[(d.lang, _kind(d, f, key[1], found_concepts, terms))] += 1
        labelled_concepts = {c for _, c in labelled}
        for key, p in got.items():
            if key in labelled or key[1] in labelled_concepts:
                continue  # found as labelled, or already counted as a wrong section
            out[(d.lang, EXTRA_DENIAL if p.status == CONFIRMED_ABSENT else EXTRA_FACT)] += 1
    return out


def _kind(d: GoldDialogue, f: GoldFact, concept: str, found: set[str], terms: Terminology) -> str:
    if concept in found:
        return WRONG_SECTION
    if terms.canonical(f.entity) is None:
        return NAME_IN_NO_ROW
    turns = [e.turn for e in d.events if e.section == f.section and e.entity == f.entity]
    if not turns:
        return OWN_WORDS
    turn = turns[0]
    if concept in {m.canonical for m in terms.find(d.turns[turn].text)}:
        return NAMED_NOT_UNDERSTOOD
    before = d.turns[turn - 1] if turn > 0 else None
    if before is None or before.role != "assistant" or not any(q in before.text for q in _QUESTION_MARKS):
        return OWN_WORDS
    if concept in {m.canonical for m in terms.find(before.text)}:
        return ANSWERS_NAMING
    return ANSWERS_UNNAMED
