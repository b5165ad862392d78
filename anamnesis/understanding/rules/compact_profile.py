"""Compact self-descriptions: "M, 52", "52yo f", "жен., 61 год", "男，45岁".

Patients introduce themselves the way forms and clinicians write it: a sex letter and an
age side by side, usually at the start of a message. A lone "m" or "f" means nothing
elsewhere, so the pair is only read at the start of a sentence (after an optional greeting
or "I'm"), where the two together can only be sex and age.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_LEAD = r"(?:^|(?<!\d)[.!?\n;]\s*|(?<![\w])(?:hi|hello|hey|i'?m|im|me|здравствуйте|привет|я|你好|我是|我)[\s,，:：]*)"
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
}
_SEX_WORD = r"(male|female|man|woman|m|f|мужчина|женщина|муж|жен|м|ж|男性|女性|男|女)\.?"
_AGE_UNIT = r"(?:y/?o|yo|yrs?|years? old|лет|год|года|岁|周岁)"
_AGE = r"(\d{1,3})\s*" + _AGE_UNIT + "?"
_SEX_AGE = re.compile(
    # a Chinese sex word needs no separator before the age ("女27，多囊")
    _LEAD
    + _SEX_WORD
    + r"(?:\s*[,，、/ ]\s*|(?<=[男女性]))"
    + _AGE
    + r"(?!\d|[.,]\d|\s*(?:kg|кг|cm|см|mg|мг|lb|%|公斤|斤))",
    re.IGNORECASE,
)
_AGE_SEX = re.compile(
    _LEAD + r"(\d{1,3})\s*" + _AGE_UNIT + r"?\s*[,，、/ ]?\s*" + _SEX_WORD + r"(?![\w])",
    re.IGNORECASE,
)

#: "мне 24, муж.": after "мне" and an age, a sex word in its abbreviated (dotted) or full form only;
#: a bare "муж" there is the husband ("мне 30, муж говорит...").
_ME_AGE_SEX = re.compile(
    r"(?<![а-я])мне\s+(\d{1,3})\s*(?:лет|год|года)?\s*[,/ ]\s*(муж\.|жен\.|м\.|ж\.|мужчина|женщина)(?![а-я])"
)
_ANY_DIGIT = re.compile(r"\d")
#: What every match of each pattern contains, found without trying its lead at every position (a
#: third of the pattern's time): a sex word's last letter then an age, an age then a sex word, "мне".
_GATES = (
    re.compile(r"[mfenмжан性男女]\.?\s*[,，、/ ]\s*\d|[性男女]\d", re.IGNORECASE),
    re.compile(r"\d\s*" + _AGE_UNIT + r"?\s*[,，、/ ]?\s*" + _SEX_WORD + r"(?![\w])", re.IGNORECASE),
    re.compile("мне"),
)
#: "58 btw, and i dont smoke", "19, asthma since i was little", "hi, 71 here": a message that opens
#: with a bare number of years, and no other number in its sentence (but a diabetes type),
#: introduces the writer's age.
_BARE_AGE = re.compile(
    r"^(?:(?:hi|hello|hey)\b[\s,!.]*)?(\d{2,3})\s*(?:,|\bbtw\b|\bhere\b)(?=(?:[^\d.!?\n]|type [12])*(?:[.!?\n]|$))"
)


def bare_age(norm: str) -> ProfileValue | None:
    """The age a message opens with, unannounced ("58 btw, ..."); the caller makes sure no
    question asked for another number ("How many a day?" "20, sometimes more")."""
    m = _BARE_AGE.match(norm)
    if m is None or not 12 <= int(m.group(1)) <= 110:
        return None
    return ProfileValue(m.start(1), m.end(1), "age", str(int(m.group(1))))


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
            sex = _SEX.get(m.group(sex_group).lower().rstrip("."))
            if sex is None or not 1 <= age <= 110:
                continue
            out.append(ProfileValue(m.start(), m.end(), "sex", sex))
            out.append(ProfileValue(m.start(), m.end(), "age", str(age)))
    return out
