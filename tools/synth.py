"""Synthetic chat exports (CONTRACT §1) of any size, for load tests and benchmarks.

The sample exports show every case once; this makes many of them. Lines are written as they
are made, so memory depends on the number of users, never on the number of messages, and a
seed always gives the same bytes.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from schemas.langs import LANGS

OFFSETS = {"en": ("+00:00", "+01:00", "-05:00"), "ru": ("+03:00",), "zh": ("+08:00",)}
#: Session lengths (messages) and how often each occurs.
SESSION_LENGTHS = (1, 2, 3, 4, 6, 8)
SESSION_WEIGHTS = (1, 6, 2, 6, 4, 2)
PROGRESS_EVERY = 10_000
#: Share of users that get one message re-exported unchanged in a later file.
REEXPORT_SHARE = 0.01

# --- Vocabulary: rows are (en, ru, ...forms, zh); a template names the forms it needs. ---

#: (en, ru, ru genitive, zh, unit, doses)
DRUGS: tuple[tuple[str, str, str, str, str, tuple[str, ...]], ...] = (
    ("metformin", "метформин", "метформина", "二甲双胍", "mg", ("500", "850", "1000")),
    ("Glucophage", "Глюкофаж", "Глюкофажа", "格华止", "mg", ("500", "850", "1000")),
    ("lisinopril", "лизиноприл", "лизиноприла", "赖诺普利", "mg", ("5", "10", "20")),
    ("amlodipine", "амлодипин", "амлодипина", "氨氯地平", "mg", ("5", "10")),
    ("Norvasc", "Норваск", "Норваска", "络活喜", "mg", ("5", "10")),
    ("nifedipine", "нифедипин", "нифедипина", "硝苯地平", "mg", ("10", "20", "30", "60")),
    ("Adalat", "Адалат", "Адалата", "拜新同", "mg", ("30", "60")),
    ("atorvastatin", "аторвастатин", "аторвастатина", "阿托伐他汀", "mg", ("10", "20", "40", "80")),
    ("Lipitor", "Липримар", "Липримара", "立普妥", "mg", ("10", "20", "40")),
    ("rosuvastatin", "розувастатин", "розувастатина", "瑞舒伐他汀", "mg", ("5", "10", "20")),
    ("simvastatin", "симвастатин", "симвастатина", "辛伐他汀", "mg", ("20", "40")),
    ("aspirin", "аспирин", "аспирина", "阿司匹林", "mg", ("75", "100")),
    ("clopidogrel", "клопидогрел", "клопидогрела", "氯吡格雷", "mg", ("75",)),
    ("warfarin", "варфарин", "варфарина", "华法林", "mg", ("2.5", "5")),
    ("Coumadin", "Кумадин", "Кумадина", "可迈丁", "mg", ("2", "5")),
    ("apixaban", "апиксабан", "апиксабана", "阿哌沙班", "mg", ("2.5", "5")),
    ("levothyroxine", "левотироксин", "левотироксина", "左甲状腺素", "mcg", ("25", "50", "75", "100")),
    ("omeprazole", "омепразол", "омепразола", "奥美拉唑", "mg", ("20", "40")),
    ("pantoprazole", "пантопразол", "пантопразола", "泮托拉唑", "mg", ("20", "40")),
    ("losartan", "лозартан", "лозартана", "氯沙坦", "mg", ("25", "50", "100")),
    ("valsartan", "валсартан", "валсартана", "缬沙坦", "mg", ("80", "160")),
    ("bisoprolol", "бисопролол", "бисопролола", "比索洛尔", "mg", ("2.5", "5", "10")),
    ("metoprolol", "метопролол", "метопролола", "美托洛尔", "mg", ("25", "50", "100")),
    ("enalapril", "эналаприл", "эналаприла", "依那普利", "mg", ("5", "10", "20")),
    ("hydrochlorothiazide", "гидрохлоротиазид", "гидрохлоротиазида", "氢氯噻嗪", "mg", ("12.5", "25")),
    ("furosemide", "фуросемид", "фуросемида", "呋塞米", "mg", ("20", "40")),
    ("sitagliptin", "ситаглиптин", "ситаглиптина", "西格列汀", "mg", ("50", "100")),
    ("gliclazide", "гликлазид", "гликлазида", "格列齐特", "mg", ("30", "60")),
    ("ibuprofen", "ибупрофен", "ибупрофена", "布洛芬", "mg", ("200", "400")),
    ("paracetamol", "парацетамол", "парацетамола", "对乙酰氨基酚", "mg", ("500", "1000")),
    ("salbutamol", "сальбутамол", "сальбутамола", "沙丁胺醇", "mcg", ("100",)),
    ("montelukast", "монтелукаст", "монтелукаста", "孟鲁司特", "mg", ("10",)),
    ("cetirizine", "цетиризин", "цетиризина", "西替利嗪", "mg", ("10",)),
    ("loratadine", "лоратадин", "лоратадина", "氯雷他定", "mg", ("10",)),
    ("sertraline", "сертралин", "сертралина", "舍曲林", "mg", ("50", "100")),
    ("escitalopram", "эсциталопрам", "эсциталопрама", "艾司西酞普兰", "mg", ("10", "20")),
    ("amoxicillin", "амоксициллин", "амоксициллина", "阿莫西林", "mg", ("250", "500")),
    ("azithromycin", "азитромицин", "азитромицина", "阿奇霉素", "mg", ("250", "500")),
    ("prednisolone", "преднизолон", "преднизолона", "泼尼松龙", "mg", ("5", "10", "20")),
    ("allopurinol", "аллопуринол", "аллопуринола", "别嘌醇", "mg", ("100", "300")),
    ("gabapentin", "габапентин", "габапентина", "加巴喷丁", "mg", ("300", "600")),
    ("tamsulosin", "тамсулозин", "тамсулозина", "坦索罗辛", "mg", ("0.4",)),
    ("methotrexate", "метотрексат", "метотрексата", "甲氨蝶呤", "mg", ("7.5", "10", "15")),
    ("diclofenac", "диклофенак", "диклофенака", "双氯芬酸", "mg", ("50", "75")),
)
UNITS = {"mg": {"en": "mg", "ru": "мг", "zh": "毫克"}, "mcg": {"en": "mcg", "ru": "мкг", "zh": "微克"}}

#: (en, ru, zh)
CHRONIC = (
    ("high blood pressure", "гипертония", "高血压"),
    ("type 2 diabetes", "сахарный диабет 2 типа", "2型糖尿病"),
    ("asthma", "астма", "哮喘"),
    ("hypothyroidism", "гипотиреоз", "甲状腺功能减退"),
    ("COPD", "ХОБЛ", "慢阻肺"),
    ("atrial fibrillation", "фибрилляция предсердий", "房颤"),
    ("chronic kidney disease", "хроническая болезнь почек", "慢性肾病"),
    ("gout", "подагра", "痛风"),
    ("osteoarthritis", "остеоартроз", "骨关节炎"),
    ("migraines", "мигрень", "偏头痛"),
    ("coronary heart disease", "ишемическая болезнь сердца", "冠心病"),
    ("depression", "депрессия", "抑郁症"),
    ("high cholesterol", "высокий холестерин", "高血脂"),
    ("rheumatoid arthritis", "ревматоидный артрит", "类风湿关节炎"),
)
DIAGNOSES = (
    ("pneumonia", "пневмония", "肺炎"),
    ("gastritis", "гастрит", "胃炎"),
    ("bronchitis", "бронхит", "支气管炎"),
    ("anemia", "анемия", "贫血"),
    ("a urinary tract infection", "инфекция мочевых путей", "尿路感染"),
    ("sinusitis", "синусит", "鼻窦炎"),
    ("fatty liver", "жировой гепатоз", "脂肪肝"),
    ("kidney stones", "камни в почках", "肾结石"),
    ("a stomach ulcer", "язва желудка", "胃溃疡"),
)
#: (en with article, en bare, ru, ru genitive, zh)
SYMPTOMS = (
    ("a headache", "headache", "головная боль", "головной боли", "头疼"),
    ("a cough", "cough", "кашель", "кашля", "咳嗽"),
    ("a fever", "fever", "температура", "температуры", "发烧"),
    ("nausea", "nausea", "тошнота", "тошноты", "恶心"),
    ("palpitations", "heart racing", "сердцебиение", "сердцебиения", "心慌"),
    ("dizziness", "dizziness", "головокружение", "головокружения", "头晕"),
    ("back pain", "back pain", "боль в спине", "боли в спине", "腰疼"),
    ("heartburn", "heartburn", "изжога", "изжоги", "烧心"),
    ("insomnia", "insomnia", "бессонница", "бессонницы", "失眠"),
    ("shortness of breath", "shortness of breath", "одышка", "одышки", "气短"),
    ("a runny nose", "runny nose", "насморк", "насморка", "流鼻涕"),
    ("a sore throat", "sore throat", "боль в горле", "боли в горле", "嗓子疼"),
    ("fatigue", "fatigue", "слабость", "слабости", "乏力"),
    ("a rash", "rash", "сыпь", "сыпи", "皮疹"),
    ("chest pain", "chest pain", "боль в груди", "боли в груди", "胸口疼"),
)
#: (en, ru accusative, zh)
ALLERGENS = (
    ("penicillin", "пенициллин", "青霉素"),
    ("peanuts", "арахис", "花生"),
    ("pollen", "пыльцу", "花粉"),
    ("cats", "кошек", "猫毛"),
    ("shellfish", "морепродукты", "海鲜"),
    ("latex", "латекс", "乳胶"),
    ("bee stings", "укусы пчёл", "蜜蜂蜇伤"),
    ("sulfa drugs", "сульфаниламиды", "磺胺类药"),
    ("eggs", "яйца", "鸡蛋"),
    ("amoxicillin", "амоксициллин", "阿莫西林"),
    ("dust mites", "пылевых клещей", "尘螨"),
    ("aspirin", "аспирин", "阿司匹林"),
)
#: (en, ru accusative, zh)
PROCEDURES = (
    ("an appendectomy", "аппендэктомию", "阑尾切除手术"),
    ("knee surgery", "операцию на колене", "膝盖手术"),
    ("gallbladder removal", "удаление желчного пузыря", "胆囊切除手术"),
    ("a C-section", "кесарево сечение", "剖腹产"),
    ("a tonsillectomy", "удаление миндалин", "扁桃体切除手术"),
    ("cataract surgery", "операцию на катаракте", "白内障手术"),
    ("hernia repair", "операцию по удалению грыжи", "疝气手术"),
    ("heart bypass surgery", "шунтирование сердца", "心脏搭桥手术"),
    ("a hip replacement", "замену тазобедренного сустава", "髋关节置换手术"),
    ("a stent", "стентирование", "心脏支架手术"),
)
#: (en, ru genitive after "прививку от", zh)
VACCINES = (
    ("the flu shot", "гриппа", "流感疫苗"),
    ("the COVID vaccine", "коронавируса", "新冠疫苗"),
    ("a tetanus shot", "столбняка", "破伤风疫苗"),
    ("the hepatitis B vaccine", "гепатита B", "乙肝疫苗"),
    ("the hepatitis A vaccine", "гепатита A", "甲肝疫苗"),
    ("the measles vaccine", "кори", "麻疹疫苗"),
    ("the tick-borne encephalitis vaccine", "клещевого энцефалита", "森林脑炎疫苗"),
    ("the pneumococcal vaccine", "пневмококка", "肺炎球菌疫苗"),
    ("the shingles vaccine", "опоясывающего лишая", "带状疱疹疫苗"),
)
#: (en, ru, zh)
INJURIES = (
    ("broke my wrist", "перелом запястья", "摔断了手腕"),
    ("broke my arm", "перелом руки", "摔断了胳膊"),
    ("broke my leg", "перелом ноги", "摔断了腿"),
    ("sprained my ankle", "вывих лодыжки", "扭伤了脚踝"),
    ("broke a rib", "перелом ребра", "摔断了肋骨"),
    ("broke my collarbone", "перелом ключицы", "摔断了锁骨"),
    ("dislocated my shoulder", "вывих плеча", "肩膀脱臼了"),
    ("tore a knee ligament", "разрыв связки колена", "膝盖韧带撕裂"),
)
#: (en, ru "у моей мамы", zh)
RELATIVES = (
    ("mother", "У моей мамы", "妈妈"),
    ("father", "У моего отца", "爸爸"),
    ("sister", "У моей сестры", "姐姐"),
    ("brother", "У моего брата", "哥哥"),
    ("grandmother", "У моей бабушки", "奶奶"),
    ("grandfather", "У моего дедушки", "爷爷"),
    ("aunt", "У моей тёти", "姑姑"),
    ("uncle", "У моего дяди", "舅舅"),
)
#: People whose health is not the user's: (en, ru, zh)
OTHERS = (
    ("friend", "Мой друг", "朋友"),
    ("colleague", "Моя коллега", "同事"),
    ("wife", "Моя жена", "老婆"),
    ("husband", "Мой муж", "老公"),
    ("neighbour", "Мой сосед", "邻居"),
    ("boss", "Мой начальник", "老板"),
)
MONTHS = {
    "en": tuple(
        "January February March April May June July August September October November December".split()
    ),
    "ru": tuple("январе феврале марте апреле мае июне июле августе сентябре октябре ноябре декабре".split()),
    "zh": tuple(f"{m}月" for m in range(1, 13)),
}
FREQUENCIES = {
    "en": ("once a day", "twice a day", "three times a day", "every morning", "every evening", "at night"),
    "ru": ("раз в день", "два раза в день", "три раза в день", "каждое утро", "по вечерам", "на ночь"),
    "zh": ("每天一次", "每天两次", "每天三次", "每天早上", "每天晚上", "睡前"),
}

#: A slot fills one ``{name}`` of a template: (rng, lang, index of the message's drug) -> text.
Slot = Callable[[random.Random, str, int], str]
_LANG_COL = {"en": 0, "ru": 1, "zh": 2}
_DRUG_COL = {"en": 0, "ru": 1, "zh": 3}


def _column(table: tuple[tuple[str, ...], ...], **cols: int) -> Slot:
    """A slot taking one form (the column for the language) of a random row."""
    return lambda rng, lang, _drug: rng.choice(table)[cols[lang]]


def _number(low: int, high: int) -> Slot:
    return lambda rng, _lang, _drug: str(rng.randint(low, high))


def _dose(rng: random.Random, lang: str, drug: int) -> str:
    """A dose the message's drug really comes in; Russian writes decimal commas."""
    row = DRUGS[drug]
    amount, unit = rng.choice(row[5]), UNITS[row[4]][lang]
    if lang == "zh":
        return f"{amount}{unit}"
    return f"{amount.replace('.', ',') if lang == 'ru' else amount} {unit}"


def _other_drug(rng: random.Random, lang: str, drug: int) -> str:
    """A second drug, never the message's first one (no switch from X to X)."""
    other = (drug + 1 + rng.randrange(len(DRUGS) - 1)) % len(DRUGS)
    return DRUGS[other][_DRUG_COL[lang]]


def _ru_age(rng: random.Random, _lang: str, _drug: int) -> str:
    """An age with the Russian word for years that agrees with it (21 год, 22 года, 25 лет)."""
    age = rng.randint(18, 90)
    if age % 10 == 1 and age % 100 != 11:
        return f"{age} год"
    if 2 <= age % 10 <= 4 and not 12 <= age % 100 <= 14:
        return f"{age} года"
    return f"{age} лет"


SLOTS: dict[str, Slot] = {
    "drug": lambda _rng, lang, drug: DRUGS[drug][_DRUG_COL[lang]],
    "drug_gen": lambda _rng, _lang, drug: DRUGS[drug][2],
    "drug2": _other_drug,
    "dose": _dose,
    "freq": lambda rng, lang, _drug: rng.choice(FREQUENCIES[lang]),
    "month": lambda rng, lang, _drug: rng.choice(MONTHS[lang]),
    "chronic": _column(CHRONIC, **_LANG_COL),
    "diagnosis": _column(DIAGNOSES, **_LANG_COL),
    "symptom_a": _column(SYMPTOMS, en=0, ru=2, zh=4),
    "symptom": _column(SYMPTOMS, en=1, ru=2, zh=4),
    "symptom_gen": _column(SYMPTOMS, ru=3),
    "allergen": _column(ALLERGENS, **_LANG_COL),
    "procedure": _column(PROCEDURES, **_LANG_COL),
    "vaccine": _column(VACCINES, **_LANG_COL),
    "injury": _column(INJURIES, **_LANG_COL),
    "relative": _column(RELATIVES, **_LANG_COL),
    "other": _column(OTHERS, **_LANG_COL),
    "n": _number(2, 4),
    "age": _number(18, 90),
    "age_ru": _ru_age,
    "height": _number(150, 195),
    "weight": _number(45, 120),
    "cigs": _number(5, 20),
    "hours": _number(5, 9),
    "year": _number(1995, 2025),
}

TEMPLATES: dict[str, tuple[str, ...]] = {
    "en": (
        "I take {drug} {dose} {freq}.",
        "I'm taking {drug} {dose} {freq}.",
        "I still take {drug} {dose} {freq}.",
        "My GP started me on {drug} {dose}.",
        "My doctor raised my {drug} to {dose}.",
        "My doctor lowered my {drug} to {dose}.",
        "The doctor switched me from {drug} to {drug2}.",
        "I stopped taking {drug}.",
        "I don't take any medication.",
        "I've had {symptom_a} for {n} days.",
        "My {symptom} is gone.",
        "Sometimes my heart is racing at night.",
        "I have {chronic}.",
        "I was diagnosed with {diagnosis}.",
        "The doctor said I have {diagnosis}.",
        "I'm allergic to {allergen}.",
        "No allergies.",
        "I have no allergies.",
        "The test showed I'm not allergic to {allergen}.",
        "I had {procedure} in {year}.",
        "I've never had surgery.",
        "I {injury} in {year}.",
        "I got {vaccine} in {month}.",
        "I've never had {vaccine}.",
        "My {relative} has {chronic}.",
        "I'm {age} years old.",
        "I'm {height} cm tall and weigh {weight} kg.",
        "I'm male.",
        "I'm female.",
        "I smoke about {cigs} cigarettes a day.",
        "I quit smoking {n} months ago.",
        "I don't drink alcohol.",
        "I go running {n} times a week.",
        "I sleep about {hours} hours a night.",
        "Can I take {drug} with {drug2}?",
        "What if I stop {drug}?",
        "My {other} takes {drug}.",
        "My {other} has {chronic}.",
        "Thanks!",
        "OK, got it.",
        "Yes.",
        "No.",
    ),
    "ru": (
        "Я принимаю {drug} {dose} {freq}.",
        "Принимаю {drug} {dose} {freq}.",
        "По-прежнему принимаю {drug} {dose} {freq}.",
        "Врач назначил мне {drug} {dose}.",
        "Врач увеличил дозу {drug_gen} до {dose}.",
        "Врач снизил дозу {drug_gen} до {dose}.",
        "Врач перевёл меня с {drug_gen} на {drug2}.",
        "Я перестал принимать {drug}.",
        "Я не принимаю никаких лекарств.",
        "У меня {symptom} уже {n} дня.",
        "У меня больше нет {symptom_gen}.",
        "По ночам бывает сильное сердцебиение.",
        "У меня {chronic}.",
        "Мне поставили диагноз: {diagnosis}.",
        "Врач сказал, что у меня {diagnosis}.",
        "У меня аллергия на {allergen}.",
        "Нет аллергии.",
        "У меня нет аллергии.",
        "Анализ показал, что у меня нет аллергии на {allergen}.",
        "В {year} году мне сделали {procedure}.",
        "У меня никогда не было операций.",
        "В {year} году у меня был {injury}.",
        "В {month} мне сделали прививку от {vaccine}.",
        "Мне никогда не делали прививку от {vaccine}.",
        "{relative} {chronic}.",
        "Мне {age_ru}.",
        "Мой рост {height} см, вес {weight} кг.",
        "Я мужчина.",
        "Я женщина.",
        "Курю около {cigs} сигарет в день.",
        "Я бросил курить {n} месяца назад.",
        "Я не пью алкоголь.",
        "Я бегаю {n} раза в неделю.",
        "Сплю около {hours} часов за ночь.",
        "Можно ли принимать {drug} и {drug2} одновременно?",
        "Что будет, если я перестану принимать {drug}?",
        "{other} принимает {drug}.",
        "Спасибо!",
        "Понятно, спасибо.",
        "Да.",
        "Нет.",
    ),
    "zh": (
        "我在吃{drug}，{freq}，每次{dose}。",
        "我每天吃{drug}{dose}。",
        "我还在吃{drug}，{freq}，每次{dose}。",
        "医生给我开了{drug}，每次{dose}。",
        "医生把我的{drug}加到每次{dose}。",
        "医生把我的{drug}减到每次{dose}。",
        "医生让我把{drug}换成了{drug2}。",
        "我已经停了{drug}。",
        "我不吃任何药。",
        "我{symptom}{n}天了。",
        "我的{symptom}好了。",
        "晚上有时候心慌。",
        "我有{chronic}。",
        "我被诊断出{diagnosis}。",
        "医生说我有{diagnosis}。",
        "我对{allergen}过敏。",
        "没有过敏。",
        "我没有过敏。",
        "检查显示我对{allergen}不过敏。",
        "我{year}年做过{procedure}。",
        "我从来没做过手术。",
        "我{year}年{injury}。",
        "我{month}打了{vaccine}。",
        "我从来没打过{vaccine}。",
        "我{relative}有{chronic}。",
        "我今年{age}岁。",
        "我身高{height}厘米，体重{weight}公斤。",
        "我是男的。",
        "我是女的。",
        "我每天抽{cigs}支烟。",
        "我{n}个月前戒烟了。",
        "我不喝酒。",
        "我每周跑步{n}次。",
        "我每天晚上睡{hours}个小时左右。",
        "{drug}可以和{drug2}一起吃吗？",
        "如果我停了{drug}会怎样？",
        "我{other}在吃{drug}。",
        "谢谢！",
        "好的，明白了。",
        "是的。",
        "没有。",
    ),
}

ASSISTANT: dict[str, tuple[str, ...]] = {
    "en": (
        "Do you have any allergies?",
        "Are you taking any medication?",
        "How long have you had it?",
        "Have you had any operations?",
        "Does anyone in your family have health problems?",
        "Do you smoke?",
        "How much do you drink?",
        "Have you had your flu shot this year?",
        "What dose do you take?",
        "Have you seen a doctor about it?",
        "Any other symptoms?",
        "How old are you?",
        "Is that still the case?",
        "Noted. Anything else I should know?",
        "How are you feeling today?",
    ),
    "ru": (
        "Есть ли у вас аллергия?",
        "Принимаете ли вы какие-нибудь лекарства?",
        "Как давно это у вас?",
        "Были ли у вас операции?",
        "Есть ли болезни у ваших родственников?",
        "Вы курите?",
        "Как часто вы пьёте алкоголь?",
        "Делали ли вы прививку от гриппа в этом году?",
        "Какую дозу вы принимаете?",
        "Вы обращались к врачу?",
        "Есть ли другие симптомы?",
        "Сколько вам лет?",
        "Это всё ещё так?",
        "Записал. Что-нибудь ещё?",
        "Как вы себя чувствуете сегодня?",
    ),
    "zh": (
        "你有过敏吗？",
        "你在吃什么药吗？",
        "这种情况多久了？",
        "你做过手术吗？",
        "你家里人有什么病吗？",
        "你抽烟吗？",
        "你经常喝酒吗？",
        "你今年打流感疫苗了吗？",
        "你每次吃多少？",
        "你去看过医生吗？",
        "还有别的症状吗？",
        "你今年多大？",
        "现在还是这样吗？",
        "记下了。还有别的吗？",
        "你今天感觉怎么样？",
    ),
}

_FIELDS = {
    lang: [(tmpl, [f for _, f, _, _ in string.Formatter().parse(tmpl) if f]) for tmpl in templates]
    for lang, templates in TEMPLATES.items()
}


def _user_text(rng: random.Random, lang: str) -> str:
    """One user turn: a template filled with random entities; ``dose`` fits the drug named."""
    tmpl, fields = rng.choice(_FIELDS[lang])
    drug = rng.randrange(len(DRUGS))
    return tmpl.format_map({name: SLOTS[name](rng, lang, drug) for name in fields})


class _Speakers:
    """Picks who talks next: anyone at random, until the messages left are just enough to give
    each silent user one, so every user appears and the total stays exact."""

    def __init__(self, users: int, messages: int) -> None:
        self.users = users
        self.seen = bytearray(users)
        self.silent = min(users, messages)
        self.scan = 0

    def pick(self, rng: random.Random, remaining: int) -> int:
        if remaining > self.silent:
            user = rng.randrange(self.users)
        else:
            while self.seen[self.scan]:
                self.scan += 1
            user = self.scan
        if not self.seen[user]:
            self.seen[user] = 1
            self.silent -= 1
        return user


def write_synthetic_exports(
    out_dir: Path,
    *,
    users: int,
    messages: int,
    days: int = 10,
    seed: int = 0,
    start: date = date(2026, 1, 1),
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """Writes ``days`` files ``export-YYYY-MM-DD.jsonl`` holding exactly ``messages`` messages.

    Day ``i``'s conversations happen on ``start + i`` and are exported the next day. Every
    user gets at least one message (when ``messages >= users``). About 1% of users also have
    one message re-exported unchanged in the next file, so files hold a few more lines than
    ``messages``; the distinct message ids are exactly ``messages``.
    """
    if users < 1 or messages < 0 or days < 1:
        raise ValueError("users and days must be positive, messages non-negative")
    rng = random.Random(seed)
    out_dir.mkdir(parents=True, exist_ok=True)
    reexport = set(rng.sample(range(users), max(1, round(users * REEXPORT_SHARE)))) if days > 1 else set()
    pending: list[str] = []
    speakers = _Speakers(users, messages)
    remaining = messages
    written = session_no = 0
    paths = []
    for day_no in range(days):
        day = start + timedelta(days=day_no)
        path = out_dir / f"export-{(day + timedelta(days=1)).isoformat()}.jsonl"
        quota = messages // days + (1 if day_no < messages % days else 0)
        with path.open("w", encoding="utf-8", newline="\n") as out:
            out.writelines(pending)
            pending = []
            while quota:
                user = speakers.pick(rng, remaining)
                length = rng.choices(SESSION_LENGTHS, SESSION_WEIGHTS)[0]
                length = max(1, min(length, quota, remaining - speakers.silent))
                session_no += 1
                lines = _session(rng, user, day, session_no, written, length)
                out.writelines(lines)
                if user in reexport and day_no < days - 1:
                    reexport.discard(user)
                    pending.append(lines[0])
                if progress and (written + length) // PROGRESS_EVERY > written // PROGRESS_EVERY:
                    progress(written + length)
                written += length
                quota -= length
                remaining -= length
        paths.append(path)
    if progress and (written % PROGRESS_EVERY or not written):
        progress(written)
    return paths


def _session(
    rng: random.Random, user: int, day: date, session_no: int, first_id: int, length: int
) -> list[str]:
    """One dialogue of ``length`` lines, alternating user and assistant from a user turn."""
    lang = LANGS[user % 3]
    offsets = OFFSETS[lang]
    offset = offsets[(user // 3) % len(offsets)]
    user_id = f"synth-{user + 1:06d}"
    session_id = f"synth-s{session_no:08d}"
    clock = rng.randrange(7 * 3600, 22 * 3600)
    prefix = day.isoformat()
    lines = []
    for i in range(length):
        role = "user" if i % 2 == 0 else "assistant"
        text = _user_text(rng, lang) if role == "user" else rng.choice(ASSISTANT[lang])
        clock += rng.randrange(5, 90)
        hh, rest = divmod(clock, 3600)
        ts = f"{prefix}T{hh:02d}:{rest // 60:02d}:{rest % 60:02d}{offset}"
        record = {
            "message_id": f"synth-m{first_id + i + 1:09d}",
            "user_id": user_id,
            "session_id": session_id,
            "ts": ts,
            "role": role,
            "text": text,
            "lang": lang,
        }
        lines.append(json.dumps(record, ensure_ascii=False) + "\n")
    return lines


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.synth --users N --messages M --out DIR``: exports for scale runs."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m tools.synth", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="directory to write export files into")
    parser.add_argument("--users", type=int, default=100, help="number of users (default 100)")
    parser.add_argument(
        "--messages", type=int, default=10_000, help="total messages over all users and days (default 10,000)"
    )
    parser.add_argument("--days", type=int, default=10, help="export days, one file each (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        paths = write_synthetic_exports(
            args.out, users=args.users, messages=args.messages, days=args.days, seed=args.seed
        )
    except ValueError as exc:
        parser.error(str(exc))
    print(f"wrote {args.messages} messages of {args.users} users in {len(paths)} files to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
