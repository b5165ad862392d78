"""An illness told with a time of one's youth is over: "had measles as a little girl", "ветрянкой болела
маленькой", "我小的时候得过肺炎" are `resolved` (``endings._LONG_AGO``), while one still there says so
("since I was a boy, still have it"). And a bare singular noun in answer to a question about one
vaccine or allergen ("no vaccine" to "the shingles vaccine?") denies that one; a plural ("no jabs")
denies them all (``clause_facts._the_asked_one``). A hedged "no" ("аллергии вроде нет", "да вроде
нет") to what the assistant asked about denies it; volunteered, it stays a guess
(``ru_negation.without_guessed_absences``). A test's name hides no illness: tumour markers, онкомаркеры,
肿瘤标志物 are no tumour (a ``none`` cue).

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
YOUTH: list[Row] = [
    ("had measles as a little girl", None, {("diagnoses", "measles", "resolved")}),
    ("got whooping cough as a lad", None, {("diagnoses", "whooping cough", "resolved")}),
    ("asthma since I was a boy, still have it", None, {("chronic_conditions", "asthma", "active")}),
    ("ветрянкой болела маленькой", None, {("diagnoses", "chickenpox", "resolved")}),
    ("маленьким перенёс пневмонию", None, {("diagnoses", "pneumonia", "resolved")}),
    ("我小的时候得过肺炎", None, {("diagnoses", "pneumonia", "resolved")}),
    ("年轻的时候得过肝炎", None, {("diagnoses", "hepatitis", "resolved")}),
]

THE_ASKED_ONE: list[Row] = [
    ("no vaccine yet", "Have you had the flu vaccine this year?",
     {("vaccinations", "influenza vaccine", "confirmed_absent")}),
    ("no jabs at all", "Have you had the flu vaccine this year?", {("vaccinations", "*", "confirmed_absent")}),
    ("no allergy", "Are you allergic to penicillin?", {("allergies", "penicillin", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), YOUTH + THE_ASKED_ONE)
def test_times_of_youth_and_the_asked_one(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


# fmt: off
# a hedged "no" to what the assistant asked about denies it, as a plain one does
HEDGED_ANSWERS: list[Row] = [
    ("аппендицит вырезали в 20 лет. аллергии вроде нет", "Были ли операции? Аллергия на лекарства?",
     {("surgeries", "appendectomy", "historical"), ("diagnoses", "appendicitis", "resolved"),
      ("allergies", "*", "confirmed_absent")}),
    ("да вроде нет", "Хронические болезни лёгких или сердца есть?", {("chronic_conditions", "*", "confirmed_absent")}),
    ("да вроде не было", "Операции были?", {("surgeries", "*", "confirmed_absent")}),
    # volunteered, the guess is no confirmed absence
    ("аллергий вроде нет, а голова часто болит", None, {("symptoms", "headache", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), HEDGED_ANSWERS)
def test_a_hedged_answer_denies_what_was_asked(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


# fmt: off
# a denial put inside a term said with its preposition ("в груди не давит"), as Chinese and English put theirs
DENIAL_INSIDE_A_TERM: list[Row] = [
    ("в груди не давит", None, {("symptoms", "chest pain", "confirmed_absent")}),
    ("в ухе больше не стреляет", None, {("symptoms", "ear pain", "resolved")}),
    ("в груди давит по ночам", None, {("symptoms", "chest pain", "active")}),
    ("胸口不疼", None, {("symptoms", "chest pain", "confirmed_absent")}),
    ("no pressure in my chest", None, {("symptoms", "chest pain", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), DENIAL_INSIDE_A_TERM)
def test_a_denial_inside_a_term_with_its_preposition(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


# fmt: off
# a test's name hides no illness: tumour markers are no tumour
TEST_NAMES: list[Row] = [
    ("tumour markers all normal at my check-up", None, set()),
    ("онкомаркеры в норме", None, set()),
    ("复查了 肿瘤标志物都正常", None, set()),
    ("they found a tumour on my kidney", None, {("diagnoses", "tumor", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), TEST_NAMES)
def test_a_tests_name_hides_no_illness(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
