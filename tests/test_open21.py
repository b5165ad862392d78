"""The patient's own words, in Chinese and Russian first (issue 11, session 16).

- **The labels' names**: a concept takes the name the tuned labels give it (terminology README
  rule 1): a sleep apnoea is `obstructive sleep apnea`, a broken collarbone a `clavicle fracture`.
- **The labels' granularity**: the acid that comes up (反酸, заброс кислоты) is acid reflux, apart
  from the burning (烧心, heartburn); 胃疼 is the stomach's own pain, epigastric (肚子疼 stays
  abdominal pain); a panic attack is an episode, not the anxiety disorder; a bulge in the groin
  is what a hernia shows before it is named.
- **How it hurts, between what hurts and the pain word** (Chinese): 尿的时候火辣辣的疼 is dysuria
  as 尿的时候疼 is; a degree word inside a bitter mouth (嘴里老发苦).
- **What the patient says it does**: a temper that flares (脾气特别暴, на всех срываюсь, snapping at
  everyone), bowels that keep running (меня несёт, 一天拉三次), blood seen in the pee, a Russian
  typo of a dizzy head (голова кружица); a throat that hurts when swallowing is the sore throat
  the labels name, not a difficulty swallowing; a back or a neck said by what it will not do; a
  light period is no late one; a Chinese part and 肿 as one word (手肿, 胳膊肿, 眼睛有点肿); a bladder
  that never feels empty; the pain of intercourse in everyday words; how many times the night
  gets the patient up, and how often the day does.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, probe_lang, triples, understand

# fmt: off
LABELS_NAMES: list[Row] = [
    ("diagnosed with sleep apnoea last year, on CPAP now", None,
     {("chronic_conditions", "obstructive sleep apnea", "active")}),
    ("у мужа храп, а у меня апноэ сна", None, {("chronic_conditions", "obstructive sleep apnea", "active")}),
    ("我有睡眠呼吸暂停", None, {("chronic_conditions", "obstructive sleep apnea", "active")}),
    ("broke my collarbone skiing last week", None, {("injuries", "clavicle fracture", "active")}),
    ("сломал ключицу, упал с велосипеда", None, {("injuries", "clavicle fracture", "active")}),
    ("上个月摔倒锁骨骨折了", None, {("injuries", "clavicle fracture", "active")}),
]

GRANULARITY: list[Row] = [
    ("最近老反酸，躺下更明显", None, {("symptoms", "acid reflux", "active")}),
    ("吃完饭就吐酸水，还烧心", None, {("symptoms", "acid reflux", "active"), ("symptoms", "heartburn", "active")}),
    ("по ночам заброс кислоты в горло", None, {("symptoms", "acid reflux", "active")}),
    ("I keep bringing up acid after meals", None, {("symptoms", "acid reflux", "active")}),
    ("I've had acid reflux for years, on omeprazole", None,
     {("chronic_conditions", "gastroesophageal reflux disease", "active"), ("medications", "omeprazole", "active")}),
    ("这几天胃疼得厉害", None, {("symptoms", "epigastric pain", "active")}),
    ("胃有点痛，吃了饭好一点", None, {("symptoms", "epigastric pain", "active")}),
    ("肚子疼了一晚上", None, {("symptoms", "abdominal pain", "active")}),
    ("胃不疼了", None, {("symptoms", "epigastric pain", "resolved")}),
    ("had a panic attack on the bus yesterday", None, {("symptoms", "panic attack", "active")}),
    ("вчера ночью была паническая атака", None, {("symptoms", "panic attack", "active")}),
    ("昨天在地铁上惊恐发作了", None, {("symptoms", "panic attack", "active")}),
    ("医生说我是惊恐障碍", None, {("chronic_conditions", "panic disorder", "active")}),
    ("noticed a lump in my groin when I stand up", None, {("symptoms", "groin bulge", "active")}),
    ("大腿根有个鼓包，站久了就出来", None, {("symptoms", "groin bulge", "active")}),
    ("в паху шишка, когда встаю", None, {("symptoms", "groin bulge", "active")}),
]

MANNER: list[Row] = [
    ("尿的时候火辣辣的疼，尿也多", None, {("symptoms", "dysuria", "active"), ("symptoms", "frequent urination", "active")}),
    ("小便的时候针扎一样痛", None, {("symptoms", "dysuria", "active")}),
    ("排尿时隐隐地痛", None, {("symptoms", "dysuria", "active")}),
    ("最近嘴里老发苦", None, {("symptoms", "dysgeusia", "active")}),
    ("早上起来口有点苦", None, {("symptoms", "dysgeusia", "active")}),
    # no pain is no pain, whatever it would have been like
    ("尿的时候不疼", None, {("symptoms", "dysuria", "confirmed_absent")}),
]

OWN_WORDS: list[Row] = [
    ("最近脾气特别暴，一点小事就吵", None, {("symptoms", "irritability", "active")}),
    ("动不动就发火，控制不住", None, {("symptoms", "irritability", "active")}),
    ("на всех срываюсь последнее время", None, {("symptoms", "irritability", "active")}),
    ("been snapping at everyone this week", None, {("symptoms", "irritability", "active")}),
    ("голова кружица с утра", None, {("symptoms", "dizziness", "active")}),
    ("меня несет третий день", None, {("symptoms", "diarrhea", "active")}),
    ("一天拉三四次，水样的", None, {("symptoms", "diarrhea", "active")}),
    ("писаю кровью со вчера", None, {("symptoms", "hematuria", "active")}),
    ("尿发红，有点像洗肉水", None, {("symptoms", "hematuria", "active")}),
    ("I've been peeing blood since yesterday", None, {("symptoms", "hematuria", "active")}),
    ("боль при глотании второй день", None, {("symptoms", "sore throat", "active")}),
    ("глотать больно, температура 38", None, {("symptoms", "sore throat", "active"), ("symptoms", "fever", "active")}),
    ("咽口水都疼，发烧了", None, {("symptoms", "sore throat", "active"), ("symptoms", "fever", "active")}),
    ("food keeps getting stuck when I swallow", None, {("symptoms", "dysphagia", "active")}),
    ("утром спину не разогнуть", None, {("symptoms", "back pain", "active")}),
    ("проснулась, шею заклинило, голову не повернуть", None, {("symptoms", "neck pain", "active")}),
    ("woke up and can't turn my neck", None, {("symptoms", "neck pain", "active")}),
    ("早上起来脖子扭不动", None, {("symptoms", "neck pain", "active")}),
    ("这两个月月经量特别少", None, {("symptoms", "oligomenorrhea", "active")}),
    ("месячные стали скудными", None, {("symptoms", "oligomenorrhea", "active")}),
    ("my periods have got lighter", None, {("symptoms", "oligomenorrhea", "active")}),
    ("月经推迟了五天", None, {("symptoms", "delayed menstruation", "active")}),
    ("早上起来手有点肿", None, {("symptoms", "hand swelling", "active")}),
    ("打完针胳膊肿了", None, {("symptoms", "arm swelling", "active")}),
    ("眼睛有点肿，是不是肾不好", None, {("symptoms", "eyelid swelling", "active")}),
    ("по утрам веки отекают", None, {("symptoms", "eyelid swelling", "active")}),
    ("手不肿了", None, {("symptoms", "hand swelling", "resolved")}),
    ("my bladder never feels empty", None, {("symptoms", "incomplete bladder emptying", "active")}),
    ("老觉得没尿完", None, {("symptoms", "weak urinary stream", "active")}),
    ("同房的时候有点疼", None, {("symptoms", "painful intercourse", "active")}),
    ("嘴角烂了好几天", None, {("symptoms", "cheilitis", "active")}),
    ("有前列腺增生，一晚上要起来两三次", None,
     {("chronic_conditions", "benign prostatic hyperplasia", "active"), ("symptoms", "nocturia", "active")}),
    ("ночью встаю 3 раза, днём нормально", None, {("symptoms", "nocturia", "active")}),
    ("getting up 4 times a night lately", None, {("symptoms", "nocturia", "active")}),
    ("孩子晚上起来一次", None, set()),
    ("这几天一天尿十几次", None, {("symptoms", "frequent urination", "active")}),
    ("хожу в туалет каждые полчаса, писать больно", None, {("symptoms", "frequent urination", "active"), ("symptoms", "dysuria", "active")}),
    ("need to pee every hour since monday", None, {("symptoms", "frequent urination", "active")}),
    ("一天尿五次", None, set()),
]
# fmt: on



@pytest.mark.parametrize(("text", "context", "expected"), [*LABELS_NAMES, *GRANULARITY, *MANNER, *OWN_WORDS])
def test_open21(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected
