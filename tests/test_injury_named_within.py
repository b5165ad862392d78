"""A part's generic injury told beside the specific injury of that joint is the specific one.

"twisted my knee, MRI shows a torn ACL", "подвернул колено, на МРТ разрыв мениска", "膝盖扭了，核磁说前
交叉韧带断了": one injury, the tear (same ICD-10 category, S83). A sprain of another joint beside it
("sprained my ankle and tore my acl") stays, and so does a sprain told alone. Falling or getting off
something ("falling off my bike", "getting off the bus") ends nothing, as "came off the tramadol" does.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("twisted my knee at five-a-side, the mri shows a torn acl", None,
     {("injuries", "anterior cruciate ligament tear", "active")}),
    ("подвернула колено на лыжах, на МРТ разрыв мениска", None, {("injuries", "meniscus tear", "active")}),
    ("滑雪把膝盖扭了，核磁说前交叉韧带断了", None, {("injuries", "anterior cruciate ligament tear", "active")}),
    ("sprained my ankle and tore my acl the same day", None,
     {("injuries", "ankle sprain", "active"), ("injuries", "anterior cruciate ligament tear", "active")}),
    ("twisted my knee getting off the bus", None, {("injuries", "knee sprain", "active")}),
    # falling or getting off something ends nothing ("came off the tramadol" does)
    ("hurt my wrist falling off my bike", None, {("injuries", "wrist injury", "active")}),
    ("came off my bike and broke my collarbone", None, {("injuries", "clavicle fracture", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_injury_named_within(text: str, context: str | None, expected: set) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] == "injuries"} == expected
