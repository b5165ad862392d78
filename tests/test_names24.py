"""One name per concept, the labels' name (issue 11): a concept the rules name otherwise than
the labels costs a missed fact and an extra one, so the canonical of these rows is the name the
tuned labels use (``anamnesis/terminology/README.md``, rule 1; drugs keep their INN, rule 2).

Each probe is (message, the name it must yield, the old canonical it must no longer yield). The
sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

# fmt: off
PROBES: list[tuple[str, str, str]] = [
    ("I found a breast lump last week", "breast lump", "breast nodule"),
    ("нащупала уплотнение в груди, иду к маммологу", "breast lump", "breast nodule"),
    ("洗澡时摸到乳房有肿块", "breast lump", "breast nodule"),
    ("they did lithotripsy on my kidney stone in 2019", "lithotripsy", "extracorporeal shock wave lithotripsy"),
    ("два года назад делали литотрипсию", "lithotripsy", "extracorporeal shock wave lithotripsy"),
    ("had meniscus surgery on my right knee years ago", "meniscus repair", "meniscus surgery"),
    ("пью де-нол перед едой", "bismuth potassium citrate", "bismuth subcitrate"),
    ("医生开了枸橼酸铋钾，饭前吃", "bismuth potassium citrate", "bismuth subcitrate"),
    ("I take vitamin b6 for the morning sickness", "pyridoxine", "vitamin b6"),
    ("my daughter had a febrile convulsion when she was two", "febrile seizure", "febrile seizures"),
    ("my eyes feel dry by the end of the day", "dry eyes", "dry eye syndrome"),
    ("глаза сохнут за компьютером", "dry eyes", "dry eye syndrome"),
    ("肠易激综合征，在吃匹维溴铵", "pinaverium", "pinaverium bromide"),
    ("I take calcium tablets with my breakfast", "calcium carbonate", "calcium"),
    ("钙尔奇每天一片", "calcium carbonate", "calcium"),
    ("пью кальций д3 по утрам", "calcium carbonate/cholecalciferol", "calcium carbonate"),
    ("the swab came back as flu A", "influenza a", "influenza"),
    ("тест показал грипп А", "influenza a", "influenza"),
    ("孩子查出来是甲流，在吃奥司他韦", "influenza a", "influenza"),
    ("I'm allergic to dogs, my eyes stream", "dog dander", "dogs"),
    ("аллергия на собачью шерсть", "dog dander", "dogs"),
    ("was in hospital with acute pancreatitis in 2020", "acute pancreatitis", "pancreatitis"),
    ("в прошлом году лежала с острым панкреатитом", "acute pancreatitis", "pancreatitis"),
    ("had a microdiscectomy at L5 three years ago", "microdiscectomy", "discectomy"),
    ("肝功能不好，医生让吃水飞蓟宾", "silibinin", "silymarin"),
]
# fmt: on

#: A plain flu stays ``influenza``: only a named type A is the more specific row (README rule 3).
PLAIN_FLU = ["I had the flu last month", "болел гриппом в январе", "上个月得了流感"]

#: The general rows keep their own words (a chronic pancreatitis, a discectomy, milk thistle).
GENERAL: list[tuple[str, str]] = [
    ("they removed part of the disc, a discectomy", "discectomy"),
    ("пью расторопшу для печени", "silymarin"),
    ("у меня хронический панкреатит", "chronic pancreatitis"),
]


@pytest.mark.parametrize(("text", "name", "old"), PROBES)
def test_a_concept_is_named_as_the_labels_name_it(text: str, name: str, old: str) -> None:
    names = {e["entity"] for e in understand(text, None).events}
    assert name in names and old not in names


@pytest.mark.parametrize("text", PLAIN_FLU)
def test_a_flu_of_no_named_type_stays_influenza(text: str) -> None:
    assert "influenza" in {e["entity"] for e in understand(text, None).events}


@pytest.mark.parametrize(("text", "name"), GENERAL)
def test_the_general_row_keeps_its_own_words(text: str, name: str) -> None:
    assert name in {e["entity"] for e in understand(text, None).events}
