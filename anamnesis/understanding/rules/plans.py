"""Things planned, not done: an English operation awaited or called off, a medicine to start on a day to come.

"I had a TURP booked for March but cancelled it", "on the waiting list for a knee replacement",
"my hip op is scheduled for June", "they postponed my hernia repair": the operation has not
happened, so it is no ``historical`` surgery. The clause still touches the section. The words
are read in the clause only, before the operation ("waiting for", "cancelled") or right after it
("booked", "scheduled"), so "had my knee replaced, the follow-up is booked" keeps the operation.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
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


#: A start set for a day to come: "starting on monday", "start it from friday", "начинаю с
#: понедельника", "со среды начну". "started on monday" is done ("start" must end its word), and
#: "с понедельника пью" (taken since Monday) has no verb of starting.
_EN_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_RU_DAYS = r"(?:понедельник|вторник|сред|четверг|пятниц|суббот|воскресень|завтрашн|следующ)\w*"
_COMING_START = re.compile(
    rf"\b(?:start|starting|begin|beginning)\b[^,.;!?]{{0,24}}?\b(?:on |from |this |next )?{_EN_DAYS}\b"
    rf"|(?<![а-яё])(?:начинаю|начну|начинаем|начн[её]м)\s+(?:[а-яё]+\s+)?(?:с|со)\s+{_RU_DAYS}"
    rf"|(?<![а-яё])(?:с|со)\s+{_RU_DAYS}\s+(?:[а-яё]+\s+)?(?:начинаю|начну|начинаем|начн[её]м)(?![а-яё])",
    re.IGNORECASE,
)
_COMING = Gated(_COMING_START, ("start", "begin", "начина", "начн"))


def without_coming_starts(facts: list[Fact], norm: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """ "акнекутан 16 мг в день, начинаю с понедельника", "roaccutane 20mg, starting on monday": a
    medicine whose start is set for a day to come is a plan, not taken yet; the sentence's active
    medicines up to the cue's clause are dropped (the section stays touched)."""
    if not any(f.section == "medications" for f in facts) or not _COMING.search(norm):
        return facts
    planned: list[Fact] = []
    for n, (start, end, _) in enumerate(spans):
        cue = _COMING_START.search(norm, start, end)
        if cue is None:
            continue
        planned += [
            f
            for f in facts
            if f.sentence == n and f.section == "medications" and f.status == "active" and f.start < cue.end() + 30
        ]
    return [f for f in facts if f not in planned]
