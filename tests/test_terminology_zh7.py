"""Chinese vocabulary at consultation scale (issue 11, item 3): the colloquial names patients and
doctors write for symptoms, conditions, drugs and Chinese patent medicines, read by the rules backend.

The names are data (the zh columns of anamnesis/terminology/data/*.tsv and the Chinese patent
medicine rows at the end of drugs_respiratory.tsv, drugs_alimentary.tsv, drugs_cardiovascular.tsv
and drugs_nervous_system.tsv). Every sentence here is new, written for this test by the curators,
not copied from an evaluation set or a consultation site; before these names were added the rules
found none of the expected facts below (or read 心口烧 as a fever).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Triple, triples, understand

# fmt: off
#: (sentence, facts that must be found, facts that must not be)
CASES: list[tuple[str, set[Triple], set[Triple]]] = [
    # symptoms: body part + sensation compounds and consultation phrasing
    ("最近心里突突的，一阵一阵的", {("symptoms", "palpitations", "active")}, set()),
    ("早上起来头蒙蒙的", {("symptoms", "dizziness", "active")}, set()),
    ("头懵懵的，还有点恶心", {("symptoms", "dizziness", "active"), ("symptoms", "nausea", "active")}, set()),
    ("饭后心口烧得慌", {("symptoms", "heartburn", "active")}, {("symptoms", "fever", "active")}),
    ("没有心口烧的感觉", {("symptoms", "heartburn", "confirmed_absent")}, {("symptoms", "fever", "confirmed_absent")}),
    ("人很乏，走两步就想歇", {("symptoms", "fatigue", "active")}, set()),
    ("胸口压得慌，一阵一阵的", {("symptoms", "chest tightness", "active")}, set()),
    ("爬个三楼就气紧", {("symptoms", "shortness of breath", "active")}, set()),
    ("现在不气紧了", {("symptoms", "shortness of breath", "resolved")}, set()),
    ("后背发紧，左肩也疼", {("symptoms", "back pain", "active"), ("symptoms", "shoulder pain", "active")}, set()),
    ("脖子发紧，转头不灵活", {("symptoms", "neck pain", "active")}, set()),
    ("咳嗽有几天了，痰里带血", {("symptoms", "cough", "active"), ("symptoms", "hemoptysis", "active")}, set()),
    ("几天没解大便了", {("symptoms", "constipation", "active")}, set()),
    ("下午鞋穿不进去，袜子勒出印", {("symptoms", "peripheral edema", "active")}, set()),
    ("半夜起来尿两回", {("symptoms", "nocturia", "active")}, set()),
    ("尿得勤，一晚上起来好几次", {("symptoms", "frequent urination", "active"), ("symptoms", "nocturia", "active")}, set()),
    ("晚上睡觉浅，一点动静就醒", {("symptoms", "insomnia", "active")}, set()),
    ("心跳有时候停一下，摸脉搏不齐", {("symptoms", "palpitations", "active")}, set()),
    ("饭后胸口火辣辣的", {("symptoms", "heartburn", "active")}, set()),
    ("两腿发沉，傍晚更明显", {("symptoms", "heavy legs", "active")}, set()),
    # weak hands and feet are weakness, not the one-sided weakness of a stroke
    ("最近手脚无力", {("symptoms", "muscle weakness", "active")}, {("symptoms", "one-sided weakness", "active")}),
    ("这两天拉绿便，肚子也不舒服", {("symptoms", "green stools", "active")}, set()),
    ("最近活着没什么意思", {("symptoms", "suicidal ideation", "active")}, set()),
    ("蹲下起来膝盖咔咔响", {("symptoms", "joint clicking", "active")}, set()),
    # conditions: abbreviations and lay names
    ("我有老慢支，一到冬天就咳", {("chronic_conditions", "chronic bronchitis", "active")}, set()),
    ("我血粘稠，在吃阿托伐他汀",
     {("chronic_conditions", "hyperlipidemia", "active"), ("medications", "atorvastatin", "active")}, set()),
    ("上个月吹气查了，碳13阳性", {("diagnoses", "helicobacter pylori infection", "active")}, set()),
    ("我甲低好几年了，吃优甲乐",
     {("chronic_conditions", "hypothyroidism", "active"), ("medications", "levothyroxine", "active")}, set()),
    ("我是乙肝携带者，每年查一次肝功", {("chronic_conditions", "chronic hepatitis b", "active")}, set()),
    ("医生说我心功能下降了", {("chronic_conditions", "heart failure", "active")}, set()),
    ("我妈有老寒腿", {("family_history", "knee osteoarthritis", "active")}, set()),
    ("我有肺心病好多年了", {("chronic_conditions", "cor pulmonale", "active")}, set()),
    ("医生查出来窦缓，心率才五十", {("diagnoses", "bradycardia", "active")}, set()),
    ("每年冬天手上都长冻疮", {("diagnoses", "chilblains", "active")}, set()),
    # plain-word surgery
    ("前年把胆切了", {("surgeries", "cholecystectomy", "historical")}, set()),
    # drugs: brands of the Chinese market and Chinese patent medicines
    ("腰疼开了妙纳，一天三次", {("medications", "eperisone", "active"), ("symptoms", "low back pain", "active")}, set()),
    ("胃镜后医生开了沃克20mg", {("medications", "vonoprazan", "active")}, set()),
    ("血压药是伲福达，早上一片", {("medications", "nifedipine", "active")}, set()),
    ("感冒了，吃了两天连花清瘟", {("diagnoses", "common cold", "active"), ("medications", "lianhua qingwen", "active")}, set()),
    ("每天晚上一粒百乐眠", {("medications", "bailemian capsules", "active")}, set()),
    ("六味地黄丸我已经不吃了", {("medications", "liuwei dihuang pills", "stopped")}, set()),
    ("昨天喝了藿香正气水，今天又吃了三九胃泰", {("medications", "sanjiu weitai", "active")}, set()),
    ("嗓子疼，含了金嗓子喉片", {("medications", "jinsangzi lozenges", "active"), ("symptoms", "sore throat", "active")}, set()),
    # the common misspellings of brand and generic names
    ("一直吃阿斯匹林，每天一片", {("medications", "aspirin", "active")}, set()),
    ("华法令我吃了三年了", {("medications", "warfarin", "active")}, set()),
    # a medicine one drinks is a medicine, not alcohol
    ("血压高，喝天麻钩藤颗粒",
     {("chronic_conditions", "hypertension", "active"), ("medications", "tianma gouteng granules", "active")},
     {("lifestyle", "alcohol", "active")}),
    # 肠炎宁 is a medicine, not the enteritis its name contains
    ("之前拉肚子吃过肠炎宁", {("medications", "changyanning", "active")}, {("diagnoses", "enteritis", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected", "forbidden"), CASES, ids=[c[0] for c in CASES])
def test_colloquial_chinese_names_are_understood(text: str, expected: set[Triple], forbidden: set[Triple]) -> None:
    found = triples(understand(text))
    assert expected <= found, found
    assert not (forbidden & found), found
