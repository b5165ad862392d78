"""A fracture ruled out without the bone is the fracture of the part that was hurt.

- the part named in the message ("rolled my ankle, no fracture") names the fracture itself, and a
  denial that is the fracture's alone denies no other injury of the clause ("no fracture, it's a
  sprain" keeps the sprain);
- with no part in the message ("x-ray clear, no fracture", "перелома нет", "拍了 没骨折"), the event
  refers back (``^@fracture``) and the fold makes it the fracture of the part of the injury
  discussed last; with no such injury, or a part the vocabulary has no fracture of, nothing;
- a question, a hypothetical, a plan or a relative's x-ray rules out nothing of the user's.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from anamnesis.terminology.injury_parts import same_part
from tests.test_rules_backend import Row, folded, triples, understand

# fmt: off
PART_IN_MESSAGE: list[Row] = [
    ("went over on my ankle at netball, a&e said no fracture, just a sprain", None,
     {("injuries", "ankle fracture", "confirmed_absent"), ("injuries", "ankle sprain", "active")}),
    ("hurt my wrist playing hockey, x-ray showed nothing broken", None,
     {("injuries", "wrist fracture", "confirmed_absent"), ("injuries", "wrist injury", "active")}),
    ("подвернул ногу на лестнице, в травмпункте сказали перелома нет", None,
     {("injuries", "ankle fracture", "confirmed_absent"), ("injuries", "ankle sprain", "active")}),
    ("без перелома, растяжение связок голеностопа", None,
     {("injuries", "ankle fracture", "confirmed_absent"), ("injuries", "ankle sprain", "active")}),
    ("打羽毛球把脚崴了 拍了片子 没骨折", None,
     {("injuries", "ankle fracture", "confirmed_absent"), ("injuries", "ankle sprain", "active")}),
]

REFERS_BACK: list[Row] = [
    ("x-ray was clear, no fracture", "Did they x-ray it?", {("injuries", "^@fracture", "confirmed_absent")}),
    ("thankfully nothing's broken", None, {("injuries", "^@fracture", "confirmed_absent")}),
    ("снимок сделали, перелома нет", "Рентген делали?", {("injuries", "^@fracture", "confirmed_absent")}),
    ("сказали, что кость цела", None, {("injuries", "^@fracture", "confirmed_absent")}),
    ("拍了片 骨头没事", "拍片了吗？", {("injuries", "^@fracture", "confirmed_absent")}),
    ("医生说没有骨折", None, {("injuries", "^@fracture", "confirmed_absent")}),
]

NOT_THE_USERS: list[Row] = [
    ("is it broken do you think?", None, set()),
    ("if it's not broken can I just rest it at home?", None, set()),
    ("my daughter had her arm x-rayed, no fracture", None, set()),
    ("если перелома нет, можно не ехать в травмпункт?", None, set()),
    ("у мужа перелома нет, просто ушиб", None, set()),
    ("如果没骨折的话是不是不用打石膏", None, set()),
    ("我儿子拍了片 没骨折", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), PART_IN_MESSAGE + REFERS_BACK + NOT_THE_USERS)
def test_fracture_denial_read(text: str, context: str | None, expected: set) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] == "injuries"} == expected


@pytest.mark.parametrize(
    ("first", "then", "part"),
    [
        ("rolled my ankle playing football last night", ("x-ray's clear, no fracture", "Did you get it x-rayed?"), "ankle"),
        ("twisted my knee skiing, it's really swollen", ("nothing broken they said", None), "knee"),
        ("подвернула ногу вчера, опухла", ("Да, перелома нет", "Рентген делали?"), "ankle"),
        ("打球把脚崴了 肿得很厉害", ("拍了 没骨折", "拍片子了吗？"), "ankle"),
    ],
)
def test_bare_denial_is_the_fracture_of_the_part_hurt(first: str, then: tuple[str, str | None], part: str) -> None:
    state = folded((first, None), then)
    injuries = {e: s for (sec, e), s in state.items() if sec == "injuries"}
    assert injuries.get(f"{part} fracture") == "confirmed_absent"
    assert not any(e.startswith("^") for e in injuries)


def test_bare_denial_with_no_injury_known_is_nothing() -> None:
    state = folded(("my lower back has been aching for a week", None), ("x-ray clear, no fracture", None))
    assert not any(sec == "injuries" for sec, _ in state)


def test_bare_denial_after_two_injuries_at_once_is_nothing() -> None:
    state = folded(("fell down the stairs, hurt my wrist and twisted my ankle", None), ("no fracture", None))
    assert not any(e.endswith("fracture") for sec, e in state if sec == "injuries")


def test_part_without_a_fracture_in_the_vocabulary_gives_none() -> None:
    assert same_part("ankle sprain", "fracture") == "ankle fracture"
    assert same_part("back strain", "fracture") is None
    assert same_part("dog bite", "fracture") is None
