"""A head noun said once for a list: "breast or ovarian cancer", "рак груди или яичников", "乳腺或卵巢癌".

English and Chinese put the shared head after the last modifier ("breast or ovarian cancer" is
breast cancer or ovarian cancer; "心脏和肾脏病"); Russian puts it before the first ("рак груди или
яичников", "болезни сердца и почек"). The lexicon finds only the one whole name. Here each bare
modifier of the list becomes the term it names with the head, on the modifier's own span, when
that whole name is a term: the question "Any breast or ovarian cancer in the family?" then asks of
both, and "у мамы рак груди и яичников" tells both. A modifier that names a term of its own
yields to the whole name ("flu and covid vaccines": the flu vaccine). (``asked_sites`` spells out
the sites listed after a complaint in a question, "blood in your urine or stool", which name no
term alone.)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.segment import Hit

#: A modifier of one to three words and the list word after it, right before an English term:
#: "breast or ", "heart, ", "yellow fever or ".
_EN_BEFORE = re.compile(
    r"(?:^|(?<=[\s(]))((?:[a-z][a-z'-]*\s+){0,2}[a-z][a-z'-]*)\s*(?:,\s*(?:or\s+|and\s+)?|\s+(?:or|and|nor)\s+|\s*/\s*)$"
)
#: The list word and a modifier right after a Russian term: " или яичников", ", почек".
_RU_AFTER = re.compile(r"\s*(?:,\s*(?:или\s+|и\s+)?|\s+(?:или|и|либо)\s+)([а-яё][а-яё-]*)")
#: The list word right before a Chinese term: "乳腺或", "心脏和", "肝、".
_ZH_LIST_WORD = re.compile(r"(?:或者|或是|或|和|跟|及|与|、)$")
#: Any word or mark that may join a list, in any of the three languages: no list, no shared head.
_LIST_WORD = re.compile(r" (?:or|and|или|и) |[,/、或和跟及与]")
#: How far back (characters) a list of modifiers may start before the term.
_REACH = 60


def with_elided_heads(norm: str, hits: list[Hit], scan: Callable[[str], list[Hit]]) -> list[Hit]:
    """``hits`` with a term for each modifier a list shares a head with (see the module's docstring)."""
    if _LIST_WORD.search(norm) is None:
        return hits
    added: list[Hit] = []
    for start, end, lex in hits:
        surface = norm[start:end]
        zh = "\u4e00" <= surface[0] <= "\u9fff"
        if not lex.kind or lex.kind == "body_part" or (" " not in surface and not (zh and len(surface) > 2)):
            continue
        if surface.isascii():
            added.extend(_en_modifiers(norm, start, surface.split(" ", 1)[1], scan))
        elif zh:
            added.extend(_zh_modifiers(norm, start, surface, scan))
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
        words = m[1].split()
        for size in range(1, len(words) + 1):  # the shortest modifier that makes a term: "yellow fever"
            modifier = " ".join(words[-size:])
            if (whole := _whole_term(f"{modifier} {head}", scan)) is not None:
                break
        else:
            break
        out.append((m.end(1) - len(modifier), m.end(1), whole[2]))
        at = m.end(1) - len(modifier)
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


def _zh_modifiers(norm: str, start: int, surface: str, scan: Callable[[str], list[Hit]]) -> list[Hit]:
    """ "乳腺或卵巢癌": the one to four characters before the list word, with the term's last one or two
    characters as the head, when that makes a term ("乳腺癌"); the shortest such modifier."""
    word = _ZH_LIST_WORD.search(norm, max(0, start - 3), start)
    if word is None:
        return []
    for head in (surface[-1:], surface[-2:]):
        for size in range(1, 5):
            mod_start = word.start() - size
            modifier = norm[mod_start : word.start()]
            if mod_start < 0 or not all("\u4e00" <= ch <= "\u9fff" for ch in modifier):
                break
            whole = _whole_term(modifier + head, scan)
            if whole is not None:
                return [(mod_start, word.start(), whole[2])]
    return []
