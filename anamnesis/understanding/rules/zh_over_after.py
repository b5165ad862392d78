"""Chinese complaints told and then said over in one message: "烧了一天 浑身酸疼 现在好了".

A Chinese message tells an episode as a chain of clauses and closes it with a bare ending of its
own: "打完胳膊疼了两天，现在没事了", "吃了胃里难受，停了就好了". The ending names nothing, so the
clause rules leave the complaints told before it active (or, told between a drug and its stop,
drop them as side effects). Every complaint told before such an ending is over; one told after
it ("现在好了，就是还咳嗽") is not. English and Russian say it with a pronoun or a verb of their
own ("it's gone now", "сейчас прошло"), which the clause rules already read.

A relief that comes with rest or time ("歇一会儿就好了", "过几分钟又好了") tells how each attack
ends, not that the complaint is over, and ends nothing here.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import PRESENT_STATUS

_SECTION = "symptoms"
#: A clause that is nothing but an ending: "现在好了", "早就没事了", "停了就好了", "换了药以后就好了".
_OVER = re.compile(
    r"(?:^|(?<=[，。,.！!;；\s]))"
    r"(?:现在|目前|已经|早就|早|后来|然后|都|也|全|基本|彻底)*"
    r"(?:(?:停了|停药|停了药|不吃了|不吃|吃完|换了药|换了)(?:以后|之后|后)?(?:就|也)?)?"
    r"(?:现在|已经|都|也|全|基本|彻底)*"
    r"(?:好了|没事了|没事儿了|不难受了)"
    r"(?=$|[，。,.！!~～\s])"
)
#: "就好了" with no stop before it: relief with rest or time, or advice ("吃点药就好了").
_EPISODIC = re.compile(r"就好了")
_STOPPED_FIRST = re.compile(r"停了|停药|不吃|吃完|换了")


def zh_over_after_told(norm: str, parts: list[Clause], facts: list[Fact]) -> None:
    """Resolve the active complaints told before a Chinese clause that is nothing but their end."""
    if not any(f.section == _SECTION and f.status == PRESENT_STATUS[_SECTION] for f in facts):
        return
    for m in _OVER.finditer(norm):
        said = m.group()
        if _EPISODIC.search(said) and not _STOPPED_FIRST.search(said):
            continue
        clause = next((c for c in parts if c.start <= m.start() < c.end), None)
        if clause is None or clause.skip or clause.subject != "self":
            continue
        for f in facts:
            if f.section == _SECTION and f.status == PRESENT_STATUS[_SECTION] and f.end <= m.start():
                f.status = status_for(_SECTION, "end")
