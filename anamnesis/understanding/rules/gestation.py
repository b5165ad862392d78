"""A pregnancy told by the week it has reached is the diagnosis ``pregnancy``.

"беременность 8 нед", "на 16 неделе беременности", "怀孕24周", "孕20周", "12 weeks pregnant",
"positive test!! 6 weeks": pregnancy is a diagnosis (gold README). The vocabulary names it only in
statement forms ("I'm pregnant", "беременна", "怀孕了"), because the noun also fills questions and
plans ("safe in pregnancy?", "планирую беременность", "备孕"); a week count is said only of a
pregnancy that is there. The clause's own gates (a question, a plan, someone else as subject) still
decide whether it is the user's, and a week told of a past or lost pregnancy ("в прошлую беременность
на 20 неделе", "上次怀孕7个月的时候", "lost it at 10 weeks") is none now.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.reading import Message

_WEEKS_EN = r"\d{1,2}\s*(?:weeks?|wks?)\b"
_WEEKS_RU = r"\d{1,2}\s*(?:-?(?:я|й|ой|ю)\s*)?нед\w*"
_WEEKS_ZH = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*(?:周|个?月)"
_GESTATION = re.compile(
    rf"\bpregnant[,\s]+(?:(?:about|around|at|now|just)\s+)?{_WEEKS_EN}|\b{_WEEKS_EN}(?:\s+and\s+\d\s+days?)?\s+pregnant\b"
    rf"|\bpositive (?:pregnancy )?test\b[^.?]{{0,30}}?\b{_WEEKS_EN}"
    rf"|(?<![а-яё])беременност\w*[,:\s]+(?:(?:на|уже|срок)\s+)?{_WEEKS_RU}"
    rf"|(?<![а-яё])(?:на\s+)?{_WEEKS_RU}\s+беременност\w*"
    rf"|(?<![备避])(?:怀孕|孕)(?:了|已经|已)?\s*{_WEEKS_ZH}"
)
#: A pregnancy of the past or one lost: its weeks tell of no pregnancy now.
_PAST = re.compile(
    r"\b(?:last|previous|first|other) (?:pregnancy|baby|one)\b|\bwhen i was\b|\bmiscarr\w*|\blost (?:it|the baby)\b"
    r"|(?<![а-яё])(?:прошл\w*|предыдущ\w*|выкидыш\w*|замерш\w*|потерял\w*|когда была)(?![а-яё])"
    r"|上次|上一胎|之前怀|以前怀|那次|的时候|时候|流产|胎停"
)


def add_gestation(msg: Message, spans: list[tuple[int, int, bool]]) -> None:
    """A ``pregnancy`` fact for the first week count of a pregnancy in a clause that states the
    user's own health now, unless the message has a pregnancy fact already."""
    if any(f.entity == "pregnancy" for f in msg.facts):
        return
    for found in _GESTATION.finditer(msg.norm):
        clause = next((c for c in msg.clauses if c.start <= found.start() < c.end), None)
        if clause is None or clause.skip or clause.subject != "self" or 0 < clause.intent_at <= found.start():
            continue
        sentence = next((n for n, (s, e, _) in enumerate(spans) if s <= found.start() < e), None)
        if sentence is None or _PAST.search(msg.norm, spans[sentence][0], spans[sentence][1]):
            continue
        msg.facts.append(Fact(found.start(), found.end(), sentence, "diagnoses", "pregnancy", "active", found.group(0)))
        return
