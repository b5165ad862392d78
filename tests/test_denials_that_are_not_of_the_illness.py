"""Denials that say something of a treatment or of someone else, never that the illness is absent.

- a treatment that did not work ("psoriasis for years, creams never did much", "мигрень много лет,
  ничего не помогает", "nothing has worked"): the illness is there; "never" and "ничего" belong to
  the treatment's failure (the ``none`` cues of ``rules/data/cues.tsv``), not to the illness told
  before the comma;
- a relative named in answer to a family question, with a denial only in a clause about someone who
  is no blood relative ("у отца был. у мужа экзема, но это не в счёт"): the relative has what was
  asked (``replies._relatives_denied``);
- a step-parent is no blood relative ("my stepmum has diabetes", "у мачехи", "我后妈"): their illness is
  no family history (the ``person`` cues);
- "在家里" (at home) is a place, not "家里人" (the family): "去年在家里摔了一跤 手腕骨折了" is the user's own
  injury (a ``none`` cue), and "大腿根" (the top of the thigh) is the hip (``anatomy.tsv``);
- a head said once for a list ("breast or ovarian cancer", "рак груди или яичников", "乳腺或卵巢癌") names
  each modifier's term (``rules/elided_heads.py``), in a question as in a statement;
- a Chinese verb and its result with 不 between ("看不见", "听不见", "听不懂") says "cannot", not "no"
  (``discourse._ZH_POTENTIAL``): "我父亲 晚年看不见了" to a family question about glaucoma answers yes.

Each row is (message, the assistant's question before it or None, the exact set of (section, entity,
status) it must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
TREATMENT_FAILED: list[Row] = [
    ("eczema on my arms since i was a kid, steroid creams never did much", None,
     {("chronic_conditions", "atopic dermatitis", "active")}),
    ("asthma for 20 years, inhalers never really worked for me", None,
     {("chronic_conditions", "asthma", "active")}),
    ("migraines since my teens, nothing has worked so far", None,
     {("chronic_conditions", "migraine", "active")}),
    ("nothing helps my back pain", None, {("symptoms", "back pain", "active")}),
    ("мигрень лет десять, ничего не помогает", None, {("chronic_conditions", "migraine", "active")}),
    ("псориаз давно, мази никогда не помогали", None, {("chronic_conditions", "psoriasis", "active")}),
    ("спина болит, ничего не помогло", None, {("symptoms", "back pain", "active")}),
    ("湿疹好多年了 什么药膏都不管用", None, {("chronic_conditions", "atopic dermatitis", "active")}),
    ("偏头痛十几年了 吃啥都没用", None, {("chronic_conditions", "migraine", "active")}),
]

# a denial stays a denial where it is of the illness
STILL_DENIED: list[Row] = [
    ("no asthma, never had it", None, {("chronic_conditions", "asthma", "confirmed_absent")}),
    ("мигрени нет", None, {("chronic_conditions", "migraine", "confirmed_absent")}),
    ("没有偏头痛", None, {("chronic_conditions", "migraine", "confirmed_absent")}),
]

KIN_ANSWERS: list[Row] = [
    ("у мамы была. у мужа диабет, но он не родственник", "В семье у кого-нибудь была астма?",
     {("family_history", "asthma", "active")}),
    ("my dad, yes. my wife has it too but she isn't blood", "Does anyone in your family have psoriasis?",
     {("family_history", "psoriasis", "active")}),
    ("我爷爷 后来耳朵也听不见了", "家里有人有高血压吗？", {("family_history", "hypertension", "active")}),
    ("我奶奶 老了以后看不见东西", "家里有人得过青光眼吗？", {("family_history", "glaucoma", "active")}),
]

KIN_DENIED: list[Row] = [
    ("нет, у родителей не было", "В семье у кого-нибудь была астма?",
     {("family_history", "asthma", "confirmed_absent")}),
    ("no, my parents never had it", "Does anyone in your family have psoriasis?",
     {("family_history", "psoriasis", "confirmed_absent")}),
]

NOT_BLOOD_OR_NOT_FAMILY: list[Row] = [
    ("my stepmum has diabetes, dad had a heart attack at 60", "Any family history of heart disease or diabetes?",
     {("family_history", "myocardial infarction", "active")}),
    ("у мачехи диабет, а у отца инфаркт был в 60", "Есть ли в семье болезни сердца или диабет?",
     {("family_history", "myocardial infarction", "active")}),
    ("我后妈有糖尿病 我爸六十岁心梗", "家里有人有心脏病或者糖尿病吗？",
     {("family_history", "myocardial infarction", "active")}),
    ("去年在家里摔了一跤 手腕骨折了", None, {("injuries", "wrist fracture", "resolved")}),
    ("上个月在家里滑倒 摔断了大腿根", None, {("injuries", "hip fracture", "active")}),
    ("我家里人都有高血压", None, {("family_history", "hypertension", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), TREATMENT_FAILED + STILL_DENIED)
def test_a_failed_treatment_denies_no_illness(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), KIN_ANSWERS + KIN_DENIED)
def test_a_relatives_answer_is_denied_only_in_its_own_clause(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NOT_BLOOD_OR_NOT_FAMILY)
def test_a_step_parent_or_a_home_is_no_family(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


# fmt: off
SHARED_HEADS: list[Row] = [
    ("no", "Any breast or ovarian cancer in the family?",
     {("family_history", "breast cancer", "confirmed_absent"),
      ("family_history", "ovarian cancer", "confirmed_absent")}),
    ("my aunt, yes, she had breast cancer", "Any breast or ovarian cancer in the family?",
     {("family_history", "breast cancer", "active")}),
    ("my grandad had heart and kidney disease", None,
     {("family_history", "heart disease", "active"), ("family_history", "chronic kidney disease", "active")}),
    ("no heart, kidney or liver disease", None,
     {("chronic_conditions", "heart disease", "confirmed_absent"),
      ("chronic_conditions", "chronic kidney disease", "confirmed_absent"),
      ("chronic_conditions", "liver disease", "confirmed_absent")}),
    ("нет", "Был ли в семье рак груди или яичников?",
     {("family_history", "breast cancer", "confirmed_absent"),
      ("family_history", "ovarian cancer", "confirmed_absent")}),
    ("у бабушки рак груди и яичников", None,
     {("family_history", "breast cancer", "active"), ("family_history", "ovarian cancer", "active")}),
    ("у дедушки болезни сердца и почек", None,
     {("family_history", "heart disease", "active"), ("family_history", "chronic kidney disease", "active")}),
    ("没有", "家里有人得过乳腺或卵巢癌吗？",
     {("family_history", "breast cancer", "confirmed_absent"),
      ("family_history", "ovarian cancer", "confirmed_absent")}),
    ("我外婆有心脏和肾脏病", None,
     {("family_history", "heart disease", "active"), ("family_history", "chronic kidney disease", "active")}),
    # a modifier that is a term itself stays its own item unless the head makes a term with it
    ("mum has diabetes and heart disease", None,
     {("family_history", "diabetes", "active"), ("family_history", "heart disease", "active")}),
    ("no", "Have you had your flu and covid vaccines?",
     {("vaccinations", "influenza vaccine", "confirmed_absent"), ("vaccinations", "covid-19 vaccine", "confirmed_absent")}),
    ("no", "Have you had yellow fever or rabies vaccines before?",
     {("vaccinations", "yellow fever vaccine", "confirmed_absent"), ("vaccinations", "rabies vaccine", "confirmed_absent")}),
    ("нет", "Прививки от гриппа и ковида делали?",
     {("vaccinations", "influenza vaccine", "confirmed_absent"), ("vaccinations", "covid-19 vaccine", "confirmed_absent")}),
    ("我妈有高血压和糖尿病", None,
     {("family_history", "hypertension", "active"), ("family_history", "diabetes", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), SHARED_HEADS)
def test_a_head_said_once_names_each_modifier(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
