"""A family question answered for the whole family, not item by item.

"Does anyone in your family have coeliac disease, bowel cancer or IBD?" — "no, nothing runs in the
family"; "Есть ли в семье диабет, онкология?" — "не, в семье ничего такого нет"; "家里人有没有糖尿病、
癌症？" — "没有，家里人都挺健康的". The reply denies the family's illnesses as a whole, beyond the
examples the question named: one section-wide denial of family history, and no denial of each asked
item beside it. Saying the family is healthy ("family's pretty healthy", "все крепкие", "家里人都挺
健康的") is such a denial too. A reply that tells of a relative's own illness is no whole-family
denial ("dad had a stroke, otherwise all healthy" leaves the other asked items to the usual reading).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.reading import Message
from schemas.sections import CONFIRMED_ABSENT, SECTION_WIDE

#: The family said to be healthy as a whole.
_HEALTHY = {
    "en": re.compile(
        r"\b(?:(?:my |the |our )?family(?:'s| is| are)?|every(?:one|body)(?:'s| is)?"
        r"|they(?:'re| are) all|we(?:'re| are) all|all of them are)"
        r"\s+(?:(?:pretty|very|quite|really|all|generally|fairly|super|mostly)\s+)*"
        r"(?:healthy|fit and well|in good health)\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:все|вся семья|семья|родные|родители)\s+(?:у нас\s+|вроде\s+|были\s+)?"
        r"(?:здоров(?:ы|а|ые)?|крепк(?:ие|ая)|живы[- ]здоровы|живы и здоровы)(?![а-яё])"
    ),
    "zh": re.compile(
        r"(?:家里人|家人|家里|我们家|全家|一家人|亲戚)[^，。,.!！?？\s]{0,3}都(?:挺|很|蛮|还|比较|特别)?"
        r"(?:健康|好好的|没(?:啥|什么)(?:大)?(?:病|毛病)|没病)"
    ),
}


def whole_family_denied(msg: Message) -> bool:
    """The reply denies the family's illnesses as a whole (a section-wide denial of family history
    in it, or the family said to be healthy) and tells of no relative's own illness; the section-wide
    denial is then among its facts."""
    told = [f for f in msg.facts if f.section == "family_history" and f.status != CONFIRMED_ABSENT]
    if any(f.entity != SECTION_WIDE for f in told):
        return False
    if any(f.section == "family_history" and f.entity == SECTION_WIDE for f in msg.facts):
        return True
    healthy = _HEALTHY.get(msg.lang)
    m = healthy.search(msg.norm) if healthy is not None else None
    if m is None:
        return False
    sentence = next((c.sentence for c in msg.clauses if c.start <= m.start() < c.end), -1)
    msg.facts.append(Fact(m.start(), m.end(), sentence, "family_history", SECTION_WIDE, CONFIRMED_ABSENT))
    return True
