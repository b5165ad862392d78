"""The rules backend on complaints and drugs named in words the vocabulary lacked (issue 11, vocab25).

- Pain said to run down into the groin is loin-to-groin pain, ``flank pain`` (a stone's colic):
  "going down to my groin", "отдаёт в пах", "放射到腹股沟".
- "Nerve pain" is the symptom ``neuropathic pain``, as the labels name it, not the diagnosis
  neuralgia (the diagnosis stays for "neuralgia", "невралгия", 神经痛).
- A big toe that swells is ``joint swelling`` with a degree word between the toe and 肿
  ("大脚趾又肿了"); 肿痛 of a toe names both its swelling and its ``toe pain``, a row of its own.
- A sex drive that is gone in the patient's words is ``decreased libido`` ("killed my sex drive",
  "либидо ноль", "性欲也没了").
- Sodium hyaluronate is one concept whether injected or dropped in the eye (Hylo, 海露, 玻璃酸钠).
- A stream that is "pathetic" or "feeble", 尿线 with a degree word before 细, is ``weak urinary stream``.

Each word keeps the scope of every other term: a question, a denial, a relative and another
person make no fact of it. Each row is (text, assistant turn before it, the exact set of
(section, entity, status) the message must yield). The sentences are new, written for these
kinds, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
NAMED: list[Row] = [
    ("sharp pain on the right that goes down to my groin", None,
     {("symptoms", "flank pain", "active")}),
    ("agony in my left side radiating to the groin since last night", None,
     {("symptoms", "flank pain", "active")}),
    ("ночью прихватило справа, отдаёт в пах", None, {("symptoms", "flank pain", "active")}),
    ("右边腰疼，放射到腹股沟", None, {("symptoms", "flank pain", "active")}),
    ("the shingles blisters are gone but the nerve pain keeps me up", None,
     {("diagnoses", "herpes zoster", "resolved"), ("symptoms", "blisters", "resolved"),
      ("symptoms", "neuropathic pain", "active")}),
    ("nerve pain has finally eased off", None, {("symptoms", "neuropathic pain", "resolved")}),
    ("neuralgia in my face again", None, {("diagnoses", "neuralgia", "active")}),
    ("左脚大脚趾又肿了", None, {("symptoms", "joint swelling", "active")}),
    ("大脚趾肿痛两天了", None, {("symptoms", "joint swelling", "active"), ("symptoms", "toe pain", "active")}),
    ("my big toe hurts when i walk", None, {("symptoms", "toe pain", "active")}),
    ("these pills have killed my sex drive", None, {("symptoms", "decreased libido", "active")}),
    ("после таблеток либидо ноль", None, {("symptoms", "decreased libido", "active")}),
    ("吃了这个药以后性欲也没了", None, {("symptoms", "decreased libido", "active")}),
    ("I use Hylo drops for my dry eyes", None,
     {("medications", "sodium hyaluronate", "active"), ("symptoms", "dry eyes", "active")}),
    ("眼科给开了海露，一天三次", None, {("medications", "sodium hyaluronate", "active")}),
    ("закапываю Хилабак", None, {("medications", "sodium hyaluronate", "active")}),
    ("up three times a night and the stream is pathetic", None,
     {("symptoms", "nocturia", "active"), ("symptoms", "weak urinary stream", "active")}),
    ("最近尿线越来越细", None, {("symptoms", "weak urinary stream", "active")}),
]
NO_FACT: list[Row] = [
    ("could pain going down to my groin be a kidney stone?", None, set()),
    ("my husband has pain in his side going down to his groin", None, set()),
    ("у мужа боль отдает в пах", None, set()),
    ("is nerve pain normal after shingles?", None, set()),
    ("我爸大脚趾肿痛", None, set()),
    ("大脚趾肿是痛风吗？", None, set()),
    ("can the pill kill my sex drive?", None, set()),
    ("海露可以长期用吗？", None, set()),
]
DENIED: list[Row] = [
    ("no nerve pain at all", None, {("symptoms", "neuropathic pain", "confirmed_absent")}),
    ("libido is fine, no low libido", None, {("symptoms", "decreased libido", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NAMED)
def test_the_patients_words_name_the_concept(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NO_FACT)
def test_a_question_or_another_person_names_no_fact(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), DENIED)
def test_a_denial_of_the_new_words_is_a_denial(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
