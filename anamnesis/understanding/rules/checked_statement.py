"""A statement followed by "is that normal?": the question is its own sentence.

"my knee clicks when I climb stairs, is that normal?", "сыпь на руках, это нормально?", "嘴里发苦
正常吗？": the user states a complaint and then asks about it, as if after a full stop ("...
clicks. Is that normal?"), so the statement is a fact and only the tag is a question. The check
still covers the whole sentence where it opens it ("Is it normal to get heartburn...?", "Это
нормально, что ...?") or where the statement is a complaint that comes on a trigger ("after fatty
meals", "после еды", "吃了…就…"): the user asks whether such a reaction is usual, not what they
have.
"""

from __future__ import annotations

import re

#: The trailing tag, at the very end of the message's normalised text: "..., is that normal?"
_TAG = re.compile(
    r"(?:[,，]|\s)\s*(?:(?:is|was|are)\s+(?:that|this|it|these|those)\s+(?:normal|ok|okay|common)"
    r"|(?:это|так)\s+(?:нормально|норм|бывает)(?:\s+ли)?"
    r"|这?(?:正常吗|正常不|正常不正常|算正常吗))\s*\?+\s*$"
)
#: A trigger in the statement: the complaint comes on when something happens.
_TRIGGER = {
    "en": re.compile(r"\b(?:after|when|whenever|every time|if)\b"),
    "ru": re.compile(r"(?<![а-яё])(?:после|когда|если|каждый раз|как только)(?![а-яё])"),
    "zh": re.compile(r"就(?!是)|每次|一到|(?<!一)会(?!儿|诊)"),
}


def split_checked_statement(norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """``spans`` (:func:`~anamnesis.understanding.rules.segment.sentences`) with a last question
    that ends in a check tag after a statement cut in two: the statement, then the tag's question."""
    if not spans or not spans[-1][2] or "?" not in norm[-3:]:
        return spans
    start, end, _ = spans[-1]
    m = _TAG.search(norm, start, end)
    if m is None or m.start() <= start or not norm[start : m.start()].strip(" ,，"):
        return spans
    trigger = _TRIGGER.get(lang)
    if trigger is not None and trigger.search(norm, start, m.start()):
        return spans
    return [*spans[:-1], (start, m.start() + 1, False), (m.start() + 1, end, True)]
