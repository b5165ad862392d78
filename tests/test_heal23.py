"""The rules backend on recovery said in other words (issue 11, heal23).

An ending that follows the things it ends: a list whose second name has its own determiner
under a plural verb ("the headache and the nausea have gone": both over; with a singular verb the
determiner opens a clause of its own); an English ending said of the entity right before it
closes at the "and" of the next clause ("the nausea went away and the rash is still there"); a
Chinese stop and a later "不...了" with words between them are two predicates ("二甲双胍停了以后就
不恶心了": the drug stopped, the nausea over), and a complaint that "还" says goes on is not ended
by the stop before it. A limb told healed ("my arm is fine now", "нога зажила",
"胳膊长好了") while one injury of another name is present is that injury, not a new one.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, folded, triples, understand

# fmt: off
LISTS_ENDED: list[Row] = [
    ("the headache and the nausea have gone", None,
     {("symptoms", "headache", "resolved"), ("symptoms", "nausea", "resolved")}),
    ("the rash and the itching have cleared up", None,
     {("symptoms", "rash", "resolved"), ("symptoms", "itching", "resolved")}),
    ("the heartburn and the bloating have settled", None,
     {("symptoms", "heartburn", "resolved"), ("symptoms", "bloating", "resolved")}),
    ("I still have a headache and the nausea is gone", None,
     {("symptoms", "headache", "active"), ("symptoms", "nausea", "resolved")}),
    ("изжога и вздутие прошли", None,
     {("symptoms", "heartburn", "resolved"), ("symptoms", "bloating", "resolved")}),
    ("头疼和恶心都好了", None, {("symptoms", "headache", "resolved"), ("symptoms", "nausea", "resolved")}),
]
ENDING_BEFORE_AND: list[Row] = [
    ("the nausea went away and the rash is still there", None,
     {("symptoms", "nausea", "resolved"), ("symptoms", "rash", "active")}),
    ("the diarrhea stopped and the cramps are still bad", None,
     {("symptoms", "diarrhea", "resolved"), ("symptoms", "abdominal cramps", "active")}),
    ("the dizziness has gone and the nausea comes and goes", None,
     {("symptoms", "dizziness", "resolved"), ("symptoms", "nausea", "active")}),
    ("the rash has cleared and my knee still aches", None,
     {("symptoms", "rash", "resolved"), ("symptoms", "knee pain", "active")}),
    ("heartburn is gone and my appetite is back", None, {("symptoms", "heartburn", "resolved")}),
]
ZH_STOP_THEN_BETTER: list[Row] = [
    ("二甲双胍停了以后就不恶心了", None, {("medications", "metformin", "stopped"), ("symptoms", "nausea", "resolved")}),
    ("那个药停了之后就不拉肚子了", None, {("medications", "^", "stopped"), ("symptoms", "diarrhea", "resolved")}),
    ("药停了两天就不头疼了", None, {("medications", "^", "stopped"), ("symptoms", "headache", "resolved")}),
    ("药停了还是头疼", None, {("medications", "^", "stopped"), ("symptoms", "headache", "active")}),
    ("咳嗽没好", None, {("symptoms", "cough", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), LISTS_ENDED + ENDING_BEFORE_AND + ZH_STOP_THEN_BETTER)
def test_an_ending_reaches_what_it_is_said_of(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected



# fmt: off
LIMB_HEALED: list[tuple[tuple[str, ...], dict[tuple[str, str], str]]] = [
    (("fractured my wrist when i slipped on ice last week", "my arm is fine now"),
     {("injuries", "wrist fracture"): "resolved"}),
    (("подвернула лодыжку на тренировке", "нога зажила"), {("injuries", "ankle sprain"): "resolved"}),
    (("上周打球手腕骨折了", "胳膊长好了"), {("injuries", "wrist fracture"): "resolved"}),
    (("рука срослась",), {("injuries", "arm injury"): "resolved"}),
]
# fmt: on


@pytest.mark.parametrize(("texts", "expected"), LIMB_HEALED)
def test_a_limb_told_healed_is_the_one_injury_present(
    texts: tuple[str, ...], expected: dict[tuple[str, str], str]
) -> None:
    assert folded(*((text, None) for text in texts)) == expected
