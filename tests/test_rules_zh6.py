"""The rules backend on Chinese online consultations, sixth round: the complaints of cardiology
consultations named apart (胸闷 is chest tightness, not chest pain; 端坐呼吸 and 夜间憋醒 are
orthopnoea and nocturnal dyspnoea), consultation phrasing of denials (否认, a denied cause, a
relief that did not come) and of recurrence (又开始), belly, chest and head regions composed with
a pain word, and heart studies kept apart from facts (the study is a measurement, its finding a
diagnosis).

The vocabulary is data (anamnesis/terminology/data/symptoms_consultation.tsv,
conditions_cardiology_findings.tsv, the Chinese regions at the end of anatomy.tsv, the
consultation rows at the end of rules/data/cues.tsv). Every sentence here is new, written for
these mechanisms by the curators, not copied from any evaluation set or consultation site.
"""

from __future__ import annotations

import pytest

from anamnesis.understanding.rules.measurements import extract_measurements
from tests.test_rules_backend import Row, Triple, triples, understand

Symptoms = set[tuple[str, str]]

# fmt: off
#: The consultation check: patients' own descriptions of the kind online cardiology (and general)
#: consultations open with, and the symptoms each states. Before this round the rules found
#: 28 of its 50 symptoms (recall 0.560, precision 0.700).
CONSULTATION: list[tuple[str, Symptoms]] = [
    ("医生您好，我今年五十八岁，近半年反复胸闷，爬楼后加重，休息几分钟能缓解", {("chest tightness", "active")}),
    ("无明显诱因出现心慌，每次持续十来分钟", {("palpitations", "active")}),
    ("夜里睡着睡着就憋醒了，要坐起来才能喘过气", {("paroxysmal nocturnal dyspnea", "active")}),
    ("这一个月晚上不能平躺，得垫高枕头才睡得着", {("orthopnea", "active")}),
    ("双下肢水肿一周，按下去有凹陷", {("peripheral edema", "active")}),
    ("偶有头晕，有一次眼前发黑，差点摔倒", {("dizziness", "active"), ("fainting", "active")}),
    ("阵发性心悸三年，发作时伴胸口发紧、出冷汗",
     {("palpitations", "active"), ("chest tightness", "active"), ("sweating", "active")}),
    ("心前区隐痛，每次持续几分钟，向左肩放射", {("chest pain", "active"), ("shoulder pain", "active")}),
    ("有时候心脏突然咯噔一下，像停跳了一拍", {("palpitations", "active")}),
    ("最近一活动就心累，走几步就要歇", {("fatigue", "active")}),
    ("没有胸痛，也没有黑矇和晕厥", {("chest pain", "confirmed_absent"), ("fainting", "confirmed_absent")}),
    ("不是胸痛，是胸口憋闷，像压了块石头", {("chest pain", "confirmed_absent"), ("chest tightness", "active")}),
    ("否认胸痛，偶有心悸", {("chest pain", "confirmed_absent"), ("palpitations", "active")}),
    ("患者女，六十二岁，活动后气促两年，加重伴双下肢浮肿三天",
     {("shortness of breath", "active"), ("peripheral edema", "active")}),
    ("心跳有时候很快，自己数脉搏一分钟一百二十多下", {("palpitations", "active")}),
    ("全身乏力，纳差，一个月体重下降了四斤",
     {("fatigue", "active"), ("loss of appetite", "active"), ("weight loss", "active")}),
    ("咳嗽咳痰一周，痰是白色泡沫样的，夜间咳得厉害", {("cough", "active"), ("sputum production", "active")}),
    ("饭后上腹胀，老打嗝，还反酸", {("bloating", "active"), ("belching", "active"), ("heartburn", "active")}),
    ("头胀头痛，后脑勺发紧，血压高的时候更明显", {("headache", "active")}),
    ("左手臂发麻，左腿也没劲", {("numbness", "active"), ("muscle weakness", "active")}),
    ("胸骨后压榨样疼痛，持续半小时不缓解，满头大汗", {("chest pain", "active"), ("sweating", "active")}),
    ("晚上睡不着，入睡困难，早醒", {("insomnia", "active")}),
    ("尿少，腿肿，肚子也胀", {("oliguria", "active"), ("leg swelling", "active"), ("bloating", "active")}),
    ("口唇发绀，稍微一动就喘", {("cyanosis", "active"), ("shortness of breath", "active")}),
    ("心慌胸闷好几天了，严重吗？", {("palpitations", "active"), ("chest tightness", "active")}),
    ("胸口闷，喘不上气，嗓子发干",
     {("chest tightness", "active"), ("shortness of breath", "active"), ("dry throat", "active")}),
    ("以前有过胸闷，最近一个月没再发作", {("chest tightness", "resolved")}),
    ("头晕眼花，视物旋转，伴恶心", {("dizziness", "active"), ("vertigo", "active"), ("nausea", "active")}),  # 视物旋转: the spinning of vertigo
]

#: Written after the vocabulary of this round and scored once before any rule was changed for it
#: (the rules before this round: recall 0.512, precision 0.677; after: 0.927 and 0.927). Kept as a
#: floor, not tuned on.
HELD_OUT: list[tuple[str, Symptoms]] = [
    ("大夫好，我爸让我帮他问，不对，是我自己：最近一爬坡就胸口发闷，停下来就好", {("chest tightness", "active")}),
    ("近一周夜间憋醒两次，坐起后好转", {("paroxysmal nocturnal dyspnea", "active")}),
    ("平卧时气短明显，需要高枕卧位", {("shortness of breath", "active"), ("orthopnea", "active")}),
    ("两只脚踝都有凹陷性水肿", {("peripheral edema", "active")}),
    ("偶有早搏感，一天几次，心里咯噔一下就过去了", {("palpitations", "active")}),
    ("今年体检前无明显诱因出现头晕乏力", {("dizziness", "active"), ("fatigue", "active")}),
    ("否认胸闷胸痛，否认黑矇",
     {("chest tightness", "confirmed_absent"), ("chest pain", "confirmed_absent"), ("fainting", "confirmed_absent")}),
    ("上楼梯到三楼就要歇一歇，气不够用", {("shortness of breath", "active")}),
    ("心前区刺痛，深呼吸时加重，按压也疼", {("chest pain", "active")}),
    ("早上起来眼皮浮肿，小便少", {("eyelid swelling", "active"), ("oliguria", "active")}),
    ("最近心跳总是很快，静息也有一百多", {("palpitations", "active")}),
    ("这两天纳差、恶心，吃一点就饱",
     {("loss of appetite", "active"), ("nausea", "active"), ("early satiety", "active")}),
    ("干咳为主，偶尔咳出少量白痰", {("cough", "active"), ("sputum production", "active")}),
    ("左下腹阵发性绞痛，伴腹泻", {("left side abdominal pain", "active"), ("diarrhea", "active")}),
    ("后枕部胀痛，早上明显", {("headache", "active")}),
    ("右手手指发麻，拿筷子没劲", {("numbness", "active")}),
    ("失眠半年，难以入睡，睡着了也容易醒", {("insomnia", "active")}),
    ("发作时眼前发黑，持续几秒钟", {("fainting", "active")}),
    ("不是心慌，是胸口堵得慌", {("palpitations", "confirmed_absent"), ("chest tightness", "active")}),
    ("胸痛没有了，但还是有点憋气", {("chest pain", "resolved"), ("shortness of breath", "active")}),
    ("低热一周，下午明显，伴盗汗", {("fever", "active"), ("night sweats", "active")}),
    ("饭后胃脘胀痛，嗳气频繁", {("epigastric pain", "active"), ("belching", "active")}),
    ("走路不稳，看东西有重影", {("unsteady gait", "active"), ("double vision", "active")}),
    ("活动后胸闷气短，休息后可缓解，无放射痛", {("chest tightness", "active"), ("shortness of breath", "active")}),
    ("尿的时候有点疼，尿频", {("dysuria", "active"), ("frequent urination", "active")}),
]

# Mechanisms, each with sentences of its own (none of them in the checks above).

NAMED_APART: list[Row] = [
    # 胸闷 and its split and colloquial forms are chest tightness; pain words stay chest pain
    ("这几天胸口有点闷", None, {("symptoms", "chest tightness", "active")}),
    ("胸口像压着块石头，但不疼", None, {("symptoms", "chest tightness", "active")}),
    ("左胸一阵阵刺痛", None, {("symptoms", "chest pain", "active")}),
    # lying flat and waking breathless are their own signs of heart failure
    ("一躺下就喘，只能靠着睡", None, {("symptoms", "orthopnea", "active")}),
    ("半夜喘醒过好几回", None, {("symptoms", "paroxysmal nocturnal dyspnea", "active")}),
    ("尿量减少了，一天就几百毫升", None, {("symptoms", "oliguria", "active")}),
    # the medical name, and the narrower complaint apart from the broader one
    ("眼睛特别痒，一直揉", None, {("symptoms", "itchy eyes", "active")}),
    ("牙龈经常出血", None, {("symptoms", "gingival bleeding", "active")}),
    ("晨起发僵，活动半小时才好", None, {("symptoms", "morning stiffness", "active")}),
    ("小便的时候很疼", None, {("symptoms", "dysuria", "active")}),
    # 气促 in a consultation is breathlessness, not fast breathing
    ("一干活就气促", None, {("symptoms", "shortness of breath", "active")}),
]

DENIALS: list[Row] = [
    # 否认 denies like 没有, over a list and a history noun
    ("否认心悸、晕厥", None, {("symptoms", "palpitations", "confirmed_absent"),
                         ("symptoms", "fainting", "confirmed_absent")}),
    ("否认糖尿病史", None, {("chronic_conditions", "diabetes", "confirmed_absent")}),
    # a denied cause is no denial of the complaint that follows it
    ("没有明显诱因，突然就心慌起来", None, {("symptoms", "palpitations", "active")}),
    ("不明原因的头晕两个月", None, {("symptoms", "dizziness", "active")}),
    # a relief or improvement that did not come leaves the complaint there
    ("胸口闷，含了药也没有好转", None, {("symptoms", "chest tightness", "active")}),
    ("头痛吃止痛药不缓解", None, {("symptoms", "headache", "active")}),
    # "not X but Y": X denied, Y stated
    ("不是头晕，是眼前发黑", None, {("symptoms", "dizziness", "confirmed_absent"),
                            ("symptoms", "fainting", "active")}),
    # a negated split phrase is the denial, never the complaint
    ("胸不闷，也不心慌", None, {("symptoms", "chest tightness", "confirmed_absent"),
                          ("symptoms", "palpitations", "confirmed_absent")}),
]

RECURRENCE: list[Row] = [
    # a complaint that starts again after an ending is present, whatever ended before it
    ("上个月好了，这周又开始头晕", None, {("symptoms", "dizziness", "active")}),
    ("以前的早搏消失了，最近又开始心慌", None,
     {("diagnoses", "extrasystoles", "resolved"), ("symptoms", "palpitations", "active")}),
    # 被烧醒 is heartburn waking one up, not a fever
    ("半夜老被烧醒，胸骨后烧灼感", None, {("symptoms", "heartburn", "active")}),
]

REGIONS: list[Row] = [
    # a belly, chest or head region and a pain word are that region's pain
    ("右下腹一阵一阵地疼", None, {("symptoms", "abdominal pain", "active")}),
    ("小腹坠着疼", None, {("symptoms", "lower abdominal pain", "active")}),
    ("上腹部痛了三天", None, {("symptoms", "epigastric pain", "active")}),
    ("左上腹隐隐地痛", None, {("symptoms", "left side abdominal pain", "active")}),
    ("心前区疼，出了一身汗", None, {("symptoms", "chest pain", "active"), ("symptoms", "sweating", "active")}),
    ("太阳穴两边疼", None, {("symptoms", "headache", "active")}),
    # and the region that no longer hurts is the pain resolved
    ("肚脐周围已经不痛了", None, {("symptoms", "abdominal pain", "resolved")}),
    # a region alone states nothing
    ("医生按了按我的右上腹", None, set()),
]

STUDIES: list[Row] = [
    # a heart study is a measurement, never a symptom, diagnosis or habit
    ("上周做了心电图、心脏彩超和冠脉CTA", None, set()),
    ("运动平板试验做完了", None, set()),
    ("血尿素氮和肌酐都查了", None, set()),
    # what a study found is a diagnosis (an abnormal result) or a lifelong condition
    ("动态心电图报告：ST段压低，偶发交界性早搏", None,
     {("diagnoses", "st segment depression", "active"), ("diagnoses", "premature junctional contractions", "active")}),
    ("造影说右冠狭窄百分之五十", None, {("diagnoses", "coronary artery stenosis", "active")}),
    ("心超提示左心房增大", None, {("diagnoses", "left atrial enlargement", "active")}),
    ("冠脉CT说有心肌桥", None, {("chronic_conditions", "myocardial bridge", "active")}),
    # an endoscopy's or a stay's diagnosis, named as clinicians name it
    ("胃镜查出来反流性食道炎", None, {("diagnoses", "reflux esophagitis", "active")}),
    ("前年上消化道出血住过院", None, {("diagnoses", "upper gastrointestinal bleeding", "resolved")}),
    ("胃镜报告写的浅表性胃炎", None,
     {("diagnoses", "chronic gastritis", "active"), ("surgeries", "gastroscopy", "historical")}),
]
# fmt: on


def _found(text: str) -> Symptoms:
    return {(e["entity"], e["status"]) for e in understand(text, None, "zh").events if e["section"] == "symptoms"}


def _recall_precision(cases: list[tuple[str, Symptoms]]) -> tuple[float, float]:
    tp = fn = fp = 0
    for text, expected in cases:
        got = _found(text)
        tp, fn, fp = tp + len(expected & got), fn + len(expected - got), fp + len(got - expected)
    return tp / (tp + fn), tp / (tp + fp)


def test_consultation_symptoms_are_found() -> None:
    recall, precision = _recall_precision(CONSULTATION)
    assert recall >= 0.95 and precision >= 0.95, (recall, precision)


def test_held_out_consultation_symptoms_stay_found() -> None:
    recall, precision = _recall_precision(HELD_OUT)
    assert recall >= 0.9 and precision >= 0.9, (recall, precision)


@pytest.mark.parametrize(("text", "context", "expected"), NAMED_APART + DENIALS + RECURRENCE + REGIONS + STUDIES)
def test_understands_chinese_consultations(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected


@pytest.mark.parametrize(
    ("text", "tests"),
    [
        ("冠脉CTA正常，24小时动态血压也正常", {"coronary ct angiography", "ambulatory blood pressure monitoring"}),
        ("颈动脉彩超正常", {"carotid ultrasound"}),
        ("心肌灌注显像提示异常", {"myocardial perfusion imaging"}),
    ],
)
def test_new_study_names_are_measurements(text: str, tests: set[str]) -> None:
    assert {m["test"] for m in extract_measurements(text)} == tests
