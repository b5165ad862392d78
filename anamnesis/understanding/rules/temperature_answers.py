"""A bare body temperature answering a question about fever says whether there is one.

"Температура сейчас есть?" — "37,8 вечером", "Any fever?" — "38.1 last night", "发烧吗？" —
"晚上38度2": the reading is the answer; above 37 °C it is a fever (``active``), and "36,6" to the same
question denies one (``confirmed_absent``), which after a fever the fold reads as over. 37.0 itself
says neither. Only a reading with a decimal, or with its degrees ("38°", "38 градусов", "38度"),
is a temperature: "38" alone may be an age or a count. The clause must be the user's own.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.reading import Message
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS

_FEVER = ("symptoms", "fever")
#: A body temperature: 35–42 with a decimal or with its degrees; no unit of another quantity after it.
_READING = re.compile(
    r"(?<![\d.,])(3[5-9]|4[0-2])(?:[.,](\d)(?![\d.,]?\d)\s*(?:°\s*c?|градус\w*|度)?|\s*(?:°\s*c?|градус\w*)|度(\d)?)"
    r"(?!\s*(?:kg|кг|лет|years?|yo|y/o|мг|mg|%|см|cm|mmol|ммоль|斤|岁|公斤|毫克|周|недел|weeks?))"
)
#: Fever above this (°C); at or below ``_NORMAL`` it is denied.
_FEVER_ABOVE = 37.0
_NORMAL = 36.9


def _asks_fever(asked: Topic | None) -> bool:
    return asked is not None and not asked.other and not asked.family and _FEVER in asked.items


def reads_temperature(norm: str, asked: Topic | None) -> bool:
    """The reply holds a body temperature and the question asks about fever: it is an answer."""
    return _asks_fever(asked) and _READING.search(norm) is not None


def temperature_answered(msg: Message) -> None:
    """Add fever, present or denied, for the first body temperature of a reply to a fever question."""
    if not _asks_fever(msg.asked) or any(f.entity == _FEVER[1] for f in msg.facts):
        return
    m = _READING.search(msg.norm)
    if m is None:
        return
    clause = next((c for c in msg.clauses if c.start <= m.start() < c.end), None)
    if clause is None or clause.skip or clause.subject != "self":
        return
    value = float(f"{m[1]}.{m[2] or m[3] or 0}")
    if _NORMAL < value <= _FEVER_ABOVE:
        return
    section, entity = _FEVER
    status = PRESENT_STATUS[section] if value > _FEVER_ABOVE else CONFIRMED_ABSENT
    msg.facts.append(Fact(m.start(), m.end(), clause.sentence, section, entity, status, msg.text[m.start() : m.end()]))
    msg.touched.add(section)
