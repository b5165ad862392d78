"""Russian "с <drug> сняли" is an ending of the drug: "с эналаприла сняли и назначили лозартан".

"сняли с" is an ending cue ("сняли с эналаприла"), but Russian puts the drug first as often: "с
эналаприла сняли", "с гормонов меня сняла". Bare "сняли" is no cue, since "гипс сняли", "холтер
сняли", "швы сняли" end a device, not a course. A drug's name right after "с" / "со" and
"сняли" (with at most who was taken off between) tell that the drug was stopped.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.lexicon import cue_lex
from anamnesis.understanding.rules.segment import Hit

#: "с" / "со" right before the drug's name.
_FROM = re.compile(r"(?<![а-яё])(?:с|со)\s+$")
#: "сняли", "сняла меня", "меня сняли совсем" right after the drug's name.
_TAKEN_OFF = re.compile(
    r"\s*(?:(?:меня|его|её|ее|нас|мужа|маму|папу|уже|совсем|вообще|наконец|полностью)\s+)*"
    r"(сняли|сняла|снял|снимают|снимает|сняты|снята|снят)(?![а-яё])"
)
_END = cue_lex("end", "")


def taken_off_as_ending(norm: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` with an ending cue on each "сняли" after "с" and a drug's name."""
    if "сн" not in norm:
        return hits
    added = [
        (m.start(1), m.end(1), _END)
        for s, e, lex in hits
        if lex.cat == "term"
        and lex.kind == "drug"
        and _FROM.search(norm, max(0, s - 4), s) is not None
        and (m := _TAKEN_OFF.match(norm, e)) is not None
    ]
    return sorted([*hits, *added], key=lambda h: (h[0], -h[1])) if added else hits
