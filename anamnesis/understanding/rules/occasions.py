"""Activities and symptoms that only say when something happens, not that it is a habit or felt now.

"走路多了腿疼", "chest pain when I walk", "喘的时候喷", "paracetamol when i get headaches": the
activity or symptom is the trigger or the occasion of use, and is dropped from the clause's mentions.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

#: What makes an activity the trigger of what follows it: "活动后", "走路多了", "爬楼的时候", "一运动就".
_TRIGGER = re.compile(r"\s*(?:以后|之后|后|多了|久了|快了|猛了|的时候|时|完|就)")
#: An accident during the activity: "骑车摔了", "踢球把脚踝扭伤了".
_ACCIDENT = re.compile(r"\s*(?:摔|跌|扭|崴|撞|把)")
#: A symptom as the occasion of a use ("喘的时候喷", "疼的时候吃"): when the drug is taken, not a symptom now.
_OCCASION = re.compile(r"\s*(?:的时候|时候|时)")


def without_triggers(norm: str, mentions: list[Mention]) -> list[Mention]:
    """ "走路多了腿疼", "运动后胸闷", "骑车摔了": an activity that brings on a symptom or an accident
    tells when it happened, not a habit."""
    felt = [m.start for m in mentions if m.kind in ("symptom", "injury")]
    return [
        m
        for m in mentions
        if not (
            m.kind == "lifestyle"
            and m.entity == "exercise"
            and (_ACCIDENT.match(norm, m.end) or (_TRIGGER.match(norm, m.end) and any(s >= m.end for s in felt)))
        )
    ]


#: "when I walk", "whenever my ankles swell", "while running": what follows says when, not what is
#: ("after two months of walking" is how long a habit went on, so "after" is not among them).
_EN_WHEN = re.compile(r"\b(?:when|whenever|while|if|during)\s+(?:[\w']+\s+){0,3}$")


def en_without_occasions(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "chest pain when I walk", "ventolin but only when i run": an activity after "when" is what
    brings on a symptom or calls for a medicine, not a habit; "furosemide when my ankles swell",
    "paracetamol when i get headaches": a symptom after "when" with a medicine before it says when
    the medicine is taken, not that the symptom is there now."""
    out = []
    for m in mentions:
        lead = _EN_WHEN.search(norm, max(clause.start, m.start - 30), m.start)
        if lead is not None and (
            (m.kind == "lifestyle" and m.entity == "exercise")
            or (m.kind == "symptom" and any(o.kind == "drug" and o.end <= lead.start() for o in mentions))
        ):
            continue
        out.append(m)
    return out


def without_occasions(msg: Message, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "万托林，喘的时候喷": a symptom that says when a drug of the sentence is used is no fact."""
    drugs = any(lex.kind == "drug" for c in msg.clauses if c.sentence == clause.sentence for _, _, lex in c.hits)
    if not drugs:
        return mentions
    return [m for m in mentions if not (m.kind == "symptom" and _OCCASION.match(msg.norm, m.end))]


#: "когда задыхаюсь", "при изжоге", "если тошнит": what follows says when; "во время бега", "после
#: тренировки" when a symptom comes on (up to three words between, "когда сильно болит голова").
_RU_WHEN = re.compile(r"(?<![а-яё])(?:когда|как только|если|при)\s+(?:[а-яё]+\s+){0,3}$")
_RU_DURING = re.compile(r"(?<![а-яё])(?:когда|при|во время|после)\s+(?:[а-яё]+\s+){0,2}$")


def ru_without_occasions(msg: Message, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "Вентолин когда задыхаюсь", "при изжоге пью ренни": a symptom after "когда"/"при" in a
    sentence that names a medicine says when the medicine is taken, not that the symptom is there
    now; "колено болит при беге", "после тренировки болят мышцы": an activity after such a word
    brings on the symptom of its clause and is no habit."""
    felt = any(m.kind == "symptom" for m in mentions)
    if not felt:
        return mentions  # neither a symptom to drop nor one an activity brings on
    norm = msg.norm
    drugs = any(lex.kind == "drug" for c in msg.clauses if c.sentence == clause.sentence for _, _, lex in c.hits)
    out = []
    for m in mentions:
        window = max(clause.start, m.start - 40)
        if (m.kind == "symptom" and drugs and _RU_WHEN.search(norm, window, m.start)) or (
            m.kind == "lifestyle" and m.entity == "exercise" and felt and _RU_DURING.search(norm, window, m.start)
        ):
            continue
        out.append(m)
    return out


#: Walking, as the word an exercise mention is made of ("walk", "хожу пешком", "гуляю", "走路").
_WALKING = re.compile(r"walk|ход|хож|гул|走")
#: Being able to walk, or walking with an aid: "can walk on it", "могу ходить", "能正常走路",
#: "walking with a frame", "хожу на костылях", "拄拐走路".
_ABLE = re.compile(
    r"(?:\b(?:can|could|cant|can't|cannot|couldn't|couldnt|able to|unable to)\s+(?:\w+\s+)?"
    r"|(?<![а-яё])(?:могу|смогу|можно|мог|могла|может)\s+(?:[а-яё]+\s+)?"
    r"|(?:能|可以|没法|不能|能够)(?:正常|自己|下地)?|拄(?:着)?拐(?:杖)?|扶着|(?<![а-яё])на\s+костылях\s+)$"
)
_AIDED = re.compile(
    r"\s*(?:\w+\s+)?(?:(?:with|on)\s+(?:a\s+|my\s+|the\s+)?(?:frame|walker|zimmer|crutch|crutches|stick|cane)\b"
    r"|с\s+палочкой|с\s+тростью|с\s+ходунками|на\s+костылях)"
)


#: How the walking goes, said right after it: "走路都瘸", "走路有点发飘", "走路爬楼都不闷了",
#: "walking is agony", "walking hurts".
_HOW_IT_GOES = re.compile(
    r"(?:\s*[\u4e00-\u9fff]{0,2}?(?:都|也|还|有点|有些|一瘸|不稳|发飘|打晃|费劲|吃力))"
    r"|\s+(?:is|was|has been|gets|got)\s+(?:\w+\s+)?"
    r"(?:agony|painful|sore|hard|difficult|a struggle|torture|a nightmare)\b"
    r"|\s+(?:hurts|kills)\b"
)
#: A pace counted in minutes or hours ("бегаю каждые 20 минут", "running to the loo every half hour",
#: "每半小时跑一次厕所"): an urge, no habit of exercise, which nobody keeps up every hour.
_HOURLY = re.compile(
    r"\s*(?:[а-яёa-z]+\s+){0,2}?(?:(?:каждые|каждый|каждую|раз в)\s+(?:\d+\s+|пол)?(?:минут|мин|час|полчаса)"
    r"|every\s+(?:\d+\s+|few\s+|half\s+an?\s+)?(?:min|hour|half hour))"
)


def without_mobility(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "i can walk on it now", "walking with a frame", "уже могу ходить", "能正常走路了": being able
    to walk again, or walking with an aid, is how an illness or an injury mends, not a habit of
    exercise; "I walk every day" still is one. "走路都瘸", "walking is agony": how the walking goes
    tells a complaint; "бегаю каждые 20 минут": a pace of minutes is an urge, not a sport."""
    return [
        m
        for m in mentions
        if not (
            m.kind == "lifestyle"
            and m.entity == "exercise"
            and (
                (
                    _WALKING.search(norm, m.start, m.end)
                    and (
                        _ABLE.search(norm, max(clause.start, m.start - 20), m.start)
                        or _AIDED.match(norm, m.end)
                        or (not clause.has("freq") and _HOW_IT_GOES.match(norm, m.end))
                    )
                )
                or _HOURLY.match(norm, m.end)
            )
        )
    ]


def without_accident_settings(clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "twisted my ankle at football practice", "hurt my knee running", "потянул связки колена на
    футболе", "打篮球落地把膝盖扭了", "遛弯被狗咬了": a sport named in the clause of an injury, before
    or after it, is where the injury happened, not a habit, unless the clause says how often ("I
    run three times a week"), denies or ends something ("порвала мениск и пока не бегаю", "лодыжка
    зажила, снова играю в футбол")."""
    if any(clause.has(cat) for cat in ("freq", "neg", "end")):
        return mentions
    if not any(m.kind == "injury" for m in mentions):
        return mentions
    return [m for m in mentions if not (m.kind == "lifestyle" and m.entity == "exercise")]
