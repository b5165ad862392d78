"""The eval's miss kinds: each missed or extra fact lands in the kind that says where it failed."""

from __future__ import annotations

from anamnesis.evaluation.figures import MISS
from anamnesis.evaluation.gold import parse_dialogue
from anamnesis.evaluation.gold_scoring import negation_accuracy
from anamnesis.evaluation.miss_kinds import (
    ANSWERS_NAMING,
    ANSWERS_OPEN,
    ANSWERS_OTHER,
    EXTRA_DENIAL,
    EXTRA_FACT,
    NAME_IN_NO_ROW,
    NAMED_NOT_UNDERSTOOD,
    NEG_AS_PRESENT,
    NEG_MISSED,
    NEG_OF_HELD,
    NEG_OTHER_NAME,
    NEG_UNLABELLED,
    OWN_WORDS,
    WRONG_SECTION,
    miss_kinds,
    negation_kinds,
)
from anamnesis.evaluation.predictions import PredFact, Predictions

TS = "2026-03-01T09:0{}:00+00:00"


def _dialogue(turns: list[tuple[str, str]], facts: list[tuple[int, str, str, str]], *, lang: str = "en"):
    """One labelled dialogue: ``facts`` are (turn, section, entity, status), each its own event."""
    return parse_dialogue({
        "id": f"{lang}-k01", "lang": lang, "user_id": f"k-{lang}", "tags": [],
        "turns": [{"role": role, "text": text, "ts": TS.format(i)} for i, (role, text) in enumerate(turns)],
        "events": [{"turn": t, "section": s, "entity": e, "status": st,
                    "change_type": "negation" if st == "confirmed_absent" else "first_mention"}
                   for t, s, e, st in facts],
        "facts": [{"section": s, "entity": e, "status": st} for _, s, e, st in facts],
        "query": None,
    })


def _kinds(dialogue, found: list[tuple[str, str, str]]) -> dict[str, int]:
    pred = Predictions(facts={dialogue.user_id: [PredFact(s, e, st) for s, e, st in found]})
    return {kind: n for (_, kind), n in miss_kinds([dialogue], pred).items()}


def test_each_missed_fact_is_put_in_the_first_kind_that_fits() -> None:
    d = _dialogue(
        [("user", "I have asthma and my insides go wibbly-wob"),
         ("assistant", "Any chest pain?"),
         ("user", "no"),
         ("assistant", "Anything else going on?"),
         ("user", "nope"),
         ("user", "my zorblax thing is back"),
         ("assistant", "Any cough?"),
         ("user", "nah")],
        [(0, "chronic_conditions", "asthma", "active"),        # named in its turn, missed
         (0, "symptoms", "nausea", "active"),                  # the patient's own words
         (2, "symptoms", "chest pain", "confirmed_absent"),    # a short answer to a question naming it
         (4, "symptoms", "fever", "confirmed_absent"),         # an answer to a question not naming it
         (5, "diagnoses", "zorblax syndrome", "active"),       # a name no row has
         (7, "symptoms", "wheezing", "confirmed_absent")],     # an answer to a question naming another thing
    )
    assert _kinds(d, []) == {NAMED_NOT_UNDERSTOOD: 1, OWN_WORDS: 1, ANSWERS_NAMING: 1, ANSWERS_OPEN: 1,
                             NAME_IN_NO_ROW: 1, ANSWERS_OTHER: 1}


def test_names_are_compared_as_concepts_and_found_facts_are_not_misses() -> None:
    d = _dialogue([("user", "I have asthma")], [(0, "chronic_conditions", "asthma", "active")])
    assert _kinds(d, [("chronic_conditions", "asthma", "active")]) == {}
    # the concept in another section is one wrong-section miss, not also an extra fact
    assert _kinds(d, [("diagnoses", "asthma", "active")]) == {WRONG_SECTION: 1}


def test_facts_nobody_labelled_are_extras_split_by_denial() -> None:
    d = _dialogue([("user", "I have asthma")], [(0, "chronic_conditions", "asthma", "active")])
    found = [("chronic_conditions", "asthma", "active"), ("symptoms", "cough", "confirmed_absent"),
             ("medications", "salbutamol", "active")]
    assert _kinds(d, found) == {EXTRA_DENIAL: 1, EXTRA_FACT: 1}


def test_counts_are_kept_per_language() -> None:
    en = _dialogue([("user", "I have asthma")], [(0, "chronic_conditions", "asthma", "active")])
    zh = _dialogue([("user", "我有哮喘")], [(0, "chronic_conditions", "asthma", "active")], lang="zh")
    counts = miss_kinds([en, zh], Predictions(facts={}))
    assert counts[("en", NAMED_NOT_UNDERSTOOD)] == 1 and counts[("zh", NAMED_NOT_UNDERSTOOD)] == 1


def _negation_kinds(dialogue, found: list[tuple[str, str, str]]) -> dict[str, int]:
    pred = Predictions(facts={dialogue.user_id: [PredFact(s, e, st) for s, e, st in found]})
    kinds = {kind: n for (_, kind), n in negation_kinds([dialogue], pred).items()}
    misses = sum(o.outcome == MISS for o in negation_accuracy([dialogue], pred))
    assert sum(kinds.values()) == misses  # one kind per missed unit of the figure
    return kinds


def test_each_negation_miss_gets_one_kind() -> None:
    d = _dialogue(
        [("user", "no chest pain, no fever, I do have a cough"),
         ("assistant", "Any allergies?"),
         ("user", "none")],
        [(0, "symptoms", "chest pain", "confirmed_absent"),
         (0, "symptoms", "fever", "confirmed_absent"),
         (0, "symptoms", "cough", "active"),
         (2, "allergies", "*", "confirmed_absent")],
    )
    found = [("symptoms", "fever", "active"),                 # gold denies it: read as present
             ("symptoms", "cough", "confirmed_absent"),       # gold holds it: a denial of a held fact
             ("symptoms", "nausea", "confirmed_absent"),      # nobody labelled it
             ("allergies", "*", "confirmed_absent")]          # right
    assert _negation_kinds(d, found) == {
        NEG_MISSED + NAMED_NOT_UNDERSTOOD: 1, NEG_AS_PRESENT: 1, NEG_OF_HELD: 1, NEG_UNLABELLED: 1}
    right = [("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "fever", "confirmed_absent"),
             ("symptoms", "cough", "active"), ("allergies", "*", "confirmed_absent")]
    assert _negation_kinds(d, right) == {}


def test_a_denial_under_another_name_of_the_concept_is_its_own_kind() -> None:
    d = _dialogue([("user", "no high blood pressure")], [(0, "chronic_conditions", "hypertension", "confirmed_absent")])
    # both units of the figure (gold's name, the pipeline's name) miss, both of this kind
    found = [("chronic_conditions", "high blood pressure", "confirmed_absent")]
    assert _negation_kinds(d, found) == {NEG_OTHER_NAME: 2}
