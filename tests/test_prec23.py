"""The rules backend's facts where there must be none, twenty-third round (issue 11).

- **A plan or another's wish is no fact**: "they want me to start insulin", "кардиолог хочет
  назначить бисопролол", "врач собирается выписать метформин", "那我以后不喝酒了", "alright, I'll get
  the flu jab then", "那我去买点布洛芬吃", "那我试试氯雷他定" say what may
  happen, not what the user takes or has given up (gold README: plans yield no event). What was
  done stays a fact ("врач назначил бисопролол", "我不喝酒").
- **An order to file an entry of the record a certain way** is addressed to the system, not a
  health statement: "帮我把高血压标成已治愈", "糖尿病那条改成没有吧", "please set my asthma to
  resolved", "отметь астму как вылеченную" yield nothing; a doctor's change told in the same
  words ("医生把二甲双胍换成了阿卡波糖") is still a change.
- **A question about what is new asks about a part of a section**: "no" to "Any new medications
  since last time?", "Новые лекарства появились?", "最近有新开的药吗？" denies nothing the user
  already has (no ``*`` denial that would stop every known medicine), as "no" to "any other
  medicines?" already did; "no" to "Do you take any medications?" still denies them all.
- **An allergy a condition states by itself goes with it**: hay fever is a pollen allergy, but
  "had hay fever as a teen but grew out of it", "小时候有花粉症，长大就好了" state no current one.
- **A denial of a bare pain is the pain's, not the medicine's before it**: "took an ibuprofen and it
  doesn't hurt now", "выпил нурофен, больше не болит", "吃了布洛芬就不疼了" took the drug (it was
  read as stopped), and "吃了药就不疼了" denies no medicine (it was a denial of all of them). A pain
  that names its part ("голова не болит") keeps its denial, and so does an illness ("корью не болела").
- **A pill drunk is no alcohol**: "выпила таблетку" takes a pill (the singular "таблетка" is a
  medicines noun beside the plural), it is no drinking habit.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, probe_lang, triples, understand

# fmt: off
PLANNED: list[Row] = [
    ("they want me to start insulin", None, set()),
    ("my rheumatologist wants me to try methotrexate next month", None, set()),
    ("кардиолог хочет назначить бисопролол", None, set()),
    ("врач собирается выписать метформин", None, set()),
    ("невролог планирует назначить топирамат", None, set()),
    ("эндокринологи хотят перевести меня на инсулин", None, set()),
    ("那我以后不喝酒了", None, set()),
    ("我以后不抽烟了，说到做到", None, set()),
    ("从今往后不喝了", None, set()),
    ("今后不吃止痛药了", None, set()),
    # "I'll" and a verb of taking up, stopping or asking: what the user means to do after the advice
    ("alright, I'll get the flu jab then", "You should get a flu vaccine this autumn.", set()),
    ("ok I'll start the omeprazole", "Omeprazole 20 mg before breakfast is typical.", set()),
    ("I'll try cutting out coffee and take ibuprofen if it comes back", None, set()),
    ("I'll ask my GP about a statin", None, set()),
    ("ok, let me try the loratadine", "Loratadine may help.", set()),
    # ... and in Chinese: "那我去…", "我试试", "我回头去…", "去买点…"
    ("那我就去打流感疫苗吧", "建议今年秋天打流感疫苗。", set()),
    ("那我去买点布洛芬吃", "可以吃点布洛芬。", set()),
    ("那我试试氯雷他定", "可以试试氯雷他定。", set()),
    ("行，我回头去打个破伤风", "伤口较深，建议打破伤风。", set()),
    # what was done, or is so, stays a fact
    ("врач назначил бисопролол", None, {("medications", "bisoprolol", "active")}),
    ("they started me on insulin", None, {("medications", "insulin", "active")}),
    ("我不喝酒", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    ("I'll be honest, I smoke about 10 a day", None, {("lifestyle", "smoking", "active")}),
    ("我试过布洛芬，没用", None, {("medications", "ibuprofen", "active")}),
    ("昨天去买了布洛芬吃了", None, {("medications", "ibuprofen", "active")}),
]

FILED_BY_ORDER: list[Row] = [
    ("帮我把高血压标成已治愈", None, set()),
    ("糖尿病那条改成没有吧", None, set()),
    ("把我青霉素过敏这一条标记为不过敏", None, set()),
    ("哮喘这条设为已康复", None, set()),
    ("please set my asthma to resolved", None, set()),
    ("change my smoking to never", None, set()),
    ("отметь астму как вылеченную", None, set()),
    ("запишите гастрит как вылеченный", None, set()),
    # a doctor's change told in the same verbs is a change
    ("医生把二甲双胍换成了阿卡波糖", None,
     {("medications", "metformin", "stopped"), ("medications", "acarbose", "active")}),
    ("I had my asthma set off by the cat", None, {("chronic_conditions", "asthma", "active")}),
]

ASKED_WHAT_IS_NEW: list[Row] = [
    ("no", "Any new medications since last time?", set()),
    ("nope", "Have you started any new medicines?", set()),
    ("нет", "Новые лекарства появились?", set()),
    ("нет", "Каких-то новых препаратов не назначали?", set()),
    ("没有", "最近有新开的药吗？", set()),
    ("没有", "有没有新的症状？", set()),
    # a new one named is still told
    ("yes, lisinopril", "Any new medications since last time?", {("medications", "lisinopril", "active")}),
    # the section asked as a whole is denied as a whole
    ("no", "Do you take any medications?", {("medications", "*", "confirmed_absent")}),
    ("нет", "Принимаете какие-то лекарства?", {("medications", "*", "confirmed_absent")}),
    ("没有", "平时吃什么药吗？", {("medications", "*", "confirmed_absent")}),
]

OUTGROWN: list[Row] = [
    ("I had hay fever as a teenager but grew out of it", None,
     {("chronic_conditions", "allergic rhinitis", "resolved")}),
    ("got hayfever as a kid, it stopped when I hit twenty", None,
     {("chronic_conditions", "allergic rhinitis", "resolved")}),
    ("小时候有花粉症，长大就好了", None, {("chronic_conditions", "allergic rhinitis", "resolved")}),
    ("в детстве был поллиноз, потом прошёл", None, {("chronic_conditions", "allergic rhinitis", "resolved")}),
    # a current hay fever is still a pollen allergy
    ("I have hay fever every spring", None,
     {("allergies", "pollen", "active"), ("chronic_conditions", "allergic rhinitis", "active")}),
    ("у меня поллиноз", None, {("allergies", "pollen", "active"), ("chronic_conditions", "allergic rhinitis", "active")}),
]

BARE_PAIN_DENIED: list[Row] = [
    ("took an ibuprofen and it doesn't hurt now", None, {("medications", "ibuprofen", "active")}),
    ("выпил нурофен, больше не болит", None, {("medications", "ibuprofen", "active")}),
    ("吃了布洛芬就不疼了", None, {("medications", "ibuprofen", "active")}),
    ("吃了药就不疼了", None, set()),
    ("吃了药以后不疼了", None, set()),
    # the pain of a part is a complaint of its own, and a medicine not taken is still denied
    ("голова не болит", None, {("symptoms", "headache", "confirmed_absent")}),
    ("my knee doesn't hurt anymore", None, {("symptoms", "knee pain", "resolved")}),
    ("没吃药也不疼了", None, {("medications", "*", "confirmed_absent")}),
    # after an illness the verb is the illness's own: never had it
    ("корью в детстве не болела", None, {("diagnoses", "measles", "confirmed_absent")}),
]

PILL_DRUNK: list[Row] = [
    ("вчера выпила таблетку, уже не болит", None, set()),
    ("выпил одну таблетку перед сном", None, set()),
    ("выпила вина вчера", None, {("lifestyle", "alcohol", "active")}),
]
# fmt: on



@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [*PLANNED, *FILED_BY_ORDER, *ASKED_WHAT_IS_NEW, *OUTGROWN, *BARE_PAIN_DENIED, *PILL_DRUNK],
)
def test_prec23(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected
