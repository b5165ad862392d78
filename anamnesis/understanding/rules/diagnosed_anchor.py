"""An illness named as the time a habit or medicine changed is diagnosed, not ended.

"i quit drinking when they found my gout", "stopped smoking after my diabetes diagnosis",
"бросила курить, когда нашли диабет", "查出痛风就戒了": the stop ends the habit; the illness is
when it happened, found then and there since. Without this the stop reached back or forward to
the illness and a chronic condition was read as over. The same for a Chinese medicine begun as
the time of a change ("开始吃药就不喝了": the drinking stopped, the medicine is taken, not denied).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: Words before an illness that make it the time of what the clause says: a finding verb after
#: "when" / "since" / "after" / "once", or "when" / "after" / "since" + "my" before "<illness> diagnosis".
_EN_BEFORE = re.compile(
    r"\b(?:when|since|after|once|as soon as) (?:i was |i got |i've been |ive been |i |they |the doctors? "
    r"|my gp |the gp |the hospital |he |she |doc |docs )?"
    r"(?:found|find|diagnosed|discovered|picked up|told me i had|said i had|got diagnosed|being diagnosed)\b[^,;.!?]*$"
)
_EN_NOUN_BEFORE = re.compile(r"\b(?:when|since|after|once) (?:i got |i had )?(?:my |the |a )$")
_EN_NOUN_AFTER = re.compile(r" diagnosis\b")
_RU_BEFORE = re.compile(
    r"(?<![а-я])(?:когда|как только|как|после того,? как|с тех пор,? как)\s+(?:мне |у меня )?"
    r"(?:нашли|поставили|обнаружили|выявили|диагностировали|определили|узнал|узнала|узнали|сказали)"
    r"(?![а-я])[^,;.!?]*$"
)
#: Chinese: a finding verb before the illness and "就" / "以后" / "后" after it ("查出痛风就戒了",
#: "确诊糖尿病以后把烟戒了"); a medicine begun before "就" ("开始吃药就不喝了").
_ZH_BEFORE = re.compile(r"(?:查出来?|检查出来?|确诊(?:为|了)?|诊断(?:出|为)|发现|得了)(?:有|是|了)?$")
_ZH_BEGUN_BEFORE = re.compile(r"(?:开始|自从)(?:吃|服|用|打)?$")
_ZH_AFTER = re.compile(r"(?:了)?(?:以后|之后|后)?就|(?:了)?(?:以后|之后|后)")

#: The kinds an anchor keeps: illnesses, and (Chinese) a medicine begun.
_ILLNESSES = frozenset({"condition", "diagnosis"})


def _anchored(norm: str, clause: Clause, m: Mention, lang: str) -> bool:
    before = norm[clause.start : m.start]
    if lang == "en":
        return m.kind in _ILLNESSES and (
            _EN_BEFORE.search(before) is not None
            or (_EN_NOUN_BEFORE.search(before) is not None and _EN_NOUN_AFTER.match(norm, m.end) is not None)
        )
    if lang == "ru":
        return m.kind in _ILLNESSES and _RU_BEFORE.search(before) is not None
    if _ZH_AFTER.match(norm, m.end) is None:
        return False
    if m.kind in _ILLNESSES:
        return _ZH_BEFORE.search(before) is not None
    return m.kind in ("drug", "noun") and _ZH_BEGUN_BEFORE.search(before) is not None


def anchors_stay(norm: str, clause: Clause, mentions: list[Mention], lang: str) -> bool:
    """Take the ending or denial off every illness (or begun medicine) that only dates the change.

    Returns whether an ending was taken off and nothing else in the clause kept one, so that the
    caller refers the ending back to the habit or medicine named before ("以前顿顿啤酒，查出痛风就戒了").
    """
    released = False
    for m in mentions:
        if m.state in ("end", "neg") and _anchored(norm, clause, m, lang):
            released = True
            m.state = None
    return released and not any(m.state == "end" for m in mentions)
