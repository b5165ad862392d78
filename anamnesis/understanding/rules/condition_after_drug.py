"""A condition said after the medicine it is for ends where the list of medicines goes on.

"GTN spray if I get chest pain, atorvastatin 40mg, bisoprolol 5mg", "нитроглицерин под язык если
прихватит, аторвастатин 40 мг", "硝酸甘油 如果胸口疼就含一片，阿托伐他汀20mg": the condition ("if I get
chest pain") belongs to the medicine named before it, so the medicines after the next comma are
taken, not hypothetical. A condition said first ("if my sugar is high, insulin...") is untouched:
no medicine stands before its cue.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.lexicon import Lex

#: (start, end, lex) of a word the lexicon found, as in :mod:`segment`.
Hit = tuple[int, int, Lex]

#: Between the condition and the next medicine of the list: a comma, then at most a joining word.
_NEXT_ITEM = re.compile(r"[,，;；、]\s*(?:(?:and|plus|also|и|ещё|еще|а также|плюс|还有|以及|和)\s*)?$")


def items_after_condition(norm: str, s_hits: list[Hit]) -> list[int]:
    """Starts of the medicines that go on a list after a condition cue which itself follows a
    medicine of the sentence ``s_hits``: the first medicine after a comma past each such cue."""
    out: list[int] = []
    for i, (_, _, lex) in enumerate(s_hits):
        if lex.cat != "hypo" or not any(_is_drug(h[2]) for h in s_hits[:i]):
            continue
        prev_end = s_hits[i][1]
        for start, end, later in s_hits[i + 1 :]:
            if later.cat in ("hypo", "question"):
                break
            if _is_drug(later) and _NEXT_ITEM.search(norm, prev_end, start):
                out.append(start)
                break
            if later.cat == "term":  # cue words ("还有", "and") may stand between the comma and the medicine
                prev_end = end
    return out


def _is_drug(lex: Lex) -> bool:
    return lex.cat == "term" and lex.kind == "drug"
