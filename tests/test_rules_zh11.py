"""The rules backend in Chinese, eleventh round (issue 11): failure kinds as general mechanisms,
each with new sentences written for it (none copied from an evaluation set).

- an ending said in a later message that names nothing ("好了", "早就好了", "没事了", "消了",
  "不疼了") refers to the illness, symptom or injury discussed last: the message proposes a
  resolved ``^`` event and the fold finds the referent (tests/test_reconcile.py);
  "好了，我知道了" closes a conversation and ends nothing;
- "药也停了" is the drug in question stopped, not every drug denied;
- a short denial with emphasis or pointing at the asked thing ("完全没有", "一点都没有",
  "这个没有", "那倒没有") denies what the assistant asked, as a bare "没有" does;
- a question that splits its term with 有没有 / 会不会 ("脚有没有肿？") asks of the term;
- "没测过" / "没查过" to "血压高吗？" says it was never checked, not that it is absent
  ("没查出来" found nothing, and denies);
- a question asked with a particle at the end instead of 吗 ("能治好不", "要吃一辈子么",
  "吃了没") states nothing, while a short answer ending in 不 / 没 ("现在不", "还没") still answers;
- in-laws, neighbours and friends of consultations (亲家, 隔壁老王, 哥们, 单位有人) are other people;
- an edit of the record ("帮我记一下：没有过敏", "更新一下我的资料…") states nothing;
- a correction whose old value follows the drug's name with no space ("阿托伐他汀20，说错了，是40")
  or comes after a comma ("15毫克，不对，是20毫克") is taken back, and the correction after 是 wins;
- "我爸有糖尿病，我没有": after a relative's illness, the user's bare denial denies it of the user
  (as after another person's, and as Russian "у меня нет" does);
- a weight change then the weight now without its unit ("瘦了十斤，现在150") is the weight in the
  change's unit (75 kg), as Russian "сбросил 6 кг, сейчас 90" is;
- consultation wording as data (symptoms_consultation.tsv, conditions_consultation.tsv): the calf
  is no belly (小腿肚子疼), a burning chest said with 有, coughing after a posture (一躺下就咳), a
  heart beating heavily or unevenly, a panicky chest, darkened lips, a carotid plaque with 有,
  plain diet words (海鲜也不吃了, 不吃主食), smoking again;
- two endings chained without a comma ("风团消了也不痒了") are two clauses, each an ending; a
  denial with a duration after 已经 ("已经一个礼拜滴酒没沾") is a stop, not an absence;
- a vaccine named by its disease may stand a few words before the jab ("甲肝肯定没打过");
- a stop (停了) after the complaint a drug caused stops the drug, not the complaint alone
  ("二甲双胍吃了拉肚子就停了": metformin stopped, the diarrhoea its past side effect, no event);
- filling in a form for the user ("你直接帮我填没有过敏就行") is addressed to the system;
- a part that denies one complaint and has another ("胸口不疼，但是有点闷", "头不疼，就是晕")
  keeps its part for the second one, the contrast as a link.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: a recovery that names nothing: the one discussed last is over (the fold resolves "^")
UNNAMED_RECOVERY: list[Row] = [
    ("好了", None, {("diagnoses", "^", "resolved")}),
    ("早就好了", None, {("diagnoses", "^", "resolved")}),
    ("现在没事了", None, {("diagnoses", "^", "resolved")}),
    ("基本上全好了，谢谢医生", None, {("symptoms", "^*", "resolved")}),
    # a pain, a swelling or a fever that went points to the symptom
    ("不疼了", None, {("symptoms", "^", "resolved")}),
    ("已经消下去了", None, {("symptoms", "^", "resolved")}),
    ("伤口已经长好了", None, {("injuries", "^", "resolved")}),
    ("已经长好了", None, {("injuries", "^", "resolved")}),
    ("退了", None, {("symptoms", "^", "resolved")}),
    # with the medicine stopped too: the one in question, not every medicine
    ("好了，药也停了", None, {("diagnoses", "^", "resolved"), ("medications", "^", "stopped")}),
    # an ending that names its illness is that illness
    ("咳嗽好了", None, {("symptoms", "cough", "resolved")}),
    # a bone that healed is the injury's
    ("石膏拆了，骨头长好了", None, {("injuries", "^", "resolved")}),
    ("骨头已经长上了", None, {("injuries", "^", "resolved")}),
    # the end of a conversation, a question, a promise: nothing is over
    ("好了好了，我知道了", None, set()),
    ("好了，那我先去做饭", None, set()),
    ("吃几天药就好了吗", None, set()),
]

#: emphasis or a pointer before a bare denial: still the denial of what was asked
EMPHATIC_DENIAL: list[Row] = [
    ("完全没有", "最近有没有头晕？", {("symptoms", "dizziness", "confirmed_absent")}),
    ("根本没有", "会心慌吗？", {("symptoms", "palpitations", "confirmed_absent")}),
    ("一点都没有", "脚有没有肿？", {("symptoms", "peripheral edema", "confirmed_absent")}),
    ("一次都没有。", "晕倒过吗？", {("symptoms", "fainting", "confirmed_absent")}),
    ("这个没有", "有没有发烧？", {("symptoms", "fever", "confirmed_absent")}),
    ("那倒没有", "爬楼会喘吗？", {("symptoms", "shortness of breath", "confirmed_absent")}),
    # the bare forms keep their reading
    ("有一点", "会心慌吗？", {("symptoms", "palpitations", "active")}),
]

#: a question that splits its term with its yes-or-no ("脚有没有肿") asks of the whole term
SPLIT_QUESTION: list[Row] = [
    ("没有", "脚有没有肿？", {("symptoms", "peripheral edema", "confirmed_absent")}),
    ("没有", "头有没有晕过？", {("symptoms", "dizziness", "confirmed_absent")}),
    ("会", "胸口会不会疼？", {("symptoms", "chest pain", "active")}),
    ("有时候有", "手有没有抖？", {("symptoms", "tremor", "active")}),
]

#: never checked is no denial; checked and nothing found is
UNCHECKED: list[Row] = [
    ("没测过", "您血压高吗？", set()),
    ("还没查", "血糖高不高？", set()),
    ("没去检查过", "有没有房颤？", set()),
    ("从来没量过", "血压高吗？", set()),
    ("没查出来", "有糖尿病吗？", {("chronic_conditions", "diabetes", "confirmed_absent")}),
]

#: one part, a complaint denied and another had, joined by a contrast
CONTRAST_SHARES_THE_PART: list[Row] = [
    ("胸口不疼，但是有点闷", None, {("symptoms", "chest pain", "confirmed_absent"),
                             ("symptoms", "chest tightness", "active")}),
    ("头不疼，就是晕", None, {("symptoms", "headache", "confirmed_absent"), ("symptoms", "dizziness", "active")}),
    ("肚子倒不疼，只是胀", None, {("symptoms", "abdominal pain", "confirmed_absent"),
                           ("symptoms", "bloating", "active")}),
    ("没有胸痛，就是闷得慌", None, {("symptoms", "chest pain", "confirmed_absent"),
                            ("symptoms", "chest tightness", "active")}),
    # no part before the contrast: nothing to share
    ("不疼，就是不想吃饭", None, {("symptoms", "loss of appetite", "active")}),
]

#: a question with its particle at the end, not 吗: nothing is stated
TAIL_PARTICLE_QUESTION: list[Row] = [
    ("请问心衰能治好不", None, set()),
    ("吃阿司匹林会出血不", None, set()),
    ("降压药要吃一辈子么", None, set()),
    ("早上那片倍他乐克吃了没", None, set()),
    # short answers that end in a denial still answer
    ("现在不", "还喝酒吗？", {("lifestyle", "alcohol", "stopped")}),
    ("从来没", "得过肺炎吗？", {("diagnoses", "pneumonia", "confirmed_absent")}),
    ("还没", "打过新冠疫苗吗？", {("vaccinations", "covid-19 vaccine", "confirmed_absent")}),
    ("头疼得很，吃了药也不管用", None, {("symptoms", "headache", "active")}),
]

#: people who are not the user and not blood relatives
OTHER_PEOPLE: list[Row] = [
    ("隔壁老王中风了", None, set()),
    ("我们单位有人心梗走了", None, set()),
    ("我亲家母有糖尿病", None, set()),
    ("我哥们吃阿托伐他汀肌肉疼", None, set()),
    ("我发小去年放了支架", None, set()),
]

#: text addressed to the system is no health statement
TO_THE_SYSTEM: list[Row] = [
    ("帮我记一下：没有过敏", None, set()),
    ("更新一下我的资料，我不再吃华法林了", None, set()),
    ("请修改我的档案，高血压已经好了", None, set()),
    ("记一下，我不抽烟", None, set()),
    ("登记表有过敏史那栏，你直接帮我填没有过敏就行", None, set()),
    ("帮我在表上写无过敏史", None, set()),
    # asking for help is no instruction about the record
    ("帮我写个饮食计划，我有糖尿病", None, {("lifestyle", "diet", "active"),
                                 ("chronic_conditions", "diabetes", "active")}),
]

#: the later value of a correction wins (Triple plus the dose)
CORRECTED_DOSES: list[tuple[str, dict[str, str]]] = [
    ("阿托伐他汀20，说错了，是40", {"atorvastatin": "40 mg"}),
    ("二甲双胍500，不对，是850mg一天两次", {"metformin": "850 mg"}),
    ("倍他乐克47.5毫克，利伐沙班15毫克，不对，是20毫克", {"metoprolol": "47.5 mg", "rivaroxaban": "20 mg"}),
    ("胰岛素打14个单位，哦不对，是18个单位", {"insulin": "18 units"}),
    ("氨氯地平5毫克，搞错了，应该是10毫克", {"amlodipine": "10 mg"}),
]

#: the user's bare denial after a relative's illness
ME_NEITHER_AFTER_A_RELATIVE: list[Row] = [
    ("我爸糖尿病，我没有", None, {("family_history", "diabetes", "active"),
                          ("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("我妈有高血压，我倒没有", None, {("family_history", "hypertension", "active"),
                            ("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("我姐哮喘，我自己没有", None, {("family_history", "asthma", "active"),
                           ("chronic_conditions", "asthma", "confirmed_absent")}),
    # another relative's denial is no denial of the user's
    ("我爸有糖尿病，我妈没有", None, {("family_history", "diabetes", "active")}),
]

#: the weight a change ends at, in the change's unit (demographics value in kg)
WEIGHT_NOW: list[tuple[str, str | None]] = [
    ("这个月瘦了十斤 现在150", "75"),
    ("掉了5公斤，现在70了", "70"),
    ("胖了八斤，目前是136", "68"),
    ("最近体重降了6斤，现在是120", "60"),
    # a change alone is no weight
    ("这个月瘦了十斤", None),
]

#: consultation wording (vocabulary as data)
CONSULTATION_WORDS: list[Row] = [
    ("走路多了小腿肚子酸疼", None, {("symptoms", "calf pain", "active")}),
    ("胸口老有烧灼感", None, {("symptoms", "heartburn", "active")}),
    ("晚上一躺下就咳", None, {("symptoms", "cough", "active")}),
    ("心率忽快忽慢的", None, {("symptoms", "palpitations", "active")}),
    ("心脏跳得特别重", None, {("symptoms", "palpitations", "active")}),
    ("胸口老是发慌", None, {("symptoms", "palpitations", "active")}),
    ("嘴唇有点发乌", None, {("symptoms", "cyanosis", "active")}),
    ("胸前区不适两天了", None, {("symptoms", "chest pain", "active")}),
    ("脖子老是发胀", None, {("symptoms", "neck pain", "active")}),
    ("B超说颈动脉有斑块", None, {("chronic_conditions", "carotid artery plaque", "active")}),
    # what one eats or gave up is the diet; a smoker again smokes
    ("海鲜也不吃了", None, {("lifestyle", "diet", "active")}),
    ("晚饭基本不吃主食", None, {("lifestyle", "diet", "active")}),
    ("平时爱吃肥肉", None, {("lifestyle", "diet", "active")}),
    ("最近又开始抽了，一天半包", None, {("lifestyle", "smoking", "active")}),
]

#: two endings chained without a comma; a denial with a duration after 已经 is a stop
ENDINGS_AND_STOPS: list[Row] = [
    ("风团全消了也不痒了", None, {("symptoms", "urticaria", "resolved"), ("symptoms", "itching", "resolved")}),
    ("咳嗽好了也不发烧了", None, {("symptoms", "cough", "resolved"), ("symptoms", "fever", "resolved")}),
    ("吃了也不管用，还是头疼", None, {("symptoms", "headache", "active")}),
    ("我已经一个礼拜滴酒没沾", None, {("lifestyle", "alcohol", "stopped")}),
    ("已经两个星期一根烟都没抽", None, {("lifestyle", "smoking", "stopped")}),
    ("从来滴酒不沾", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    # a vaccine named by its disease, a few words before the verb of the jab
    ("乙肝小时候打过，甲肝肯定没打过", None, {("vaccinations", "hepatitis b vaccine", "historical"),
                                  ("vaccinations", "hepatitis a vaccine", "confirmed_absent")}),
    ("流感疫苗去年打了", None, {("vaccinations", "influenza vaccine", "historical")}),
    # a stop after the complaint a drug caused stops the drug; the complaint was its past side
    # effect, no event (CONVENTIONS)
    ("吃过一阵米诺环素，吃完头晕得厉害就停了", None, {("medications", "minocycline", "stopped")}),
    ("二甲双胍吃了拉肚子就停了", None, {("medications", "metformin", "stopped")}),
    ("吃阿托伐他汀以后肌肉疼得厉害就停了", None, {("medications", "atorvastatin", "stopped")}),
]
# fmt: on

ROUND_ELEVEN = [
    *UNNAMED_RECOVERY, *EMPHATIC_DENIAL, *SPLIT_QUESTION, *TAIL_PARTICLE_QUESTION, *OTHER_PEOPLE, *TO_THE_SYSTEM,
    *ME_NEITHER_AFTER_A_RELATIVE, *CONSULTATION_WORDS, *ENDINGS_AND_STOPS, *UNCHECKED, *CONTRAST_SHARES_THE_PART,
]


@pytest.mark.parametrize(("text", "context", "expected"), ROUND_ELEVEN)
def test_understands_chinese_round_eleven(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected


@pytest.mark.parametrize(("text", "doses"), CORRECTED_DOSES)
def test_the_later_value_of_a_chinese_correction_wins(text: str, doses: dict[str, str]) -> None:
    assert {e["entity"]: e.get("dose") for e in understand(text, None, "zh").events} == doses


@pytest.mark.parametrize(("text", "kg"), WEIGHT_NOW)
def test_the_weight_a_chinese_change_ends_at(text: str, kg: str | None) -> None:
    weights = [e["value"] for e in understand(text, None, "zh").events if e["entity"] == "weight_kg"]
    assert weights == ([kg] if kg else [])
