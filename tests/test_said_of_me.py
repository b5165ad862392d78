"""Someone who says what the user has ("my wife says I snore") is not the clause's subject; a
Chinese complaint that opens a question about it ("腰疼能吃布洛芬吗？") is the user's own."""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

SAID_OF_ME = [
    ("my wife says i snore like a train", ("symptoms", "snoring", "active")),
    ("жена говорит, что я храплю как трактор", ("symptoms", "snoring", "active")),
    ("老婆说我打呼噜特别响", ("symptoms", "snoring", "active")),
    ("my dad thinks i drink too much", ("lifestyle", "alcohol", "active")),
]


@pytest.mark.parametrize(("text", "fact"), SAID_OF_ME)
def test_what_someone_says_the_user_has_is_the_users(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text))


@pytest.mark.parametrize(
    "text", ["my wife says she snores", "my husband says he has a headache", "жена говорит, что храпит муж"]
)
def test_what_someone_says_of_themselves_stays_theirs(text: str) -> None:
    assert not any(section == "symptoms" for section, _, _ in triples(understand(text)))


OPENING = [
    ("腰疼能吃布洛芬吗？", ("symptoms", "low back pain", "active")),
    ("喉咙发炎能吃头孢克肟吗？", ("symptoms", "sore throat", "active")),
    ("最近头疼可以吃什么药", ("symptoms", "headache", "active")),
]


@pytest.mark.parametrize(("text", "fact"), OPENING)
def test_a_complaint_opening_a_chinese_question_is_the_users(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text))


@pytest.mark.parametrize("text", ["高血压能喝咖啡吗？", "孩子发烧能吃布洛芬吗", "不头疼能吃布洛芬吗"])
def test_a_general_or_denied_or_anothers_complaint_gives_nothing(text: str) -> None:
    assert not any(section in ("symptoms", "chronic_conditions") for section, _, _ in triples(understand(text)))
