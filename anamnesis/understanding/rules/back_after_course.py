"""The medicine to go back to after a short course of a stronger one is a plan, not a medicine confirmed now.

"a stronger cream, betnovate, for 2 weeks, then back to the hydrocortisone", "преднизолон на 5 дней, потом
снова на будесонид", "先用一周强的松，然后换回布地奈德": the course is what is used now; the one after
"then back to" is what comes when it ends (gold README: plans give no event). A course told as finished
("did a week of pred then back to the ventolin") makes the return done, and the medicine stays.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

#: Right before the medicine: "then back to the", "and then back on my", "потом снова на", "然后换回".
_THEN_BACK = re.compile(
    r"\b(?:then|after that|afterwards)\s+(?:(?:i'?ll\s+|i\s+|to\s+)?go\s+|going\s+)?"
    r"back\s+(?:to|on(?:to)?)\s+(?:the\s+|my\s+)?$"
    r"|(?<![а-яё])(?:потом|затем|после этого|а потом)\s+(?:снова|опять|обратно|вернуться|вернусь)\s+(?:на|к)\s+$"
    r"|(?:然后|之后|以后|完了)\s*(?:再)?(?:换回|改回|用回|回到|换回到)\s*$"
)
#: A short course named in the sentence: "for 2 weeks", "5 day course", "на 5 дней", "一周", "两个星期".
_COURSE = re.compile(
    r"\bfor\s+(?:\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen)\s+(?:days?|weeks?)\b|\bcourse\b"
    r"|(?<![а-яё])(?:на\s+\d+\s+(?:дн|день|недел)|на\s+(?:неделю|две недели|пару недель)|курс)"
    r"|(?:\d+|[一两二三四五六七八九十])\s*(?:天|周|个?星期|个?礼拜)|疗程"
)
#: The course told as over: the return is done, not planned.
_OVER = re.compile(
    r"\b(?:did|done|finished|was on|were on|had)\b|(?<![а-яё])(?:пропил|пропила|закончил|закончила|был на|была на)"
    r"|用完|吃完|停了|已经"
)


def _dosed_after(msg: Message, clause: Clause, m: Mention) -> bool:
    """A dose or a frequency follows the medicine in its clause ("then back to my clenil 2 puffs twice a
    day"): kept as it was, since held back it would hand them to the course before it."""
    return any(ch.isdigit() for ch in msg.norm[m.end : clause.end]) or any(
        s >= m.end and lex.cat == "freq" for s, _, lex in clause.hits
    )


def back_after_course(msg: Message, clause: Clause, mentions: list[Mention]) -> tuple[list[Mention], list[Mention]]:
    """Split off a medicine said after "then back to" in a sentence that names a short course still running."""
    sentence = [c for c in msg.clauses if c.sentence == clause.sentence]
    text = msg.norm[min(c.start for c in sentence) : max(c.end for c in sentence)]
    if not _COURSE.search(text) or _OVER.search(text):
        return mentions, []
    # the reading blanks "back" as a body site; the written text, where it lines up, still has it
    said = msg.text.lower() if len(msg.text) == len(msg.norm) else msg.norm
    planned = [
        m
        for m in mentions
        if m.kind == "drug"
        and _THEN_BACK.search(said, max(clause.start, m.start - 30), m.start)
        and not _dosed_after(msg, clause, m)
    ]
    return [m for m in mentions if m not in planned], planned
