"""Age, height, weight and sex that a clause of the user's own (or a bare "M, 52") states."""

from __future__ import annotations

import re

from anamnesis.measurements.catalog import load_catalog
from anamnesis.understanding.rules import quantities
from anamnesis.understanding.rules.age_now import age_now
from anamnesis.understanding.rules.compact_profile import (
    ProfileValue,
    age_in_passing,
    bare_age,
    compact_profile,
    me_age,
)
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.reading import DIGIT, Message
from anamnesis.understanding.rules.segment import Clause


def read_demographics(msg: Message, clause: Clause) -> None:
    text = msg.norm[clause.start : clause.intent_at]
    asks = msg.asked.asks if msg.asked is not None else frozenset()
    values: list[tuple[str, str | None]] = []
    if DIGIT.search(text) or "岁" in text or "米" in text or "今年" in text:  # "我今年七十三了"
        may = quantities.measured(text)
        found_age = quantities.age(text) if "age" in may else None
        if found_age is None and "age" in asks:
            if not may & {"height", "weight"}:  # "74 kg" is no age
                found_age = _bare_number(text, 1, 120)
            elif (lead := _LEAD_NUMBER.match(text)) is not None:  # "34, вешу 81 кг": the number before the weight
                found_age = lead.group(1)
        values.append(("age", found_age))
        if "height" in may:
            values.append(("height_cm", quantities.height_cm(text)))
        elif "height_cm" in asks:  # "Рост и вес?" "175, 101 кг"
            values.append(("height_cm", quantities.asked_height_cm(text)))
        if "weight" in may:
            values.append(("weight_kg", quantities.weight_kg(text, "weight_kg" in asks)))
        elif msg.lang == "zh":  # "瘦了十斤，现在150": the change in the clause before gives the unit
            since = next(c.start for c in msg.clauses if c.sentence == clause.sentence)
            now = quantities.zh_weight_now(msg.norm[since : clause.intent_at], clause.start - since)
            values.append(("weight_kg", now))
    if "sexword" in clause.cats:
        values.append(("sex", quantities.sex(text)))
    for entity, value in values:
        if value is not None:
            fact = Fact(clause.start, clause.end, clause.sentence, "demographics", entity, "active")
            fact.put("value", value)
            msg.facts.append(fact)


def add_compact_profile(msg: Message, spans: list[tuple[int, int, bool]]) -> None:
    """Age and sex written as a pair ("M, 52", "жен., 61 год"), an English message's opening bare age
    ("58 btw, ...") when no question was asked, or an age told after an earlier one ("с 16 лет, сейчас
    44"), that no clause read."""
    known = {f.entity for f in msg.facts if f.section == "demographics"}
    pairs = compact_profile(msg.norm)
    values = pairs + _sizes_after_a_pair(msg.norm, pairs, spans) + age_now(msg.norm)
    if msg.lang == "en" and "age" not in known and (msg.asked is None or not _asks_a_value(msg.asked.question)):
        values += [v for v in (bare_age(msg.norm),) if v is not None]
    if msg.lang == "ru" and "age" not in known:
        values += [v for v in (me_age(msg.norm),) if v is not None]
    if msg.asked is None or _ASKS_ANOTHER_NUMBER.search(msg.asked.question) is None:
        drugs_end = [f.end for f in msg.facts if f.section == "medications"]
        # "aspirin, 75 btw" is the aspirin's dose, not the writer's age
        values += [v for v in age_in_passing(msg.norm) if not any(0 <= v.start - end <= 4 for end in drugs_end)]
    for value in values:
        if value.entity in known:
            continue
        sentence = next((n for n, (s, e, _) in enumerate(spans) if s <= value.start < e), 0)
        fact = Fact(value.start, value.end, sentence, "demographics", value.entity, "active")
        fact.put("value", value.value)
        msg.facts.append(fact)
        known.add(value.entity)


def _sizes_after_a_pair(norm: str, pairs: list[ProfileValue], spans: list[tuple[int, int, bool]]) -> list[ProfileValue]:
    """The height and weight the rest of a sex-age pair's sentence tells ("муж 55, рост 178 вес 112",
    "мужик 56 лет, 1,78 и 92 кило"): the pair says whose they are, where a clause of its own may
    read "муж" as the husband and leave them unread."""
    if not pairs:
        return []
    at = pairs[0].end
    end = next((e for s, e, _ in spans if s <= at < e), len(norm))
    rest = norm[at:end]
    may = quantities.measured(rest)
    height = quantities.height_cm(rest) if "height" in may else None
    weight = quantities.weight_kg(rest, False) if "weight" in may else None
    sizes = (("height_cm", height), ("weight_kg", weight))
    return [ProfileValue(at, end, entity, value) for entity, value in sizes if value is not None]


#: A question for a number that is no age: a reply's "80 if that helps" answers it.
_ASKS_ANOTHER_NUMBER = re.compile(
    r"weigh|height|tall|how (?:many|much|often|long)|dose|вес|рост|сколько (?:раз|таблет|сигарет|дней|времени)"
    r"|как часто|доз"
)


#: A question whose answer may be a number: "What was your last HbA1c?", "Pulse?", "How many a day?".
_ASKS_WHAT = re.compile(r"\b(?:what|which|when|how (?:many|much|often|long|high|low|old))\b|\?\s*$")


def _asks_a_value(question: str) -> bool:
    """Whether the assistant's question asks for a number or a test's result: a reply's opening
    number answers it, and is no age said in passing."""
    return (
        _ASKS_ANOTHER_NUMBER.search(question) is not None
        or bool(load_catalog().find(question))
        or (_ASKS_WHAT.search(question) is not None and not _OPEN_HELP.search(question))
    )


#: The assistant's opening offer ("How can I help?", "What's going on?"): it asks for no number.
_OPEN_HELP = re.compile(
    r"how can i help|what can i (?:help|do)|what(?:'s| is) (?:going on|up|wrong|bothering)|what would you like|"
    r"what brings you|how are you|how can i assist"
)


#: A reply's opening number set off by a comma ("34, вешу 81 кг" to "Сколько вам лет и какой вес?").
_LEAD_NUMBER = re.compile(r"\W*([1-9]\d?)\s*(?:лет|год|года|岁|years?)?\s*[,，;]")


#: A diabetes type is no second number of a reply ("59, сахарный диабет 2 типа")
_DIABETES_TYPE = re.compile(r"\d\s*(?:типа|тип|型)|type\s*\d|сд\s*\d|t\d\s*d")


#: A count or a time is no age: "cough for 3 weeks", "делал 3 раза", "吃了3天"
_COUNTED = re.compile(
    r"\d+\s*(?:x\b|times?|days?|weeks?|months?|years?|hours?|раз\w*|дн\w*|день|недел\w*|месяц\w*|час\w*"
    r"|次|天|周|个月|小时)"
)


def _bare_number(text: str, low: int, high: int) -> str | None:
    text = _COUNTED.sub(" ", _DIABETES_TYPE.sub(" ", text))
    digits = "".join(ch if ch.isdigit() else " " for ch in text).split()
    if len(digits) == 1 and low <= int(digits[0]) <= high:
        return digits[0]
    return None
