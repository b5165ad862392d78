"""An English operation that is planned, awaited or called off: a topic, not surgical history.

"I had a TURP booked for March but cancelled it", "on the waiting list for a knee replacement",
"my hip op is scheduled for June", "they postponed my hernia repair": the operation has not
happened, so it is no ``historical`` surgery. The clause still touches the section. The words
are read in the clause only, before the operation ("waiting for", "cancelled") or right after it
("booked", "scheduled"), so "had my knee replaced, the follow-up is booked" keeps the operation.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.gate import Gated
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: Before the operation, in its clause: it is awaited or called off.
_BEFORE = re.compile(
    r"\b(?:waiting list|wait list|waiting for|awaiting|booked (?:in )?for|scheduled for|due (?:to have|for)"
    r"|listed for|referred for|pencilled in for|penciled in for|on the list for|cancel+ed|postponed|called off"
    r"|put off|delayed|going to have|gonna have|about to have)\b",
    re.IGNORECASE,
)
#: Right after the operation (a few words): "a TURP booked for march", "my op is scheduled".
_AFTER = re.compile(
    r"^[^,.;!?]{0,24}?\b(?:booked|scheduled|planned|pencil+ed in|lined up|cancel+ed|postponed|called off|put off"
    r"|delayed|on hold|coming up|is due|was due)\b",
    re.IGNORECASE,
)
_ANY = Gated(
    re.compile(_BEFORE.pattern + "|" + _AFTER.pattern.removeprefix("^[^,.;!?]{0,24}?"), re.IGNORECASE),
    ("wait", "booked", "scheduled", "due", "listed", "referred", "pencil", "list", "cancel", "postponed",
     "called off", "put off", "delayed", "going to have", "gonna have", "about to have", "planned", "lined up",
     "on hold", "coming up"),
)  # fmt: skip


def unmade_operations(norm: str, clause: Clause, mentions: list[Mention]) -> tuple[list[Mention], list[Mention]]:
    """(mentions kept, operations planned or called off) of an English clause."""
    if not any(m.kind == "procedure" for m in mentions) or not _ANY.search(norm, clause.start, clause.end):
        return mentions, []
    unmade = [
        m
        for m in mentions
        if m.kind == "procedure"
        and (
            _BEFORE.search(norm, clause.start, m.start) is not None
            or _AFTER.search(norm[m.end : clause.end]) is not None
        )
    ]
    return [m for m in mentions if m not in unmade], unmade
