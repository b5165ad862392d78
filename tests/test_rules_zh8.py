"""The rules backend on Chinese consultations, eighth round: general mechanisms, each with new
sentences written for it (none copied from an evaluation set).

- answers: a vaccination verb right after a disease in the assistant's question asks about its
  vaccine ("乙肝打过吗？" — "打过"); a profile sentence ("47，男。") before a bare answer; a
  relative's 有 answers a family question for that relative even beside another relative's
  illness; a drug or allergen named in an answer to a medicines question keeps it from denying
  every medicine;
- allergies: a skin-tested drug is not taken, "皮试阳性" is the allergy; "不过敏" with no
  allergen of its own denies the drug just named; a drug taken and a reaction in one clause
  ("吃了头孢身上起红疹") is an allergy, and a dated taking ("以前吃") is a stopped medicine
  beside it, never an allergy denied;
- what is not a fact: a doctor who prescribed nothing (没开药) denies no medicine; advice
  (让多运动, 叫我打疫苗) is not done; a finding told between a stopped drug and its stop is its
  side effect; a viral load (HBV-DNA) is a test; "不吃安眠药也能睡" denies the pills only and
  its 也能 clause is positive;
- an order to strike an entry (帮我把…删掉) is addressed to the system; 没再吃 / 不用吃了 stop a drug;
- aspect: the experiential 过 ends an episodic diagnosis ("前几年肺炎过一次"), never a chronic one
  or a relative's; 不晕了 / 不累了 / 基本没有了 end the complaint;
- phlegm beside a cough is the cough's quality (merge), alone it is a complaint;
- '我没有' after another person's illness denies it of the user; who says what the user has
  (我妈说我血压高) is not its subject;
- a diabetes type said after the user's own clause is the user's, not the relative's;
- vocabulary: lumbar disc herniation, leg and foot numbness, in-stent restenosis, left atrium
  slightly enlarged, 糖网, mango, 降压的; the innermost of two nested body parts (左脚大脚趾疼).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, by_triple, triples, understand

# fmt: off
ANSWERS: list[Row] = [
    ("打过", "乙肝疫苗以前打过吗？", {("vaccinations", "hepatitis b vaccine", "historical")}),
    ("打过了", "破伤风也打过吗？", {("vaccinations", "tetanus vaccine", "historical")}),
    ("还没", "破伤风打了吗？", {("vaccinations", "tetanus vaccine", "confirmed_absent")}),
    # a question about having had the disease is still about the disease
    ("没有", "以前得过破伤风吗？", {("diagnoses", "tetanus", "confirmed_absent")}),
    ("47，男。都没有", "您多大？有没有糖尿病、高血压？",
     {("demographics", "age", "active"), ("demographics", "sex", "active"),
      ("chronic_conditions", "diabetes", "confirmed_absent"),
      ("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("我爸有，我妈是乳腺癌", "家里有人得糖尿病吗？",
     {("family_history", "diabetes", "active"), ("family_history", "breast cancer", "active")}),
    ("我姐有，别人没有", "家里人有哮喘吗？", {("family_history", "asthma", "active")}),
    # the answer names its own drug: no denial of every medicine
    ("以前以为对青霉素过敏，后来查了是阴性", "药呢？", {("allergies", "penicillin", "confirmed_absent")}),
    ("是的", "是降糖的吗？", {("chronic_conditions", "diabetes", "active")}),
    # a count of times answers yes; with a word after it, it is no bare answer
    ("两三次", "最近一周胸闷几次？", {("symptoms", "chest tightness", "active")}),
]

ALLERGIES: list[Row] = [
    ("青霉素皮试做过了，不过敏", None, {("allergies", "penicillin", "confirmed_absent")}),
    ("吃过几次布洛芬，没过敏", None,
     {("medications", "ibuprofen", "active"), ("allergies", "ibuprofen", "confirmed_absent")}),
    ("吃了头孢身上起红疹", None, {("allergies", "cephalosporins", "active")}),
    ("以前用阿莫西林全身起风团，后来就不用了", None,
     {("allergies", "amoxicillin", "active"), ("medications", "amoxicillin", "stopped")}),
    # a skin test names no medicine taken; what it showed is the allergy
    ("阿莫西林皮试阳性", None, {("allergies", "amoxicillin", "active")}),
    ("头孢皮试是阴性", None, {("allergies", "cephalosporins", "confirmed_absent")}),
    # a bare denial with nothing named before it denies every allergy, as before
    ("不过敏", None, {("allergies", "*", "confirmed_absent")}),
]

NO_FACT: list[Row] = [
    ("医生看了说是胃炎，没给开药", None, {("diagnoses", "gastritis", "active")}),
    ("大夫让我多运动，少吃盐", None, set()),
    # the user's own clause after the advice is a fact again
    ("医生让我戒酒，我现在每天快走半小时", None, {("lifestyle", "exercise", "active")}),
    ("社区医生叫我去打带状疱疹疫苗", None, set()),
    ("医生让我打了流感疫苗", None, {("vaccinations", "influenza vaccine", "historical")}),
    # a prescription said as 让吃 stays a medicine taken
    ("医生让吃阿托伐他汀20毫克", None, {("medications", "atorvastatin", "active")}),
    ("二甲双胍吃了老是拉肚子，停了，换成阿卡波糖", None,
     {("medications", "metformin", "stopped"), ("medications", "acarbose", "active")}),
    ("恩替卡韦吃了一年，复查HBV-DNA测不到了", None, {("medications", "entecavir", "active")}),
    # "不X也能Y": the denial is of the sleeping pills only (no denial of every medicine), and what
    # one can do without them is said apart from it (sleep is no habit stopped)
    ("不吃安眠药也能睡着了，艾司唑仑停了", None,
     {("medications", "hypnotics", "confirmed_absent"), ("medications", "estazolam", "stopped"),
      ("symptoms", "^insomnia", "resolved")}),
    ("不吃安眠药也能睡六个小时", None,
     {("medications", "hypnotics", "confirmed_absent"), ("lifestyle", "sleep", "active")}),
]

SYSTEM_AND_STOPS: list[Row] = [
    # an order to strike an entry is addressed to the system: no fact, whatever it names
    ("帮我把糖尿病删掉", None, set()),
    ("请把我的头孢过敏去掉", None, set()),
    ("把阿司匹林删除", None, set()),
    # "没再吃", "不用吃了": the drug is stopped, not denied; "暂时不用吃药" denies no medicine
    ("硝苯地平吃完就没再吃", None, {("medications", "nifedipine", "stopped")}),
    ("二甲双胍医生说不用吃了", None, {("medications", "metformin", "stopped")}),
    ("医生说我暂时不用吃药", None, set()),
    ("原来的络活喜换掉了", None, {("medications", "amlodipine", "stopped")}),
]

ASPECT: list[Row] = [
    ("前几年肺炎过一次，住了院", None, {("diagnoses", "pneumonia", "resolved")}),
    ("年轻的时候得过胆囊炎", None, {("diagnoses", "cholecystitis", "resolved")}),
    # still going, chronic, or a relative's: no ending
    ("胃溃疡犯过几次，现在还经常疼", None, {("diagnoses", "peptic ulcer", "active")}),
    ("我妈心梗过", None, {("family_history", "myocardial infarction", "active")}),
    ("吃了药，现在不晕了", None, {("symptoms", "dizziness", "resolved")}),
    ("嗓子不疼了，就是还有点咳", None, {("symptoms", "sore throat", "resolved"), ("symptoms", "cough", "active")}),
    ("这几天也不累了", None, {("symptoms", "fatigue", "resolved")}),
    ("咳嗽吃了药好多了，这两天基本没有了", None, {("symptoms", "cough", "resolved")}),
    ("胸不闷，胸也不疼", None,
     {("symptoms", "chest tightness", "confirmed_absent"), ("symptoms", "chest pain", "confirmed_absent")}),
]

QUALITIES: list[Row] = [
    # phlegm with a cough is a complaint of its own, as the labels name both (20 of 30 dev turns)
    ("这几天咳嗽，痰挺多的", None, {("symptoms", "cough", "active"), ("symptoms", "sputum production", "active")}),
    ("早上起来老有痰", None, {("symptoms", "sputum production", "active")}),
]

NEITHER: list[Row] = [
    # "我没有" after another person's illness denies it of the user
    ("我婆婆有高血压，我没有", None, {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("我老伴痛风，我自己没有", None, {("chronic_conditions", "gout", "confirmed_absent")}),
    # a doubt is no denial
    ("我同事有糖尿病，我不清楚有没有", None, set()),
    # who says what the user has is not the one who has it
    ("我老婆说我打呼噜很响", None, {("symptoms", "snoring", "active")}),
    ("我妈总说我血压高", None, {("chronic_conditions", "hypertension", "active")}),
    ("我妈说她血压高", None, {("family_history", "hypertension", "active")}),
]

DIABETES_TYPE: list[Row] = [
    ("我爸糖尿病，我也有，医生说是1型", None,
     {("family_history", "diabetes", "active"), ("chronic_conditions", "type 1 diabetes", "active")}),
    ("我姐姐2型糖尿病", None, {("family_history", "type 2 diabetes", "active")}),
]

VOCABULARY: list[Row] = [
    ("腰间盘突出三年了", None, {("chronic_conditions", "lumbar disc herniation", "active")}),
    ("这两天右腿老是发麻", None, {("symptoms", "leg numbness", "active")}),
    ("脚底板有点麻", None, {("symptoms", "foot numbness", "active")}),
    ("造影说支架内再狭窄", None, {("diagnoses", "in-stent restenosis", "active")}),
    ("超声说左心房偏大", None, {("diagnoses", "left atrial enlargement", "active")}),
    ("查出来有糖网了", None, {("chronic_conditions", "diabetic retinopathy", "active")}),
    ("我对芒果过敏", None, {("allergies", "mango", "active")}),
    ("左脚大脚趾疼", None, {("symptoms", "toe pain", "active")}),
    ("右脚脚趾有点疼", None, {("symptoms", "toe pain", "active")}),
    ("一直在吃降压的", None, {("chronic_conditions", "hypertension", "active")}),
    ("早上手指头发僵，活动一会儿才好", None, {("symptoms", "morning stiffness", "active")}),
    # an echo finding, never the habit of exercise its 运动 would be alone
    ("彩超提示节段性室壁运动异常", None, {("diagnoses", "regional wall motion abnormality", "active")}),
    ("桥本好几年了", None, {("chronic_conditions", "hashimoto's thyroiditis", "active")}),
    # 血脂 with a degree word between ("血脂也高", "血脂有点偏高"), and its denial
    ("血压正常，血脂也高", None, {("chronic_conditions", "hyperlipidemia", "active")}),
    ("血脂倒是不高", None, {("chronic_conditions", "hyperlipidemia", "confirmed_absent")}),
    # a fatty liver on a scan is a finding (diagnoses), as the dev labels in zh and ru file it
    ("B超查出轻度脂肪肝", None, {("diagnoses", "fatty liver disease", "active")}),
    # a dose's Latin unit ends its clause before a space: the doubt after it is its own
    ("吃氯雷他定10mg 感觉效果一般 可能没用", None, {("medications", "loratadine", "active")}),
]
# fmt: on


ROUND_EIGHT = (
    ANSWERS + ALLERGIES + NO_FACT + SYSTEM_AND_STOPS + ASPECT + QUALITIES + NEITHER + DIABETES_TYPE + VOCABULARY
)


@pytest.mark.parametrize(("text", "context", "expected"), ROUND_EIGHT)
def test_understands_chinese_consultations_round_eight(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected


def test_a_relatives_answer_carries_the_relation() -> None:
    """ "我爸有" to a family question: the father's, with the relation."""
    events = by_triple(understand("我爸有，我妈没有", "家里人有高血压吗？", "zh"))
    assert events[("family_history", "hypertension", "active")]["relation"] == "father"


def test_an_allergy_from_a_dated_taking_is_never_denied() -> None:
    """The safety case: a reaction to a drug once taken must leave the allergy active, and its
    "早就不吃了" must not stop the drug the user takes now."""
    got = triples(understand("现在吃非布司他。以前吃别嘌醇浑身起疹子，早就不吃了", None, "zh"))
    assert ("allergies", "allopurinol", "active") in got
    assert ("allergies", "allopurinol", "confirmed_absent") not in got
    assert ("medications", "febuxostat", "active") in got


@pytest.mark.parametrize(
    ("text", "drug", "dose"),
    [
        # a dose after a comma, past a pill count: the comma is no thousands separator
        ("氯吡格雷，每天一片，75毫克", "clopidogrel", "75 mg"),
        # digits with 个单位, past a mealtime and 各
        ("门冬胰岛素三餐前各8个单位", "insulin aspart", "8 units"),
    ],
)
def test_a_dose_said_apart_from_the_drug(text: str, drug: str, dose: str) -> None:
    assert by_triple(understand(text, None, "zh"))[("medications", drug, "active")]["dose"] == dose


def test_a_healed_wound_is_the_injury_discussed_before() -> None:
    """ "伤口长好了": the wound names no injury of its own; it is the bite or cut told before, over."""
    assert triples(understand("手上的伤口长好了", None, "zh")) == {("injuries", "^", "resolved")}
    healed = triples(understand("伤口已经好了，疫苗也打完了", "被猫抓的伤口怎么样了？", "zh"))
    assert ("injuries", "^", "resolved") in healed
