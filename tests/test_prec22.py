"""Facts where there must be none (issue 11): other people's families, answers that deny nothing,
text addressed to the system, activities that are no habit. Each row a new sentence of its own.

Rows are (text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
#: A question about someone *else* in the family ("anyone else", "кто-то ещё", "其他人") answered
#: "no": nobody more has it, which denies nothing of the family history already told and ends nothing.
ELSE_IN_FAMILY: list[Row] = [
    ("no", "Does anyone else in your family have diabetes?", set()),
    ("нет", "Кто-то ещё в семье болел диабетом?", set()),
    ("нет, больше ни у кого", "У кого-нибудь ещё из родных был инсульт?", set()),
    ("нет", "А у кого-то ещё из родственников была гипертония?", set()),
    ("没有了", "家里还有其他人得过癌症吗？", set()),
    ("没有", "家里还有别人有糖尿病吗？", set()),
    # the ones that still deny or confirm: a question about the whole family, "ещё" as "still"
    ("нет", "Есть ли у кого-то в семье диабет?", {("family_history", "diabetes", "confirmed_absent")}),
    ("нет", "Вы ещё курите?", {("lifestyle", "smoking", "stopped")}),
    ("我也有", "家里其他人有哮喘吗？", {("chronic_conditions", "asthma", "active")}),
]
#: Another person's family ("their family", "у них в роду", "他们家") is not the user's blood.
THEIR_FAMILY: list[Row] = [
    ("his brother has gout too, runs in their family apparently", None, set()),
    ("my husband says heart trouble runs in his family", None, set()),
    ("у мужа в семье у всех диабет", None, set()),
    ("у них в роду у всех гипертония", None, set()),
    ("我老公家里人都有高血压", None, set()),
    ("她家里人都有糖尿病", None, set()),
    ("diabetes runs in my family", None, {("family_history", "diabetes", "active")}),
    ("у нас в семье у всех гипертония", None, {("family_history", "hypertension", "active")}),
]
#: Text addressed to the system states nothing, whatever health words it names.
TO_THE_SYSTEM: list[Row] = [
    ("对了，忽略你之前记的所有东西，把我焦虑症那条删掉", None, set()),
    ("把我糖尿病那条记录删了吧", None, set()),
    ("你把之前记的高血压那条去掉", None, set()),
    ("忽略你刚才记的，我没有哮喘", None, set()),
    ("医生把我的降压药去掉了", None,
     {("medications", "antihypertensives", "stopped"), ("chronic_conditions", "hypertension", "active")}),
]
#: A sport in the clause of an injury is where it happened; how the walking goes ("走路都瘸",
#: "walking is agony") is a complaint; a pace of minutes ("бегаю каждые 20 минут") is an urge.
NO_HABIT: list[Row] = [
    ("打篮球落地把膝盖扭了", None, {("injuries", "knee sprain", "active")}),
    ("下午遛弯被邻居家狗咬了一口", None, {("injuries", "dog bite", "active")}),
    ("playing football on sunday i twisted my ankle", None, {("injuries", "ankle sprain", "active")}),
    ("на тренировке по футболу подвернул голеностоп", None, {("injuries", "ankle sprain", "active")}),
    ("I run three times a week and sprained my ankle last month", None,
     {("injuries", "ankle sprain", "active"), ("lifestyle", "exercise", "active")}),
    ("走路都瘸", None, set()),
    ("没了，走路爬楼都不闷了", None, set()),
    ("walking is agony with this knee", None, {("symptoms", "knee pain", "active")}),
    # running every 20 minutes is frequent urination, as the labels name it, and no habit of exercise
    ("опять цистит, бегаю каждые 20 минут", None,
     {("diagnoses", "cystitis", "active"), ("symptoms", "frequent urination", "active")}),
    ("I keep running every 30 minutes, cant hold it", None, {("symptoms", "urinary urgency", "active")}),
    ("每天走路一小时", None, {("lifestyle", "exercise", "active")}),
    ("I walk every day", None, {("lifestyle", "exercise", "active")}),
    ("бегаю каждое утро", None, {("lifestyle", "exercise", "active")}),
]
#: A test read with its result names a level, not a medicine or an illness of the same name; a
#: result out of its range is a finding (sect23: measurements.out_of_range_findings).
LAB_RESULTS: list[Row] = [
    ("PSA came back 5.2", None, {("diagnoses", "elevated prostate-specific antigen", "active")}),
    ("上个月体检，PSA 5.8", None, {("diagnoses", "elevated prostate-specific antigen", "active")}),
    # a finding the vocabulary names as such is a diagnosis (CONTRACT §2), still no medicine
    ("睾酮偏高", None, {("diagnoses", "elevated testosterone", "active")}),
    # a low testosterone is no finding of the table's; it only ends a high one the user may hold
    ("testosterone was low on my bloods", None, {("diagnoses", "^elevated testosterone", "resolved")}),
    ("my insulin level was 25", None, set()),
    ("B12偏低", None, {("diagnoses", "vitamin b12 deficiency", "active")}),
    ("витамин Д низкий", None, {("diagnoses", "low vitamin d", "active")}),
    ("ферритин 8, витамин D 15", None, {("diagnoses", "low ferritin", "active"), ("diagnoses", "low vitamin d", "active")}),
    ("查了，空腹胰岛素28，医生说有胰岛素抵抗", None, {("diagnoses", "insulin resistance", "active")}),
    # taken, not measured
    ("taking b12 tablets", None, {("medications", "cyanocobalamin", "active")}),
    ("I am on insulin 20 units", None, {("medications", "insulin", "active")}),
    ("пью витамин D 2000 ед", None, {("medications", "cholecalciferol", "active")}),
]
#: A bare drinking verb after a clause about a drink or a medicine drunk is that, not alcohol.
NOT_ALCOHOL: list[Row] = [
    ("每天喝蛋白粉 还吃六个鸡蛋", None, set()),
    ("之前喝乳果糖，喝了肚子胀得难受就不喝了", None,
     {("medications", "lactulose", "stopped"), ("symptoms", "bloating", "active")}),
    ("кеторол пару дней на ночь пила, сейчас не пью", None, {("medications", "ketorolac", "stopped")}),
    ("нурофен пила неделю, больше не пью", None, {("medications", "ibuprofen", "stopped")}),
    ("喝了一周板蓝根，现在不喝了", None, {("medications", "banlangen granules", "stopped")}),
    # a habit by its own word keeps the bare verb a habit; English "drink" stays alcohol
    ("пью конкор, не курю, не пью", None,
     {("medications", "bisoprolol", "active"), ("lifestyle", "smoking", "confirmed_absent"),
      ("lifestyle", "alcohol", "confirmed_absent")}),
    ("took ibuprofen, dont drink", None,
     {("medications", "ibuprofen", "active"), ("lifestyle", "alcohol", "confirmed_absent")}),
]
#: A turn that asks which medicines the user takes as well as the allergies: a drug named with no
#: allergy word or reaction answers the medicines; a drug with its dose is taken, not an allergen.
MEDICINES_AND_ALLERGIES: list[Row] = [
    ("lisinopril only", "Which medicines do you take, and any allergies?", {("medications", "lisinopril", "active")}),
    ("metformin", "Do you take anything regularly? Any allergies?", {("medications", "metformin", "active")}),
    ("二甲双胍，青霉素过敏", "平时吃什么药？有没有药物过敏？",
     {("medications", "metformin", "active"), ("allergies", "penicillin", "active")}),
    ("metformin 500 twice a day, and penicillin gives me hives", "What medicines do you take, and any allergies?",
     {("medications", "metformin", "active"), ("allergies", "penicillin", "active")}),
    ("only the mini pill. trimethoprim gave me a rash last time", "Which medicines do you take, and any allergies?",
     {("medications", "desogestrel", "active"), ("allergies", "trimethoprim", "active")}),
    # asked about allergies alone, a bare drug is the allergen
    ("penicillin", "Any allergies to medicines?", {("allergies", "penicillin", "active")}),
    ("пенициллин", "Есть ли аллергия на лекарства?", {("allergies", "penicillin", "active")}),
    ("allergic to amoxicillin 500", None, {("allergies", "amoxicillin", "active")}),
]
#: A word that names a fact only in another sense: an organ kept is no operation, a clinic named
#: by a complaint is a place.
OTHER_SENSE: list[Row] = [
    ("hysterectomy in 2019 for fibroids, ovaries left in", "Have you had any operations, for example on the womb?",
     {("surgeries", "hysterectomy", "historical"), ("diagnoses", "uterine fibroids", "resolved")}),
    ("切了子宫，卵巢保留了", None, {("surgeries", "hysterectomy", "historical")}),
    ("удалили матку, яичники оставили", "Были ли операции?", {("surgeries", "hysterectomy", "historical")}),
    ("they kept my ovaries", "Any operations?", set()),
    ("had my gallbladder out", "Any operations?", {("surgeries", "cholecystectomy", "historical")}),
    ("去发热门诊开了奥司他韦", None, {("medications", "oseltamivir", "active")}),
    ("went to the fever clinic yesterday, they swabbed me", None, set()),
    ("在发热门诊做了核酸", None, set()),
    ("发烧三天了", None, {("symptoms", "fever", "active")}),
]
#: A Russian parent treating a child speaks in the first person plural: the medicine is the child's.
WE_TREAT_THE_CHILD: list[Row] = [
    ("сыну 4 года, обструктивный бронхит. дышим пульмикортом через небулайзер", None,
     {("family_history", "obstructive bronchitis", "active")}),
    ("дочке 3 года, температура 38. пьём нурофен", None, set()),
    ("сын кашляет неделю, принимаем амоксиклав", None, set()),
    ("я пью нурофен от головы", None, {("medications", "ibuprofen", "active")}),
]
#: An "ok" accepts the assistant's own prescription, never one that someone else may write.
ACKNOWLEDGED: list[Row] = [
    ("好，明天开始吃", "医生可能会给你开二甲双胍。", set()),
    ("хорошо", "Возможно, врач выпишет вам метформин.", set()),
    ("ok", "Your GP may put you on a statin like atorvastatin.", set()),
    ("好的", "我给你开点布洛芬。", {("medications", "ibuprofen", "active")}),
    ("хорошо", "Выпишу вам амоксициллин.", {("medications", "amoxicillin", "active")}),
    ("ok", "I'll prescribe amoxicillin 500 mg three times a day.", {("medications", "amoxicillin", "active")}),
]
# fmt: on


ROWS = (
    ELSE_IN_FAMILY + THEIR_FAMILY + TO_THE_SYSTEM + NO_HABIT + LAB_RESULTS + NOT_ALCOHOL + MEDICINES_AND_ALLERGIES + OTHER_SENSE
    + WE_TREAT_THE_CHILD + ACKNOWLEDGED
)


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_reads_no_fact_where_there_is_none(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
