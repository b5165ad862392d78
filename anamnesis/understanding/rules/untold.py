"""A denied verb of telling denies nothing about what was not told.

"i don't talk about my depression with anyone", "i never mentioned my asthma, i've had it for
years", "я никому не рассказывала про свою депрессию", "我从来没跟别人说过我的抑郁症": the denial is of
speaking, not of the illness. What the user calls their own ("my", "свою", "我的") they have;
anything else told of so ("didn't mention any allergies") is neither had nor denied.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: A denial, then a verb of telling, then at most a few words (no pause) up to the mention.
_UNTOLD = {
    "en": re.compile(
        r"\b(?:don'?t|dont|do not|doesn'?t|doesnt|does not|didn'?t|didnt|did not|never|haven'?t|havent|have not"
        r"|hasn'?t|hasnt|has not|hadn'?t|hadnt|won'?t|wont|wouldn'?t|wouldnt|not)\s+(?:ever\s+|really\s+|even\s+)?"
        r"(?:talk|talked|talking|speak|spoke|spoken|mention|mentioned|mentioning|tell|told|telling|say|said"
        r"|discuss|discussed|bring up|brought up|share|shared|admit|admitted|open up|opened up)\b[^,.;!?]{0,40}$"
    ),
    "ru": re.compile(
        r"(?<![а-яё])не\s+(?:говор|рассказ|упомина|упомян|обсужда|обсуд|признава|призна|делил|делюсь|сказал)"
        r"[а-яё]*[^,.;!?]{0,40}$"
    ),
    "zh": re.compile(
        r"(?:没|不|没有|从没|从来没|从来不)(?:有)?[^，,。；;！!？?]{0,8}?(?:说|提|讲|聊|谈)(?:过|起|起过)?[^，,。；;！!？?]{0,4}$"
    ),
}
#: The user's own, right before the mention: "my", "about my", "свою", "我的".
_OWN = {
    "en": re.compile(r"\bmy\s+(?:\w+\s+)?$"),
    "ru": re.compile(r"(?<![а-яё])(?:сво|мо)(?:ей|ю|ём|ем|его|ий|ем|ими|их|и|я|е)\s+(?:[а-яё]+\s+)?$"),
    "zh": re.compile(r"我的\s*$|我这个\s*$"),
}


def untold(norm: str, clause: Clause, mentions: list[Mention], lang: str) -> list[Mention]:
    """The mentions, with each one denied only by a verb of telling before it taken as the user's
    own (``my``) or dropped."""
    said, own = _UNTOLD.get(lang), _OWN.get(lang)
    if said is None or own is None or not clause.has("neg"):
        return mentions
    out = []
    for m in mentions:
        before = norm[clause.start : m.start]
        if m.state == "neg" and said.search(before):
            if not own.search(before):
                continue
            m.state = None
        out.append(m)
    return out
