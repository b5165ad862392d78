"""A habit denied for one occasion says nothing of the habit.

"played 5 a side tonight, no drink", "сегодня вечером не пил, был за рулём", "今晚没喝酒，开车了": the
user did not drink that evening; whether they drink at all is not said. Read as a denial, the clause
made the user a non-drinker. A denial of a habit (alcohol, smoking, exercise...) whose clause dates
it to one day or evening ("tonight", "today", "last night", "сегодня", "вчера", "今晚", "昨天")
gives no fact. A habit denied with no such date ("i dont drink") keeps its denial, and an ending
("quit yesterday") is no denial and is kept.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause, phrase_at

_ONE_OCCASION = {
    "en": re.compile(r"\b(?:tonight|today|this (?:evening|morning|afternoon)|last night|yesterday|the other night)\b"),
    "ru": re.compile(r"(?<![а-яё])(?:сегодня|вчера|этим вечером|этой ночью|позавчера)(?![а-яё])"),
    "zh": re.compile(r"今天|今晚|昨天|昨晚|今早|前天|今儿"),
}
_PAUSES = frozenset(",，;；.。!！?？")
#: What may stand between a date closing one clause and the next clause.
_JOINED = re.compile(r"[\s,，、]*")


def without_one_occasion_denials(norm: str, clause: Clause, mentions: list[Mention], lang: str) -> list[Mention]:
    """The clause's mentions without each habit it denies for one occasion: the date stands in the
    denial's own phrase or closes the phrase right before it ("played 5 a side tonight, no drink"); a
    date further off ("я не курю, сегодня был у врача") dates something else."""
    occasion = _ONE_OCCASION.get(lang)
    if occasion is None or not any(m.kind == "lifestyle" and m.state == "neg" for m in mentions):
        return mentions
    return [m for m in mentions if not (m.kind == "lifestyle" and m.state == "neg" and _dated(norm, m, occasion))]


def _dated(norm: str, m: Mention, occasion: re.Pattern[str]) -> bool:
    """A date of one occasion stands in the mention's phrase or closes the phrase before it."""
    start, end = phrase_at(norm, m.start, 0, len(norm), _PAUSES)
    if occasion.search(norm, start, end) is not None:
        return True
    return any(_JOINED.fullmatch(norm, d.end(), start) for d in occasion.finditer(norm, 0, start))
