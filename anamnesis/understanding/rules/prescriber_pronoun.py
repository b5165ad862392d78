"""A "he" or "she" who prescribes, adds or changes a medicine is the user's clinician.

"saw the urologist. he's added finasteride 5mg", "она назначила сертралин 50 мг", "医生看了 他给我加了
非那雄胺": with nobody else named in the message, the third person whose verb is a prescriber's act is
the doctor, and the medicine is the user's. A verb anyone can do of their own ("she started
sertraline", "he takes allopurinol") or an act done to someone named ("he prescribed her amoxicillin")
leaves the clause to that other person.
"""

from __future__ import annotations

import re

#: A third-person pronoun, then a verb only a prescriber does, not followed by another person it is done to.
_PRESCRIBES: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(?:he|she)(?:'s|s|\s+has|\s+had)?\s+(?:just\s+|also\s+|now\s+|then\s+)?"
        r"(?:prescribed|added|upped|increased|reduced|lowered|doubled|halved|swapped|switched|changed)\b"
        r"(?!\s+(?:him|her|them|his|their|my\s+(?:son|daughter|husband|wife|partner|mum|mom|dad|mother|father|kid|child)))"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:он|она)\s+(?:(?:мне|ещё|еще|также|тоже|сразу|сейчас|теперь)\s+)*"
        r"(?:назначил|выписал|добавил|перевел|перевёл|поменял|заменил|увеличил|повысил|снизил|уменьшил|отменил)а?(?![а-яё])"
        r"(?!\s+(?:ему|ей|им|мужу|сыну|дочке|дочери|маме|папе))"
    ),
    "zh": re.compile(r"[他她](?:又|还|就|也|今天|这次)?给我(?:加|开|换|改|停|减|增|调)"),
}


def prescribes(norm: str, start: int, end: int, lang: str) -> bool:
    """The clause ``norm[start:end]`` has a third person do what only a prescriber does."""
    pattern = _PRESCRIBES.get(lang)
    return pattern is not None and pattern.search(norm, start, end) is not None
