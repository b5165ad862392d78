"""A message right after a family question that tells of the user's own care is the user's.

After "Any heart disease in the family?" a clause naming nobody is read as the family's. A
message that names no relative, person or family word and names a medicine or a clinician
("ECG showed atrial fibrillation. cardiologist started apixaban", "гастроэнтеролог сказал
гастрит, назначил омепразол", "医生说是胃炎，开了奥美拉唑") is the user's news; in a message that names a relative,
only its sentences that name no one and such care ("我妈是糖尿病。高血压好几年了，一直吃氨氯地平").
A bare answer about the family ("diabetes and gout", "инсульт у отца") stays the family's, and so does
any reply to a question about one relative ("Does your son...?").

Each row is (reply, the assistant's question, the exact set of (section, entity, status) it must
yield). The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
OWN: list[Row] = [
    ("ECG showed atrial fibrillation. cardiologist started apixaban 5mg",
     "Any heart rhythm problems in your family?",
     {("chronic_conditions", "atrial fibrillation", "active"), ("medications", "apixaban", "active")}),
    ("гастроэнтеролог сказал гастрит, назначил омепразол",
     "Были ли у родственников болезни желудка?",
     {("diagnoses", "gastritis", "active"), ("medications", "omeprazole", "active")}),
    ("医生说是胃炎，开了奥美拉唑",
     "家里人有胃病吗？",
     {("diagnoses", "gastritis", "active"), ("medications", "omeprazole", "active")}),
    ("我妈是糖尿病。高血压好几年了，一直吃氨氯地平",
     "您有高血压吗？家里人有糖尿病吗？",
     {("family_history", "diabetes", "active"), ("chronic_conditions", "hypertension", "active"),
      ("medications", "amlodipine", "active")}),
]

FAMILY: list[Row] = [
    ("diabetes and gout", "Any conditions that run in your family?",
     {("family_history", "diabetes", "active"), ("family_history", "gout", "active")}),
    ("инсульт у отца", "Есть ли в семье сердечно-сосудистые заболевания?",
     {("family_history", "stroke", "active")}),
    ("我爸有高血压，吃氨氯地平", "家里人有高血压吗？", {("family_history", "hypertension", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), OWN)
def test_own_care_after_a_family_question_is_the_users(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), FAMILY)
def test_a_bare_family_answer_stays_the_familys(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected
