"""The type of diabetes said apart from the word: "diabetes ... type 2", "糖尿病五年了 二型的"."""

from __future__ import annotations

import re

from anamnesis.understanding.rules.reading import Message

_DIABETES_TYPE = {
    "type 2 diabetes": re.compile(
        r"\b(?:type ?(?:2|ii|two)|t2d?m?|dm ?2)\b|2 типа|второго типа|\bсд ?2\b|2型|二型|ii型"
    ),
    "type 1 diabetes": re.compile(r"\b(?:type ?(?:1|i|one)|t1d?m?|dm ?1)\b|1 типа|первого типа|\bсд ?1\b|1型|一型|i型"),
}


def name_diabetes_type(msg: Message, spans: list[tuple[int, int, bool]]) -> None:
    """ "diabetes ... type 2", "糖尿病五年了 二型的": a type said apart from the word names the type."""
    for fact in msg.facts:
        if fact.entity != "diabetes":
            continue
        start, end, _ = spans[fact.sentence] if fact.sentence < len(spans) else (0, len(msg.norm), False)
        if fact.section == "family_history":
            # "我妈糖尿病，我也有，刚查出来的2型": a type said after the user's own clause is the user's
            end = next((c.start for c in msg.clauses if fact.end <= c.start < end and c.subject == "self"), end)
        found = [name for name, pattern in _DIABETES_TYPE.items() if pattern.search(msg.norm, start, end)]
        if len(found) == 1:
            fact.entity = found[0]
