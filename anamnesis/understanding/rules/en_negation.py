"""A denial put inside an English term told as a clause: "legs aren't weak", "muscles dont feel weak".

English names some complaints by a subject and its predicate ("legs are weak", "muscles are
weak", "heart is weak", "legs feel weak"). Denied, the verb takes the denial and the term is no
longer found whole ("legs arent weak"). When the words with the verb put back in its plain form
make a whole term, the text is rewritten as the denial followed by that term ("not legs are
weak"), where the clause rules read a denied complaint. A degree between ("aren't that weak")
says the complaint is there, mildly: it is left as it is. Russian (:mod:`.ru_negation`) and
Chinese (:func:`.discourse.zh_negation_inside_terms`) do the same for their own word orders.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.segment import Hit

#: The plain forms a denied verb may stand for: "aren't weak" → "are weak" (or "is weak": "leg aren't").
_PLAIN = {
    "be": ("are", "is", "were", "was"),
    "feel": ("feel", "feels", "felt"),
}
_INSIDE = re.compile(
    r"\b((?:[a-z]+ )?[a-z]+) "
    r"(?:(?:is|are|was|were)(?:n'?t| not)|(?:do|does|did)(?:n'?t| not) (feel)) "
    r"([a-z]+)\b"
)


def en_negation_inside_terms(norm: str, hits: list[Hit], scan: Callable[[str], list[Hit]]) -> tuple[str, list[Hit]]:
    """``legs arent weak`` → ``not legs are weak``: a denied verb inside a subject-predicate term."""
    if "n't" not in norm and "nt " not in norm and " not " not in norm:
        return norm, hits
    pieces, at = [], 0
    for match in _INSIDE.finditer(norm):
        first, felt, predicate = match.group(1, 2, 3)
        rest, _, word = first.rpartition(" ")
        heads = [(match.start(1) + len(rest) + 1, word), (match.start(), first)] if rest else [(match.start(), word)]
        plains = _PLAIN["feel" if felt else "be"]
        found = next(
            (
                (start, f"{head} {plain} {predicate}")
                for start, head in heads
                for plain in plains
                if _whole_term(f"{head} {plain} {predicate}", scan)
            ),
            None,
        )
        if found is not None:
            start, joined = found
            pieces.append(norm[at:start] + f"not {joined}")
            at = match.end()
    if not pieces:
        return norm, hits
    text = "".join(pieces) + norm[at:]
    return text, scan(text)


def _whole_term(words: str, scan: Callable[[str], list[Hit]]) -> bool:
    return any(lex.cat == "term" and s == 0 and e == len(words) for s, e, lex in scan(words))
