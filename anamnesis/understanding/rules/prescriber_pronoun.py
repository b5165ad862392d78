"""A "he" or "she" who prescribes, adds or changes a medicine, or tells the user what they have, is
the user's clinician.

"saw the urologist. he's added finasteride 5mg", "она назначила сертралин 50 мг", "医生看了 他给我加了
非那雄胺": with nobody else named in the message, the third person whose verb is a prescriber's act is
the doctor, and the medicine is the user's. So is one who gives a verdict on the user: "she said its
stable angina", "he told me i have gout", "она сказала, что у меня гастрит", "她说我是胃炎". A verb
anyone can do of their own ("she started sertraline", "he takes allopurinol", "she has asthma") or
an act done to someone named ("he prescribed her amoxicillin") leaves the clause to that other person.
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

#: A third-person pronoun telling the user what they have: its verb of saying or finding, then the
#: verdict's opening ("it's", "i have", "что у меня", "我是").
_VERDICT: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(?:he|she)\s+(?:(?:just|also|then|now)\s+)?"
        r"(?:said|says|thinks|thought|reckons|reckoned|told me|tells me|confirmed|diagnosed me with|found)\s+"
        r"(?:that\s+)?(?:it'?s|its|it was|it is|i(?:'ve| have)? got|i have|i had|i've|there'?s|there is|my\b)"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:он|она)\s+(?:(?:мне|ещё|еще|тоже|сразу|сейчас|теперь)\s+)*"
        r"(?:сказал|говорит|считает|подтвердил|поставил|нашел|нашёл|нашла|обнаружил)а?(?![а-яё])"
        r"\s*(?:,\s*)?(?:что\s+)?(?:у меня|это|мне)"
    ),
    "zh": re.compile(r"[他她](?:又|还|就|也)?(?:说|讲|看了说|诊断)(?:我|是|这是|就是)"),
}

#: The verdict's name said at once, with no opening ("he said stable angina", "she thinks ibs"):
#: any word but one that opens other speech ("he said to rest", "she said he was fine", "he said no").
_VERDICT_NAMED: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(?:he|she)\s+(?:(?:just|also|then|now)\s+)?(?:said|says|thinks|thought|reckons|reckoned)\s+"
        r"(?!(?:to|that|he|she|they|we|you|it|i|no|yes|not|so|nothing|something|come|go|take|keep|stop|try|wait"
        r"|rest|see|call|get|don'?t|just|the|a|an|his|her|their|was|is|would|will|should|could|might|maybe)\b)[a-z]{3,}"
    ),
}


def acts_as_clinician(norm: str, start: int, end: int, lang: str) -> bool:
    """The clause ``norm[start:end]`` has a third person do what only the user's clinician does:
    prescribe or change a medicine, or tell the user what they have."""
    return any(
        pattern is not None and pattern.search(norm, start, end) is not None
        for pattern in (_PRESCRIBES.get(lang), _VERDICT.get(lang), _VERDICT_NAMED.get(lang))
    )
