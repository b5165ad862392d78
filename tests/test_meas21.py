"""Numbers that are not lab values or vital signs: doses, ages, disease types (meas21).

Each kind is probed in English, Russian and Chinese with sentences written for these tests, and
true readings of the same tests must stay readings.
"""

from __future__ import annotations

import pytest

from anamnesis.understanding.rules.measurements import extract_measurements


def _tests(text: str) -> list[str]:
    return [p["test"] for p in extract_measurements(text)]


def _values(text: str) -> dict[str, float]:
    return {p["test"]: p["value"] for p in extract_measurements(text) if "value" in p}


# A supplement's dose written with a dose unit the test's level is never given in.
DOSE_UNIT = [
    ("folate 400 mcg since the positive pregnancy test", "folate"),
    ("the gp said keep the b12 1000 micrograms jabs going", "vitamin b12"),
    ("she gave me calcium 500 mg tablets for the bones", "calcium carbonate"),
    ("magnesium 2 tablets at night helps the cramps", "magnesium"),
    ("витамин д 2000 МЕ по утрам, как эндокринолог сказала", "vitamin d"),
    ("калий 600 мг, чтобы не было судорог", "potassium"),
    ("фолиевая кислота 1 таблетка, и больше ничего", "folate"),
    ("магний 3 капсулы на ночь", "magnesium"),
    ("维生素D 400单位，医生说先补着", "vitamin d"),
    ("叶酸 0.4毫克，怀孕前三个月开始的", "folate"),
    ("钙 2片，睡前", "calcium carbonate"),
    ("镁 250毫克 对抽筋有用", "magnesium"),
]


@pytest.mark.parametrize(("text", "test"), DOSE_UNIT)
def test_a_dose_unit_is_not_a_level(text: str, test: str) -> None:
    assert test not in _tests(text)


# A test's name that is also a supplement, governed by a dose verb or followed by a frequency.
DOSE_VERB_OR_FREQUENCY = [
    ("been taking vitamin d 1000 since october", "vitamin d"),
    ("im on b12 1000 once a week now", "vitamin b12"),
    ("magnesium 400 twice daily for the migraines", "magnesium"),
    ("started testosterone 50 last spring", "testosterone"),
    ("пью витамин д 5000 через день", "vitamin d"),
    ("принимаю фолиевую кислоту 5 по назначению", "folate"),
    ("кальций 1000 в день, плюс витамины", "calcium carbonate"),
    ("тестостерон 250 раз в три недели колют", "testosterone"),
    ("每天吃维生素D 2000", "vitamin d"),
    ("补叶酸 0.4 一天一次", "folate"),
    ("钙 600 每天一片", "calcium carbonate"),
    ("在吃镁 200", "magnesium"),
]


@pytest.mark.parametrize(("text", "test"), DOSE_VERB_OR_FREQUENCY)
def test_a_dose_verb_or_frequency_makes_a_medication(text: str, test: str) -> None:
    assert test not in _tests(text)


# A number that names a disease's type or stage, after a test word ("сахар 2 типа"); English puts
# the number after "type", so the kind does not arise there.
TYPE_OR_STAGE = [
    ("у меня сахар 2 типа уже лет пять", "glucose"),
    ("у мамы сахар 1 типа с детства", "glucose"),
    ("креатинин 3 стадии, говорят почки", "creatinine"),
    ("血糖是2型的 吃二甲双胍", "glucose"),
    ("血糖 1型 从小就打针", "glucose"),
    ("глюкоза 2 тип, на таблетках", "glucose"),
]


@pytest.mark.parametrize(("text", "test"), TYPE_OR_STAGE)
def test_a_type_or_stage_number_is_not_a_value(text: str, test: str) -> None:
    assert test not in _values(text)


# A Russian abbreviation is one word, not a noun to decline: "мне 16" is an age, not an INR.
DECLINED_ABBREVIATION = [
    ("мне 16, прыщи на лбу", "inr"),
    ("врач дал мне 2 таблетки", "inr"),
    ("псу 5 лет, он тоже хромает", "psa"),
    ("Ане 7, у неё ветрянка", "ana"),
    ("мну 3 раза", "inr"),
]


@pytest.mark.parametrize(("text", "test"), DECLINED_ABBREVIATION)
def test_a_russian_abbreviation_is_not_declined(text: str, test: str) -> None:
    assert test not in _tests(text)


# True readings of the same tests stay readings.
TRUE_READINGS = [
    ("vit D came back 18 ng/ml", "vitamin d", 18.0),
    ("vitamin d was 22 nmol/l in march", "vitamin d", 22.0),
    ("folate 3.1, b12 150 on the last bloods", "folate", 3.1),
    ("ферритин 12", "ferritin", 12.0),
    ("витамин д 15 нг/мл, мало", "vitamin d", 15.0),
    ("МНО 2,5 на варфарине", "inr", 2.5),
    ("ПСА 4,1", "psa", 4.1),
    ("维生素D 15", "vitamin d", 15.0),
    ("叶酸 12 纳克/毫升", "folate", 12.0),
    ("калий 5,1 в анализе", "potassium", 5.1),
    ("magnesium 0.6, a bit low", "magnesium", 0.6),
    ("сахар 7,2 натощак два раза подряд", "glucose", 7.2),
]


@pytest.mark.parametrize(("text", "test", "value"), TRUE_READINGS)
def test_true_readings_stay(text: str, test: str, value: float) -> None:
    assert _values(text).get(test) == value


# A test said of a relative named before it in its sentence is not the user's reading.
OF_A_RELATIVE = [
    ("and my brother has high cholesterol", "total cholesterol"),
    ("my sister's ldl was 5.2 last year", "ldl cholesterol"),
    ("our little boy has a temperature of 38.9", "body temperature"),
    ("у брата сахар 9, он на инсулине", "glucose"),
    ("у мамы давление 160 на 90 держится", "systolic blood pressure"),
    ("сыну 5 лет, температура 38,7 со вчера", "body temperature"),
    ("我妈血糖8.5", "glucose"),
    ("我爸血压170/100", "systolic blood pressure"),
    ("我哥尿酸600，痛风", "uric acid"),
]


@pytest.mark.parametrize(("text", "test"), OF_A_RELATIVE)
def test_a_relatives_test_is_not_the_users(text: str, test: str) -> None:
    assert test not in _tests(text)


# The user speaking of themselves after naming a relative keeps the reading.
OWN_AFTER_RELATIVE = [
    ("my mum has diabetes but my a1c is 5.4", "hba1c", 5.4),
    ("мама говорит, что у меня сахар 7", "glucose", 7.0),
    ("我妈有糖尿病，我血糖5.6", "glucose", 5.6),
    ("dad had a heart attack. ldl 4.2 on my bloods", "ldl cholesterol", 4.2),
]


@pytest.mark.parametrize(("text", "test", "value"), OWN_AFTER_RELATIVE)
def test_own_reading_after_a_relative_stays(text: str, test: str, value: float) -> None:
    assert _values(text).get(test) == value


def _flags(text: str) -> dict[str, str | None]:
    return {p["test"]: p.get("flag") for p in extract_measurements(text)}


# A judgement the user denies ("not elevated", "не снижается", "没有升高") is not that judgement.
NEGATED_JUDGEMENT = [
    ("my ALT is not elevated anymore", "alanine aminotransferase", "high"),
    ("the psa isn't raised, urologist says", "psa", "high"),
    ("сахар не высокий, я проверяла", "glucose", "high"),
    ("холестерин не снижается, хоть и на статинах", "total cholesterol", "low"),
    ("转氨酶没有升高", "transaminases", "high"),
    ("尿酸没有偏高 就是脚疼", "uric acid", "high"),
]


@pytest.mark.parametrize(("text", "test", "flag"), NEGATED_JUDGEMENT)
def test_a_denied_judgement_is_not_the_flag(text: str, test: str, flag: str) -> None:
    assert _flags(text).get(test) != flag


# A test named after another in its sentence does not borrow the earlier test's judgement.
BORROWED_JUDGEMENT = [
    ("troponin normal, ecg showed st depression", "ecg", "normal"),
    ("sodium was low and they repeated the ecg", "ecg", "low"),
    ("ТТГ в норме, а ЭКГ с блокадой", "ecg", "normal"),
    ("АЛТ высокий, поэтому назначили УЗИ и ЭКГ", "ecg", "high"),
    ("肌钙蛋白正常，心电图ST段压低", "ecg", "normal"),
    ("血糖偏高 又做了心电图", "ecg", "high"),
]


@pytest.mark.parametrize(("text", "test", "flag"), BORROWED_JUDGEMENT)
def test_a_judgement_is_not_borrowed_from_an_earlier_test(text: str, test: str, flag: str) -> None:
    assert _flags(text).get(test) != flag


# A judgement said before the only test of its sentence is still its judgement.
JUDGEMENT_BEFORE = [
    ("gp found my cholesterol high", "total cholesterol", "high"),
    ("high cholesterol, on a statin now", "total cholesterol", "high"),
    ("повышенный холестерин нашли на диспансеризации", "total cholesterol", "high"),
    ("偏高的是尿酸", "uric acid", "high"),
]


@pytest.mark.parametrize(("text", "test", "flag"), JUDGEMENT_BEFORE)
def test_a_judgement_before_the_test_stays(text: str, test: str, flag: str) -> None:
    assert _flags(text).get(test) == flag


# "off" judges a result only as a predicate ("were off", "a bit off"), not in "keep the weight off".
PHRASAL_OFF = [
    ("been trying to keep the weight off since christmas", "body weight"),
    ("they took me off warfarin so no more inr tests", "inr"),
    ("came off the statin, cholesterol test in june", "total cholesterol"),
    ("switched off metformin, a1c due next month", "hba1c"),
]


@pytest.mark.parametrize(("text", "test"), PHRASAL_OFF)
def test_a_phrasal_off_is_not_a_judgement(text: str, test: str) -> None:
    assert _flags(text).get(test) != "abnormal"


PREDICATE_OFF = [
    ("my thyroid results tsh were a bit off", "tsh"),
    ("potassium was off last time", "potassium"),
    ("the ecg came back off, they want a repeat", "ecg"),
    ("liver enzymes slightly off again", "transaminases"),
]


@pytest.mark.parametrize(("text", "test"), PREDICATE_OFF)
def test_a_predicate_off_is_abnormal(text: str, test: str) -> None:
    assert _flags(text).get(test) == "abnormal"


# The Chinese jin (斤, half a kilogram) is a unit of body weight, not kilograms.
JIN = [
    ("体重110斤", 55.0),
    ("女 30 体重 96 斤 最近瘦了", 48.0),
    ("胖了不少，现在体重150市斤", 75.0),
    ("身高160 体重100斤", 50.0),
]


@pytest.mark.parametrize(("text", "kilograms"), JIN)
def test_a_weight_in_jin_is_half_kilograms(text: str, kilograms: float) -> None:
    from anamnesis.measurements.catalog import load_catalog
    from anamnesis.measurements.units import normalise_value

    weight = next(p for p in extract_measurements(text) if p["test"] == "body weight")
    assert normalise_value(
        weight["value"], weight.get("unit", "kg"), load_catalog().tests["body weight"]
    ) == pytest.approx(kilograms)
