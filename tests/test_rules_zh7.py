"""The rules backend on Chinese consultations, seventh round: general mechanisms, each with new
sentences written for it (none copied from an evaluation set or a consultation site).

- compound names as data: 三高 / 四高 and "血压血脂都偏高" name several conditions at once
  (rules/data/compound_names.tsv, rules/compounds.py), under denial and for relatives too;
- a complaint whose cause, gravity or remedy the user asks about is the user's ("心慌是怎么回事",
  "要紧吗" after a statement), while a guess at a name or a hypothetical stays no fact;
- a degree complement is no denial ("喘得不行", "不严重") and an attack that passes in minutes no
  ending;
  a complaint that keeps one awake is not insomnia ("咳得睡不着");
- ages without 岁 ("我68了", "今年42") and an age standing alone ("退休工人 63岁");
- 宝宝 / 小孩 speak of the child, 怀宝宝 of the user; "我一个同事", "我有个朋友" and spouses
  (老伴, 媳妇, 孩子他爸) are other people;
- short answers that say how often ("只有周末", "偶尔会"); "没有" to a question about the past
  ("以前有过晕厥吗？") is never had, not "not gone";
- an endoscopy (胃镜, 肠镜) names no body part;
- consultation words probed against the lexicon (symptoms_consultation.tsv, round seven).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

HTN = ("chronic_conditions", "hypertension", "active")
DM = ("chronic_conditions", "diabetes", "active")
HLD = ("chronic_conditions", "hyperlipidemia", "active")

# fmt: off
COMPOUNDS: list[Row] = [
    ("体检查出三高，有点担心", None, {HTN, DM, HLD}),
    ("我没有三高，就是有点胖", None, {("chronic_conditions", "hypertension", "confirmed_absent"),
                           ("chronic_conditions", "diabetes", "confirmed_absent"),
                           ("chronic_conditions", "hyperlipidemia", "confirmed_absent")}),
    ("四高我全占了", None, {HTN, DM, HLD, ("diagnoses", "hyperuricemia", "active")}),
    ("这次化验血压血糖都偏高", None, {HTN, DM}),
    # a relative's compound is family history, each condition with the relation
    ("我爸三高好多年了", None, {("family_history", "hypertension", "active"),
                          ("family_history", "diabetes", "active"),
                          ("family_history", "hyperlipidemia", "active")}),
    # a question whether one has it gives nothing
    ("我这样算不算三高？", None, set()),
]

ASKED_ABOUT: list[Row] = [
    ("这两天一直头晕，要紧吗？", None, {("symptoms", "dizziness", "active")}),
    ("晚上老是胸口发闷是怎么回事", None, {("symptoms", "chest tightness", "active")}),
    ("为什么我总是心慌", None, {("symptoms", "palpitations", "active")}),
    ("腿肿得厉害怎么办", None, {("symptoms", "leg swelling", "active")}),
    # a hypothetical, a guess at a name and someone else's complaint stay no fact
    ("要是胸痛怎么办？", None, set()),
    ("会不会是心衰？", None, set()),
    ("我同事老是头晕是怎么回事", None, set()),
]

SCOPE: list[Row] = [
    # "得不行" says how much, it denies nothing
    ("走几步就累得不行", None, {("symptoms", "fatigue", "active")}),
    # an attack that passes in minutes is still the user's complaint
    ("有时候突然心慌，歇一会儿就好了", None, {("symptoms", "palpitations", "active")}),
    # a complaint that keeps one awake is that complaint, not insomnia
    ("夜里咳得睡不着觉", None, {("symptoms", "cough", "active")}),
    # "not severe" says how bad the complaint is, it denies nothing
    ("头晕倒是不严重，就是烦", None, {("symptoms", "dizziness", "active")}),
    ("胸口闷得不太厉害", None, {("symptoms", "chest tightness", "active")}),
    # 咳 alone is the cough, and its ending is the cough resolved
    ("这两天不咳了", None, {("symptoms", "cough", "resolved")}),
    # one negative, one positive across the comma
    ("不头疼，就是脖子发紧", None, {("symptoms", "headache", "confirmed_absent"), ("symptoms", "neck pain", "active")}),
]

DEMOGRAPHICS: list[Row] = [
    ("我72了，腿脚不太灵活", None, {("demographics", "age", "active")}),
    ("退休工人 63岁 血压高", None, {("demographics", "age", "active"), HTN}),
    # an age at a past time is no age now
    ("25岁那年做过阑尾手术", None, {("surgeries", "appendectomy", "historical")}),
    ("我30岁起就有高血压", None, {HTN}),
]

WHO: list[Row] = [
    # the child is someone else: its complaints are no facts of the user's
    ("宝宝这两天发烧，吃不下奶", None, set()),
    ("小孩咳嗽，我自己嗓子也疼", None, {("symptoms", "sore throat", "active")}),
    # "my" before a counted person: the colleague, not the user, is who the clause is about
    ("我有个同事说阿托伐他汀伤肝", None, set()),
    ("我一位亲戚心脏不好，我自己倒没什么", None, set()),
    # spouses named as patients call them are not the user and not blood relatives
    ("我老伴最近老咳嗽", None, set()),
    ("孩子他爸血压高", None, set()),
    # carrying a child is the user's own history
    ("怀宝宝的时候开始腰疼，到现在也没好", None, {("symptoms", "low back pain", "active")}),
]

SHORT_ANSWERS: list[Row] = [
    # a question about the past asks whether it ever happened: "没有" is never, not "not gone"
    ("从来没有过", "以前有过晕厥吗？", {("symptoms", "fainting", "confirmed_absent")}),
    ("没有", "以前有没有胸口疼过？", {("symptoms", "chest pain", "confirmed_absent")}),
    # while "没有" to "is it gone?" says it is still there
    ("还没有", "心慌好了吗？", {("symptoms", "palpitations", "active")}),
    ("就周末", "您平时喝酒吗？", {("lifestyle", "alcohol", "active")}),
    ("偶尔会", "活动以后会胸闷吗？", {("symptoms", "chest tightness", "active")}),
]

VOCABULARY: list[Row] = [
    ("心跳时快时慢的，摸脉搏也不齐", None, {("symptoms", "palpitations", "active")}),
    ("嘴唇有点发紫，手脚也发凉", None, {("symptoms", "cyanosis", "active"), ("symptoms", "cold intolerance", "active")}),
    ("最近老想叹气，总想长出一口气", None, {("symptoms", "sighing", "active")}),
    ("两条腿发沉，走不动", None, {("symptoms", "heavy legs", "active")}),
    ("喉咙里像有东西堵着，吐又吐不出来", None, {("symptoms", "globus sensation", "active")}),
    ("小便泡沫多，半天不散", None, {("symptoms", "cloudy urine", "active")}),
    ("看东西不清楚，眼睛发花", None, {("symptoms", "blurred vision", "active")}),
    ("头发蒙，昏昏沉沉的", None, {("symptoms", "dizziness", "active")}),
    ("每天跳操四十分钟", None, {("lifestyle", "exercise", "active")}),
    # an endoscopy names no body part, and a bypass is counted in grafts
    ("氯吡格雷停了五天，下周做肠镜", None, {("medications", "clopidogrel", "stopped")}),
    ("前年搭了两个桥", None, {("surgeries", "coronary artery bypass grafting", "historical")}),
    # an echo report's grade inside the valve's name
    ("心超说二尖瓣少量反流", None, {("chronic_conditions", "mitral regurgitation", "active")}),
    ("左室舒张功能减低", None, {("diagnoses", "diastolic dysfunction", "active")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"), COMPOUNDS + ASKED_ABOUT + SCOPE + DEMOGRAPHICS + WHO + SHORT_ANSWERS + VOCABULARY
)
def test_understands_chinese_consultations_round_seven(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected


def test_a_compound_name_keeps_its_span_for_every_entity() -> None:
    """Each condition of 三高 quotes the words the user wrote."""
    events = understand("我有三高", None, "zh").events
    assert sorted(e["entity"] for e in events) == ["diabetes", "hyperlipidemia", "hypertension"]
    assert {e["mention"] for e in events} == {"三高"}


def test_a_compound_of_an_unknown_entity_is_refused(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A compound row must name known terms: a typo in an entity is a build error, not a silent miss."""
    from anamnesis.understanding.rules import lexicon

    bad = tmp_path / "compound_names.tsv"
    bad.write_text("entities\ten\tru\tzh\nhypertension|diabetis\t\t\t二高\n", encoding="utf-8")
    monkeypatch.setattr(lexicon, "COMPOUNDS_FILE", bad)
    with pytest.raises(ValueError, match="diabetis"):
        lexicon.build_lexicon()
