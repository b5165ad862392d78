"""A relative who says what the user has: "wife says I snore", "жена говорит храплю", "我爸说我血压高".

The relative opens the sentence, but what follows the verb of saying is about the user: the
speaker is a witness, not the subject. Only a "that"-clause whose subject is the user counts ("I",
"my", "я", "у меня", a Russian verb in the first person singular, "我"): "wife says she snores",
"жена говорит ей помогает", "老婆说她也打呼" stay the relative's.
"""

from __future__ import annotations

import re

#: The verbs of saying or noticing, then the user as the subject of what is said.
_SAYS_I: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\s+(?:always\s+|keeps\s+|often\s+)?(?:says|said|tells\s+me|told\s+me|noticed|notices"
        r"|complains|complained|moans)\s*,?\s+(?:that\s+)?(?:i|i'm|im|i've|ive|my)\b"
    ),
    "ru": re.compile(
        r"\s+(?:всё\s+|все\s+|постоянно\s+|тоже\s+)?(?:говорит|говорил[аи]?|сказал[аи]?|жалуется|жаловал[аи]сь"
        r"|ругается|заметил[аи]?|замечает)\s*,?\s*(?:что\s+)?(?:(?:я|у\s+меня|мой|моя|мои|моё|мое)(?![а-яё])"
        r"|(?![а-яё]*(?:ому|ему|ыму|иму)(?![а-яё]))[а-яё]{2,}(?:лю|аю|яю|ую|юю|жу|шу|чу|щу|ю)(?![а-яё]))"
    ),
    "zh": re.compile(r"(?:老|总|也|都|一直)?(?:说|讲|觉得|嫌)(?:我|本人)"),
}


def says_of_user(norm: str, end: int, lang: str) -> bool:
    """Whether the relative or person ending at ``end`` says what the user has ("says I ...")."""
    pattern = _SAYS_I.get(lang)
    return pattern is not None and pattern.match(norm, end) is not None
