"""A reply that answers several questions with one short sentence each, in their order.

"Вы что-нибудь принимаете? Аллергия на лекарства есть?" — "ничего не пью. аллергии нет": each
sentence is read with its own question (``first_answer.answers_by_sentence``), so a terse sentence
keeps the sense its question gives it: "ничего не пью" after a question about medicines takes no
drugs (it denies no drinking), "nothing." and "不吃。" deny the medicines asked, "yes, on weekends"
says the user drinks. A sentence that names its own thing ("penicillin gives me a rash") says it
whatever it answers. The split is made only where reading the reply whole would lose a question
(the questions' joint topic leaves a whole-section question out, or the first sentence is a bare
"no"/"yes"); long sentences and questions back are not split this way.

Each row is (reply, the assistant's questions, the exact set of (section, entity, status) the reply
must yield). The sentences are new, written for this test; none is from the gold, dev, validation or
blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
IN_ORDER: list[Row] = [
    ("nothing. penicillin gives me a rash", "Do you take any medicines? Any drug allergies?",
     {("medications", "*", "confirmed_absent"), ("allergies", "penicillin", "active")}),
    ("no. yes, on weekends", "Do you smoke? Do you drink?",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    ("ничего не пью. аллергии нет", "Вы что-нибудь принимаете постоянно? Аллергия на лекарства есть?",
     {("medications", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    ("ничего. на аспирин сыпь", "Что-нибудь принимаете? Есть ли аллергия на лекарства?",
     {("medications", "*", "confirmed_absent"), ("allergies", "aspirin", "active")}),
    ("不吃。青霉素过敏", "平时吃什么药吗？有没有药物过敏？",
     {("medications", "*", "confirmed_absent"), ("allergies", "penicillin", "active")}),
    ("没有。偶尔喝点", "抽烟吗？喝酒吗？",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
]

# read whole, as before: each question's thing is in the joint topic and the first sentence says more
WHOLE: list[Row] = [
    ("yellow phlegm yes. no blood, no fever", "Are you coughing anything up? Any blood in it or fever?",
     {("symptoms", "sputum production", "active"), ("symptoms", "hemoptysis", "confirmed_absent"),
      ("symptoms", "fever", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), IN_ORDER + WHOLE)
def test_each_sentence_answers_its_own_question(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected


# fmt: off
# a disease the turn asks about itself is the disease, beside a question about a jab
ASKED_ILLNESS: list[Row] = [
    ("chickenpox as a kid yes", "Did you have chickenpox as a child? And have you had the shingles vaccine?",
     {("diagnoses", "chickenpox", "resolved")}),
    ("ветрянка в детстве была", "Болели ли ветрянкой в детстве? Делали прививку от опоясывающего лишая?",
     {("diagnoses", "chickenpox", "resolved")}),
    ("水痘小时候出过 疫苗没打", "小时候得过水痘吗？打过带状疱疹疫苗吗？",
     {("diagnoses", "chickenpox", "resolved"), ("vaccinations", "herpes zoster vaccine", "confirmed_absent")}),
    # a disease named in answer to a question about jabs only is its vaccine
    ("had the flu one, not the covid one", "Have you had your flu and covid vaccines?",
     {("vaccinations", "influenza vaccine", "historical"), ("vaccinations", "covid-19 vaccine", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ASKED_ILLNESS)
def test_an_asked_illness_is_no_jab(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected
