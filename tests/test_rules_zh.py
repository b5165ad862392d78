"""The rules backend on Chinese chat: mechanisms that must hold for sentences nobody tuned on.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield, attributes some of those events must carry). The sentences are new,
written for these mechanisms, not copied from any evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from anamnesis.understanding.rules import RulesBackend
from schemas.events import Fragment

BACKEND = RulesBackend()
TS = datetime(2026, 3, 1, tzinfo=UTC)

Triple = tuple[str, str, str]
Case = tuple[str, str | None, set[Triple], dict[Triple, dict[str, str]]]


def events(text: str, context: str | None) -> list[dict[str, Any]]:
    (result,) = BACKEND.understand([Fragment("f-1", "u-1", "m-1", TS, text, context, "zh")])
    return list(result.events)


# fmt: off
SHORT_ANSWERS: list[Case] = [
    # "对" is the answer, not the allergy preposition of 对青霉素过敏
    ("对，还是10毫克。", "氨氯地平10毫克还在吃吗？", {("medications", "amlodipine", "active")}, {}),
    ("对，一直过敏。", "您对磺胺类药物过敏吗？", {("allergies", "sulfonamides", "active")}, {}),
    # the answer repeats the question's verb, or denies it
    ("喝，周末喝一点", "您喝酒吗？", {("lifestyle", "alcohol", "active")}, {}),
    ("打过两针", "您打过流感疫苗吗？", {("vaccinations", "influenza vaccine", "historical")}, {}),
    ("没打过", "新冠疫苗打过吗？", {("vaccinations", "covid-19 vaccine", "confirmed_absent")}, {}),
    ("不喝", "您喝酒吗？", {("lifestyle", "alcohol", "confirmed_absent")}, {}),
    ("好的", "您喝酒吗？", set(), {}),
    # an ending that names nothing: "no longer"
    ("前年生完孩子就戒了", "您现在还抽烟吗？", {("lifestyle", "smoking", "stopped")}, {}),
    # an amount answers yes only when it is the whole message
    ("偶尔", "晚上会咳嗽吗？", {("symptoms", "cough", "active")}, {}),
    ("偶尔吃点止痛药", "晚上会咳嗽吗？", set(), {}),
    # "我也有" after a question about the family: the user's own condition
    ("我也有", "您家里其他人有糖尿病吗？", {("chronic_conditions", "diabetes", "active")}, {}),
    ("我爸有", "您家里其他人有糖尿病吗？", {("family_history", "diabetes", "active")}, {}),
]

ME_TOO: list[Case] = [
    ("我姐姐有哮喘，我也有", None,
     {("family_history", "asthma", "active"), ("chronic_conditions", "asthma", "active")}, {}),
    ("我妈高血压，我自己也是", None,
     {("family_history", "hypertension", "active"), ("chronic_conditions", "hypertension", "active")}, {}),
    ("我爸有糖尿病，我没有", None,
     {("family_history", "diabetes", "active"), ("chronic_conditions", "diabetes", "confirmed_absent")}, {}),
]

DOSE_CHANGES: list[Case] = [
    # the dose after a change verb is the named drug's new dose; no unit: the drug's usual one
    ("医生把优甲乐加到了75微克", None, {("medications", "levothyroxine", "active")},
     {("medications", "levothyroxine", "active"): {"dose": "75 mcg"}}),
    ("氯沙坦加到100了", None, {("medications", "losartan", "active")},
     {("medications", "losartan", "active"): {"dose": "100 mg"}}),
    ("诺和锐减到六个单位", None, {("medications", "insulin aspart", "active")},
     {("medications", "insulin aspart", "active"): {"dose": "6 units"}}),
    ("医生说先每次加2个单位，来得时现在调到20个了", None, {("medications", "insulin glargine", "active")},
     {("medications", "insulin glargine", "active"): {"dose": "20 units"}}),
    ("血压降到130了，氨氯地平还在吃", None, {("medications", "amlodipine", "active")}, {}),
    # a dose in Chinese numerals
    ("二甲双胍每次五百毫克", None, {("medications", "metformin", "active")},
     {("medications", "metformin", "active"): {"dose": "500 mg"}}),
]

DRUG_COURSE: list[Case] = [
    # a switch clause naming only the new drug ends the drug named before it
    ("之前吃硝苯地平，脚踝老肿，后来换成了氨氯地平", None,
     {("medications", "nifedipine", "stopped"), ("medications", "amlodipine", "active")}, {}),
    # a symptom between a drug and its stop is the drug's side effect, not a current symptom
    ("二甲双胍吃了老拉肚子，后来就不吃了", None, {("medications", "metformin", "stopped")}, {}),
    ("阿托伐他汀吃了腿疼，医生让停了", None, {("medications", "atorvastatin", "stopped")}, {}),
    # "没啥用" says the drug did not help: it was taken, not denied
    ("以前吃过奥美拉唑没啥用", None, {("medications", "omeprazole", "stopped")}, {}),
    # a symptom after the stop is current
    ("阿司匹林停了，现在还是头疼", None,
     {("medications", "aspirin", "stopped"), ("symptoms", "headache", "active")}, {}),
]

VACCINES_AND_SURGERIES: list[Case] = [
    # a disease right by a vaccination verb is its vaccine, not the disease ("流感" alone stays the disease)
    ("乙肝打过三针", None, {("vaccinations", "hepatitis b vaccine", "historical")}, {}),
    ("流感也打了", None, {("vaccinations", "influenza vaccine", "historical")}, {}),
    ("上个月得了流感", None, {("diagnoses", "influenza", "active")}, {}),
    # a bare vaccination verb speaks of the vaccine named before, even in a question
    ("想了解一下HPV疫苗，我还没打过", None, {("vaccinations", "hpv vaccine", "confirmed_absent")}, {}),
    ("流感疫苗今年要打吗？去年打过", None, {("vaccinations", "influenza vaccine", "historical")}, {}),
    ("九价打完第三针了", None, {("vaccinations", "hpv vaccine", "historical")}, {}),
    # surgery in plain words
    ("二十岁的时候切了阑尾", None, {("surgeries", "appendectomy", "historical")}, {}),
    ("去年装了支架", None, {("surgeries", "coronary stent placement", "historical")}, {}),
    ("生老二是剖的", None, {("surgeries", "cesarean section", "historical")}, {}),
    # a condition treated by the operation told with it is over
    ("阑尾炎，切了阑尾", None,
     {("diagnoses", "appendicitis", "resolved"), ("surgeries", "appendectomy", "historical")}, {}),
    # a plan is no operation
    ("医生让我下周过几天来做碎石", None, set(), {}),
]

TRIGGERS_AND_OCCASIONS: list[Case] = [
    # an activity that brings on a symptom or an accident is no habit
    ("快走久了胸口闷", None, {("symptoms", "chest tightness", "active")}, {}),
    ("跑步摔了，膝盖扭伤了", None, {("injuries", "knee sprain", "active")}, {}),
    ("每天跑步半小时", None, {("lifestyle", "exercise", "active")}, {}),
    # "后" after an activity is a trigger, not a drug's reaction
    ("爬楼后气短", None, {("symptoms", "shortness of breath", "active")}, {}),
    ("吃完饭胃胀", None, {("symptoms", "bloating", "active")}, {}),
    ("头孢用了以后起疹子", None, {("allergies", "cephalosporins", "active")}, {}),
    # a symptom that says when a drug is used is no current symptom
    ("布洛芬，头疼的时候吃", None, {("medications", "ibuprofen", "active")}, {}),
]

ENDINGS_AND_SUBJECTS: list[Case] = [
    # "药也吃完了": the course of the drug in question is over, not every medication denied
    ("嗓子不疼了，药也吃完了", None,
     {("symptoms", "sore throat", "resolved"), ("medications", "^", "stopped")}, {}),
    ("现在什么药都不吃了", None, {("medications", "*", "confirmed_absent")}, {}),
    # the agent of a passive and an owner are no subject: the clause is the user's
    ("昨天被同事家的猫抓了，打了狂犬疫苗", None, {("vaccinations", "rabies vaccine", "historical")}, {}),
    ("我同事在吃二甲双胍", None, set(), {}),
    # a bare ending refers back: a stop to the drug or habit, a healing to the illness or injury
    ("酒喝了二十年，前年戒了", None, {("lifestyle", "alcohol", "stopped")}, {}),
    ("初中的时候右脚踝骨折过，早就好了", None, {("injuries", "ankle fracture", "resolved")}, {}),
    ("感冒了，吃了布洛芬好了", None,
     {("diagnoses", "common cold", "resolved"), ("medications", "ibuprofen", "active")}, {}),
    ("扶他林也不用了", None, {("medications", "diclofenac", "stopped")}, {}),
    # 头 inside another word is no head: the bone that healed is the injury discussed before
    ("骨头长好了", None, {("injuries", "^", "resolved")}, {}),
    # an instruction about the record is no health statement
    ("请把我的用药记录改成无", None, set(), {}),
]

VOCABULARY: list[Case] = [
    # colloquial names: 崴脚 is an ankle sprain, 阳了 is covid, 管住嘴/吃得清淡 a diet
    ("下楼梯崴了脚", None, {("injuries", "ankle sprain", "active")}, {}),
    ("上个月我阳了，现在好了", None, {("diagnoses", "covid-19", "resolved")}, {}),
    ("今天去晒太阳了", None, set(), {}),
    ("最近吃得比较清淡", None, {("lifestyle", "diet", "active")}, {}),
    ("夜里起来尿两次", None, {("symptoms", "nocturia", "active")}, {}),
    ("偶尔", "半夜出冷汗吗？", {("symptoms", "night sweats", "active")}, {}),
    # cardiology complaints in patients' words
    ("一活动就胸口闷，晚上躺不平，有时候左肩疼", None,
     {("symptoms", "chest tightness", "active"), ("symptoms", "orthopnea", "active"),
      ("symptoms", "shoulder pain", "active")}, {}),
    ("之前吃可定，现在吃立普妥", None,
     {("medications", "rosuvastatin", "stopped"), ("medications", "atorvastatin", "active")}, {}),
]

QUESTIONS: list[Case] = [
    # a question about what the user's own condition allows takes the condition as given
    ("我糖尿病能吃西瓜吗？", None, {("chronic_conditions", "diabetes", "active")}, {}),
    # asking whether gives nothing; nor does a condition named by nobody, or a relative's
    ("我有糖尿病吗？", None, set(), {}),
    ("我是不是糖尿病？", None, set(), {}),
    ("糖尿病能吃西瓜吗？", None, set(), {}),
    ("我爸糖尿病能吃西瓜吗？", None, set(), {}),
    ("要是我有糖尿病能吃西瓜吗？", None, set(), {}),
    # a degree word between the parts of a split term ("手还有点抖", "咳得很厉害")
    ("心慌好了，手还有点抖", None, {("symptoms", "palpitations", "resolved"), ("symptoms", "tremor", "active")}, {}),
    ("不发烧，咳得很厉害", None, {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "active")}, {}),
]
# fmt: on

ALL_CASES = [
    *QUESTIONS,
    *VOCABULARY,
    *SHORT_ANSWERS, *ME_TOO, *DOSE_CHANGES, *DRUG_COURSE, *VACCINES_AND_SURGERIES, *TRIGGERS_AND_OCCASIONS,
    *ENDINGS_AND_SUBJECTS,
]


@pytest.mark.parametrize(
    ("text", "context", "expected", "attributes"), ALL_CASES, ids=[f"{i}:{c[0][:30]}" for i, c in enumerate(ALL_CASES)]
)
def test_understands_chinese(
    text: str, context: str | None, expected: set[Triple], attributes: dict[Triple, dict[str, str]]
) -> None:
    found = events(text, context)
    assert {(e["section"], e["entity"], e["status"]) for e in found} == expected
    by_triple = {(e["section"], e["entity"], e["status"]): e for e in found}
    for triple, attrs in attributes.items():
        for name, value in attrs.items():
            assert by_triple[triple].get(name) == value, (triple, name)
