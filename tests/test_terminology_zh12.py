"""How Chinese patients name things in chat (issue 11): the everyday forms of chat_forms_zh.tsv and
the concepts added beside them (ureterolithiasis, oligomenorrhea, flank pain, injection site pain,
medical adhesive, furazolidone, chlortetracycline), read by the rules backend.

Every sentence is new, written for this test by the curators (none is from the gold, dev,
validation or blind sets); before these names were added the rules found none of the expected facts
below. The last tables hold what the forms must not do: an ordinary sentence names no symptom, a
denial stays a denial, a relative's symptom is not the user's.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Triple, triples, understand

# fmt: off
#: (sentence, facts it must give)
SYMPTOMS: list[tuple[str, set[Triple]]] = [
    # digestive
    ("昨天吃了路边摊，拉了好几次，肚子也隐隐作痛", {("symptoms", "diarrhea", "active"),
                                               ("symptoms", "abdominal pain", "active")}),
    ("一天拉七八次水，人都虚了", {("symptoms", "diarrhea", "active")}),
    ("三天没拉屎了，肚子胀胀的", {("symptoms", "constipation", "active"), ("symptoms", "bloating", "active")}),
    ("大便很硬，蹲厕所蹲半天", {("symptoms", "constipation", "active")}),
    ("这两天吃什么吐什么，喝口水都吐", {("symptoms", "vomiting", "active")}),
    ("饭后老冒酸水，嗓子眼也辣", {("symptoms", "heartburn", "active")}),
    ("这几天胃口不太好，不怎么想吃", {("symptoms", "loss of appetite", "active")}),
    ("拉的大便是黑色的，像柏油", {("symptoms", "black stools", "active")}),
    ("拉完纸上有血，大便表面有血", {("symptoms", "blood in stool", "active")}),
    # respiratory, ENT
    ("咳了半个月了，晚上咳醒好几次", {("symptoms", "cough", "active")}),
    ("喉咙里有痰，咳不出来", {("symptoms", "sputum", "active")}),
    ("痰里带着血丝，有点害怕", {("symptoms", "coughing up blood", "active")}),
    ("我喘起来有哨音，晚上更明显", {("symptoms", "wheezing", "active")}),
    ("走两步就喘，吸不上气", {("symptoms", "shortness of breath", "active")}),
    ("咽口水都疼，嗓子肿痛", {("symptoms", "sore throat", "active")}),
    ("清水鼻涕流个不停，喷嚏打个不停", {("symptoms", "runny nose", "active"), ("symptoms", "sneezing", "active")}),
    ("晚上鼻子塞住了，只能张着嘴睡", {("symptoms", "nasal congestion", "active")}),
    ("耳朵里像有知了叫，一直嗡嗡的", {("symptoms", "tinnitus", "active")}),
    ("右边耳朵有点背，别人说话听不清", {("symptoms", "hearing loss", "active")}),
    ("后槽牙疼得睡不着", {("symptoms", "toothache", "active")}),
    ("早上起来鼻子流血，擦了半天", {("symptoms", "nosebleed", "active")}),
    # heart, general
    ("晚上躺着心扑通扑通地跳", {("symptoms", "palpitations", "active")}),
    ("胸口一阵阵隐隐作痛，左胸口也疼", {("symptoms", "chest pain", "active")}),
    ("浑身不得劲，也说不上哪里疼", {("symptoms", "malaise", "active")}),
    ("最近累得要命，干什么都没劲", {("symptoms", "fatigue", "active")}),
    ("冷得直打哆嗦，盖两床被子还冷", {("symptoms", "chills", "active")}),
    ("半夜醒来一身汗，枕头都湿了", {("symptoms", "night sweats", "active")}),
    ("这阵子晚上一身汗，白天还好", {("symptoms", "night sweats", "active")}),
    ("闻不出味道，吃啥都没味", {("symptoms", "loss of smell", "active"), ("symptoms", "loss of taste", "active")}),
    ("嘴巴发干，一天喝好多水还是渴", {("symptoms", "dry mouth", "active"),
                                  ("symptoms", "excessive thirst", "active")}),
    ("没刻意减肥也瘦了，衣服都大了", {("symptoms", "weight loss", "active")}),
    # neuro, mental health
    ("脑门疼，一跳一跳的", {("symptoms", "headache", "active")}),
    ("一起身就头晕目眩，晕得站不稳", {("symptoms", "dizziness", "active")}),
    ("白天老打瞌睡，一坐下就睡着", {("symptoms", "drowsiness", "active")}),
    ("凌晨三四点就醒，醒了再也睡不着", {("symptoms", "insomnia", "active")}),
    ("记性越来越差，转头就忘", {("symptoms", "memory loss", "active")}),
    ("最近脾气特别暴，一点就着", {("symptoms", "irritability", "active")}),
    ("整天不开心，对什么都提不起兴趣", {("symptoms", "low mood", "active")}),
    ("我昨晚抽风了，口吐白沫", {("symptoms", "seizure", "active")}),
    ("手抖得厉害，端碗都洒", {("symptoms", "tremor", "active")}),
    # urogenital, women's health
    ("尿尿火辣辣的，尿道口疼", {("symptoms", "dysuria", "active")}),
    ("总想小便，一会儿一趟厕所", {("symptoms", "frequent urination", "active")}),
    ("晚上起夜三四回，睡不好", {("symptoms", "nocturia", "active")}),
    ("尿滴滴答答的，总觉得尿不干净", {("symptoms", "weak urinary stream", "active")}),
    ("早上的尿是红色的，像洗肉水", {("symptoms", "blood in urine", "active")}),
    ("大姨妈两个月没来了，验孕是阴性", {("symptoms", "amenorrhea", "active")}),
    ("大姨妈推迟了一周，以前很准", {("symptoms", "delayed menstruation", "active")}),
    ("来大姨妈小肚子疼得打滚", {("symptoms", "dysmenorrhea", "active")}),
    ("月经乱了，有时候二十天来一次", {("symptoms", "irregular menstruation", "active")}),
    ("例假三个月才来一次，一直这样", {("symptoms", "oligomenorrhea", "active")}),
    ("乳房胀痛，来例假之前更明显", {("symptoms", "breast pain", "active")}),
    # skin, musculoskeletal
    ("头发一把一把地掉，梳头掉好多头发", {("symptoms", "hair loss", "active")}),
    ("身上长了好多小疙瘩，痒得睡不着", {("symptoms", "rash", "active"), ("symptoms", "itching", "active")}),
    ("脖子落枕了，转不过来", {("symptoms", "neck pain", "active")}),
    ("腰疼得直不起来，搬东西闪了一下", {("symptoms", "low back pain", "active")}),
    ("浑身酸疼，像被打了一顿", {("symptoms", "muscle pain", "active")}),
    ("半夜小腿抽筋，疼醒了", {("symptoms", "muscle cramps", "active")}),
    ("脚后跟疼，早上下地第一步最疼", {("symptoms", "heel pain", "active")}),
    ("右边腰疼得厉害，医生说查查肾", {("symptoms", "flank pain", "active")}),
    ("打完疫苗第二天打针的地方很疼", {("symptoms", "injection site pain", "active")}),
]

CONDITIONS: list[tuple[str, set[Triple]]] = [
    ("体检血脂偏高，医生让少吃肉", {("chronic_conditions", "hyperlipidemia", "active")}),
    ("血稠，医生让多喝水", {("chronic_conditions", "hyperlipidemia", "active")}),
    ("坏胆固醇高，在吃他汀", {("chronic_conditions", "hypercholesterolemia", "active")}),
    ("甘油三酯超标了", {("chronic_conditions", "hypertriglyceridemia", "active")}),
    ("尿酸一直偏高，脚趾头疼过一次", {("chronic_conditions", "hyperuricemia", "active")}),
    ("我心脏有毛病，不敢剧烈运动", {("chronic_conditions", "heart disease", "active")}),
    ("我便秘好多年了，离不开开塞露", {("chronic_conditions", "chronic constipation", "active")}),
    ("怀孕四个月了，能吃头孢吗", {("chronic_conditions", "pregnancy", "active")}),
    ("前两天阳了，嗓子跟刀割一样", {("diagnoses", "covid-19", "active"), ("symptoms", "sore throat", "active")}),
    ("医生说是尿感，多喝水", {("diagnoses", "urinary tract infection", "active")}),
    ("昨天着凉了，有点流鼻涕", {("diagnoses", "common cold", "active"), ("symptoms", "runny nose", "active")}),
    ("肾里有结石，不大", {("diagnoses", "kidney stones", "active")}),
    ("CT说输尿管下段结石4毫米", {("diagnoses", "ureterolithiasis", "active")}),
    ("石头卡在输尿管里了，疼得打滚", {("diagnoses", "ureterolithiasis", "active")}),
    ("空腹血糖偏高，还没到糖尿病", {("diagnoses", "hyperglycemia", "active")}),
    ("我对胶布过敏，贴了就起红疹", {("allergies", "medical adhesive", "active")}),
    ("创可贴过敏，一贴就痒", {("allergies", "medical adhesive", "active")}),
    # injuries, mouth and eyes, men's and women's health
    ("打篮球把十字韧带撕裂了", {("injuries", "anterior cruciate ligament tear", "active")}),
    ("下楼梯崴了脚，肿了", {("injuries", "ankle sprain", "active")}),
    ("嘴里长了个溃疡，吃饭疼", {("diagnoses", "mouth ulcers", "active")}),
    ("上火了嘴角起泡", {("diagnoses", "herpes", "active")}),
    ("眼睛老是干，看电脑更明显", {("chronic_conditions", "dry eye syndrome", "active")}),
    ("我是双相，在吃碳酸锂", {("chronic_conditions", "bipolar disorder", "active"), ("medications", "lithium", "active")}),
    ("医生诊断是惊恐障碍", {("chronic_conditions", "panic disorder", "active")}),
    ("最近硬不起来，压力大", {("chronic_conditions", "erectile dysfunction", "active")}),
    ("结婚三年一直怀不上", {("chronic_conditions", "infertility", "active")}),
    ("洗澡时乳房摸到个硬块", {("symptoms", "breast lump", "active")}),
    # an organ named as inflamed, a condition named as a finding in its organ
    ("上个月胆囊发炎住了几天院", {("diagnoses", "cholecystitis", "active")}),
    ("拍片说肺部有炎症", {("diagnoses", "pneumonia", "active")}),
    ("眼睛发炎了，滴了眼药水", {("diagnoses", "conjunctivitis", "active")}),
    ("前列腺发炎，坐久了难受", {("diagnoses", "prostatitis", "active")}),
    ("B超说甲状腺上有个结节，不大", {("chronic_conditions", "thyroid nodule", "active")}),
    ("体检发现胆囊里有结石", {("diagnoses", "gallstones", "active")}),
    ("我爸中过风，我自己还好", {("family_history", "stroke", "active")}),
    ("一到春天鼻子就过敏，打喷嚏", {("chronic_conditions", "allergic rhinitis", "active")}),
]

DRUGS: list[tuple[str, set[Triple]]] = [
    ("膝盖疼的时候吃一片乐松", {("medications", "loxoprofen", "active")}),
    ("鼻炎犯了喷雷诺考特", {("medications", "budesonide", "active")}),
    ("二甲双瓜一天两次，每次一片", {("medications", "metformin", "active")}),
    ("在吃达英调月经", {("medications", "cyproterone/ethinylestradiol", "active")}),
    ("发烧吃了一片百服宁", {("medications", "paracetamol", "active")}),
    ("拉肚子吃了两颗氟哌酸", {("medications", "norfloxacin", "active")}),
    ("流感，医生开了可威", {("medications", "oseltamivir", "active")}),
    ("腰扭了，吃英太青", {("medications", "diclofenac", "active")}),
    ("感冒了吃了快克", {("medications", "paracetamol/amantadine/chlorphenamine/caffeine", "active")}),
    ("头疼吃了片布落芬", {("medications", "ibuprofen", "active")}),
    ("拉肚子喝了补液盐", {("medications", "oral rehydration salts", "active")}),
    ("杀幽门螺杆菌的药里有呋喃唑酮", {("medications", "furazolidone", "active")}),
    ("眼睛长了麦粒肿，涂金霉素眼膏", {("medications", "chlortetracycline", "active")}),
    # insulins by their clipped names, brands and misspellings of blood pressure drugs
    ("晚上打甘精14个单位", {("medications", "insulin glargine", "active")}),
    ("三餐前打门冬，每次6个单位", {("medications", "insulin aspart", "active")}),
    ("德谷每天晚上10个", {("medications", "insulin degludec", "active")}),
    ("血压药吃的压氏达", {("medications", "amlodipine", "active")}),
    ("洛丁新一天一片", {("medications", "benazepril", "active")}),
]

#: the assistant's question, the reply, the fact the reply gives
REPLIES: list[tuple[str, str, set[Triple]]] = [
    ("吐不吐？", "吐了两回", {("symptoms", "vomiting", "active")}),
    ("有没有痰？", "有，黄的", {("symptoms", "sputum", "active")}),
    ("累不累？", "挺累的", {("symptoms", "fatigue", "active")}),
    ("有没有恶心？", "有一点", {("symptoms", "nausea", "active")}),
    ("眼睛干不干？", "有点", {("chronic_conditions", "dry eye syndrome", "active")}),
    ("尿里有没有血？", "有，有点红", {("symptoms", "blood in urine", "active")}),
    ("睡觉出不出汗？", "出，衣服都湿了", {("symptoms", "night sweats", "active")}),
    ("痰里有没有血？", "没有", {("symptoms", "coughing up blood", "confirmed_absent")}),
]

#: ordinary words around the new forms: no symptom or condition of the user
NOTHING: list[str] = [
    "今天天气燥热，出去走了走",
    "我记得模模糊糊的，好像是去年",
    "今天去晒太阳了，心情不错",
    "她最近减肥瘦了十斤，挺开心的",
    "我妈晚上起夜三次",
    "他脾气大，我们吵架了",
    "我老公晚上打呼噜很响",
    "我妈流过产",
    "洗完脸眼睛干净了",
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), SYMPTOMS + CONDITIONS + DRUGS, ids=[c[0] for c in SYMPTOMS + CONDITIONS + DRUGS])
def test_everyday_chinese_names_are_their_facts(text: str, expected: set[Triple]) -> None:
    found = triples(understand(text))
    assert expected <= found, found


@pytest.mark.parametrize(("question", "reply", "expected"), REPLIES, ids=[q for q, _, _ in REPLIES])
def test_a_reply_to_a_question_in_everyday_words_is_its_fact(question: str, reply: str, expected: set[Triple]) -> None:
    assert expected <= triples(understand(reply, question))


@pytest.mark.parametrize("text", NOTHING)
def test_ordinary_or_someone_elses_words_state_no_symptom_of_the_user(text: str) -> None:
    mine = {t for t in triples(understand(text)) if t[0] in ("symptoms", "chronic_conditions", "diagnoses")}
    assert mine == set()


def test_a_denied_everyday_symptom_is_absent() -> None:
    assert ("symptoms", "nocturia", "confirmed_absent") in triples(understand("晚上不起夜"))
    assert ("symptoms", "night sweats", "confirmed_absent") in triples(understand("晚上睡觉没出汗"))
    assert ("symptoms", "constipation", "confirmed_absent") in triples(understand("大便不硬，每天都拉"))
