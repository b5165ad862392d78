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
#: What a consultation asks of a complaint it has: its cause, meaning, gravity or remedy
#: ("心慌是怎么回事", "头晕得厉害要紧吗", "胸闷气短怎么办"), after the complaint in its own phrase.
_ZH_ABOUT_IT = re.compile(
    r"[^，,。？?！!]{0,10}?(?:是)?(?:怎么回事|咋回事|什么原因|啥原因|什么情况|啥情况|怎么办|咋办|怎么治|怎么处理"
    r"|怎么缓解|如何缓解|如何治疗|吃什么药|用什么药|要紧吗|要不要紧|严重吗|严不严重|危险吗|有事吗|有问题吗|什么病|啥病)"
)
#: "为什么我老是头晕", "怎么总是心慌": a question of why, right before the complaint it takes as given
_ZH_WHY = re.compile(r"(?:为什么|为啥|怎么|咋)(?:我)?(?:最近|这几天|这段时间)?(?:老是|总是|经常|老|总|一直|常常)?\s*$")


def zh_presupposed(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "我房颤能喝茶吗？", "我高血压能吃布洛芬吗？": the question asks about the user's own condition,
    which it takes as given; "我有高血压吗？" and "我是不是高血压？" ask whether, and give nothing.
    A complaint whose cause, gravity or remedy is asked ("最近老心慌是怎么回事？", "为什么老是头晕")
    is the user's too; "会不会是心梗？" guesses at a name and gives nothing."""
    if not clause.cats.isdisjoint(_QUESTION_ONLY):
        return []
    return [
        m
        for m in mentions
        if m.state is None
        and (
            (m.kind in FAMILY_KINDS and _ZH_MY.search(norm, clause.start, m.start) and _ZH_CAN.match(norm, m.end))
            or (m.kind == "symptom" and _asked_about(norm, clause, m))
        )
    ]


def _asked_about(norm: str, clause: Clause, m: Mention) -> bool:
    """The clause asks the cause, gravity or remedy of the complaint ``m``, which no denial precedes."""
    if any(lex.cat == "neg" and s < m.start for s, _, lex in clause.hits):
        return False
    return _ZH_ABOUT_IT.match(norm, m.end, clause.end) is not None or (
        _ZH_WHY.search(norm, clause.start, m.start) is not None
    )


#: "my" right before a term: "is coffee ok with my AF?", "при моей ФП кофе можно?", "我的高血压".
_MY = re.compile(
    r"(?:\bmy|(?<![а-я])мо(?:й|я|е|ё|и|его|ей|ему|ем|ём|им|ими|ю|их)|(?<![а-я])у меня(?: есть| же)?|我的)\s*$"
)
#: What makes a Russian "у меня X" in a question a doubt or a plan: "может у меня гастрит?",
#: "есть ли у меня...", "если у меня поднимется давление".
_RU_DOUBT = re.compile(r"(?<![а-я])(?:может|ли|вдруг|разве|наверно\w*|не)\s*,?\s*$")
_RU_LATER = re.compile(r"\s*(?:будет|станет|начн\w*|появ\w*|подним\w*|случи\w*)(?![а-я])")
#: What a question can say the user has by calling it theirs (not a plan: "my surgery next week").
_OWNED_KINDS = frozenset({"drug", "condition", "diagnosis", "symptom"})


def owned(norm: str, m: Mention) -> bool:
    """A term a question calls the user's own ("is it ok to have a beer on my zoloft?"): the
    question asks nothing about it, it says the user has it."""
    if m.kind not in _OWNED_KINDS:
        return False
    mine = _MY.search(norm, max(0, m.start - 12), m.start)
    if mine is None:
        return False
    if not mine.group().startswith("у "):
        return True
    return not _RU_DOUBT.search(norm, max(0, mine.start() - 10), mine.start()) and not _RU_LATER.match(norm, m.end)
