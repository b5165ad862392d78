"""A relative a message opens by writing about: the one its later sentences speak of.

Parents and carers open with who the message is about ("writing about my little boy, he's 4",
"сыну 4 года, температура 39", "帮我女儿问的，她6岁", "I look after my mum who's 84"), then go on
without naming them again ("GP said it's another ear infection", "педиатр сказал атопический
дерматит", "医生说是咳嗽变异性哮喘"). Those sentences are the relative's history, not the user's; a
sentence that names its own subject ("I", "у меня самой", "我自己") says whose it is.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.lexicon import Lex

Hit = tuple[int, int, Lex]

#: "writing about my", "asking for our", "question about my", "пишу про", "вопрос про", "帮我女儿问":
#: the message is about the relative right after.
_ABOUT = {
    "en": re.compile(
        r"\b(?:writ\w*|ask\w*|messag\w*|enquir\w*|inquir\w*|question|here|typing|contact\w*)\s+"
        r"(?:about|for|on behalf of|re)\s+(?:my|our)\s+$"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:пишу|спрашиваю|вопрос|обращаюсь|консультация)\s+(?:про|о|об|за|по поводу)\s+"
        r"(?:мо\w+\s+|наш\w+\s+)?$"
    ),
    "zh": re.compile(r"(?:帮|替|给)(?:我|我家)?$"),
}
#: An age told right after the relative: "my boy, he's 4", "my mum who's 84", "сыну 4 года", "маме 82",
#: "我女儿8个月", "我爸82了", "她6岁".
_AGE_AFTER = {
    "en": re.compile(
        r"\s*(?:\(|,)?\s*(?:who\s+is|who'?s|he'?s|she'?s|hes|shes|is|aged?)?\s*\d{1,3}(?:[.,]\d)?\s*"
        r"(?:y/?o\b|yrs?\b|years?\b|months?\b|mo\b|weeks?\b|\)|,|\.|$)"
    ),
    "ru": re.compile(r"\s*(?:\d{1,3}(?:[.,]\d)?|\d{1,2}\s*г)\s*(?:лет|год|года|г\b|мес\w*|недел\w*)?(?:\s|,|\.|$)"),
    "zh": re.compile(r"\s*(?:[,，]?\s*[他她]\s*)?(?:\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:岁|个月|了|周岁)"),
}


def introduced_relatives(norm: str, hits: list[Hit], start: int, end: int, lang: str) -> tuple[str, ...]:
    """The relatives a sentence (``start``..``end``, its ``hits``) introduces as the message's
    topic: one written about, or one whose age is told right after them; ``()`` when none."""
    about, aged = _ABOUT.get(lang), _AGE_AFTER.get(lang)
    if about is None or aged is None:
        return ()
    found: list[str] = []
    for h_start, h_end, lex in hits:
        if lex.kind != "relative" or not start <= h_start < end:
            continue
        if about.search(norm, max(start, h_start - 40), h_start) or aged.match(norm, h_end, end):
            found.append(lex.value)
    return tuple(dict.fromkeys(found))
