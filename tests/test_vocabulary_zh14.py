"""Chinese concepts no row had (issue 11): whole conditions and patent medicines, not new forms.

Each concept is named by a multi-character clinical term or product name that cannot occur in
ordinary text (神经性皮炎, 重症肌无力, 百令胶囊), so the row raises recall without a precision cost.
A term that contains an older, more general one (白大衣高血压 over 高血压, 丘疹性荨麻疹 over 荨麻疹)
gives the specific concept alone. Every sentence is new, written for this test (none is from the
gold, dev, validation or blind sets).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Triple, triples, understand


def _facts(text: str, context: str | None = None) -> set[Triple]:
    return triples(understand(text, context))


# fmt: off
#: conditions of neurology, skin, gynaecology, GI, lungs and mental health that had no row
CONDITIONS: list[tuple[str, Triple]] = [
    ("我五年前确诊了重症肌无力，一直在吃溴吡斯的明", ("chronic_conditions", "myasthenia gravis", "active")),
    ("左边面肌痉挛两年了，眼皮老跳", ("chronic_conditions", "hemifacial spasm", "active")),
    ("我上个月做了头颅CT，说有脑萎缩", ("chronic_conditions", "cerebral atrophy", "active")),
    ("核磁共振提示脑白质病变，医生说和血压有关", ("chronic_conditions", "white matter disease", "active")),
    ("医生说我是颈源性头痛，让我少低头", ("diagnoses", "cervicogenic headache", "active")),
    ("这两年脖子后面长了一块神经性皮炎，痒得厉害", ("chronic_conditions", "lichen simplex chronicus", "active")),
    ("我腿上被蚊子咬完起了丘疹性荨麻疹", ("diagnoses", "papular urticaria", "active")),
    ("一到夏天手指上就长汗疱疹", ("chronic_conditions", "dyshidrotic eczema", "active")),
    ("右手掌脱皮，皮肤科说是手癣", ("diagnoses", "tinea manuum", "active")),
    ("智齿冠周炎又犯了，脸都肿了", ("diagnoses", "pericoronitis", "active")),
    ("膝关节滑膜炎，走路多了就肿", ("diagnoses", "synovitis", "active")),
    ("我比较瘦，钡餐查出来胃下垂", ("chronic_conditions", "gastroptosis", "active")),
    ("体检CT发现右肺有个肺大疱", ("chronic_conditions", "pulmonary bulla", "active")),
    ("妇科检查说是hpv感染，要半年复查", ("diagnoses", "human papillomavirus infection", "active")),
    ("医生说我黄体功能不足，所以老是月经提前", ("diagnoses", "luteal phase defect", "active")),
    ("在医院量血压就高，在家量都正常，医生说是白大衣高血压", ("diagnoses", "white coat hypertension", "active")),
    ("高中的时候得过神经衰弱，整晚睡不着", ("chronic_conditions", "neurasthenia", "active")),
    ("我有进食障碍，吃多了就去催吐", ("chronic_conditions", "eating disorder", "active")),
    ("带状疱疹好了，但是还有神经病理性疼痛", ("symptoms", "neuropathic pain", "active")),
]

#: findings of Chinese reports and clinic letters that had no row
FINDINGS: list[tuple[str, Triple]] = [
    ("B超查出左肾错构瘤，两公分大小", ("chronic_conditions", "renal angiomyolipoma", "active")),
    ("体检B超写着前列腺钙化灶，要紧吗", ("diagnoses", "prostatic calcification", "active")),
    ("肚子疼去医院，说是肠系膜淋巴结炎", ("diagnoses", "mesenteric lymphadenitis", "active")),
    ("我有肝内胆管结石，右上腹时不时胀", ("chronic_conditions", "hepatolithiasis", "active")),
    ("肛门口长了个硬疙瘩，医生说是血栓性外痔", ("diagnoses", "thrombosed hemorrhoid", "active")),
    ("我有腋臭，夏天特别尴尬", ("chronic_conditions", "bromhidrosis", "active")),
    ("皮肤一划就起红道，医生说是皮肤划痕症", ("chronic_conditions", "dermographism", "active")),
    ("一吹冷风身上就起疙瘩，查了是寒冷性荨麻疹", ("chronic_conditions", "cold urticaria", "active")),
    ("小腿前面长了几个痛的红包，诊断结节性红斑", ("diagnoses", "erythema nodosum", "active")),
    ("眼科说我是倒睫，睫毛扎眼睛", ("diagnoses", "trichiasis", "active")),
    ("查眼底发现眼底出血，让我控制血压", ("diagnoses", "retinal hemorrhage", "active")),
    ("我是萎缩性鼻炎，鼻子里老结痂", ("chronic_conditions", "atrophic rhinitis", "active")),
    ("喉镜查出来左侧声带麻痹，说话声音嘶哑", ("diagnoses", "vocal cord paralysis", "active")),
    ("查血脂蛋白a升高，别的血脂都正常", ("chronic_conditions", "elevated lipoprotein(a)", "active")),
    ("最近右边上睑下垂，下午更明显", ("symptoms", "ptosis", "active")),
    ("这两次同房发现有血精，不疼", ("symptoms", "hematospermia", "active")),
    ("自己摸到左下腹有个腹部包块，按着不疼", ("symptoms", "abdominal mass", "active")),
    ("我去年查出血铅超标，医生说是铅中毒", ("diagnoses", "lead poisoning", "active")),
    ("我从小就是o型腿，走多了膝盖疼", ("chronic_conditions", "genu varum", "active")),
    ("去云南玩回来发烧，医院说是恙虫病", ("diagnoses", "scrub typhus", "active")),
    ("发烧三天了，查出来是腺病毒感染", ("diagnoses", "adenovirus infection", "active")),
    ("被猫抓了以后腋下淋巴结肿，诊断猫抓病", ("diagnoses", "cat scratch disease", "active")),
    ("我今年十六岁，男性乳房发育，胸口有点凸", ("chronic_conditions", "gynecomastia", "active")),
    ("我有多毛症，嘴唇上面汗毛很重", ("chronic_conditions", "hirsutism", "active")),
    ("去年确诊大动脉炎，左手脉摸不到", ("chronic_conditions", "takayasu arteritis", "active")),
    ("肺功能报告说有小气道病变", ("chronic_conditions", "small airway dysfunction", "active")),
    ("我咳了三个月，查下来是嗜酸粒细胞性支气管炎", ("diagnoses", "eosinophilic bronchitis", "active")),
]

#: Chinese patent medicines patients take, each by a product name
MEDICINES: list[tuple[str, str]] = [
    ("肾功能不好，一直在吃百令胶囊", "bailing capsules"),
    ("肌酐高，医生开了尿毒清颗粒", "niaoduqing granules"),
    ("尿路感染吃了三金片就好多了", "sanjin"),
    ("子宫肌瘤在吃桂枝茯苓丸", "guizhi fuling pills"),
    ("乳腺增生吃了两个月乳癖消片", "rupixiao"),
    ("胃胀不舒服，喝了胃苏颗粒", "weisu granules"),
    ("嗓子哑了在含黄氏响声丸", "huangshi xiangsheng pills"),
    ("发烧了，喝了小儿柴桂退热颗粒", "xiaoer chaigui tuire granules"),
    ("容易感冒，医生让我吃玉屏风颗粒", "yupingfeng"),
    ("咳嗽好久了，吃了苏黄止咳胶囊", "suhuang zhike capsules"),
    ("骨质疏松在吃仙灵骨葆胶囊", "xianling gubao capsules"),
    ("腰疼贴了伤湿止痛膏", "shangshi zhitong plaster"),
    ("痔疮犯了，抹了马应龙痔疮膏", "mayinglong hemorrhoid ointment"),
    ("烫伤了，涂了点京万红软膏", "jingwanhong ointment"),
    ("血糖高，一直吃消渴丸", "xiaoke pills"),
    ("化疗后在吃贞芪扶正颗粒", "zhenqi fuzheng"),
    ("阳了以后吃了先诺欣，第三天就不烧了", "simnotrelvir/ritonavir"),
    ("糖尿病脚麻，医生开了依帕司他", "epalrestat"),
    ("肾病低蛋白饮食，配着吃复方α酮酸片", "ketoanalogues"),
    ("住院的时候每天肚子上打低分子肝素", "low molecular weight heparin"),
    ("痰多咳不出来，吃了桉柠蒎肠溶软胶囊", "eucalyptol/limonene/pinene"),
]

#: ordinary words that contain a new term's characters: no condition and no medicine
ORDINARY: list[str] = [
    "手术很成功血压也稳定了",
    "我家的猫叫小金，今天带它去打疫苗",
    "今天去超市买了三斤金桔",
    "周末去公园看红花，拍了好多照片",
    "他很快克服了困难，开同学会的时候还聊起来",
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), CONDITIONS, ids=[c[0] for c in CONDITIONS])
def test_a_concept_that_had_no_row_is_its_fact(text: str, expected: Triple) -> None:
    assert expected in _facts(text)


@pytest.mark.parametrize(("text", "expected"), FINDINGS, ids=[c[0] for c in FINDINGS])
def test_a_finding_that_had_no_row_is_its_fact(text: str, expected: Triple) -> None:
    assert expected in _facts(text)


@pytest.mark.parametrize(("text", "drug"), MEDICINES, ids=[c[0] for c in MEDICINES])
def test_a_patent_medicine_is_a_medication(text: str, drug: str) -> None:
    assert ("medications", drug, "active") in _facts(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_words_name_no_new_concept(text: str) -> None:
    found = _facts(text)
    assert not any(t[0] in {"medications", "chronic_conditions", "diagnoses", "symptoms"} for t in found)


def test_a_specific_term_gives_the_specific_concept_alone() -> None:
    found = _facts("医生说我只是白大衣高血压，不用吃药")
    assert ("diagnoses", "white coat hypertension", "active") in found
    assert not any(t[1] == "hypertension" for t in found)
    hives = _facts("去年夏天得过丘疹性荨麻疹")
    assert not any(t[1] == "hives" for t in hives)


def test_a_denied_new_concept_is_confirmed_absent() -> None:
    assert ("chronic_conditions", "myasthenia gravis", "confirmed_absent") in _facts("没有重症肌无力", "有没有重症肌无力？")
