"""A dose ordered to start tomorrow is the regimen now; a plan further off stays a plan.

"the nurse dropped my warfarin to 3mg from tomorrow", "с завтра бисопролол по 2,5 мг", "医生说从明天
开始二甲双胍加到两次": the clinician's order is given, only its first dose is to come. "Starting
X next week", "думаю с понедельника начать" stay plans (no event). The sentences are new.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def _meds(text: str) -> dict[str, dict[str, str]]:
    return {e["entity"]: e for e in understand(text).events if e["section"] == "medications"}


@pytest.mark.parametrize(
    ("text", "drug", "dose"),
    [
        ("the nurse dropped my warfarin to 3mg from tomorrow", "warfarin", "3 mg"),
        ("diabetes nurse says metformin goes up to 1000mg starting tomorrow", "metformin", "1000 mg"),
        ("кардиолог сказал с завтра бисопролол по 2,5 мг", "bisoprolol", "2.5 mg"),
        ("医生说从明天开始氨氯地平加到10mg", "amlodipine", "10 mg"),
    ],
)
def test_a_dose_from_tomorrow_is_the_dose_now(text: str, drug: str, dose: str) -> None:
    meds = _meds(text)
    assert meds[drug]["status"] == "active"
    assert meds[drug]["dose"] == dose


@pytest.mark.parametrize(
    "text", ["thinking of starting metformin from next week", "I might start the vitamin d next month"]
)
def test_a_plan_further_off_states_nothing(text: str) -> None:
    assert not _meds(text)
