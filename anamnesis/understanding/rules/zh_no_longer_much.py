"""A Chinese "不太 … 了" says a complaint has (nearly) gone, not that it is mild.

"不太疼" says the pain is mild (still there; the cue table blocks its denial), but the change-of-state
了 after it ("现在不太痒了", "头不太疼了") says the complaint is no longer there to speak of: the labels
read it as over, as they read "不怎么疼了".
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: "不太" (or "不大", "不是很") and a short predicate closed by 了 at the phrase's end.
_NO_LONGER_MUCH = re.compile(r"不(?:太|大|是很)([\u4e00-\u9fff]{1,3}?)了(?=$|[\s，,。.！!；;~～]|啊|呀|哦)")
_COMPLAINTS = frozenset({"symptom"})


def no_longer_much(norm: str, clause: Clause, mentions: list[Mention]) -> None:
    """End the complaints named inside "不太 … 了" ("不太痒了", "头不太疼了": the pain's form reaches in)."""
    for m in _NO_LONGER_MUCH.finditer(norm, clause.start, clause.end):
        for mention in mentions:
            if mention.kind not in _COMPLAINTS or mention.state is not None:
                continue
            if mention.start < m.end() and mention.end > m.start(1):
                mention.state = "end"
