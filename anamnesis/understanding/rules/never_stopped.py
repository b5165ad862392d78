"""A stop the user denies making is no stop: "...but i never stopped", "and haven't quit".

"started the sertraline last year and never stopped", "tried quitting but i didn't give up
anything": an English clause that names nothing and only says a stop with a denial right before
it ("never", "didn't", "haven't") tells that what was named before goes on. A bare ending there
would otherwise reach back and stop the drug or habit. (Russian "больше не" and Chinese "不吃了"
are denials that *are* stops; they are cues of their own and left out.) A Russian stop verb denied
with its object after it ("не бросал курить") leaves that object taken, not denied.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: Adverbs that may stand between the denial and the stop ("never really stopped", "didn't ever quit").
_BETWEEN = re.compile(r"\s*(?:(?:really|actually|ever|even|fully|completely|totally|once)\s+)*")


def denied_stop(norm: str, clause: Clause, lang: str) -> bool:
    """Whether an English clause's stop is denied by a negation just before it."""
    if lang != "en":
        return False
    ends = [s for s, _, lex in clause.hits if lex.cat == "end"]
    denials = [e for _, e, lex in clause.hits if lex.cat == "neg"]
    return bool(ends) and all(any(d <= s and _BETWEEN.fullmatch(norm, d, s) for d in denials) for s in ends)


#: A Russian denied stop verb with what it stops after it: "не прекращала принимать", "не бросал курить".
_RU_NOT_STOPPED = re.compile(
    r"(?<![а-яё])не\s+(?:прекращал|переставал|бросал|отменял|прерывал)[а-яё]*\s+(?:[а-яё]+\s+){0,2}$"
)


def ru_not_stopped(norm: str, clause: Clause, mentions: list[Mention], lang: str) -> None:
    """ "я никогда не прекращала принимать лизиноприл", "я не бросал курить": the denial is of the
    stop, the drug or habit after it goes on (its state is the plain one, not denied)."""
    if lang != "ru" or not clause.has("neg"):
        return
    for m in mentions:
        if m.state == "neg" and m.kind in ("drug", "lifestyle") and _RU_NOT_STOPPED.search(norm, clause.start, m.start):
            m.state = None
