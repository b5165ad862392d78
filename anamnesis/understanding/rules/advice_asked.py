"""A reply to "what did the doctor advise?" tells advice: its habits are what to do, not what is done.

"Did she give any advice about the triglycerides?" — "less takeaway and sugary drinks", "Что
посоветовал врач?" — "меньше соли, больше ходить", "医生有什么建议吗？" — "少吃油腻的，多运动": the
diet and exercise the reply names are the advice (the section is touched, no fact). A clause in
which the user speaks of themself ("I've cut out takeaways", "я уже хожу", "我已经在控制饮食") tells
what the user does, and medicines given are prescriptions, so both stay facts.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: A question for what a clinician advised: "any advice", "did they recommend", "what did he suggest",
#: "что посоветовал", "какие рекомендации", "有什么建议", "医生怎么嘱咐".
_ASKS_ADVICE = re.compile(
    r"\b(?:advice|advise[sd]?|recommend(?:ed|ations?)?|suggest(?:ed|ions?)?)\b[^?]*\?"
    r"|(?<![а-яё])(?:посоветовал\w*|советовал\w*|рекомендовал\w*|рекомендаци\w*|совет\w*)(?![а-яё])[^?]*\?"
    r"|(?:建议|嘱咐|交代|叮嘱)[^？?]*[？?]"
)
#: Where the last question of a turn starts: after the last sentence end before its question mark.
_LAST_QUESTION = re.compile(r"[^.!?。！？]*[?？]\s*$")
#: The habits a piece of advice is about.
_ADVISED = frozenset({"lifestyle"})


def asks_advice(context: str) -> bool:
    """The assistant's last question asks what a clinician advised."""
    last = _LAST_QUESTION.search(context.strip().lower())
    return last is not None and _ASKS_ADVICE.search(last.group()) is not None


def advice_only(clause: Clause, mentions: list[Mention]) -> tuple[list[Mention], list[Mention]]:
    """(mentions that are facts, habits that are only the advice) of a clause of the reply."""
    if clause.has("self"):
        return mentions, []
    advice = [m for m in mentions if m.kind in _ADVISED]
    return [m for m in mentions if m not in advice], advice
