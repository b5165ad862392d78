"""An asked allergen the reply judges fine: "Any allergies to latex?" — "latex is fine", "йод и латекс нормально".

To a question about allergies, an allergen or drug named and then judged fine ("is fine", "no
problem", "нормально", "没问题"), with no reaction between, is no allergy: it is confirmed absent. A
list judged together ("iodine and latex are fine") is each judged. Read alone, the allergy
question made the named allergen an allergy, the opposite of what the reply says.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.reading import Message
from schemas.sections import CONFIRMED_ABSENT, SECTION_WIDE

#: A verdict of no trouble right after what it judges.
_FINE: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\s*(?:(?:is|are|was|were|'s|'re)\s+)?(?:(?:totally|all|perfectly|always been)\s+)?"
        r"(?:fine|ok|okay|alright|all right|no problem|no problems|no issues?|not a problem)\b"
    ),
    "ru": re.compile(r"\s*(?:(?:всегда|тоже|вроде)\s+)?(?:нормально|норм|в порядке|без проблем|ок)(?![а-яё])"),
    "zh": re.compile(r"\s*(?:都|也|倒是)?(?:没问题|没事|还好|没反应|没有反应)"),
}
#: What may join allergens judged together: "iodine and latex", "йод и латекс", "碘和乳胶".
_JOIN = re.compile(r"\s*(?:,|and|or|и|или|和|跟|、|，)\s*")


def allergens_judged_fine(msg: Message) -> None:
    """Deny the allergies the reply names and judges fine, after a question about allergies."""
    pattern = _FINE.get(msg.lang)
    if pattern is None or msg.asked is None or not msg.asked.allergy:
        return
    named = sorted(
        (f for f in msg.facts if f.section == "allergies" and f.entity != SECTION_WIDE and f.end > f.start),
        key=lambda f: f.start,
    )
    for i, fact in enumerate(named):
        if fact.status == CONFIRMED_ABSENT:
            continue
        end = fact.end
        for other in named[i + 1 :]:  # the rest of a list judged together
            joint = _JOIN.fullmatch(msg.norm, end, other.start)
            if joint is None:
                break
            end = other.end
        if pattern.match(msg.norm, end):
            fact.status = CONFIRMED_ABSENT
            fact.attrs.clear()
