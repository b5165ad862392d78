"""A message that opens by writing about a relative speaks of them until the user names themself.

- "writing about my son, he's 6", "сыну 7 лет", "帮我儿子问的", "my dad (78) ...": a relative written
  about, or one whose age follows their name, is the topic; a later sentence naming nobody ("GP said
  it's tonsillitis", "врач сказал бронхит", "医生说是肺炎") tells the relative's history, and the
  medicines given to them are not the user's;
- "I look after my mum, she has ...": "she" is the relative the user's own clause named;
- a sentence of the user's own ("I have a cold myself", "у меня самой мигрень", "我自己也过敏") ends the
  topic: what follows naming nobody is the user's again;
- a relative named in passing, with no age and not written about, sets no topic ("my mum came with me.
  doctor said it's gastritis" is the user's gastritis).

Each row is (message, the exact set of (section, entity, status) it must yield). The sentences are
new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("writing about my son, he's 6. GP said it's tonsillitis, on penicillin for 10 days",
     {("family_history", "tonsillitis", "active")}),
    ("сыну 7 лет. врач сказал бронхит, назначил амоксициллин",
     {("family_history", "bronchitis", "active")}),
    ("帮我儿子问的，他5岁。医生说是肺炎，开了阿奇霉素",
     {("family_history", "pneumonia", "active")}),
    ("I look after my dad, he has parkinson's and diabetes",
     {("family_history", "parkinson's disease", "active"), ("family_history", "diabetes", "active")}),
    ("writing about my daughter, she's 3. I have asthma myself. doctor said it's bronchitis",
     {("chronic_conditions", "asthma", "active"), ("diagnoses", "bronchitis", "active")}),
    ("my mum came with me today. doctor said it's gastritis", {("diagnoses", "gastritis", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_later_sentences_naming_nobody_speak_of_the_topic(text: str, expected: set) -> None:
    assert triples(understand(text)) == expected
