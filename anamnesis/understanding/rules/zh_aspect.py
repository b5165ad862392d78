"""Chinese aspect that tells an episode is over: the experiential 过.

"十年前心梗过", "以前胃出血过一次", "得过肺炎", "得过一次带状疱疹": 过 right after an illness (or
得过 / 患过 before it, a count of times between: 一次, 两回, 几次) says the user went through it
once; the episode is over, as the gold labels put it (README:
something that ended before it was first mentioned is a ``first_mention`` with the ended status).
What keeps it going in the same phrase ("还", "一直", "又", "现在") leaves it active. Chronic
conditions are not episodes (高血压 stays), nor are relatives' illnesses (family history).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import status_for
from anamnesis.understanding.rules.reading import Message

#: Illnesses that come in episodes (a symptom "喘醒过好几回" may still recur).
_EPISODES = frozenset({"diagnoses"})
#: 得过 / 患过 / 有过 right before the illness, or a count of times between ("得过一次带状疱疹").
_HAD_BEFORE = re.compile(r"[得患有出犯发]过(?:[一两二三四五六七八九十几好]+[次回场])?$")
#: How far back a count of times may stretch (得过好几次 is the longest).
_HAD_BEFORE_SPAN = 6
#: What says the episode goes on, in the phrase of the illness.
_ONGOING = re.compile(r"还|一直|至今|现在|又|老是|经常|总是|目前|仍")
_PAUSE = re.compile(r"[，,；;。！？!?]")


def zh_over_when_experienced(msg: Message) -> None:
    """An active episode told with the experiential 过 is over (resolved)."""
    norm = msg.norm
    if "过" not in norm:
        return
    for fact in msg.facts:
        if fact.section not in _EPISODES or fact.status != "active" or fact.end <= fact.start:
            continue
        after = norm[fact.end : fact.end + 1] == "过"
        if not after and not _HAD_BEFORE.search(norm, max(0, fact.start - _HAD_BEFORE_SPAN), fact.start):
            continue
        before = [m.end() for m in _PAUSE.finditer(norm, 0, fact.start)]
        pause = _PAUSE.search(norm, fact.end)
        phrase = norm[before[-1] if before else 0 : pause.start() if pause else len(norm)]
        if not _ONGOING.search(phrase):
            fact.status = status_for(fact.section, "end")
