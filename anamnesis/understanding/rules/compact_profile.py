"""Compact self-descriptions: "M, 52", "52yo f", "жен., 61 год", "男，45岁".

Patients introduce themselves the way forms and clinicians write it: a sex letter and an
age side by side, usually at the start of a message. A lone "m" or "f" means nothing
elsewhere, so the pair is only read at the start of a sentence (after an optional greeting
or "I'm"), where the two together can only be sex and age.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from anamnesis.understanding.rules.quantities import fmt, kilograms

#: Where a pair may start: a sentence's start, a greeting or "I'm", or a comma that sets it off as an
#: item of its own ("uni student, 22F", "ХОБЛ, 66 лет, ...", "大夫您好，男，45"), or a colon that announces
#: it ("health check results: M, 47").
_LEAD = (
    r"(?:^|(?<!\d)[.!?\n;,，:：]\s*"
    r"|(?<![\w])(?:hi|hello|hey|i'?m|im|me|здравствуйте|привет|я|你好|您好|我是|我)[\s,，:：]*"
    # after a measure told just before ("рост 1,70 вес 95 кг мужчина 54 года")
    r"|(?<=кг |kg |см |cm ))"
)
_SEX = {
    "m": "male",
    "male": "male",
    "man": "male",
    "f": "female",
    "female": "female",
    "woman": "female",
    "м": "male",
    "муж": "male",
    "мужчина": "male",
    "ж": "female",
    "жен": "female",
    "женщина": "female",
    "男": "male",
    "男性": "male",
    "女": "female",
    "女性": "female",
    # words a patient calls themself by ("мне 26, парень", "55, мужик", "16岁男生", "女的，五十六")
    "парень": "male",
    "мужик": "male",
    "девушка": "female",
    "男生": "male",
    "男的": "male",
    "女生": "female",
    "女的": "female",
}
_SEX_WORD = (
    r"(male|female|man|woman|m|f|мужчина|женщина|мужик|парень|девушка|муж|жен|м|ж|男性|女性|男生|女生|男的|女的|男|女)\.?"
)
_AGE_UNIT = r"(?:y/?o|yo|yrs? old|yrs?|years? old|year-old|лет|год|года|岁|周岁)"
_AGE = r"(\d{1,3})\s*" + _AGE_UNIT + "?"
_SEX_AGE = re.compile(
    # a Chinese sex word needs no separator before the age ("女27，多囊")
    _LEAD
    + _SEX_WORD
    # nor does a single sex letter written against it ("m67.", "f 45")
    + r"(?:\s*[,，、/ ]\s*|(?<=[男女性])|(?<=\b[mfмж]))"
    + _AGE
    # "女，63，2型糖尿病": a comma before a diabetes type is no decimal one
    # ("男,23,183,75kg": a comma before three digits opens the next item, a height)
    + r"(?!\d|[.,]\d(?!\d\d|\s*(?:型|тип))|\s*(?:kg|кг|cm|см|mg|мг|lb|%|公斤|斤))",
    re.IGNORECASE,
)
_AGE_SEX = re.compile(
    _LEAD + r"(\d{1,3})\s*" + _AGE_UNIT + r"?\s*[,，、/ ]?\s*" + _SEX_WORD + r"(?![\w])",
    re.IGNORECASE,
)

#: "мне 24, муж.": after "мне" and an age, a sex word in its abbreviated (dotted) or full form only;
#: a bare "муж" there is the husband ("мне 30, муж говорит...").
_ME_AGE_SEX = re.compile(
    r"(?<![а-я])мне\s+(\d{1,3})\s*(?:лет|год|года)?\s*[,/ ]\s*"
    r"(муж\.|жен\.|м\.|ж\.|мужчина|женщина|парень|мужик|девушка)(?![а-я])"
)
#: Everyday words a patient calls themself by ("парень", "мужик", "девушка") are a sex only as an item of
#: their own: "мне 26, парень." is the writer, "мне 26, парень говорит..." is a boyfriend.
_COLLOQUIAL = frozenset({"парень", "мужик", "девушка"})
_ITEM_ENDS = re.compile(r"\s*(?:[.,!;\n]|$)")
_ANY_DIGIT = re.compile(r"\d")
#: What every match of each pattern contains, found without trying its lead at every position (a
#: third of the pattern's time): a sex word's last letter then an age, an age then a sex word, "мне".
_GATES = (
    re.compile(r"[mfenмжанькa性男女生的]\.?\s*[,，、/ ]\s*\d|[性男女生的]\d|\b[mfмж]\d", re.IGNORECASE),
    re.compile(r"\d\s*" + _AGE_UNIT + r"?\s*[,，、/ ]?\s*" + _SEX_WORD + r"(?![\w])", re.IGNORECASE),
    re.compile("мне"),
)
#: "58 btw, and i dont smoke", "19, asthma since i was little", "hi, 71 here": a message that opens
#: with a bare number of years, and no other number in its sentence (but a diabetes type),
#: introduces the writer's age.
_BARE_AGE = re.compile(
    r"^(?:(?:hi|hello|hey)\b[\s,!.]*)?(\d{2,3})\s*(?:,|\bbtw\b|\bhere\b)(?=(?:[^\d.!?\n]|type [12])*(?:[.!?\n]|$))"
)


#: "44, builder, ...", "alright. 55, taxi driver", "cant sleep again. 28, software dev": a sentence that
#: opens (after a greeting) with a bare number set off by a comma as an item of its own, a word after
#: it that is no unit, count, time or hedge of a number ("20, sometimes more", "10, then 5 mg").
#: What may follow a number that is no age after its comma: a hedge or count of the number ("20,
#: sometimes more", "10, then 5 mg"), a unit or time, a judgement, or words describing a reading ("88,
#: regular", "72, fairly steady").
_NOT_AN_AGE_AFTER = re.compile(
    r"\s*,\s*(?:sometimes|maybe|or|about|around|approx\w*|more|less|max|tops|ish|give|"
    r"and|then|but|now|down|up|on|at|since|last|this|today|yesterday|over|per|a day|a week|every|daily|weekly|twice|"
    r"once|times|mg|mcg|ml|units?|kg|lbs?|cm|mmol|bpm|hours?|hrs?|days?|weeks?|months?|years?|mins?|minutes?|"
    r"normal|high|low|above|below|under|target|which|that|so|not|no|yes|same|still|thanks?|"
    r"regular|irregular|steady|stable|fine|good|ok|okay|fairly|pretty|quite|bit|a bit|a little|roughly|usually|"
    r"mostly|resting|sitting|lying|standing|fasting|before|after|in|the|it|its|it's|was|is|were|went|came|got)\b"
)
#: "44, builder, ...", "alright. 55, taxi driver", "cant sleep again. 28, software dev": a sentence that
#: opens (after a greeting) with a bare number set off by a comma as an item of its own, a word after it.
_AGE_ITEM = re.compile(
    r"(?:^|[.!?\n]\s*)(?:(?:hi|hiya|hello|hey|morning|good morning|evening|good evening|alright|ok|okay|so|well)\b"
    r"[\s,!.]*)?(\d{2,3})(?=\s*,\s*[a-z])"
)


def bare_age(norm: str) -> ProfileValue | None:
    """The age a message opens with, unannounced ("58 btw, ..."), or a sentence's opening age set
    off as an item ("44, builder"); the caller makes sure no question asked for another number
    ("How many a day?" "20, sometimes more")."""
    for m in (_BARE_AGE.match(norm), _AGE_ITEM.search(norm)):
        if m is not None and 12 <= int(m.group(1)) <= 110 and not _NOT_AN_AGE_AFTER.match(norm, m.end(1)):
            return ProfileValue(m.start(1), m.end(1), "age", str(int(m.group(1))))
    return None


#: "мне 48, похоже климакс": "мне" and a bare number (or years) that ends its phrase is the writer's age.
_ME_AGE = re.compile(r"(?<![а-яё])мне\s+(\d{2,3})(?:\s*(?:лет|год|года))?\s*(?=[,.!;\n]|$)")


def me_age(norm: str) -> ProfileValue | None:
    """The age said as "мне 48," that a clause of its own left unread (a hedge after it, "похоже...")."""
    m = _ME_AGE.search(norm)
    if m is None or not 12 <= int(m.group(1)) <= 110:
        return None
    return ProfileValue(m.start(1), m.end(1), "age", str(int(m.group(1))))


#: "42 if that matters", "33 by the way if you need it, male", "мужик я 31 год если надо": an age the
#: writer adds in passing, flagged as information for the reader, anywhere a phrase of its own starts;
#: a sex word may follow as an item of its own.
_IN_PASSING = (
    re.compile(
        r"(?:^|[.!?,;:\n]\s*|\b(?:and|also)\s+)(?:i'?m\s+|im\s+|i am\s+)?(\d{2,3})\s*"
        r"(?:yo|y/o|years? old|yrs? old)?\s*,?\s*"
        r"(?:if (?:that|it) (?:matters|helps)|if (?:you|u) need (?:it|to know|that)"
        r"|by the way|btw|fyi|for the record)\b"
        r"(?:[^.!?\n\d]{0,30}?,\s*(male|female)\b)?"
    ),
    re.compile(
        r"(?:^|[.!?,;:\n]\s*)(?:(мужик|мужчина|парень|женщина|девушка)\s+)?(?:мне\s+|я\s+)?(\d{2,3})\s*(?:лет|год|года)"
        r"\s*,?\s*(?:если (?:надо|нужно|что|важно|интересно)|кстати|к слову)(?![а-я])"
    ),
)
_PASSING_GATE = re.compile(r"matters|helps|need|by the way|btw|fyi|record|если|кстати|к слову")


def age_in_passing(norm: str) -> list[ProfileValue]:
    """The age (and the sex said with it) a message adds in passing ("42 if that matters",
    "33 by the way if you need it, male", "мужик я 31 год если надо")."""
    if _PASSING_GATE.search(norm) is None:
        return []
    out: list[ProfileValue] = []
    for pattern, age_group, sex_group in zip(_IN_PASSING, (1, 2), (2, 1), strict=True):
        for m in pattern.finditer(norm):
            if not 12 <= int(m.group(age_group)) <= 110:
                continue
            out.append(ProfileValue(m.start(age_group), m.end(age_group), "age", str(int(m.group(age_group)))))
            if m.group(sex_group):
                out.append(ProfileValue(m.start(sex_group), m.end(sex_group), "sex", _SEX[m.group(sex_group)]))
    return out


class ProfileValue(NamedTuple):
    start: int
    end: int
    entity: str
    value: str


def compact_profile(norm: str) -> list[ProfileValue]:
    """The age and sex of every sex-age pair that opens a sentence of ``norm``."""
    out: list[ProfileValue] = []
    if _ANY_DIGIT.search(norm) is None:  # both patterns need an age: no scan of a text without a digit
        return out
    for gate, pattern, sex_group, age_group in zip(
        _GATES, (_SEX_AGE, _AGE_SEX, _ME_AGE_SEX), (1, 2, 2), (2, 1, 1), strict=True
    ):
        if gate.search(norm) is None:
            continue
        for m in pattern.finditer(norm):
            age = int(m.group(age_group))
            word = m.group(sex_group).lower().rstrip(".")
            sex = _SEX.get(word)
            if sex is None or not 1 <= age <= 110:
                continue
            if word in _COLLOQUIAL and _ITEM_ENDS.match(norm, m.end(sex_group)) is None:
                continue
            out.append(ProfileValue(m.start(), m.end(), "sex", sex))
            out.append(ProfileValue(m.start(), m.end(), "age", str(age)))
            out += _height_and_weight(norm, m.end())
    return out


#: A height, then maybe a weight, right after a sex-age pair, as forms list them: "男，23，183，75kg",
#: "女 26 158 130斤", "m 40, 1.82, 90", or as a slash pair ("м44, 185/120", "男，45岁，175/80"): right
#: after a sex and an age the pair is the body's size, which the profile tells, not a pressure.
_SIZES = re.compile(
    r"\s*[,，、]?\s*(1[.,]\d{2}|\d{3})(?!\s*(?:lbs?|pounds|kg|кг|公斤|斤|st\b|stone))\s*(?:cm|см|厘米)?"
    r"(?:\s*[,，、/]?\s*(\d{2,3}(?:[.,]\d)?)\s*(kg|кг|公斤|斤)?)?(?![\d/.,]\d|[\d/])"
)
#: A pressure told after the numbers ("м 45, 160 на 100 давление", "Ж 58, 150/90 давление"), or a time
#: of day it was measured at ("М 61, 150/90 по утрам"), which a body's size has not: no height and weight.
_PRESSURE = re.compile(
    r"\s*(?:на|over|比)\s*\d|[^.!?\n]{0,20}(?:давлени|pressure|\bbp\b|血压|(?<![а-я])мм(?![а-я])|mmhg"
    r"|утр|вечер|\bmornings?\b|\bevenings?\b|\btoday\b|早上|晚上|今天)"
)


def _height_and_weight(norm: str, at: int) -> list[ProfileValue]:
    """The height (140–210 cm) and weight (30–250 kg; 斤 are half a kilo) a profile gives after its age."""
    m = _SIZES.match(norm, at)
    if m is None or _PRESSURE.match(norm, m.end(1)) is not None:
        return []
    height = float(m.group(1).replace(",", "."))
    height = height * 100 if height < 3 else height
    if not 140 <= height <= 210:
        return []
    out = [ProfileValue(m.start(1), m.end(1), "height_cm", fmt(height))]
    if m.group(2):
        weight = kilograms(float(m.group(2).replace(",", ".")), m.group(3) or "")
        if 30 <= weight <= 250:
            out.append(ProfileValue(m.start(2), m.end(2), "weight_kg", fmt(round(weight, 1))))
    return out
