"""A statement told as a question about telling: "did I mention I had a kidney stone zapped?".

"did I mention I had a kidney stone zapped few years back?", "have I told you I'm on warfarin?",
"я говорила, что у меня астма?", "我说过我有哮喘吗？": the user asks whether they already said it,
and says it ("did I say whether...", "did I tell you about..." say nothing yet); the question is
of the telling, what follows it is a statement. "did I have chickenpox as a kid?" asks of the
illness itself and stays a question. The opener and the question mark are blanked (the text
keeps its length), so the rest is read as said.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.segment import Hit

_START = r"(?:^|(?<=[.!?;。！？；]))\s*"
#: The opener, at a sentence's start, and the question's end; the statement is between.
_TOLD = {
    "en": re.compile(
        _START + r"((?:oh\s+|and\s+|btw\s+|also\s+|oh and\s+)?(?:did|have|had)\s+i\s+(?:ever\s+|already\s+)?"
        r"(?:mention(?:ed)?|tell you|told you|say|said)(?:\s+to you)?(?:\s+that)?\s+)"
        r"(?!(?:whether|if|about|what|how|when|why|which|anything|everything|enough)\b)[^.!?]+?(\?+)"
    ),
    "ru": re.compile(
        _START + r"((?:а\s+)?я\s+(?:вам\s+|тебе\s+)?(?:уже\s+)?(?:говорил|говорила|упоминал|упоминала|рассказывал"
        r"|рассказывала|сказал|сказала)\s*(?:вам\s+|тебе\s+)?(?:уже\s+)?,?\s*что\s+)[^.!?]+?(\?+)"
    ),
    "zh": re.compile(
        _START + r"(我(?:之前|以前|已经)?(?:跟你|和你|对你)?(?:说过|提过|讲过))[^。！？!?；;]+?((?:吗|没有)\s*[？?]+)"
    ),
}


def told_as_question(norm: str, hits: list[Hit], scan: Callable[[str], list[Hit]]) -> tuple[str, list[Hit]]:
    """The text with each question of whether the user said something blanked down to what they
    said (each language's opener is its own words, so every one is tried, no language detected)."""
    text = norm
    for told in _TOLD.values():
        for m in told.finditer(norm):
            for group in (1, 2):
                s, e = m.span(group)
                blank = " " * (e - s) if group == 1 else "." * (e - s)
                text = text[:s] + blank + text[e:]
    return (text, scan(text)) if text != norm else (norm, hits)
