"""The rules backend on replies that answer a grouped question by the items' places (issue 11).

"Any fever, cough or wheezing?" — "Yes to the second one" says yes of the second item only: the
first and the third were not answered, so they are no facts (the reply's opening "yes" is about
the one it points at). "No to all three" is "no to all": every item denied. "The cough yes, the
rest no" answers the rest by what is left once the named one is answered. Each row is (text,
assistant turn before it, the exact set of (section, entity, status) the message must yield); the
sentences are new, written for these kinds, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
PLACES: list[Row] = [
    ("Yes to the second one.", "Any fever, cough or wheezing?", {("symptoms", "cough", "active")}),
    ("yes the first one", "Do you get headaches, dizziness or blurred vision?", {("symptoms", "headache", "active")}),
    ("yeah to the last one", "Any nausea, vomiting or diarrhoea?", {("symptoms", "diarrhea", "active")}),
    ("No to all three.", "Any fever, cough or wheezing?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "wheezing", "confirmed_absent")}),
    ("nope, no to all 3", "Any chest pain, palpitations or swollen ankles?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "palpitations", "confirmed_absent"),
      ("symptoms", "peripheral edema", "confirmed_absent")}),
    ("the cough yes, the rest no", "Any fever, cough or wheezing?",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "wheezing", "confirmed_absent")}),
    ("headaches yes, the others no", "Do you get headaches, dizziness or blurred vision?",
     {("symptoms", "headache", "active"), ("symptoms", "dizziness", "confirmed_absent"),
      ("symptoms", "blurred vision", "confirmed_absent")}),
    ("кашель есть, остальное нет", "Температура, кашель, одышка?",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "shortness of breath", "confirmed_absent")}),
    ("Only the first one.", "Any fever, cough or wheezing?",
     {("symptoms", "fever", "active"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "wheezing", "confirmed_absent")}),
    ("the last two, yes", "Any fever, cough or wheezing?",
     {("symptoms", "cough", "active"), ("symptoms", "wheezing", "active")}),
    ("all of them unfortunately", "Any fever, cough or wheezing?",
     {("symptoms", "fever", "active"), ("symptoms", "cough", "active"), ("symptoms", "wheezing", "active")}),
    ("both, yes", "Any nausea or vomiting?", {("symptoms", "nausea", "active"), ("symptoms", "vomiting", "active")}),
    ("no to both", "Any chest pain or shortness of breath?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "shortness of breath", "confirmed_absent")}),
    # a place word that names something of its own is no place
    ("both knees ache", "Any joint pain or swelling?", {("symptoms", "knee pain", "active")}),
    ("咳嗽有，其他都没有", "有没有发烧、咳嗽、胸痛？",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "chest pain", "confirmed_absent")}),
    ("头晕有一点，别的都没有", "有没有头晕、恶心、呕吐？",
     {("symptoms", "dizziness", "active"), ("symptoms", "nausea", "confirmed_absent"),
      ("symptoms", "vomiting", "confirmed_absent")}),
    # a place inside a reply that also answers as a whole keeps the whole answer for the rest
    ("No, but the second one yes", "Any fever, cough or wheezing?",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "wheezing", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), PLACES)
def test_places(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


#: 他 is someone else, not inside 其他 ("other things"): a clause that speaks of other things is the user's
OTHER_THINGS: list[Row] = [
    ("其他都还好，就是头疼", None, {("symptoms", "headache", "active")}),
    ("其他药都停了，只吃阿司匹林", None, {("medications", "aspirin", "active")}),
    ("其它倒没什么，主要是咳嗽", None, {("symptoms", "cough", "active")}),
    ("其余都正常，就是有点胸闷", None, {("symptoms", "chest tightness", "active")}),
    # a real third person still is one
    ("他有高血压", None, set()),
]


@pytest.mark.parametrize(("text", "context", "expected"), OTHER_THINGS)
def test_other_things_are_the_users(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
