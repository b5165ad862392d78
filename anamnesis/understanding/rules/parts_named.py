"""Whether a reply names a body part of its own, alone or inside a complaint's words.

"Any numbness or weakness in the leg?" — "legs arent weak. just hurts like hell": the legs are
said inside the words of a complaint ("legs are weak"), and the reply's pain is not taken as the
asked part's ("leg pain") any more than when the reply says "legs" alone.
"""

from __future__ import annotations

from collections.abc import Callable

from anamnesis.understanding.rules.segment import Hit

#: The kinds of a term whose words may hold a body part ("legs are weak", "knee is swollen").
_COMPLAINTS = ("symptom", "injury")


def names_own_part(norm: str, hits: list[Hit], scan: Callable[[str], list[Hit]]) -> bool:
    """Whether ``hits`` hold a body part, or an English complaint whose words name one."""
    if any(lex.kind == "body_part" for _, _, lex in hits):
        return True
    return any(
        lex.kind in _COMPLAINTS
        and " " in norm[s:e]
        and any(inner.kind == "body_part" for _, _, inner in scan(norm[s:e].split(" ", 1)[0]))
        for s, e, lex in hits
        if lex.cat == "term" and norm[s:e].isascii()
    )
