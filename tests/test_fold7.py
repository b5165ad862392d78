"""A class of medicines stopped ("finished the antibiotics", "все таблетки от давления бросил",
"降压药都停了"), resolved in the fold against the drugs the user named; and a pronoun that stops
the drug of an earlier message.

The understanding stage proposes the class by its canonical name (terminology
``drug_classes.tsv``); the fold (:mod:`anamnesis.facts.medicine_classes`) ends every present
medication whose ATC code falls under it, and a class with no such drug is no fact. The
sentences are new, written for these mechanisms, not copied from any evaluation set.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from anamnesis.config import load_settings
from anamnesis.facts.ids import fact_id
from anamnesis.facts.medicine_classes import load_classes
from anamnesis.terminology import DATA_DIR
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.prompts import BUNDLED_PROMPTS_DIR
from pipelines.run import run_backfill
from tests.conftest import message
from tests.test_fold_inputs import correction
from tests.test_fold_inputs import run as run_with_inputs
from tests.test_pipeline import current, history, query
from tests.test_reconcile import ev, run, state
from tests.test_reconcile import history as fold_history
from tests.test_rules_backend import Triple, triples, understand

AMOXICILLIN = "ATC:J01CA04"
CLARITHROMYCIN = "ATC:J01FA09"
OMEPRAZOLE = "ATC:A02BC01"


def _meds(facts) -> dict[str, str]:
    rows = facts.filter(facts["section"] == "medications")
    return dict(zip(rows["entity"], rows["status"], strict=True))


# --- the fold ---------------------------------------------------------------------------------


def test_a_stopped_class_ends_every_member_and_leaves_the_other_drugs():
    events, facts, conflicts = run(
        ev(0, "m1", "medications", "amoxicillin", "active", codes=AMOXICILLIN, mention="amoxil"),
        ev(0, "m1", "medications", "clarithromycin", "active", codes=CLARITHROMYCIN),
        ev(0, "m1", "medications", "omeprazole", "active", codes=OMEPRAZOLE),
        ev(9, "m2", "medications", "antibiotics", "stopped", codes="ATC:J01", mention="the antibiotics"),
    )
    assert _meds(facts) == {"amoxicillin": "stopped", "clarithromycin": "stopped", "omeprazole": "active"}
    assert fold_history(events, "medications", "amoxicillin") == [("first_mention", "active"), ("change", "stopped")]
    amoxicillin = state(facts, "medications", "amoxicillin")
    assert amoxicillin["source_message_id"] == "m2"
    assert '"mention":"amoxil"' in amoxicillin["attributes"] and AMOXICILLIN in amoxicillin["attributes"]
    assert conflicts.height == 0


def test_a_drug_the_message_names_itself_is_not_also_a_member_of_the_stopped_class():
    # "switched me from antibiotics to doxy" with doxycycline already known: one event per fact
    events, facts, _ = run(
        ev(0, "m1", "medications", "amoxicillin", "active", codes=AMOXICILLIN),
        ev(0, "m1", "medications", "doxycycline", "active", codes="ATC:J01AA02"),
        ev(5, "m2", "medications", "antibiotics", "stopped", codes="ATC:J01"),
        ev(5, "m2", "medications", "doxycycline", "active", codes="ATC:J01AA02"),
        ev(0, "m1", "medications", "atorvastatin", "active", codes="ATC:C10AA05"),
        # two classes that share a member in one message: it is stopped once
        ev(6, "m3", "medications", "statins", "stopped", codes="ATC:C10AA"),
        ev(6, "m3", "medications", "lipid modifying agents", "stopped", codes="ATC:C10"),
    )
    assert events["event_id"].is_unique().all()
    m2 = events.filter(events["source_message_id"] == "m2")
    assert sorted(zip(m2["entity"], m2["status"], strict=True)) == [("amoxicillin", "stopped"), ("doxycycline", "active")]
    assert _meds(facts) == {"amoxicillin": "stopped", "doxycycline": "active", "atorvastatin": "stopped"}
    assert fold_history(events, "medications", "atorvastatin") == [("first_mention", "active"), ("change", "stopped")]


@pytest.mark.parametrize("status", ["stopped", "active", "confirmed_absent"])
def test_a_class_with_no_member_is_no_fact(status: str):
    events, facts, _ = run(
        ev(0, "m1", "medications", "omeprazole", "active", codes=OMEPRAZOLE),
        ev(3, "m2", "medications", "antibiotics", status, codes="ATC:J01"),
    )
    assert _meds(facts) == {"omeprazole": "active"}
    assert "antibiotics" not in events["entity"].to_list()


def test_a_denied_class_ends_its_members_as_a_specific_denial_does():
    _, facts, _ = run(
        ev(0, "m1", "medications", "amlodipine", "active", codes="ATC:C08CA01"),
        ev(0, "m1", "medications", "metformin", "active", codes="ATC:A10BA02"),
        ev(5, "m2", "medications", "antihypertensives", "confirmed_absent"),
    )
    assert _meds(facts) == {"amlodipine": "stopped", "metformin": "active"}


def test_a_drug_that_names_its_class_ends_its_member_or_is_its_own_fact():
    _, facts, _ = run(
        ev(0, "m1", "medications", "ferrous succinate", "active", codes="ATC:B03AA"),
        ev(0, "m1", "medications", "metformin", "active", codes="ATC:A10BA02"),
        ev(6, "m2", "medications", "iron", "stopped", codes="ATC:B03A"),
        ev(6, "m2", "medications", "iron", "stopped", codes="ATC:B03A", user="v"),
    )
    assert _meds(facts.filter(facts["user_id"] == "u")) == {"ferrous succinate": "stopped", "metformin": "active"}
    assert _meds(facts.filter(facts["user_id"] == "v")) == {"iron": "stopped"}


def test_a_class_said_present_speaks_of_its_one_member_only():
    _, facts, _ = run(
        ev(0, "m1", "medications", "atorvastatin", "active", codes="ATC:C10AA05", dose="20 mg"),
        ev(4, "m2", "medications", "statins", "active", dose="40 mg"),
        ev(0, "m1", "medications", "amlodipine", "active", codes="ATC:C08CA01", user="v"),
        ev(0, "m1", "medications", "ramipril", "active", codes="ATC:C09AA05", user="v"),
        ev(4, "m2", "medications", "antihypertensives", "active", dose="5 mg", user="v"),
    )
    statin = state(facts, "medications", "atorvastatin")
    assert statin["status"] == "active" and '"dose":"40 mg"' in statin["attributes"]
    assert _meds(facts.filter(facts["user_id"] == "v")) == {"amlodipine": "active", "ramipril": "active"}
    assert "5 mg" not in "".join(facts.filter(facts["user_id"] == "v")["attributes"].to_list())


def test_a_drug_that_names_its_class_beside_several_members_is_no_fact_of_its_own():
    # "才加的胰岛素" after the user's glargine and aspart: their insulin, not a third drug
    _, facts, _ = run(
        ev(0, "m1", "medications", "insulin glargine", "active", codes="ATC:A10AE04"),
        ev(0, "m1", "medications", "insulin aspart", "active", codes="ATC:A10AB05"),
        ev(4, "m2", "medications", "insulin", "active", codes="ATC:A10A"),
        ev(0, "m1", "medications", "metformin", "active", codes="ATC:A10BA02", user="v"),
        ev(4, "m2", "medications", "insulin", "active", codes="ATC:A10A", user="v"),
    )
    assert _meds(facts.filter(facts["user_id"] == "u")) == {"insulin glargine": "active", "insulin aspart": "active"}
    assert _meds(facts.filter(facts["user_id"] == "v")) == {"metformin": "active", "insulin": "active"}


def test_a_class_is_resolved_against_the_drugs_known_before_its_message():
    """ "finished the antibiotics, now on doxycycline": the new antibiotic is not what ended."""
    _, facts, _ = run(
        ev(0, "m1", "medications", "amoxicillin", "active", codes=AMOXICILLIN),
        ev(7, "m2", "medications", "antibiotics", "stopped", codes="ATC:J01"),
        ev(7, "m2", "medications", "doxycycline", "active", codes="ATC:J01AA02"),
    )
    assert _meds(facts) == {"amoxicillin": "stopped", "doxycycline": "active"}


def test_a_settled_member_is_questioned_not_changed():
    """A member a reviewer set: the class stop opens a conflict, as a stop naming it would."""
    rows = [
        ev(0, "m1", "medications", "amoxicillin", "active", codes=AMOXICILLIN),
        ev(9, "m2", "medications", "antibiotics", "stopped", codes="ATC:J01"),
    ]
    fix = correction(1, fact_id("u", "medications", "amoxicillin"), {"dose": "250 mg"})
    _, facts, conflicts = run_with_inputs(rows, corrections=[fix])
    assert _meds(facts) == {"amoxicillin": "active"}
    assert conflicts["entity"].to_list() == ["amoxicillin"]


def test_every_class_the_vocabulary_names_is_a_class_the_fold_and_the_prompt_know():
    classes = load_classes()
    named_by_condition = {row["drugs"] for _, row in read_rows(DATA_DIR / "medicine_classes.tsv") if row.get("drugs")}
    assert named_by_condition and named_by_condition <= set(classes)
    assert all(c.only_a_class for name, c in classes.items() if name in named_by_condition)
    prompt = (BUNDLED_PROMPTS_DIR / "extract" / "medications.md").read_text(encoding="utf-8")
    listed = re.search(r"one of these names: ([^.]+)\.", prompt)
    assert listed is not None
    assert {n.strip() for n in listed.group(1).split(",")} == set(classes)


# --- the rules backend: the class is proposed by its name, in three languages -----------------

# fmt: off
CLASS_MENTIONS: list[tuple[str, str | None, set[Triple]]] = [
    ("done with the abx now", None, {("medications", "antibiotics", "stopped")}),
    ("the gp took me off the water tablets", None, {("medications", "diuretics", "stopped")}),
    # a class named by its condition ends the class; the condition stays
    ("stopped taking my cholesterol pills", None,
     {("medications", "lipid modifying agents", "stopped"), ("chronic_conditions", "hypercholesterolemia", "active")}),
    ("мочегонные отменили", None, {("medications", "diuretics", "stopped")}),
    ("допила антибиотики на прошлой неделе", None, {("medications", "antibiotics", "stopped")}),
    ("бросил таблетки от давления", None,
     {("medications", "antihypertensives", "stopped"), ("chronic_conditions", "hypertension", "active")}),
    ("抗生素吃完了", None, {("medications", "antibiotics", "stopped")}),
    ("止痛药不吃了", None, {("medications", "analgesics", "stopped")}),
    ("降糖药停了", None, {("medications", "antidiabetics", "stopped"), ("chronic_conditions", "diabetes", "active")}),
    # questions, plans and other people's medicines stay no fact
    ("should I stop the antibiotics?", None, set()),
    ("my husband finished his antibiotics", None, set()),
    ("можно ли бросить антибиотики?", None, set()),
    ("муж допил антибиотики", None, set()),
    ("要不要停抗生素？", None, set()),
    # a class said taken names no drug the record could hold: nothing is proposed
    ("on painkillers now and then", None, set()),
    ("терапевт говорит статин надо будет", None, set()),
    # a "no" to a question about a class and its examples denies the examples too
    ("no", "Do you take any water tablets like furosemide?",
     {("medications", "diuretics", "confirmed_absent"), ("medications", "furosemide", "confirmed_absent")}),
    # a class is no allergen of its own: "no" to an allergy question about it denies allergies
    ("нет", "Есть ли аллергия на антибиотики?", {("allergies", "*", "confirmed_absent")}),
    ("没有", "对抗生素过敏吗？", {("allergies", "*", "confirmed_absent")}),
    # a bare pronoun stop in Russian is read although the message names nothing
    ("бросил его месяц назад", None, {("medications", "^", "stopped")}),
    ("её отменили", None, {("medications", "^", "stopped")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CLASS_MENTIONS)
def test_a_class_stop_is_proposed_by_the_class_name(text: str, context: str | None, expected: set[Triple]):
    assert triples(understand(text, context)) == expected


# --- the whole backfill: Dagster, Parquet and the DuckDB warehouse -----------------------------

DIALOGUES: dict[str, list[str]] = {
    "en": [
        "on amoxicillin 500 mg, clarithromycin and omeprazole 20 mg for the ulcer bug",
        "all done with the antibiotics now. the omeprazole goes on for another month",
        "came off my bp tablets too",  # no antihypertensive was ever named: no fact
    ],
    "ru": [
        "принимаю амлодипин 5 мг, лозартан 50 мг и метформин 1000 мг",
        "все таблетки от давления бросил, врач разрешил",
        "пью сертралин 50 мг",
        "бросил его, тошнило",
    ],
    "zh": [
        "在吃琥珀酸亚铁，还有二甲双胍",
        "复查不贫血了，铁剂停了",
        "抗生素也吃完了",  # none was named: no fact
    ],
}
EXPECTED: dict[str, dict[str, str]] = {
    "en": {"amoxicillin": "stopped", "clarithromycin": "stopped", "omeprazole": "active"},
    "ru": {"amlodipine": "stopped", "losartan": "stopped", "metformin": "active", "sertraline": "stopped"},
    "zh": {"ferrous succinate": "stopped", "metformin": "active"},
}


@pytest.fixture(scope="module")
def class_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("classes")
    rows = [
        message(f"{lang}-{i}", f"user-{lang}", f"2026-03-{i + 1:02d}T09:00:00Z", "user", text, lang=lang)
        for lang, texts in DIALOGUES.items()
        for i, text in enumerate(texts)
    ]
    (root / "in").mkdir()
    (root / "in" / "export-2026-03-01.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    home = root / "home"
    assert run_backfill(load_settings(home), root / "in").failed_checks == []
    return home


@pytest.mark.parametrize("lang", list(DIALOGUES))
def test_the_warehouse_holds_the_members_a_class_stop_ended(class_home: Path, lang: str):
    user = f"user-{lang}"
    meds = {
        entity: status
        for (section, entity), (status, _) in current(class_home, user).items()
        if section == "medications"
    }
    assert meds == EXPECTED[lang]
    for entity, status in EXPECTED[lang].items():
        if status == "stopped":
            assert history(class_home, user, "medications", entity) == [
                ("first_mention", "active"),
                ("change", "stopped"),
            ]
    classes = set(load_classes()) - {"iron", "insulin"}
    assert not query(class_home, "select entity from fact_events where entity in ?", [sorted(classes)])


# --- the evaluation reads a class event as the facts the fold made of it -----------------------


def test_a_proposed_class_counts_as_the_drugs_it_ended_in_the_forbidden_facts():
    from anamnesis.evaluation.gold import parse_dialogue
    from anamnesis.evaluation.gold_scoring import forbidden_facts
    from anamnesis.evaluation.predictions import PredEvent, Predictions
    from tests.test_eval import EN_1

    question = parse_dialogue(EN_1)  # t3 asks about ibuprofen and states only "no allergies"
    wide = PredEvent("allergies", "*", "confirmed_absent")
    proposed = {"en-001-t3": [wide, PredEvent("medications", "analgesics", "stopped")]}

    def misses(recorded: list[PredEvent]) -> int:
        pred = Predictions(extracted=proposed, fact_events={"en-001-t3": recorded})
        return sum(o.outcome != "ok" for o in forbidden_facts([question], pred))

    assert misses([]) == 0  # no member: the fold made no fact of it
    assert misses([PredEvent("medications", "ibuprofen", "stopped", "change")]) == 1
