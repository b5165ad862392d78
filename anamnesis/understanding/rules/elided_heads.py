"""A head noun said once for a list: "breast or ovarian cancer", "heart or kidney disease", "рак груди или яичников".

English puts the shared head after the last modifier ("breast or ovarian cancer" is breast cancer or
ovarian cancer); Russian puts it before the first ("рак груди или яичников", "болезни сердца и
почек"). The lexicon finds only the one whole name. Here each bare modifier of the list becomes the
term it names with the head, on the modifier's own span, when that whole name is a term: the
question "Any breast or ovarian cancer in the family?" then asks of both, and "у мамы рак груди и
яичников" tells both.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.segment import Hit

#: A modifier and the list word after it, right before an English term: "breast or ", "heart, ".
_EN_BEFORE = re.compile(r"(?:^|(?<=[\s(]))([a-z][a-z'-]*)\s*(?:,\s*(?:or\s+|and\s+)?|\s+(?:or|and|nor)\s+|\s*/\s*)$")
#: The list word and a modifier right after a Russian term: " или яичников", ", почек".
_RU_AFTER = re.compile(r"\s*(?:,\s*(?:или\s+|и\s+)?|\s+(?:или|и|либо)\s+)([а-яё][а-яё-]*)")
#: How far back (characters) a list of modifiers may start before the term.
_REACH = 60


def with_elided_heads(norm: str, hits: list[Hit], scan: Callable[[str], list[Hit]]) -> list[Hit]:
    """``hits`` with a term for each modifier a list shares a head with (see the module's docstring)."""
    if not (" or " in norm or " and " in norm or "," in norm or "/" in norm or " или " in norm or " и " in norm):
        return hits
    added: list[Hit] = []
    for start, end, lex in hits:
        if not lex.kind or lex.kind == "body_part" or " " not in norm[start:end]:
            continue
        surface = norm[start:end]
        if surface.isascii():
            added.extend(_en_modifiers(norm, start, surface.split(" ", 1)[1], scan))
        else:
            added.extend(_ru_modifiers(norm, end, surface.rsplit(" ", 1)[0], scan))
    if not added:
        return hits
    taken = [(s, e) for s, e, _ in added]
    kept = [h for h in hits if not any(s <= h[0] and h[1] <= e for s, e in taken)]
    return sorted(kept + added, key=lambda h: (h[0], h[1]))


def _whole_term(candidate: str, scan: Callable[[str], list[Hit]]) -> Hit | None:
    """The one term ``candidate`` is, whole, else None."""
    found = [h for h in scan(candidate) if h[2].kind and h[2].kind != "body_part"]
    return found[0] if len(found) == 1 and found[0][0] == 0 and found[0][1] == len(candidate) else None


def _en_modifiers(norm: str, start: int, head: str, scan: Callable[[str], list[Hit]]) -> list[Hit]:
    """ "heart, kidney or liver disease": each modifier before the term, back along the list."""
    out: list[Hit] = []
    at = start
    while (m := _EN_BEFORE.search(norm, max(0, start - _REACH), at)) is not None:
        whole = _whole_term(f"{m[1]} {head}", scan)
        if whole is None:
            break
        out.append((m.start(1), m.end(1), whole[2]))
        at = m.start(1)
    return out


def _ru_modifiers(norm: str, end: int, head: str, scan: Callable[[str], list[Hit]]) -> list[Hit]:
    """ "рак груди, яичников или матки": each modifier after the term, along the list."""
    out: list[Hit] = []
    at = end
    while (m := _RU_AFTER.match(norm, at)) is not None:
        whole = _whole_term(f"{head} {m[1]}", scan)
        if whole is None:
            break
        out.append((m.start(1), m.end(1), whole[2]))
        at = m.end(1)
    return out
