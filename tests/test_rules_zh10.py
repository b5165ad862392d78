"""The rules backend on Chinese consultations, tenth round: general mechanisms and vocabulary, each
with new sentences written for it (none copied from an evaluation set).

- consultation vocabulary as families: heart-rhythm and ECG findings (窦性停搏, 长间歇, 逸搏,
  左前分支阻滞), lab and echo findings (肌钙蛋白升高, BNP升高, 肺淤血 is no bruise), the throat
  and limbs as cardiology patients describe them (嗓子眼发紧, 手足发凉), dimmed sight (黑朦),
  dreams that spoil sleep (多梦), a stomach that swells (胃里胀);
- fear and hearsay state nothing: 怕是心梗, 我怕得心梗, 听说吃他汀会肌肉疼, 网上说;
- a question about an illness in general ("心梗有什么症状", "心衰是什么意思") states nothing;
- questions without 吗 state nothing: A-not-A ("支架手术贵不贵", its 不 denies nothing), "…是什么",
  "有什么区别", "哪个好"; 动不动 and 时不时 only look like A-not-A;
- "我没有糖尿病，我爸有": the relative's bare "有" after the user's denial is the relative's history;
- a topic set up with 呢 / 嘛 / 啊 and then denied ("心慌呢，没有") is denied;
- 没再 / 再也没 / 再没 ("not again") says a complaint has gone (resolved), a medicine stopped;
  不怎么X了 ("hardly any more") has gone too; 没怎么 denies and asks nothing;
- a body part that is over without healing words ("脚好了", "膝盖已经好了") is the injury discussed
  before, as in Russian, not a new "foot injury";
- two adverbs stacked in a split phrase ("血压稍微有点高", "胸口一直有点闷");
- a swelling gone down (腿肿消了) has gone; an illness ruled out (排除了心梗) is denied, one still
  to be ruled out (要排除心梗) is not;
- a complaint denied or gone after a drug ("用了沙丁胺醇就不喘了") is the drug working, not an
  allergic reaction to it.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
VOCABULARY: list[Row] = [
    ("动态心电图说有窦性停搏，最长停了2.8秒", None, {("diagnoses", "sinus arrest", "active")}),
    ("心电图报告里写着左前分支阻滞", None, {("diagnoses", "left anterior fascicular block", "active")}),
    ("前天抽血肌钙蛋白升高了，医生让住院", None, {("diagnoses", "elevated troponin", "active")}),
    ("拍片说有点肺淤血", None, {("diagnoses", "pulmonary congestion", "active")}),
    ("一着急嗓子眼就发紧", None, {("symptoms", "throat swelling", "active")}),
    ("冬天手足发凉得厉害", None, {("symptoms", "cold intolerance", "active")}),
    ("上个月有过一次黑朦", None, {("symptoms", "fainting", "active")}),
    ("晚上老是多梦，醒了很累", None, {("symptoms", "insomnia", "active"), ("symptoms", "fatigue", "active")}),
    ("饭后胃里胀得难受", None, {("symptoms", "bloating", "active")}),
    ("心跳有停顿的感觉", None, {("symptoms", "palpitations", "active")}),
    ("低压偏高，一般在95左右", None, {("chronic_conditions", "hypertension", "active")}),
    # a tight, heavy or cold feeling on the part where it is felt
    ("心口有点发紧", None, {("symptoms", "chest tightness", "active")}),
    ("胸骨后面一直闷", None, {("symptoms", "chest tightness", "active")}),
    ("走一会儿小腿就发沉", None, {("symptoms", "heavy legs", "active")}),
    ("左肩老是发紧", None, {("symptoms", "shoulder pain", "active")}),
    ("手指头发凉", None, {("symptoms", "cold intolerance", "active")}),
    # a word inside a longer everyday one is not the finding
    ("腿上有块淤血，磕的", None, {("symptoms", "bruising", "active")}),
]

NO_FACT: list[Row] = [
    # fear and hearsay
    ("怕是心梗", None, set()),
    ("我怕自己得了房颤", None, set()),
    ("就怕是冠心病", None, set()),
    ("听说吃他汀会肌肉疼", None, set()),
    ("网上说胸闷可能是心肌缺血", None, set()),
    ("据说阿司匹林伤胃", None, set()),
    # an illness asked about in general
    ("心梗有什么症状", None, set()),
    ("心梗一般有什么表现", None, set()),
    ("心衰是什么意思", None, set()),
    ("什么是房颤", None, set()),
]

TOPIC_DENIED: list[Row] = [
    ("心慌呢，没有", None, {("symptoms", "palpitations", "confirmed_absent")}),
    ("胸痛嘛，倒没有", None, {("symptoms", "chest pain", "confirmed_absent")}),
    ("头晕啊，没有过", None, {("symptoms", "dizziness", "confirmed_absent")}),
    ("气短呢 一直没有", None, {("symptoms", "shortness of breath", "confirmed_absent")}),
    # the topic said, then affirmed
    ("心慌呢，有一点", None, {("symptoms", "palpitations", "active")}),
    # a stretch that says more than a bare denial keeps its own scope
    ("高血压，没有吃药", None, {("chronic_conditions", "hypertension", "active"),
                          ("medications", "*", "confirmed_absent")}),
]

NOT_AGAIN: list[Row] = [
    ("最近没再头晕", None, {("symptoms", "dizziness", "resolved")}),
    ("换了药以后再也没胸痛过", None, {("symptoms", "chest pain", "resolved")}),
    ("心慌没有再犯", None, {("symptoms", "palpitations", "resolved")}),
    ("腿肿再没出现", None, {("symptoms", "leg swelling", "resolved")}),
    ("利尿剂加量以后不怎么喘了", None, {("symptoms", "shortness of breath", "resolved")}),
    ("头不怎么疼了", None, {("symptoms", "headache", "resolved")}),
    ("这周没怎么咳嗽", None, {("symptoms", "cough", "confirmed_absent")}),
    # a medicine not taken again has stopped
    ("阿托伐他汀吃完没再买", None, {("medications", "atorvastatin", "stopped")}),
]

GONE_SINCE_THE_DRUG: list[Row] = [
    ("用了沙丁胺醇就不喘了", None, {("medications", "salbutamol", "active"),
                             ("symptoms", "shortness of breath", "resolved")}),
    ("吃了氯雷他定以后身上不痒了", None, {("medications", "loratadine", "active"),
                                ("symptoms", "itching", "resolved")}),
    ("吃了西替利嗪疹子没了", None, {("medications", "cetirizine", "active"), ("symptoms", "rash", "resolved")}),
    ("喷了沙美特罗就不怎么喘了", None, {("medications", "salmeterol", "active"),
                               ("symptoms", "shortness of breath", "resolved")}),
    # a complaint that follows the drug is still its reaction
    ("吃了阿莫西林身上起疹子", None, {("allergies", "amoxicillin", "active")}),
]

#: a body part that is over ("脚好了") is the injury discussed before (the fold resolves "^")
PART_HEALED: list[Row] = [
    ("脚好了", None, {("injuries", "^", "resolved")}),
    ("膝盖已经好了", None, {("injuries", "^", "resolved")}),
    ("手腕好了，石膏也拆了", None, {("injuries", "^", "resolved")}),
    ("脚踝基本好了", None, {("injuries", "^", "resolved")}),
    # a part whose pain is named is that pain, and a named injury stays itself
    ("腰好了", None, {("symptoms", "low back pain", "resolved")}),
    ("上个月把右脚崴了", None, {("injuries", "ankle sprain", "active")}),
]

#: two adverbs stacked inside a split phrase: a time or frequency word, then the degree
STACKED_ADVERBS: list[Row] = [
    ("血压稍微有点高", None, {("chronic_conditions", "hypertension", "active")}),
    ("胸口一直有点闷", None, {("symptoms", "chest tightness", "active")}),
    ("头最近老是晕", None, {("symptoms", "dizziness", "active")}),
    ("心里时不时有点慌", None, {("symptoms", "palpitations", "active")}),
]

#: a swelling that went down has gone; an illness ruled out is denied, one to be ruled out is not
GONE_DOWN_OR_RULED_OUT: list[Row] = [
    ("腿肿消了", None, {("symptoms", "leg swelling", "resolved")}),
    ("吃了利尿剂腿肿消下去了", None, {("symptoms", "leg swelling", "resolved")}),
    ("住院查了，排除了心梗", None, {("diagnoses", "myocardial infarction", "confirmed_absent")}),
    ("造影以后已经排除冠心病", None, {("chronic_conditions", "coronary artery disease", "confirmed_absent")}),
    ("医生说要排除心梗", None, set()),
]

#: questions without 吗: A-not-A ("贵不贵"), "是什么", comparing two things ("有什么区别", "哪个好")
QUESTIONS_WITHOUT_MA: list[Row] = [
    ("支架手术贵不贵", None, set()),
    ("氯吡格雷伤胃不伤胃", None, set()),
    ("华法林的副作用是什么", None, set()),
    ("硝酸甘油和速效救心丸有什么区别", None, set()),
    ("搭桥和支架哪个好", None, set()),
    # words built like A-not-A that ask nothing
    ("动不动就出一身汗", None, {("symptoms", "sweating", "active")}),
    ("心里时不时有点慌", None, {("symptoms", "palpitations", "active")}),
    ("我不抽烟", None, {("lifestyle", "smoking", "confirmed_absent")}),
]

#: the user denies it, a relative "has" it: the relative's family history
RELATIVE_HAS_WHAT_I_DENY: list[Row] = [
    ("我没有糖尿病，我爸有", None, {("chronic_conditions", "diabetes", "confirmed_absent"),
                           ("family_history", "diabetes", "active")}),
    ("高血压我没有，我妈有", None, {("chronic_conditions", "hypertension", "confirmed_absent"),
                           ("family_history", "hypertension", "active")}),
    ("我自己没有房颤，我哥倒是有", None, {("chronic_conditions", "atrial fibrillation", "confirmed_absent"),
                                ("family_history", "atrial fibrillation", "active")}),
    ("我没有哮喘，我女儿有的", None, {("chronic_conditions", "asthma", "confirmed_absent"),
                             ("family_history", "asthma", "active")}),
    # a relative who does not have it either has no history of it here
    ("我没有糖尿病，我爸也没有", None, {("chronic_conditions", "diabetes", "confirmed_absent")}),
]
# fmt: on

ROUND_TEN = [*RELATIVE_HAS_WHAT_I_DENY, *QUESTIONS_WITHOUT_MA, 
    *VOCABULARY, *NO_FACT, *TOPIC_DENIED, *NOT_AGAIN, *GONE_SINCE_THE_DRUG, *PART_HEALED, *STACKED_ADVERBS,
    *GONE_DOWN_OR_RULED_OUT,
]


@pytest.mark.parametrize(("text", "context", "expected"), ROUND_TEN)
def test_understands_chinese_consultations_round_ten(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected
