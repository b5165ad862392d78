"""The eval's miss kinds: each missed or extra fact lands in the kind that says where it failed."""

from __future__ import annotations

from anamnesis.evaluation.gold import parse_dialogue
from anamnesis.evaluation.miss_kinds import (
    ANSWERS_NAMING,
    ANSWERS_UNNAMED,
    EXTRA_DENIAL,
    EXTRA_FACT,
    NAME_IN_NO_ROW,
    NAMED_NOT_UNDERSTOOD,
    OWN_WORDS,
    WRONG_SECTION,
    miss_kinds,
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
         ("user", "my zorblax thing is back")],
        [(0, "chronic_conditions", "asthma", "active"),        # named in its turn, missed
         (0, "symptoms", "nausea", "active"),                  # the patient's own words
         (2, "symptoms", "chest pain", "confirmed_absent"),    # a short answer to a question naming it
         (4, "symptoms", "fever", "confirmed_absent"),         # an answer to a question not naming it
         (5, "diagnoses", "zorblax syndrome", "active")],      # a name no row has
    )
    assert _kinds(d, []) == {NAMED_NOT_UNDERSTOOD: 1, OWN_WORDS: 1, ANSWERS_NAMING: 1, ANSWERS_UNNAMED: 1,
                             NAME_IN_NO_ROW: 1}


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
