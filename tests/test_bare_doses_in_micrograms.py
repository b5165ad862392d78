"""A dose said without its unit is in the unit the drug is dosed in, micrograms included.

"clenil 100", "фликсотид 125", "йодомарин 200", "evorel 50": inhaled steroids, iodide, vitamin B12,
folic acid and estrogen patches are dosed in micrograms, so their bare number is micrograms; the
same drugs' milligram forms say small numbers ("будесонид 3" orally, "folic acid 5", "дивигель 1"),
which stay milligrams (``attributes._MCG_FROM``). The sentences are new, written for this test;
none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

# fmt: off
BARE_DOSES: list[tuple[str, str, str]] = [
    ("two puffs of clenil 200 in the morning", "beclometasone", "200 mcg"),
    ("on seretide 250 twice a day", "salmeterol/fluticasone", "250 mcg"),
    ("the gp upped the clenil to 200", "beclometasone", "200 mcg"),
    ("still using evorel 75 patches", "estradiol", "75 mcg"),
    ("folic acid 5 every day since the scan", "folic acid", "5 mg"),
    ("пульмикорт 200 по вдоху утром", "budesonide", "200 mcg"),
    ("будесонид 9 по утрам от крона", "budesonide", "9 mg"),
    ("йодомарин 100 пью каждый день", "potassium iodide", "100 mcg"),
    ("фолиевую 400 пью с начала беременности", "folic acid", "400 mcg"),
    ("дивигель 1 мажу каждый вечер", "estradiol", "1 mg"),
    ("每天吸辅舒酮 250 两次", "fluticasone", "250 mcg"),
    ("一直在吃优甲乐 100", "levothyroxine", "100 mcg"),
]
# fmt: on


@pytest.mark.parametrize(("text", "entity", "dose"), BARE_DOSES)
def test_a_bare_dose_takes_the_unit_the_drug_is_dosed_in(text: str, entity: str, dose: str):
    doses = {e["entity"]: e.get("dose") for e in understand(text).events if e["section"] == "medications"}
    assert doses.get(entity) == dose
