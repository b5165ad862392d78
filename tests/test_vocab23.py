"""Vocabulary at the breadth patients use (issue 11), second round: the lay and figurative ways of
naming a complaint, and the acute diagnoses a patient reports by their everyday names, in the
three languages. Each family is filled beyond the words the tuned sets happen to contain.

Every sentence is new, written for this test (none is from the gold, dev, validation or blind
sets). The negative cases guard what a broad form must not do: fire on a word that only contains
it, or turn an intended change (a diet's weight loss) or a vague "I feel rough" into a complaint.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Triple, triples, understand

# fmt: off
#: lay and figurative names of a complaint
LAY_SYMPTOMS: list[tuple[str, Triple]] = [
    ("I keep running out of breath on the stairs", ("symptoms", "shortness of breath", "active")),
    ("задыхаюсь, запыхиваюсь даже от пары ступенек", ("symptoms", "shortness of breath", "active")),
    ("走两步就接不上气", ("symptoms", "shortness of breath", "active")),
    ("my tooth is killing me since yesterday", ("symptoms", "toothache", "active")),
    ("третий день ноет зуб слева", ("symptoms", "toothache", "active")),
    ("这几天大牙疼得吃不了饭", ("symptoms", "toothache", "active")),
    ("I've got a thumping headache every afternoon", ("symptoms", "headache", "active")),
    ("на свет смотреть больно, и голова раскалывается", ("symptoms", "photophobia", "active")),
    ("最近怕见光，出门得戴墨镜", ("symptoms", "photophobia", "active")),
    ("вес пополз вверх после родов", ("symptoms", "weight gain", "active")),
    ("去年到现在重了好几斤", ("symptoms", "weight gain", "active")),
    ("тянет под правым ребром после жирного", ("symptoms", "right upper quadrant pain", "active")),
    ("my back is killing me after the move", ("symptoms", "back pain", "active")),
    ("прострелило поясницу, когда поднимал ведро", ("symptoms", "low back pain", "active")),
    ("ноги гудят к вечеру, особенно после смены", ("symptoms", "heavy legs", "active")),
    ("最近两腿沉重，走不动路", ("symptoms", "heavy legs", "active")),
    ("зябну всё время, даже летом в кофте", ("symptoms", "cold intolerance", "active")),
    ("I get these random bruises on my legs", ("symptoms", "bruising", "active")),
    ("身上老是青一块紫一块的", ("symptoms", "bruising", "active")),
    ("с утра пошла кровь из носа, еле остановила", ("symptoms", "epistaxis", "active")),
    ("今天早上又出鼻血了", ("symptoms", "epistaxis", "active")),
    ("there's goo in my eye every morning", ("symptoms", "eye discharge", "active")),
    ("глаз закисает по утрам уже неделю", ("symptoms", "eye discharge", "active")),
    ("眼睛黏糊糊的，早上睁不开", ("symptoms", "eye discharge", "active")),
    ("耳朵像塞了东西一样，坐完飞机就这样", ("symptoms", "ear fullness", "active")),
    ("I can't stop sneezing since we got the cat", ("symptoms", "sneezing", "active")),
    ("嗓子沙哑好几天了", ("symptoms", "hoarseness", "active")),
    ("发不出声，讲课讲的", ("symptoms", "loss of voice", "active")),
    ("первые дни несло, потом прошло", ("symptoms", "diarrhea", "resolved")),
    ("晚上翻来覆去睡不着", ("symptoms", "insomnia", "active")),
    ("I pee a little when I sneeze since the baby", ("symptoms", "urinary incontinence", "active")),
    ("после родов подмокаю, когда кашляю", ("symptoms", "urinary incontinence", "active")),
    ("生完孩子以后一打喷嚏就漏尿", ("symptoms", "urinary incontinence", "active")),
    ("I've had very heavy periods since the coil went in", ("symptoms", "heavy menstrual bleeding", "active")),
    ("这几个月例假量多，还有血块", ("symptoms", "heavy menstrual bleeding", "active")),
    ("there's mucus down the back of my throat every morning", ("symptoms", "post-nasal drip", "active")),
    ("по утрам слизь в горле, откашливаю", ("symptoms", "post-nasal drip", "active")),
]

#: acute diagnoses by their everyday names
ACUTE: list[tuple[str, Triple]] = [
    ("GP reckons it's just a virus, rest and fluids", ("diagnoses", "viral infection", "active")),
    ("подхватила вирус на работе, все чихают", ("diagnoses", "viral infection", "active")),
    ("I think I've got man flu, aching everywhere", ("diagnoses", "influenza", "active")),
    ("上周得了流感，现在还咳", ("diagnoses", "influenza", "active")),
    ("траванулся шаурмой вчера вечером", ("diagnoses", "food poisoning", "active")),
    ("昨晚吃坏肚子了，拉了一夜", ("diagnoses", "food poisoning", "active")),
    ("doctor said it's a throat infection, not strep", ("diagnoses", "pharyngitis", "active")),
    ("лор сказал острый фарингит", ("diagnoses", "pharyngitis", "active")),
    ("医生说是急性咽炎，开了含片", ("diagnoses", "pharyngitis", "active")),
    ("застудила мочевой, опять бегаю каждые полчаса", ("diagnoses", "cystitis", "active")),
    ("化验说是膀胱发炎", ("diagnoses", "cystitis", "active")),
    ("почки застудила, температура и поясница болит", ("diagnoses", "pyelonephritis", "active")),
    ("a sty came up on my lower lid", ("diagnoses", "stye", "active")),
    ("вскочил ячмень на глазу", ("diagnoses", "stye", "active")),
    ("眼睛上长针眼了，红肿", ("diagnoses", "stye", "active")),
    ("on antibiotics for a gum abscess", ("diagnoses", "dental abscess", "active")),
    ("у меня флюс, щеку раздуло", ("diagnoses", "dental abscess", "active")),
    ("простуда на губе опять вылезла", ("diagnoses", "herpes", "active")),
    ("一累就上火起泡", ("diagnoses", "herpes", "active")),
    ("сгорела на солнце в отпуске, кожа слезает", ("diagnoses", "sunburn", "active")),
    ("去海边晒伤了，后背通红", ("diagnoses", "sunburn", "active")),
    ("перегрелся на даче, тошнило весь вечер", ("symptoms", "heatstroke", "active")),
    ("my son had glandular fever last year", ("family_history", "mononucleosis", "active")),
    ("小时候出过水痘", ("diagnoses", "chickenpox", "resolved")),
]

#: injuries and accidents as patients tell them
INJURIES: list[tuple[str, Triple]] = [
    ("I tweaked my back lifting the kids' bikes", ("injuries", "back strain", "active")),
    ("надорвала спину на огороде", ("injuries", "back strain", "active")),
    ("搬东西扭了腰，起不来床", ("injuries", "back strain", "active")),
    ("slammed my finger in the car door", ("injuries", "crush injury", "active")),
    ("手指被门夹了，指甲都紫了", ("injuries", "crush injury", "active")),
    ("went over on my ankle on the stairs this morning", ("injuries", "ankle sprain", "active")),
    ("подвернула голеностоп на каблуках", ("injuries", "ankle sprain", "active")),
    ("burnt myself on the oven tray", ("injuries", "burn", "active")),
    ("обварилась кипятком из чайника", ("injuries", "burn", "active")),
    ("做饭被油烫了一下，起了个泡", ("injuries", "burn", "active")),
    ("dislocated my shoulder playing rugby", ("injuries", "shoulder dislocation", "active")),
    ("вывихнул плечо на турнике", ("injuries", "shoulder dislocation", "active")),
    ("пока бежал, сломал ключицу", ("injuries", "clavicle fracture", "active")),
    ("pulled a tick off my leg after the hike", ("injuries", "tick bite", "active")),
    ("вытащила клеща из-под коленки", ("injuries", "tick bite", "active")),
    ("stepped on a nail in the garden, nail went into my foot", ("injuries", "puncture wound", "active")),
    ("修车的时候被钉子扎了", ("injuries", "puncture wound", "active")),
    ("угорела в бане, голова кружилась", ("injuries", "carbon monoxide poisoning", "active")),
    ("got hit in the eye with a squash ball", ("injuries", "eye injury", "active")),
]

#: brands of the Russian, Chinese and British markets, and vaccines by lay and brand names
BRANDS: list[tuple[str, Triple]] = [
    ("от давления пью кардилопин 5 мг", ("medications", "amlodipine", "active")),
    ("давление держу листрилом 10 мг", ("medications", "lisinopril", "active")),
    ("от аллергии пью эзлор", ("medications", "desloratadine", "active")),
    ("过敏的时候吃信敏汀", ("medications", "desloratadine", "active")),
    ("血脂高，吃瑞旨10mg", ("medications", "rosuvastatin", "active")),
    ("医生给开了万苏平，一天一片", ("medications", "glimepiride", "active")),
    ("泌尿科开了积大本特，每晚一粒", ("medications", "tamsulosin", "active")),
    ("膀胱炎吃了一袋复美欣", ("medications", "fosfomycin", "active")),
    ("кишечка была, пила неосмектин", ("medications", "diosmectite", "active")),
    ("I use ibuleve gel on my knee", ("medications", "ibuprofen", "active")),
    ("took clarityn for the hay fever", ("medications", "loratadine", "active")),
    ("had my hep b jab at work last year", ("vaccinations", "hepatitis b vaccine", "historical")),
    ("сделала прививку от гепатита Б в 2019", ("vaccinations", "hepatitis b vaccine", "historical")),
    ("去年打过乙肝针", ("vaccinations", "hepatitis b vaccine", "historical")),
    ("got the shingles jab in october", ("vaccinations", "herpes zoster vaccine", "historical")),
]

#: what a broad complaint form must not make of a sentence: the exact triples expected
NOT_COMPLAINTS: list[tuple[str, set[Triple]]] = [
    ("Я похудела на диете, теперь вешу 64 кг.", set()),
    ("за лето похудел до 88, бегаю по утрам", set()),
    ("feeling rough", set()),
    ("лишай прошёл", set()),
    ("吃了高热量的东西就胖", set()),
    ("今天去晒太阳了，挺舒服", set()),
    ("他们两口子昨天吵架了", set()),
    ("早上感冒了，流鼻涕", {("diagnoses", "common cold", "active"), ("symptoms", "rhinorrhea", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), LAY_SYMPTOMS)
def test_lay_names_of_a_complaint(text: str, expected: Triple) -> None:
    assert expected in triples(understand(text))


@pytest.mark.parametrize(("text", "expected"), ACUTE)
def test_acute_diagnoses_by_everyday_names(text: str, expected: Triple) -> None:
    assert expected in triples(understand(text))


@pytest.mark.parametrize(("text", "expected"), INJURIES)
def test_injuries_as_patients_tell_them(text: str, expected: Triple) -> None:
    assert expected in triples(understand(text))


@pytest.mark.parametrize(("text", "expected"), BRANDS)
def test_brands_and_vaccines(text: str, expected: Triple) -> None:
    assert expected in triples(understand(text))


@pytest.mark.parametrize(("text", "expected"), NOT_COMPLAINTS)
def test_intended_changes_and_vague_words_are_no_complaint(text: str, expected: set[Triple]) -> None:
    found = {t for t in triples(understand(text)) if t[0] in ("symptoms", "diagnoses")}
    assert found == expected
