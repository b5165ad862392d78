"""The rules backend on English chat, thirteenth round (issue 11): a reply to a question that asks
of a group.

A "no" to a question about a section as such ("Any operations?", "Do you take any medicines?")
is a section-wide absence. A question that narrows the section to a part of it asks only of that
part, so its "no" is no section-wide absence: the section's noun tied to a part of the body ("Any
operations on your back?", "Any heart or lung conditions?", "medicines for your heart", "symptoms
in your chest"), a kind of condition named by its field ("Any mental health conditions?"), or
whether every member is there ("Have you had all your vaccinations?", "Are your jabs up to date?":
"no" says some are missing, not that there are none).

A turn that asks a yes-or-no question and then a value a "yes" or "no" cannot give ("Do you have
any allergies? And how old are you?") leaves a bare "no" answering the question before the last;
a number still answers the value. Questions in a row are asked together while each asks yes or
no ("Any chest pain? Any cough? Any fever?" — "no"), never with one before them that asks how,
what or when ("How is the cough? Any fever?" — "no" denies the fever only), in each language.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for this kind, not copied from any evaluation
set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, probe_lang, triples, understand

# fmt: off
GROUP_QUESTIONS: list[Row] = [
    # a part of the body narrows the section: to the operation on that part where the vocabulary has one
    ("no", "Any operations on your back?", {("surgeries", "spine surgery", "confirmed_absent")}),
    ("nope", "Have you had any surgery on your heart?", {("surgeries", "open heart surgery", "confirmed_absent")}),
    ("no", "Any heart or lung conditions?", set()),
    ("no", "Any medical conditions affecting your kidneys?", set()),
    ("no", "Do you take any medicines for your heart?", set()),
    ("no", "Any symptoms in your chest?", set()),
    # ... and so does a field of medicine
    ("no", "Any mental health conditions?", set()),
    # whether every member is there: "no" says some are missing
    ("no", "Have you had all your vaccinations?", set()),
    ("no", "Are your vaccinations up to date?", set()),
    ("not really", "Are you up to date with your jabs?", set()),
    # ... while a question about the section as such still gets a section-wide absence
    ("no", "Have you had any operations?", {("surgeries", "*", "confirmed_absent")}),
    ("no", "Do you take any regular medicines?", {("medications", "*", "confirmed_absent")}),
    ("no", "Any long-term medical conditions?", {("chronic_conditions", "*", "confirmed_absent")}),
    ("none", "Any allergies to medicines?", {("allergies", "*", "confirmed_absent")}),
    ("no", "Have you had any vaccinations?", {("vaccinations", "*", "confirmed_absent")}),
    # ... and a complaint named with its body part is still asked of itself
    ("no", "Any pain in your chest?", {("symptoms", "chest pain", "confirmed_absent")}),
]

QUESTION_BEFORE_THE_LAST: list[Row] = [
    ("no", "Do you have any allergies? And how old are you?", {("allergies", "*", "confirmed_absent")}),
    ("no", "Do you take any blood thinners? What's your weight?",
     {("medications", "anticoagulants", "confirmed_absent")}),
    ("nope", "Any chest pain? Also, how tall are you?", {("symptoms", "chest pain", "confirmed_absent")}),
    ("no", "Do you smoke? And what is your age?", {("lifestyle", "smoking", "confirmed_absent")}),
    ("нет", "Вы курите? И сколько вам лет?", {("lifestyle", "smoking", "confirmed_absent")}),
    # ... while a number answers the value, and a value asked alone gets no "no"
    ("52", "Do you smoke? And how old are you?", {("demographics", "age", "active")}),
    ("no", "How old are you?", set()),
]

#: the merge of tune12-en's follow-up questions into answers._question_asked (these failed on main)
ASKED_TOGETHER: list[Row] = [
    ("no", "Any chest pain? Any cough? Any fever?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "fever", "confirmed_absent")}),
    ("no", "How is the cough? Any fever?", {("symptoms", "fever", "confirmed_absent")}),
    ("no", "When did the rash start? Any itching?", {("symptoms", "itching", "confirmed_absent")}),
    ("нет", "Как кашель? Температура есть?", {("symptoms", "fever", "confirmed_absent")}),
    ("нет", "Когда начался кашель? Температура есть?", {("symptoms", "fever", "confirmed_absent")}),
    ("没有", "咳嗽怎么样了？发烧吗？", {("symptoms", "fever", "confirmed_absent")}),
]
# fmt: on



@pytest.mark.parametrize(("text", "context", "expected"), QUESTION_BEFORE_THE_LAST + ASKED_TOGETHER)
def test_question_before_the_last(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected


@pytest.mark.parametrize(("text", "context", "expected"), GROUP_QUESTIONS)
def test_group_questions(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected
