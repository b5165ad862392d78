"""Someone who says what the user has ("my wife says I snore") is not the clause's subject."""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

SAID_OF_ME = [
    ("my wife says i snore like a train", ("symptoms", "snoring", "active")),
    ("жена говорит, что я храплю как трактор", ("symptoms", "snoring", "active")),
    ("老婆说我打呼噜特别响", ("symptoms", "snoring", "active")),
    ("my husband complains i drink too much", ("lifestyle", "alcohol", "active")),
    # said before, of what the user has ("у меня")
    ("мама говорила, что у меня аллергия на пенициллин", ("allergies", "penicillin", "active")),
    ("муж говорил, что я храплю", ("symptoms", "snoring", "active")),
    ("mum said I was allergic to penicillin as a baby", ("allergies", "penicillin", "active")),
    ("my dad told me i had measles as a kid", ("diagnoses", "measles", "resolved")),
]


@pytest.mark.parametrize(("text", "fact"), SAID_OF_ME)
def test_what_someone_says_the_user_has_is_the_users(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text))


@pytest.mark.parametrize(
    "text",
    [
        "my wife says she snores",
        "my husband says he has a headache",
        "жена говорит, что храпит муж",
        "мама говорила, что у неё кашель",
        "my sister said she had a cough",
    ],
)
def test_what_someone_says_of_themselves_stays_theirs(text: str) -> None:
    assert not any(section == "symptoms" for section, _, _ in triples(understand(text)))


@pytest.mark.parametrize(
    "text",
    [
        "my friend says i should take ibuprofen",
        "жена говорит, что я должен бросить курить",
        "мама сказала, что у меня будет аллергия",
    ],
)
def test_advice_someone_gives_the_user_is_no_fact(text: str) -> None:
    assert not any(status == "active" for _, _, status in triples(understand(text)))
