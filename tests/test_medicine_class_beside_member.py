"""A class of medicines named beside a member of it is one medicine, the member.

"on the pill, yasmin", "инсулин, туджео 10 ед", "开了胰岛素 来得时": the class word says what the
brand is, it is not a second medicine. The class is the one whose ATC code the member's extends;
a dose told with the class goes to the member. Two medicines of sibling classes both stay, and a
class said alone stays the class. The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def _drugs(text: str) -> dict[str, dict[str, str]]:
    return {e["entity"]: e for e in understand(text).events if e["section"] == "medications"}


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("on the pill, yasmin, since i was 19", "drospirenone/ethinylestradiol"),
        ("принимаю противозачаточные, джес", "drospirenone/ethinylestradiol"),
        ("he started me on insulin, lantus 12 units at night", "insulin glargine"),
        ("эндокринолог назначил инсулин, туджео 10 ед вечером", "insulin glargine"),
        ("医生给我开了胰岛素 来得时 每晚10个单位", "insulin glargine"),
    ],
)
def test_the_class_gives_way_to_its_member(text: str, member: str) -> None:
    drugs = _drugs(text)
    assert member in drugs
    assert not {"insulin", "oral contraceptive"} & drugs.keys()


def test_a_dose_told_with_the_class_goes_to_the_member() -> None:
    drugs = _drugs("started insulin 8 units, the novorapid pen, before dinner")
    assert set(drugs) == {"insulin aspart"}
    assert drugs["insulin aspart"]["dose"] == "8 units"


@pytest.mark.parametrize(
    ("text", "both"),
    [
        ("on insulin and metformin 1000 twice a day", {"insulin", "metformin"}),
        ("инсулин и метформин 1000 мг", {"insulin", "metformin"}),
        ("打胰岛素 还吃二甲双胍", {"insulin", "metformin"}),
    ],
)
def test_medicines_of_other_classes_both_stay(text: str, both: set[str]) -> None:
    assert both <= _drugs(text).keys()


def test_a_class_stopped_beside_a_member_started_stays() -> None:
    drugs = _drugs("stopped the pill last month, now on cerazette")
    assert drugs["desogestrel"]["status"] == "active"
    assert drugs.get("oral contraceptive", {}).get("status", "stopped") == "stopped"
