"""Several medicines counted and ended ("stopped both meds", "обе таблетки бросила", "这两种药都不吃了")
are the user's own medicines, each ended, never a denial of the whole medications section.

The backend proposes the class of every medicine (``medicines``, terminology ``drug_classes.tsv``),
which the fold resolves to each medication present; a noun with no count keeps its readings (one
course finished, or no medicines at all). The sentences are new, written for this test; none is
from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from anamnesis.facts.medicine_classes import load_classes
from anamnesis.understanding.rules.own_medicines import ALL_MEDICINES
from tests.test_reconcile import ev, run
from tests.test_rules_backend import Row, triples, understand

COUNTED: list[Row] = [
    ("rash is gone and I stopped both meds on friday", None,
     {("symptoms", "rash", "resolved"), ("medications", ALL_MEDICINES, "stopped")}),
    ("these three tablets I came off last month", None, {("medications", ALL_MEDICINES, "stopped")}),
    ("обе таблетки бросила, давление в норме", None, {("medications", ALL_MEDICINES, "stopped")}),
    ("две таблетки отменили в понедельник", None, {("medications", ALL_MEDICINES, "stopped")}),
    ("这两种药都不吃了", None, {("medications", ALL_MEDICINES, "stopped")}),
    ("三个药上周都停了，不咳了", None, {("medications", ALL_MEDICINES, "stopped"), ("symptoms", "cough", "resolved")}),
]

# a denial of taking anything at all is still the whole section
NONE_AT_ALL: list[Row] = [
    ("no more meds for me, not taking anything now", None, {("medications", "*", "confirmed_absent")}),
    ("никаких таблеток больше не пью", None, {("medications", "*", "confirmed_absent")}),
    ("现在啥药都不吃了", None, {("medications", "*", "confirmed_absent")}),
]


@pytest.mark.parametrize(("text", "context", "expected"), COUNTED + NONE_AT_ALL)
def test_counted_medicines_ended(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("finally stopped the sleeping pills", "hypnotics"),
        ("i stopped all my meds in june", ALL_MEDICINES),
        ("все мои таблетки отменили", ALL_MEDICINES),
        ("所有的药都停了", ALL_MEDICINES),
    ],
)
def test_named_classes_end_their_members(text: str, entity: str) -> None:
    assert ("medications", entity, "stopped") in triples(understand(text))


def test_the_class_of_every_medicine_covers_each_therapeutic_group() -> None:
    codes = load_classes()[ALL_MEDICINES].codes
    assert {c.removeprefix("ATC:")[0] for c in codes} == set("ABCDGHJLMNPRSV")
    assert all(c.startswith(codes) for c in ("ATC:C09AA05", "ATC:N05CF01", "ATC:J01CA04", "ATC:R03AC02"))


def test_the_fold_ends_each_present_medicine_and_records_no_section_denial() -> None:
    _, facts, conflicts = run(
        ev(0, "m1", "medications", "ramipril", "active", codes="ATC:C09AA05"),
        ev(0, "m1", "medications", "metformin", "active", codes="ATC:A10BA02"),
        ev(0, "m1", "medications", "amoxicillin", "stopped", codes="ATC:J01CA04"),
        ev(5, "m2", "medications", ALL_MEDICINES, "stopped", mention="both meds"),
    )
    meds = {r["entity"]: r["status"] for r in facts.filter(facts["section"] == "medications").to_dicts()}
    assert meds == {"ramipril": "stopped", "metformin": "stopped", "amoxicillin": "stopped"}
    assert conflicts.height == 0
