"""English "went" said of a complaint is its ending: "nausea went after a couple of weeks".

"went away" is an ending cue, and "the cramps went" at a sentence's end reads as one, but "the
dizziness went after a few days" or "cough went in a week" kept the complaint active: bare "went"
is no cue, since "went to the GP", "went on holiday" and "went up to 40 mg" end nothing. Right
after a complaint's name (with at most "'s", "has", "all" or an adverb between) and not followed
by a direction or a goal, "went" tells that the complaint went away.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.lexicon import cue_lex
from anamnesis.understanding.rules.segment import Hit

_WENT = re.compile(
    r"(?:'s|\s+(?:has|had|have|all|finally|eventually|completely|totally|just|soon|quickly))*\s+(went)\b"
    r"(?!\s+(?:to|on|up|down|into|in\s+(?:for|to)|through|for|back|out|off|with|home|and|over\s+to|along|ahead"
    r"|missing|numb|red|white|black|blue|pale|dark|bad|worse|mad|crazy|quiet|really|straight|private))"
)
#: Kinds of what can go away.
_GOES_AWAY = frozenset({"symptom", "condition", "diagnosis"})
_END = cue_lex("end", "")


def went_as_ending(norm: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` with an ending cue on each English "went" that a complaint's name goes before."""
    if "went" not in norm:
        return hits
    added = [
        (m.start(1), m.end(1), _END)
        for _, e, lex in hits
        if lex.cat == "term" and lex.kind in _GOES_AWAY and (m := _WENT.match(norm, e)) is not None
    ]
    return sorted([*hits, *added], key=lambda h: (h[0], -h[1])) if added else hits
