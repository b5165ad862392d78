"""The rules backend's precision on Chinese, nineteenth round (issue 11): facts kept that nobody
said the user has.

- **An episode told with the experiential 过 and a count of times** ("得过一次带状疱疹", "出过一次
  水痘") is over, as "得过肺炎" already was: the count between 过 and the name must not hide it.
  A chronic condition ("犯过几次痛风") stays, and so does what goes on in the same phrase.
- **An illness feared, not had**: "我怕得糖尿病", "有点怕中风", "I'm scared of getting diabetes",
  "опасаюсь инсульта" state no fact; 怕 inside a symptom's own name ("怕冷", "怕光") still does.
- **A prohibition is advice, not a habit**: "医生说我不能喝酒", "不能吃辣", "Мне нельзя пить
  алкоголь", "I can't drink alcohol on these tablets" say nothing of whether the user drinks
  (neither a denial nor a habit), while "我不喝酒" still denies it.
- **A precaution names what is to be avoided**: "我会注意低血糖的", "防止中风", "小心别得糖尿病".
- **Another person the user acts for**: "我让他吃奥美拉唑", "我叫我儿子吃了布洛芬" are that person's.
- **A recovery ends the episode told in one run of names** ("上个月感冒发烧 现在好了", "肺炎加
  胸膜炎，早就治好了"), and "吃了药好了" says the illness is over, never that every medicine was
  stopped (it was an extra denial of the whole medications section).
- **A "me too" told in the past** ("我小时候也有过", "I had it too as a kid", "в детстве тоже была")
  is the user's own illness, over, not a current one.
- **The signs of a fresh injury** (the bleeding of a bite, the limp of a sprain) are the injury,
  not symptoms beside it.
- **"Not only"** (不光, 不仅, 不但, 不只) adds a complaint and denies none; a dose missed or medicine
  left at home (没按时吃药, 药没带) is no absence of all medicines; nor is how much or how often
  ("烟抽得不多", "不是每天都喝酒", "吃药不规律") a denial of the habit.
- **The family's elders** ("我们家老人", "家中老人", "老一辈") are family history, not the user.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, probe_lang, triples, understand

# fmt: off
EPISODE_WITH_A_COUNT: list[Row] = [
    ("去年得过一次带状疱疹", None, {("diagnoses", "herpes zoster", "resolved")}),
    ("前年得过一次肺炎，现在没事了", None, {("diagnoses", "pneumonia", "resolved")}),
    ("小时候出过一次水痘", None, {("diagnoses", "chickenpox", "resolved")}),
    ("三年前得过两次肾结石", None, {("diagnoses", "kidney stones", "resolved")}),
    ("十年前得过一回带状疱疹，现在还疼", None, {("diagnoses", "herpes zoster", "resolved")}),
    # a chronic condition is no episode, whatever the count
    ("之前犯过几次痛风", None, {("chronic_conditions", "gout", "active")}),
]

FEARED: list[Row] = [
    ("我怕得糖尿病", None, set()),
    ("我有点怕中风", None, set()),
    ("很怕会得老年痴呆", None, set()),
    ("最近总担忧自己有冠心病", None, set()),
    ("I'm scared of getting diabetes", None, set()),
    ("Я опасаюсь инсульта", None, set()),
    # 怕 inside a symptom's own name is the symptom
    ("我怕冷", None, {("symptoms", "cold intolerance", "active")}),
    ("有点怕光", None, {("symptoms", "photophobia", "active")}),
    # ... and an illness had is still had
    ("我有糖尿病", None, {("chronic_conditions", "diabetes", "active")}),
]

PROHIBITED: list[Row] = [
    ("医生说我不能喝酒", None, set()),
    # the liver named is an illness (vocab22's 肝不好); the prohibition still makes no habit
    ("肝不好，医生说不可以喝酒", None, {("chronic_conditions", "liver disease", "active")}),
    ("吃这个药期间不能喝酒", None, set()),
    ("我现在不可以抽烟", None, set()),
    ("医生交代别喝酒", None, set()),
    ("I can't drink alcohol on these tablets", None, set()),
    ("Мне нельзя пить алкоголь", None, set()),
    ("Врач запретил курить", None, set()),
    # a habit denied is still denied, and a quit habit still quit
    ("我不喝酒", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    ("I don't drink alcohol", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    ("Я не пью алкоголь", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    ("戒烟了，医生说以后也不准抽", None, {("lifestyle", "smoking", "stopped")}),
    # ... and "不能" that says what the body cannot do is a complaint
    ("晚上不能平躺", None, {("symptoms", "orthopnea", "active")}),
    # ... a medicine not to be taken any more is stopped, one named before "can't" stays as it was read
    ("医生让我别吃阿司匹林了，换成氯吡格雷", None,
     {("medications", "aspirin", "stopped"), ("medications", "clopidogrel", "active")}),
    ("二甲双胍不能再吃了", None, {("medications", "metformin", "stopped")}),
]

#: "注意低血糖", "防止中风", "小心别得糖尿病": a precaution names what is to be avoided, not had
PRECAUTION: list[Row] = [
    ("好的 谢谢医生 我会注意低血糖的", "吃格列美脲要注意低血糖。", set()),
    ("好的 我会注意防止中风", None, set()),
    ("小心别得糖尿病", None, set()),
    ("吃这个药得当心胃出血", None, set()),
    ("提防着点痛风", None, set()),
    ("I take aspirin to prevent a stroke", None, {("medications", "aspirin", "active")}),
    ("I'll watch out for low blood sugar", None, set()),
    # noticing is not a precaution
    ("我注意到最近老咳嗽", None, {("symptoms", "cough", "active")}),
]

#: "我让他吃奥美拉唑", "我给我妈买了降压药": the user makes or helps another person do it
FOR_ANOTHER: list[Row] = [
    ("我老公胃不好 我让他吃奥美拉唑", None, set()),
    ("我给我妈买了降压药", None, {("family_history", "hypertension", "active")}),
    ("我帮我爸约了胃镜 他最近老胃疼", None, set()),
    ("我叫我儿子吃了点布洛芬", None, set()),
    # the user doing it for themself is still the user
    ("我给自己买了布洛芬，头疼的时候吃", None, {("medications", "ibuprofen", "active")}),
]

#: "上个月感冒发烧 现在好了": a recovery ends every illness of the run of names it follows
RECOVERED_TOGETHER: list[Row] = [
    ("上个月感冒发烧 现在好了", None, {("diagnoses", "common cold", "resolved"), ("symptoms", "fever", "resolved")}),
    ("前几天头疼发烧，吃了药已经好了", None, {("symptoms", "headache", "resolved"), ("symptoms", "fever", "resolved")}),
    ("上周咳嗽流鼻涕，现在都痊愈了", None,
     {("symptoms", "cough", "resolved"), ("symptoms", "rhinorrhea", "resolved"), ("symptoms", "^*", "resolved")}),
    ("去年肺炎加胸膜炎，早就治好了", None,
     {("diagnoses", "pneumonia", "resolved"), ("diagnoses", "pleurisy", "resolved")}),
    ("头疼，吃了药就好了", None, {("symptoms", "headache", "resolved")}),
    ("嗓子疼了两天，吃了点药已经好了", None, {("symptoms", "sore throat", "resolved")}),
    ("前天拉肚子，吃了药好了", None, {("symptoms", "diarrhea", "resolved")}),
    # ... while a medicine stopped is still stopped
    ("药停了", None, {("medications", "^", "stopped")}),
    # a pause between them keeps the recovery to the last
    ("还在咳嗽，发烧已经好了", None, {("symptoms", "cough", "active"), ("symptoms", "fever", "resolved")}),
]

#: "我女儿湿疹 我小时候也有过": a "me too" told in the past is the user's own, over
ME_TOO_IN_THE_PAST: list[Row] = [
    ("我女儿湿疹 我小时候也有过", None,
     {("family_history", "atopic dermatitis", "active"), ("chronic_conditions", "atopic dermatitis", "resolved")}),
    ("我儿子哮喘，我小时候也得过", None,
     {("family_history", "asthma", "active"), ("chronic_conditions", "asthma", "resolved")}),
    ("我爸得过肺结核，我年轻时也得过", None,
     {("family_history", "tuberculosis", "active"), ("diagnoses", "tuberculosis", "resolved")}),
    ("My son has asthma, I had it too when I was little", None,
     {("family_history", "asthma", "active"), ("chronic_conditions", "asthma", "resolved")}),
    ("У дочки экзема, у меня в детстве тоже была", None,
     {("family_history", "atopic dermatitis", "active"), ("chronic_conditions", "atopic dermatitis", "resolved")}),
    # ... and a present "me too" is present
    ("我妈有高血压，我也有", None,
     {("family_history", "hypertension", "active"), ("chronic_conditions", "hypertension", "active")}),
    ("У сына астма, у меня тоже", None,
     {("family_history", "asthma", "active"), ("chronic_conditions", "asthma", "active")}),
]

#: "被狗咬了一口 手上破皮出血了": the bleeding, limp or bruise of a fresh injury is the injury
WOUND_SIGNS: list[Row] = [
    ("今天被邻居家的狗咬了一口 手上破皮出血了", None, {("injuries", "dog bite", "active")}),
    ("昨天打篮球把右脚崴了，今天走路一瘸一拐的", None, {("injuries", "ankle sprain", "active")}),
    ("早上被猫抓了一下 胳膊出血了", None, {("injuries", "cat bite", "active")}),
    ("I cut my hand on a tin yesterday and it bled a lot", None, {("injuries", "hand laceration", "active")}),
    # ... without an injury they are complaints, and a swelling of the injured part stays one
    ("最近身上老是莫名其妙淤青", None, {("symptoms", "bruising", "active")}),
    ("走路一瘸一拐的，膝盖疼", None, {("symptoms", "knee pain", "active"), ("symptoms", "limp", "active")}),
    ("打篮球崴脚了 脚踝肿得跟馒头一样", None,
     {("injuries", "ankle sprain", "active"), ("symptoms", "ankle swelling", "active")}),
]

#: "不光头疼还恶心": "not only" adds, it denies nothing; nor does a dose missed or left at home
NOT_ONLY: list[Row] = [
    ("不光头疼还恶心", None, {("symptoms", "headache", "active"), ("symptoms", "nausea", "active")}),
    ("不仅咳嗽还发烧", None, {("symptoms", "cough", "active"), ("symptoms", "fever", "active")}),
    ("不只是胃疼，还拉肚子", None, {("symptoms", "epigastric pain", "active"), ("symptoms", "diarrhea", "active")}),
    ("不光咳嗽 嗓子也疼", None, {("symptoms", "cough", "active"), ("symptoms", "sore throat", "active")}),
    ("不仅头晕还想吐", None, {("symptoms", "dizziness", "active"), ("symptoms", "nausea", "active")}),
    ("这几天不但失眠还心慌", None, {("symptoms", "insomnia", "active"), ("symptoms", "palpitations", "active")}),
    ("药没带", None, set()),
    ("最近没按时吃药", None, set()),
    ("咳嗽不止", None, {("symptoms", "cough", "active")}),
    # ... while a plain 不 still denies
    ("不头疼", None, {("symptoms", "headache", "confirmed_absent")}),
]

#: "烟抽得不多", "不是每天都喝酒", "吃药不规律": how much or how often is no denial of the habit
HOW_MUCH: list[Row] = [
    ("烟抽得不多 一天五六根", None, {("lifestyle", "smoking", "active")}),
    ("酒喝得不多", None, {("lifestyle", "alcohol", "active")}),
    ("不是每天都喝酒", None, {("lifestyle", "alcohol", "active")}),
    ("吃药不规律", None, set()),
    ("不规律吃药", None, set()),
    ("不是每天都头疼", None, {("symptoms", "headache", "active")}),
    # ... while a habit denied is denied
    ("不喝酒", None, {("lifestyle", "alcohol", "confirmed_absent")}),
]

#: "我们家老人有高血压": the family's elders are family, not the user
ELDERS: list[Row] = [
    ("我们家老人有高血压", None, {("family_history", "hypertension", "active")}),
    ("我家老一辈都有高血压，我自己血压正常", None, {("family_history", "hypertension", "active")}),
    ("家中老人得过中风", None, {("family_history", "stroke", "active")}),
    ("家里老人都有糖尿病", None, {("family_history", "diabetes", "active")}),
    ("我有高血压", None, {("chronic_conditions", "hypertension", "active")}),
]
# fmt: on



@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        *EPISODE_WITH_A_COUNT, *FEARED, *PROHIBITED, *PRECAUTION, *FOR_ANOTHER, *RECOVERED_TOGETHER,
        *ME_TOO_IN_THE_PAST, *WOUND_SIGNS, *NOT_ONLY, *HOW_MUCH, *ELDERS,
    ],
)
def test_zhprec19(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected
