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
- ``answers a question naming other things``: the turn follows an assistant's question whose
  names the vocabulary finds are all other concepts (a group question, an earlier question, or
  this concept in words the vocabulary does not list);
- ``answers an open question``: the turn follows an assistant's question that names nothing the
  vocabulary finds ("How can I help?", "Anything else?"): the patient's own words, which the
  vocabulary lacks or names otherwise than the label;
- ``named in words not listed``: none of the above (the patient's own words for it).

Each fact the pipeline holds that no label has (by concept) is an extra: ``extra denial`` when it
is held ``confirmed_absent``, ``extra fact`` otherwise; a concept found in the wrong section is
counted once, as ``wrong section``.

The negation figure's misses get kinds of their own (:func:`negation_kinds`), one per unit of that
figure (a fact gold *or* the pipeline holds ``confirmed_absent``, by exact name):

- ``denied under another name``: both deny the concept, under names that differ (a narrower,
  broader or sibling name of one terminology row counts as the same concept only here);
- ``read as present``: gold denies it, the pipeline holds the concept with another status;
- ``denial of a held fact``: the pipeline denies it, gold holds the concept with another status;
- ``denial nobody labelled``: the pipeline denies a concept no label has;
- ``denial missed: KIND``: gold denies it and the pipeline holds nothing of the concept, KIND
  being the fact miss kind above.
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
ANSWERS_OTHER = "answers a question naming other things"
ANSWERS_OPEN = "answers an open question"
OWN_WORDS = "named in words not listed"
EXTRA_DENIAL = "extra denial"
EXTRA_FACT = "extra fact"

#: The kinds in the order the report lists them.
KINDS: tuple[str, ...] = (
    WRONG_SECTION, NAME_IN_NO_ROW, NAMED_NOT_UNDERSTOOD, ANSWERS_NAMING, ANSWERS_OTHER, ANSWERS_OPEN, OWN_WORDS,
    EXTRA_DENIAL, EXTRA_FACT,
)
_QUESTION_MARKS = ("?", "？")

NEG_OTHER_NAME = "denied under another name"
NEG_AS_PRESENT = "read as present"
NEG_OF_HELD = "denial of a held fact"
NEG_UNLABELLED = "denial nobody labelled"
NEG_MISSED = "denial missed: "

#: The negation miss kinds in the order the report lists them.
NEGATION_KINDS: tuple[str, ...] = (
    NEG_OTHER_NAME, NEG_AS_PRESENT, NEG_OF_HELD, NEG_UNLABELLED,
    *(NEG_MISSED + kind for kind in KINDS if kind not in (EXTRA_DENIAL, EXTRA_FACT)),
)


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


def negation_kinds(dialogues: Sequence[GoldDialogue], pred: Predictions) -> Counter[tuple[str, str]]:
    """Count of (language, kind) over the negation figure's missed units (see the module): the
    units of :func:`~anamnesis.evaluation.gold_scoring.negation_accuracy`, so the counts of one
    language sum to its misses there."""
    terms = load_terminology()
    out: Counter[tuple[str, str]] = Counter()
    for d in dialogues:
        held = list(pred.facts.get(d.user_id, ()))
        got = {(f.section, f.entity): f for f in held}
        by_concept = {(f.section, concept_of(f.entity)): f for f in held}
        gold = {f.key: f for f in d.facts}
        gold_by_concept = {(f.section, concept_of(f.entity)): f for f in d.facts}
        found = {c for _, c in by_concept}
        for key, g in gold.items():
            p = got.get(key)
            if g.status != CONFIRMED_ABSENT or (p is not None and p.status == CONFIRMED_ABSENT):
                continue
            other = p or by_concept.get((key[0], concept_of(key[1])))
            if other is None:
                kind = NEG_MISSED + _kind(d, g, concept_of(key[1]), found, terms)
            else:
                kind = NEG_OTHER_NAME if other.status == CONFIRMED_ABSENT else NEG_AS_PRESENT
            out[(d.lang, kind)] += 1
        for key, p in got.items():
            g = gold.get(key)
            if p.status != CONFIRMED_ABSENT or (g is not None and g.status == CONFIRMED_ABSENT):
                continue
            other = g or gold_by_concept.get((key[0], concept_of(key[1])))
            if other is None:
                kind = NEG_UNLABELLED
            else:
                kind = NEG_OTHER_NAME if other.status == CONFIRMED_ABSENT else NEG_OF_HELD
            out[(d.lang, kind)] += 1
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
    asked = {m.canonical for m in terms.find(before.text)}
    if concept in asked:
        return ANSWERS_NAMING
    return ANSWERS_OTHER if asked else ANSWERS_OPEN
