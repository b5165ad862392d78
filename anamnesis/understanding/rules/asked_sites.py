"""Sites listed after one complaint in a question share its head: each is a complaint asked.

"Any blood in your urine or stool?", "Есть ли кровь из носа, дёсен или в моче?": the question asks
of blood in the stool and in the urine as well, though it says "blood" once. The question is read
with the head said again before every listed site whose phrase is a known complaint ("blood in your
urine or blood in your stool"), so a "no and no" or "нет ничего такого" after it denies each.
(Chinese asks a complaint with its yes-or-no inside, "尿里有没有血": ``answers._zh_asked_inside_terms``.)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.segment import Hit

#: A complaint named by its site: head words, a preposition, maybe a determiner, the site.
_BY_SITE = re.compile(
    r"(?P<head>.*?\S)\s+(?P<prep>in|from|on|around|в|из|на|во|со)\s+(?P<det>(?:your|the|my)\s+)?[a-zа-яё]+$"
)
#: A site listed after it: a comma or "or" / "and" / "или" / "и", maybe its own preposition.
_NEXT_SITE = re.compile(
    r"\s*(?:,\s*(?:or\s+|and\s+|или\s+|и\s+)?|\s(?:or|and|или|и)\s+)"
    r"(?P<item>(?:(?P<prep>in|from|on|around|в|из|на|во|со)\s+)?(?:(?:your|the|my)\s+)?(?P<site>[a-zа-яё]+))(?![a-zа-яё])"
)


def with_listed_sites(norm: str, scan: Callable[[str], list[Hit]]) -> str:
    """``norm`` (a question) with every listed site that makes a known complaint with the head
    before it spelt out in full; the rest unchanged."""
    inserts: list[tuple[int, int, str]] = []
    for s, e, lex in scan(norm):
        if lex.cat != "term" or lex.term is None:
            continue
        named = _BY_SITE.match(norm, s, e)
        if named is None or named.end() != e:
            continue
        at = e
        while (listed := _NEXT_SITE.match(norm, at)) is not None:
            prep = listed.group("prep") or named.group("prep")
            phrase = f"{named.group('head')} {prep} {named.group('det') or ''}{listed.group('site')}"
            if _names_a_term(phrase, lex.term.kind, scan):
                inserts.append((listed.start("item"), listed.end("item"), phrase))
            at = listed.end()
    for start, end, phrase in sorted(inserts, reverse=True):
        norm = norm[:start] + phrase + norm[end:]
    return norm


def _names_a_term(phrase: str, kind: str | None, scan: Callable[[str], list[Hit]]) -> bool:
    """The whole phrase is one known term of the head's kind."""
    return any(s == 0 and e == len(phrase) and lex.cat == "term" and lex.term is not None and lex.term.kind == kind
               for s, e, lex in scan(phrase))
