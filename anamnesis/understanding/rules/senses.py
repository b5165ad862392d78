"""Words whose sense their neighbours decide (``data/senses.tsv``).

"cramps" alone is read as a muscle cramp; in "IBS, mostly cramps and bloating" or "been sick six
times, stomach cramps" the same word is the belly's. Russian "грудь" is the chest, and a breast
beside mastitis or a hormone patch. One word, two concepts: the lexicon gives every surface one
meaning, so the other sense is chosen here, by what else the message names (a digestive
complaint's or a breast disorder's code, a drug's ATC class, a body part), as a reader would.
The assistant's question is the dialogue's topic too: "bunged up" after "How are your bowels?" is
constipation, "burning" after "Any trouble passing urine?" is the bladder's (``topic``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from anamnesis.terminology import load_terminology
from anamnesis.terminology.text import CJK_RE
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.lexicon import SENSES_FILE, Lex, term_lex
from anamnesis.understanding.rules.segment import Hit


@cache
def _terms() -> dict[str, Lex]:
    """canonical → the lexicon entry of its first term (the topic's entities are canonicals)."""
    out: dict[str, Lex] = {}
    for term in load_terminology().terms:
        out.setdefault(term.canonical, term_lex(term))
    return out


def topic_terms(entities: Iterable[str]) -> tuple[Lex, ...]:
    """The terms of the entities an assistant's question asks about, as neighbours of a sense."""
    terms = _terms()
    return tuple(terms[e] for e in entities if e in terms)


#: The ``sense`` of a word that names nothing unless a neighbour gives it a sense.
NO_SENSE = "-"


@cache
def _senses() -> dict[str, list[tuple[str, tuple[str, ...], Lex | None]]]:
    """entity → (a word its name may open with, neighbours, the term of the other sense, or None
    for a word that is no fact without a neighbour of a sense)."""
    by_name = {t.canonical: t for t in load_terminology().terms}
    out: dict[str, list[tuple[str, tuple[str, ...], Lex | None]]] = {}
    for line_no, row in read_rows(SENSES_FILE, ("entity", "lang", "forms", "neighbours", "sense")):
        dropped = row["sense"] == NO_SENSE
        if (row["sense"] not in by_name and not dropped) or row["entity"] not in by_name:
            raise ValueError(f"{SENSES_FILE.name}:{line_no}: unknown entity {row['entity']!r} or {row['sense']!r}")
        sense = None if dropped else term_lex(by_name[row["sense"]])
        neighbours = tuple(n for n in row["neighbours"].split("|") if n)
        if dropped == bool(neighbours):
            raise ValueError(f"{SENSES_FILE.name}:{line_no}: a {NO_SENSE!r} sense has no neighbours, any other has some")
        for form in row["forms"].split("|"):
            out.setdefault(row["entity"], []).append((form.strip(), neighbours, sense))
    return out


def _opens_with(surface: str, form: str) -> bool:
    """Whether a found name opens with a form: the whole word ("грудь болит"), or the first
    characters of a Chinese name ("胸疼"); a form opening with "=" is the whole name ("=itchy": not
    "itchy all over")."""
    if form.startswith("="):
        return surface == form[1:]
    if surface == form or surface.startswith(form + " "):
        return True
    return CJK_RE.match(form) is not None and surface.startswith(form)


def _neighbour(lex: Lex, neighbours: tuple[str, ...]) -> bool:
    """Whether a found term is one of a sense's neighbours."""
    if lex.cat != "term" or lex.term is None:
        return False
    if lex.kind == "body_part":
        return f"part:{lex.value}" in neighbours
    return any(code.startswith(prefix) for code in lex.term.codes for prefix in neighbours)


def in_their_sense(norm: str, hits: list[Hit], topic: tuple[Lex, ...] = ()) -> list[Hit]:
    """``hits`` with each name of senses.tsv read in the sense the message's other terms, or the
    terms its ``topic`` asks about, give it; a word with no sense of its own that none gives is
    dropped. A word read in its other sense is a neighbour of the next one ("жжение прошло, но бегаю
    всё ещё часто": the burning is the bladder's, so is the running)."""
    senses = _senses()
    out = list(hits)
    if senses.keys().isdisjoint([lex.value for _, _, lex in hits]):
        return out  # no name with another sense (most messages): the loop below changes nothing
    for _ in range(2):  # a second pass for a word whose neighbour the first pass re-read
        changed = False
        for n, (s, e, lex) in enumerate(out):
            if lex.cat != "term" or lex.value not in senses:
                continue
            for form, neighbours, sense in senses[lex.value]:
                if sense is not None and _opens_with(norm[s:e], form) and (
                    any((hs, he) != (s, e) and _neighbour(h, neighbours) for hs, he, h in out)
                    or any(_neighbour(t, neighbours) for t in topic)
                ):
                    out[n] = (s, e, sense)
                    changed = True
                    break
        if not changed:
            break
    return [
        (s, e, lex)
        for s, e, lex in out
        if not (
            lex.cat == "term"
            and any(sense is None and _opens_with(norm[s:e], form) for form, _, sense in senses.get(lex.value, ()))
        )
    ]
