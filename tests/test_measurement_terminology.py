"""The test catalogue (tests.tsv, organs.tsv) and UCUM normalisation of units with pint."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from anamnesis.measurements.catalog import TESTS_FILE, load_catalog
from anamnesis.measurements.units import UnitError, normalise_value, to_ucum, unit_forms

CATALOG = load_catalog()
LOINC = re.compile(r"^LOINC:\d{1,6}-\d$")
LOINC_DOC = Path(__file__).resolve().parents[1] / "docs" / "measurements-loinc.md"


def _loinc_check_digit(number: str) -> int:
    """LOINC's mod-10 check digit, computed the LOINC Users' Guide way (see docs/measurements-loinc.md).

    From the right, the digits in odd positions form a number that is doubled; the digits in even
    positions are appended; the check digit brings the sum of all those digits to a multiple of ten.
    """
    from_right = number[::-1]
    doubled = str(2 * int(from_right[0::2][::-1]))
    evens = from_right[1::2][::-1]
    return (10 - sum(int(d) for d in doubled + evens) % 10) % 10


def _loinc_check_digit_holds(code: str) -> bool:
    """Whether a ``LOINC:nnnn-d`` code's last digit is its check digit: catches a mistyped or invented code."""
    number, check = code.removeprefix("LOINC:").split("-")
    return _loinc_check_digit(number) == int(check)


def _codes_in_file() -> dict[str, str]:
    """Every non-empty code cell of tests.tsv, read from the file itself (not through the catalogue)."""
    rows = [line.split("\t") for line in TESTS_FILE.read_text(encoding="utf-8").splitlines()]
    return {row[0]: row[1] for row in rows if row[0] and not row[0].startswith("#") and row[0] != "test" and row[1]}


def test_loinc_check_digit_rule() -> None:
    # codes with the names their sources give (docs/measurements-loinc.md)
    for code in ("LOINC:1742-6", "LOINC:4548-4", "LOINC:14749-6", "LOINC:2345-7", "LOINC:8480-6", "LOINC:58410-2"):
        assert _loinc_check_digit_holds(code), code
    assert _loinc_check_digit("2093") == 3 and _loinc_check_digit("10230") == 1
    assert not _loinc_check_digit_holds("LOINC:1742-5")
    assert not _loinc_check_digit_holds("LOINC:14794-6")  # two digits swapped


def test_every_code_in_the_file_is_well_formed_and_its_check_digit_holds() -> None:
    codes = _codes_in_file()
    assert len(codes) >= 150
    malformed = [code for code in codes.values() if not LOINC.match(code)]
    assert malformed == [], f"codes not of the form LOINC:nnnnn-d in tests.tsv: {malformed}"
    wrong = [code for code in codes.values() if not _loinc_check_digit_holds(code)]
    assert wrong == [], f"LOINC codes whose check digit is wrong (a typo in tests.tsv): {wrong}"
    # the check is strong enough to be worth having: any one mistyped digit of any code is caught
    for code in codes.values():
        number = code.removeprefix("LOINC:").split("-")[0]
        for at, digit in enumerate(number):
            for other in "0123456789".replace(digit, ""):
                typo = f"LOINC:{number[:at]}{other}{number[at + 1:]}-{code[-1]}"
                assert not _loinc_check_digit_holds(typo), typo


def test_the_loinc_page_lists_every_coded_test_with_its_code() -> None:
    """docs/measurements-loinc.md cites a source for each code; it must stay in step with tests.tsv."""
    table = re.findall(r"^\| ([^|]+?) \| (\d{1,6}-\d) \| [^|]+ \| [^|]+ \|$", LOINC_DOC.read_text(encoding="utf-8"), re.M)
    assert dict(table) == {test: code.removeprefix("LOINC:") for test, code in _codes_in_file().items()}
    assert len(table) == len(dict(table)), "a test is listed twice on the LOINC page"


def test_at_least_150_tests_with_names_in_three_languages() -> None:
    assert len(CATALOG.tests) >= 150
    for test in CATALOG.tests.values():
        assert test.names, test.test
    # every row has a Russian and a Chinese name as well as an English one
    with_all = [t for t in CATALOG.tests.values() if any(re.search("[а-я]", n) for n in t.names)]
    with_zh = [t for t in CATALOG.tests.values() if any(re.search("[\u4e00-\u9fff]", n) for n in t.names)]
    assert len(with_all) >= 150 and len(with_zh) >= 150


def test_codes_are_loinc_shaped_and_contract_names_exist() -> None:
    coded = [t for t in CATALOG.tests.values() if t.code]
    assert len(coded) >= 100
    assert all(LOINC.match(t.code or "") for t in coded)
    assert CATALOG.tests["alanine aminotransferase"].code == "LOINC:1742-6"
    # the code matches the canonical unit: glucose is stored in mmol/L, so the molar term, not 2345-7 (mg/dL)
    assert CATALOG.tests["glucose"].unit == "mmol/L" and CATALOG.tests["glucose"].code == "LOINC:14749-6"
    for name in (
        "hba1c",
        "ldl cholesterol",
        "fasting glucose",
        "systolic blood pressure",
        "diastolic blood pressure",
        "heart rate",
    ):
        assert name in CATALOG.tests


def test_every_listed_unit_is_ucum_and_converts_to_the_canonical_one() -> None:
    """The data file cannot list a unit that pint (with UCUM definitions) cannot turn into the test's own."""
    for test in CATALOG.tests.values():
        if test.unit is None:
            continue
        assert test.minimum is not None and test.maximum is not None and test.minimum < test.maximum, test.test
        for unit in test.accepted_units:
            if unit == "1":
                continue
            # two points: a conversion is affine (°F → °C) and increasing
            assert normalise_value(100.0, unit, test) > normalise_value(1.0, unit, test), (test.test, unit)


def test_names_in_each_language_are_found_in_text() -> None:
    assert [t for _, _, t in CATALOG.find("My ALT came back at 98")] == ["alanine aminotransferase"]
    assert [t for _, _, t in CATALOG.find("сдала анализ на гликированный гемоглобин")] == ["hba1c"]
    assert [t for _, _, t in CATALOG.find("空腹血糖7.8")] == ["fasting glucose"]
    assert [t for _, _, t in CATALOG.find("у меня высокий холестерин")] == ["total cholesterol"]
    assert CATALOG.lookup("ALT").test == "alanine aminotransferase"  # type: ignore[union-attr]
    assert CATALOG.lookup("谷丙转氨酶").test == "alanine aminotransferase"  # type: ignore[union-attr]
    assert CATALOG.lookup("no such test") is None


def test_organ_words_bring_their_panel() -> None:
    assert CATALOG.organs_in("how has my liver function changed?") == ["liver"]
    assert CATALOG.organs_in("как там моя печень") == ["liver"]
    assert CATALOG.organs_in("我的肝怎么样") == ["liver"]
    liver = CATALOG.tests_of("liver")
    assert {"alanine aminotransferase", "aspartate aminotransferase", "total bilirubin"} <= set(liver)
    assert "hba1c" not in liver


@pytest.mark.parametrize(
    ("written", "ucum"),
    [
        ("мг/дл", "mg/dL"),
        ("mmHg", "mm[Hg]"),
        ("мм рт. ст.", "mm[Hg]"),
        ("毫摩尔/升", "mmol/L"),
        ("bpm", "/min"),
        ("x10^9/L", "10*9/L"),
        ("µmol/L", "umol/L"),
        ("mg/dL", "mg/dL"),
        ("%", "%"),
    ],
)
def test_written_units_map_to_ucum(written: str, ucum: str) -> None:
    assert to_ucum(written) == ucum


def test_unknown_units_are_not_guessed() -> None:
    assert to_ucum("furlongs") is None
    assert to_ucum("") is None
    assert len(set(unit_forms().values())) >= 40


def test_glucose_and_cholesterol_convert_between_mg_dl_and_mmol_l() -> None:
    glucose, cholesterol = CATALOG.tests["fasting glucose"], CATALOG.tests["ldl cholesterol"]
    assert normalise_value(126, "mg/dL", glucose) == pytest.approx(6.99, abs=0.01)
    assert normalise_value(100, "mg/dL", cholesterol) == pytest.approx(2.586, abs=0.005)
    assert normalise_value(7.0, "mmol/L", glucose) == 7.0
    assert normalise_value(101.3, "[degF]", CATALOG.tests["body temperature"]) == pytest.approx(38.5)


def test_a_unit_of_the_same_dimension_that_means_something_else_is_refused() -> None:
    with pytest.raises(UnitError, match="not known for hba1c"):
        normalise_value(53, "mmol/mol", CATALOG.tests["hba1c"])
    with pytest.raises(UnitError):
        normalise_value(1, "mm[Hg]", CATALOG.tests["alanine aminotransferase"])
