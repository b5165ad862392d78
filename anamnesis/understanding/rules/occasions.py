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
#: "走路的时候疼", "爬楼时有点喘": the activity as the time a bare complaint is felt.
_ZH_WHEN_FELT = re.compile(r"\s*(?:的时候|时候|时)\s*(?:还|就|会|都|也|有点|有些|就会)*(?:疼|痛|酸|喘|累|难受|不舒服)")
#: A symptom as the occasion of a use ("喘的时候喷", "疼的时候吃"): when the drug is taken, not a symptom now.
_OCCASION = re.compile(r"\s*(?:的时候|时候|时)")


def without_triggers(norm: str, mentions: list[Mention]) -> list[Mention]:
    """ "走路多了腿疼", "运动后胸闷", "骑车摔了", "走路的时候疼": an activity that brings on a
    symptom (named or a bare "疼") or an accident tells when it happened, not a habit; so does the place of one, "在健身房低血糖了", where a
    complaint or a medicine of the clause happened or was taken."""
    felt = [m.start for m in mentions if m.kind in ("symptom", "injury")]
    return [
        m
        for m in mentions
        if not (
            m.kind == "lifestyle"
            and m.entity == "exercise"
            and (
                _ACCIDENT.match(norm, m.end)
                or (_TRIGGER.match(norm, m.end) and any(s >= m.end for s in felt))
                or (_ZH_AT.search(norm, max(0, m.start - 2), m.start) is not None and _beside_care(m, mentions))
                or _ZH_WHEN_FELT.match(norm, m.end) is not None
            )
        )
    ]


#: "在健身房", "在球场上": the place an activity is done at, before it.
_ZH_AT = re.compile(r"在$")
#: "at the gym", "after the gym", "before football", "during my run": the activity as a place or a time.
_EN_AT = re.compile(
    r"\b(?:at|after|before|during|on the way to|on the way back from|from)\s+(?:the\s+|my\s+|a\s+|an\s+)?$"
)


def _beside_care(m: Mention, mentions: list[Mention]) -> bool:
    """Another mention of the clause is a complaint, an injury or a medicine: the activity only sets it."""
    return any(o is not m and o.kind in ("symptom", "injury", "drug", "diagnosis") for o in mentions)


#: "when I walk", "whenever my ankles swell", "while running": what follows says when, not what is
#: ("after two months of walking" is how long a habit went on, so "after" is not among them).
_EN_WHEN = re.compile(r"\b(?:when|whenever|while|if|during)\s+(?:[\w']+\s+){0,3}$")


def en_without_occasions(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "chest pain when I walk", "ventolin but only when i run": an activity after "when" is what
    brings on a symptom or calls for a medicine, not a habit; "breathless walking to the shop", "a
    tight chest walking up hills": a gerund right after a complaint says when it comes on, too;
    "furosemide when my ankles swell", "paracetamol when i get headaches": a symptom after "when"
    with a medicine before it says when the medicine is taken, not that the symptom is there now.
    "no runs", "runs yes" (to a question about the bowels): the bare plural is diarrhoea."""
    out = []
    for m in mentions:
        lead = _EN_WHEN.search(norm, max(clause.start, m.start - 30), m.start)
        if lead is not None and (
            (m.kind == "lifestyle" and m.entity == "exercise")
            or (m.kind == "symptom" and any(o.kind == "drug" and o.end <= lead.start() for o in mentions))
        ):
            continue
        if m.kind == "lifestyle" and m.entity == "exercise":
            if _brought_on(norm, clause, m, mentions):
                continue
            # "had a hypo at the gym", "hives after the gym", "the inhaler before football": a setting
            if _EN_AT.search(norm, max(clause.start, m.start - 30), m.start) and _beside_care(m, mentions):
                continue
            if norm[m.start : m.end] == "runs" and _bowel_runs(norm, clause, m):
                m = Mention(m.start, m.end, "symptom", "diarrhea")
        out.append(m)
    return out


#: What stands right before "runs" when it is the bowels' ("no runs", "the runs", "had runs");
#: "I go for runs", "my morning runs" are a sport.
_BOWEL_RUNS = re.compile(r"\b(?:no|the|any|had|have|has|got|bad|still|more|less|with|plus|or|nor)\s+$")


def _bowel_runs(norm: str, clause: Clause, m: Mention) -> bool:
    """ "runs" after a word of :data:`_BOWEL_RUNS`, or opening a clause that counts nothing ("runs yes,
    temp no"), is diarrhoea."""
    before = norm[clause.start : m.start]
    if not before.strip(" ,;:-"):
        return not clause.has("freq")
    return _BOWEL_RUNS.search(before[-14:]) is not None


#: Up to two words between a complaint and the gerund that says when it comes ("breathless walking",
#: "chest pain even walking", "short of breath just running for the bus").
_GAP = re.compile(r"\s+(?:(?:even|just|only|when|while|after|from|on|by)\s+){0,2}$")


def _brought_on(norm: str, clause: Clause, m: Mention, mentions: list[Mention]) -> bool:
    """The exercise gerund follows a complaint of its clause closely and no frequency makes it a
    habit ("breathless walking to the shop"; "walking 30 min a day" stays one)."""
    if clause.has("freq") or not norm[m.start : m.end].endswith("ing"):
        return False
    return any(
        o.kind == "symptom" and o.end <= m.start and _GAP.fullmatch(norm, o.end, m.start) is not None for o in mentions
    )


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
    brings on the symptom of its clause and is no habit, a bare complaint too ("ещё побаливает при
    ходьбе", the site said before)."""
    felt = any(m.kind == "symptom" for m in mentions) or any(lex.cat == "pain" for _, _, lex in clause.hits)
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


#: "walking" as the word of an aid's name ("still on the walking frame", "a walking stick"): no walk taken;
#: walking poles are a sport's.
_AID_NAMED = re.compile(r"\s+(?:frames?|sticks?|aids?|canes?|boots?)\b")
#: Running to the toilet, on either side of the running word ("в туалет бегать перестала", "бегаю
#: в туалет"): an urge, no sport.
_TO_THE_TOILET = re.compile(r"(?<![а-яё])в\s+туалет|по-маленькому|\bto the (?:loo|toilet|bathroom|lav)\b")
#: How far from the running word the toilet may be said (a word or two).
_TOILET_REACH = 16


#: Running as a bare verb ("бегаю", "running"), which a message about the waterworks means as going to the toilet.
_RUNNING = re.compile(r"бег|run")
#: The waterworks named anywhere in the message: a bladder or prostate complaint, its doctor or its pills.
_WATERWORKS = re.compile(
    r"моч|писа|писать|туалет|рез[ьи]|жжени|цистит|простат|уролог|омник|аводарт|фокусин|тамсулоз|пиелонеф"
    r"|\b(?:pee|peeing|wee|weeing|urin\w*|bladder|prostate|urolog\w*|cystitis|uti|loo|toilet|tamsulosin|flomax"
    r"|finasteride|dutasteride|avodart|water infection|waterworks)\b"
)
#: A run measured or placed as a sport ("бегаю по утрам 5 км", "running 10k in the park"): a sport still.
_SPORT_RUN = re.compile(
    r"\d+\s*(?:км|km|k\b|miles?|mi\b)|марафон|стадион|в парке|по утрам|на дорожке|пробежк|marathon|parkrun"
    r"|in the park|treadmill|track|every morning|in the mornings"
    # taken up again after the illness: "цистит прошёл, снова бегаю", "back to running"
    r"|снова|опять|возобнов|начал|\bback to\b|\bto running\b|\bagain\b|\bstarted\b"
)


def runs_to_the_toilet(norm: str, clause: Clause, m: Mention) -> bool:
    """ "резь прошла, бегаю уже реже", "уролог добавил омник, ночью пока так же бегаю", "cystitis
    settling, not running as much at night": a bare running verb in a message about the waterworks
    is the trips to the toilet, no sport; a run measured or placed as one ("бегаю по утрам 5 км"),
    or taken up again ("снова бегаю", "back to running"), stays a sport. Chinese names the sport
    by its own word (跑步), the toilet by its own (跑厕所)."""
    return (
        _RUNNING.search(norm, m.start, m.end) is not None
        and _WATERWORKS.search(norm) is not None
        and _SPORT_RUN.search(norm, clause.start, clause.end) is None
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


#: A count per night ("ночью по 3 раза бегаю", "up 3 times a night running to the loo", "夜里跑三次厕所"):
#: the nights are counted for an urge; nobody keeps a sport by the night.
_NIGHTLY = re.compile(
    r"\b(?:\d+|two|three|four|five|six|several|a few|a couple of)\s+times\s+(?:a|per|each|every|at)\s+night"
    r"|(?<![а-яё])(?:ночью|за ночь|по ночам|каждую ночь)[^,.;!?]{0,20}?\d+\s*раз"
    r"|\d+\s*раз\w*\s+(?:за\s+)?ноч"
    r"|(?:每晚|每天晚上|夜里|晚上|一晚上?|一夜|半夜)[^，。,]{0,6}?(?:\d+|[两三四五六七八几好])次"
)


def without_mobility(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "i can walk on it now", "walking with a frame", "уже могу ходить", "能正常走路了": being able
    to walk again, or walking with an aid, is how an illness or an injury mends, not a habit of
    exercise; "I walk every day" still is one. "走路都瘸", "walking is agony": how the walking goes
    tells a complaint; "бегаю каждые 20 минут", "ночью по 3 раза бегаю": a pace of minutes or a count
    per night, or running to the toilet, is an urge, not a sport; "walking" in an aid's name ("the walking
    frame") is no walk."""
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
                        or _AID_NAMED.match(norm, m.end)
                        or (not clause.has("freq") and _HOW_IT_GOES.match(norm, m.end))
                    )
                )
                or _HOURLY.match(norm, m.end)
                or runs_to_the_toilet(norm, clause, m)
                or _TO_THE_TOILET.search(
                    norm, max(clause.start, m.start - _TOILET_REACH), min(clause.end, m.end + _TOILET_REACH)
                ) is not None
                or _NIGHTLY.search(norm, clause.start, clause.end) is not None
            )
        )
    ]


def without_accident_settings(clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "twisted my ankle at football practice", "hurt my knee running", "потянул связки колена на
    футболе", "打篮球落地把膝盖扭了", "遛弯被狗咬了": a sport named in the clause of an injury, before
    or after it, is where the injury happened, not a habit, unless the clause says how often ("I
    run three times a week"), denies or ends something ("порвала мениск и пока не бегаю", "лодыжка
    зажила, снова играю в футбол")."""
    if not clause.cats.isdisjoint(("freq", "neg", "end")):
        return mentions
    if not any(m.kind == "injury" for m in mentions):
        return mentions
    return [m for m in mentions if not (m.kind == "lifestyle" and m.entity == "exercise")]
