"""The surgery, injury, vaccine and lifestyle vocabularies at real scale, and what the rules make of them.

Row counts and shape are checked on the data files themselves; the sentences are new, written
for this test (none is from the gold, dev or blind sets), and each says in plain words what a
patient had, broke, was given or does, in English, Russian and Chinese.
"""

from __future__ import annotations

import re

import pytest

from anamnesis.terminology import DATA_DIR
from anamnesis.terminology.forms import expand
from anamnesis.terminology.tsv import read_rows, read_terms
from schemas.sections import FIXED_ENTITIES
from tests.test_rules_backend import Triple, triples, understand

LATIN = re.compile(r"[a-z]", re.IGNORECASE)
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
CJK = re.compile(r"[\u3400-\u9fff]")

#: file → (kind, least rows, the code systems its rows may carry)
SCALE: dict[str, tuple[str, int, tuple[str, ...]]] = {
    "procedures.tsv": ("procedure", 200, ("OPS:",)),
    "injuries.tsv": ("injury", 60, ("ICD10:S", "ICD10:T", "ICD10:W")),
    "vaccines.tsv": ("vaccine", 60, ("ATC:J07",)),
    "lifestyle.tsv": ("lifestyle", 50, ("ICD10:Z72",)),
}


@pytest.mark.parametrize("name", sorted(SCALE))
def test_each_file_has_its_rows_with_a_name_in_every_language(name: str) -> None:
    kind, least, _ = SCALE[name]
    rows = list(read_rows(DATA_DIR / name))
    assert len(rows) >= least, (name, len(rows))
    for line_no, row in rows:
        where = f"{name}:{line_no} {row['canonical']}"
        assert row["kind"] == kind, where
        assert LATIN.search(row["en"]) and not CYRILLIC.search(row["en"]), where
        assert CYRILLIC.search(row["ru"]), where
        assert CJK.search(row["zh"]), where


@pytest.mark.parametrize("name", sorted(SCALE))
def test_codes_are_of_the_files_own_system(name: str) -> None:
    _, _, systems = SCALE[name]
    for _, row in read_rows(DATA_DIR / name):
        for code in filter(None, (c.strip() for c in row["codes"].split(","))):
            assert code.startswith(systems), (row["canonical"], code)


def test_lifestyle_rows_name_only_the_contract_entities() -> None:
    assert {t.canonical for t in read_terms(DATA_DIR / "lifestyle.tsv")} == set(FIXED_ENTITIES["lifestyle"])


def test_no_form_of_these_files_means_two_entities() -> None:
    """The loader refuses a written form with two meanings across all files; a declined or plural
    form that two of these rows generate would go to whichever is read first, so none may."""
    meaning: dict[tuple[str, bool], set[str]] = {}
    for name in (*SCALE, "anatomy.tsv"):
        for term in read_terms(DATA_DIR / name):
            for surface in term.surfaces:
                for key, prefix, _ in expand(surface):
                    meaning.setdefault((key, prefix), set()).add(term.canonical)
    assert {k: v for k, v in meaning.items() if len(v) > 1} == {}


def test_organs_a_removal_names_are_known_procedures() -> None:
    procedures = {t.canonical for t in read_terms(DATA_DIR / "procedures.tsv")}
    removals = {t.links["removal"] for t in read_terms(DATA_DIR / "anatomy.tsv") if "removal" in t.links}
    assert {"oophorectomy", "orchiectomy", "colectomy", "polypectomy", "tooth extraction"} <= removals
    assert removals <= procedures


def _has(text: str, *expected: Triple) -> set[Triple]:
    found = triples(understand(text))
    assert set(expected) <= found, (text, found)
    return found


# fmt: off
SURGERIES: list[tuple[str, Triple]] = [
    ("I had my ovaries removed two years ago.", ("surgeries", "oophorectomy", "historical")),
    ("Мне удалили яичник в 2019 году.", ("surgeries", "oophorectomy", "historical")),
    ("前年切了一侧卵巢。", ("surgeries", "oophorectomy", "historical")),
    ("I had my hip replaced in 2018.", ("surgeries", "hip replacement", "historical")),
    ("В прошлом году мне заменили колено.", ("surgeries", "knee replacement", "historical")),
    ("去年换了膝关节。", ("surgeries", "knee replacement", "historical")),
    ("В 2020 году поставили стент.", ("surgeries", "coronary stent placement", "historical")),
    ("前年做了支架。", ("surgeries", "coronary stent placement", "historical")),
    ("I had an ablation in March.", ("surgeries", "catheter ablation", "historical")),
    ("В марте сделали абляцию.", ("surgeries", "catheter ablation", "historical")),
    ("去年做了射频消融。", ("surgeries", "catheter ablation", "historical")),
    ("удалили катаракту на правом глазу", ("surgeries", "cataract surgery", "historical")),
    ("Было кесарево, а потом удалили миому.", ("surgeries", "myomectomy", "historical")),
    ("I had a tooth pulled yesterday.", ("surgeries", "tooth extraction", "historical")),
    ("Вчера удалили зуб.", ("surgeries", "tooth extraction", "historical")),
    ("昨天拔了一颗牙。", ("surgeries", "tooth extraction", "historical")),
    ("Had a mole removed from my back.", ("surgeries", "mole removal", "historical")),
    ("去年点了个痣。", ("surgeries", "mole removal", "historical")),
]

INJURIES: list[tuple[str, Triple]] = [
    ("I fractured my tibia in January.", ("injuries", "tibia fracture", "active")),
    ("Сломала лучевую кость в прошлом месяце.", ("injuries", "radius fracture", "active")),
    ("上个月桡骨骨折了。", ("injuries", "radius fracture", "active")),
    ("I broke my jaw in a fight.", ("injuries", "jaw fracture", "active")),
    ("Сломал челюсть.", ("injuries", "jaw fracture", "active")),
    ("下颌骨折了。", ("injuries", "jaw fracture", "active")),
    ("Got bitten by a cat yesterday.", ("injuries", "cat bite", "active")),
    ("Вчера ошпарилась кипятком.", ("injuries", "burn", "active")),
    ("昨天被蛇咬了。", ("injuries", "snake bite", "active")),
    ("Потянула спину на даче.", ("injuries", "back strain", "active")),
    ("昨天搬东西闪腰了。", ("injuries", "back strain", "active")),
]

VACCINES: list[tuple[str, Triple]] = [
    ("I had two doses of Pfizer in 2021.", ("vaccinations", "covid-19 vaccine", "historical")),
    ("Сделала прививку Гриппол плюс.", ("vaccinations", "influenza vaccine", "historical")),
    ("打了两针科兴。", ("vaccinations", "covid-19 vaccine", "historical")),
    ("I got the Hib vaccine at the clinic.", ("vaccinations", "hib vaccine", "historical")),
    ("Привилась Энцевиром в апреле.", ("vaccinations", "tick-borne encephalitis vaccine", "historical")),
    ("我打了乙脑疫苗。", ("vaccinations", "japanese encephalitis vaccine", "historical")),
    ("Поставили Превенар 13 в прошлом году.", ("vaccinations", "pneumococcal vaccine", "historical")),
    ("上周打了23价肺炎疫苗。", ("vaccinations", "pneumococcal vaccine", "historical")),
]

HABITS: list[tuple[str, Triple]] = [
    ("I vape every day.", ("lifestyle", "smoking", "active")),
    ("Курю кальян по выходным.", ("lifestyle", "smoking", "active")),
    ("我每天抽电子烟。", ("lifestyle", "smoking", "active")),
    ("Two glasses of wine on Fridays.", ("lifestyle", "alcohol", "active")),
    ("Выпиваю бокал вина по пятницам.", ("lifestyle", "alcohol", "active")),
    ("周末喝点小酒。", ("lifestyle", "alcohol", "active")),
    ("I do CrossFit three times a week.", ("lifestyle", "exercise", "active")),
    ("Хожу на пилатес два раза в неделю.", ("lifestyle", "exercise", "active")),
    ("每天早上打太极拳。", ("lifestyle", "exercise", "active")),
    ("I've cut out sugar completely.", ("lifestyle", "diet", "active")),
    ("Стараюсь без соли.", ("lifestyle", "diet", "active")),
    ("I only get about five hours of sleep.", ("lifestyle", "sleep", "active")),
    ("Сплю по 7–8 часов.", ("lifestyle", "sleep", "active")),
    ("天天熬夜。", ("lifestyle", "sleep", "active")),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), SURGERIES + INJURIES + VACCINES + HABITS)
def test_plain_words_become_the_right_event(text: str, expected: Triple) -> None:
    _has(text, expected)


def test_a_removed_cataract_is_an_operation_not_an_active_condition() -> None:
    for text in ("had my cataract removed last year", "удалили катаракту на правом глазу", "去年做了白内障手术"):
        found = _has(text, ("surgeries", "cataract surgery", "historical"))
        assert not any(s == "chronic_conditions" for s, _, _ in found), (text, found)


def test_a_vape_and_a_hookah_say_what_is_smoked() -> None:
    (vape,) = understand("I vape every day.").events
    (hookah,) = understand("Курю кальян по выходным.").events
    assert (vape["value"], hookah["value"]) == ("e-cigarettes", "hookah")


def test_a_method_or_a_test_is_not_an_operation() -> None:
    """ "by laparoscopy" is how the gallbladder came out, and an endoscopy found a diagnosis:
    neither is a surgery of its own."""
    assert triples(understand("Желчный удалили в 2019 лапароскопией.")) == {
        ("surgeries", "cholecystectomy", "historical")
    }
    assert not any(s == "surgeries" for s, _, _ in triples(understand("The endoscopy showed an ulcer.")))


def test_a_childs_vaccine_is_not_the_users() -> None:
    assert triples(understand("孩子打了乙脑疫苗。")) == set()
