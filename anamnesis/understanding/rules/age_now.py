"""An age told against an earlier one: "type 1 since i was 9, 19 now", "курю с 16 лет, сейчас 44",
"从12岁开始哮喘 现在25".

A patient dates a long illness or habit by the age it began and then adds how old they are now. The
earlier age says when it began; the number after "now" in the same sentence, standing alone as an
item, is the writer's age. A number that is smaller than the earlier age, carries a unit, or follows a
measurement's name is no age ("since age 12, now 40 units", "давление с 40 лет, сейчас 150").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.compact_profile import ProfileValue

#: An age in the past: "since i was 9", "from age 12", "с 16 лет", "лет с 20", "从12岁", "12岁开始".
_THEN = re.compile(
    r"\b(?:since|from)\s+(?:i\s+was\s+|im\s+|age\s+|the\s+age\s+of\s+)?(\d{1,2})\b(?!\s*(?:am|pm|mg|kg|%|/))"
    r"|(?<![а-яё])с\s*(\d{1,2})\s*(?:лет|года?)(?![а-яё])|(?<![а-яё])лет\s+с\s+(\d{1,2})(?!\d)"
    r"|(?:从|自)?(?<!\d)(\d{1,2})岁(?:开始|起|时|的时候|那年|就)"
)
#: The age now, an item of its own after the earlier one: "19 now", "now 38", "сейчас 44", "现在25了".
_NOW = re.compile(
    r"(?:\b(?:now|and\s+now|now\s+i'?m|im\s+now|i'?m\s+now)\s+(\d{2,3})|\b(\d{2,3})\s+now\b)"
    r"(?:\s*(?:yo|y/o|years?\s+old|yrs?(?:\s+old)?))?(?=\s*(?:[,.;!?)]|$|\band\b|\bbut\b))"
    r"|(?<![а-яё])(?:сейчас|теперь|щас)\s*(?:мне\s*)?(\d{2,3})(?:\s*(?:лет|года?))?(?=\s*(?:[,.;!?)]|$))"
    r"|(?:现在|今年|如今)\s*(?:已经|都)?\s*(\d{2,3})\s*(?:周岁|岁)?\s*了?(?=\s|[，,。.；;！!]|$)"
)
#: A measurement named between the two: its number is a reading, not an age.
_MEASURE = re.compile(
    r"pressure|\bbp\b|sugar|glucose|weigh|\bkg\b|a1c|\binr\b|давлен|сахар|глюкоз|вес|кг|мно|血压|血糖|体重|斤|公斤"
)
_SENTENCE_END = re.compile(r"[.!?。！？\n]")
_GATE = re.compile(r"since|from|с\s*\d|лет\s+с|岁")


def age_now(norm: str) -> list[ProfileValue]:
    """The writer's age told after an earlier age in the same sentence (see the module's docstring)."""
    if _GATE.search(norm) is None:
        return []
    for then in _THEN.finditer(norm):
        end = _SENTENCE_END.search(norm, then.end())
        stop = end.start() if end is not None else len(norm)
        now = _NOW.search(norm, then.end(), stop)
        if now is None or _MEASURE.search(norm, then.start(), now.end()) is not None:
            continue
        group = next(n for n in range(1, 5) if now.group(n))
        earlier = int(next(g for g in then.groups() if g))
        age = int(now.group(group))
        if earlier < age <= 110:
            return [ProfileValue(now.start(group), now.end(group), "age", str(age))]
    return []
