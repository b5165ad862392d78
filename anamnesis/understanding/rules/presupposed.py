"""Terms a question takes as the user's own: "我房颤能喝茶吗？", "is coffee ok with my AF?".

A question asks nothing about what it calls "my" or presupposes; it says the user has it, while
"我有高血压吗？" asks whether and gives nothing.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import FAMILY_KINDS
from anamnesis.understanding.rules.segment import Clause

#: "我房颤", "我的高血压", "我有胃溃疡" right before what the question asks about it ("能喝茶吗？")
_ZH_MY = re.compile(r"我(?:的|有|这个|这)?\s*$")
_ZH_CAN = re.compile(r"\s*(?:还)?(?:能|可以|可不可以|能不能|要不要|需要|该|适合|影响|要紧|会不会加重)")
_QUESTION_ONLY = frozenset({"hypo", "uncertain", "asked", "intent"})


def zh_presupposed(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "我房颤能喝茶吗？", "我高血压能吃布洛芬吗？": the question asks about the user's own condition,
    which it takes as given; "我有高血压吗？" and "我是不是高血压？" ask whether, and give nothing."""
    if not clause.cats.isdisjoint(_QUESTION_ONLY):
        return []
    return [
        m
        for m in mentions
        if m.kind in FAMILY_KINDS
        and m.state is None
        and _ZH_MY.search(norm, clause.start, m.start)
        and _ZH_CAN.match(norm, m.end)
    ]


#: "my" right before a term: "is coffee ok with my AF?", "при моей ФП кофе можно?", "我的高血压".
_MY = re.compile(r"(?:\bmy|(?<![а-я])мо(?:й|я|е|ё|и|его|ей|ему|им|ими|ю|их)|我的)\s*$")
#: What a question can say the user has by calling it theirs (not a plan: "my surgery next week").
_OWNED_KINDS = frozenset({"drug", "condition", "diagnosis", "symptom"})


def owned(norm: str, m: Mention) -> bool:
    """A term a question calls the user's own ("is it ok to have a beer on my zoloft?"): the
    question asks nothing about it, it says the user has it."""
    return m.kind in _OWNED_KINDS and _MY.search(norm, max(0, m.start - 8), m.start) is not None
