"""A denial with a verb of its own in the next phrase denies that verb, not the thing before it.

"I'm allergic to peanuts, didn't notice they were in it", "а на арахис у меня аллергия давно, не
заметила", "我对花生过敏，没注意到里面有花生": the allergy stands. A bare trailing denial ("penicillin
allergy, no", "cough, not really") still denies what it follows, and "I don't know if I'm allergic"
asserts nothing.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I'm allergic to peanuts, didn't notice they were in it", "en"),
        ("а на арахис у меня аллергия давно, не заметила", "ru"),
        ("у меня аллергия на арахис, не знала что он там есть", "ru"),
        ("我对花生过敏，没注意到里面有花生", "zh"),
    ],
)
def test_the_allergy_stands(text: str, lang: str) -> None:
    got = triples(understand(text, None, lang))
    assert ("allergies", "peanuts", "active") in got
    assert ("allergies", "peanuts", "confirmed_absent") not in got


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        ("got a rash on my arm, didn't think much of it", "en", ("symptoms", "rash", "active")),
        ("голова болела, не думала что это давление", "ru", ("symptoms", "headache", "active")),
    ],
)
def test_a_complaint_stands(text: str, lang: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text, None, lang))


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        ("penicillin allergy, no", "en", ("allergies", "penicillin", "confirmed_absent")),
        ("cough, not really", "en", ("symptoms", "cough", "confirmed_absent")),
    ],
)
def test_a_bare_trailing_denial_still_denies(text: str, lang: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text, None, lang))


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I don't know if I'm allergic to penicillin", "en"),
        ("не знаю, есть ли у меня аллергия на пенициллин", "ru"),
        ("不知道对青霉素过不过敏", "zh"),
    ],
)
def test_not_knowing_asserts_nothing(text: str, lang: str) -> None:
    assert not understand(text, None, lang).events
