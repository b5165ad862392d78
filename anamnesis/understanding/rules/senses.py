"""Words whose sense their neighbours decide (``data/senses.tsv``).

"cramps" alone is read as a muscle cramp; in "IBS, mostly cramps and bloating" or "been sick six
times, stomach cramps" the same word is the belly's. Russian "грудь" is the chest, and a breast
beside mastitis or a hormone patch. One word, two concepts: the lexicon gives every surface one
meaning, so the other sense is chosen here, by what else the message names (a digestive
complaint's or a breast disorder's code, a drug's ATC class, a body part), as a reader would.
"""

from __future__ import annotations

from functools import cache

from anamnesis.terminology import load_terminology
from anamnesis.terminology.text import CJK_RE
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.lexicon import SENSES_FILE, Lex, term_lex
from anamnesis.understanding.rules.segment import Hit


@cache
def _senses() -> dict[str, list[tuple[str, tuple[str, ...], Lex]]]:
    """entity → (a word its name may open with, neighbours, the term of the other sense)."""
    by_name = {t.canonical: t for t in load_terminology().terms}
    out: dict[str, list[tuple[str, tuple[str, ...], Lex]]] = {}
    for line_no, row in read_rows(SENSES_FILE, ("entity", "lang", "forms", "neighbours", "sense")):
        if row["sense"] not in by_name or row["entity"] not in by_name:
            raise ValueError(f"{SENSES_FILE.name}:{line_no}: unknown entity {row['entity']!r} or {row['sense']!r}")
        sense = term_lex(by_name[row["sense"]])
        neighbours = tuple(n for n in row["neighbours"].split("|") if n)
        for form in row["forms"].split("|"):
            out.setdefault(row["entity"], []).append((form.strip(), neighbours, sense))
    return out


def _opens_with(surface: str, form: str) -> bool:
    """Whether a found name opens with a form: the whole word ("грудь болит"), or the first
    characters of a Chinese name ("胸疼")."""
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


def in_their_sense(norm: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` with each name of senses.tsv read in the sense the message's other terms give it."""
    senses = _senses()
    out = list(hits)
    if senses.keys().isdisjoint([lex.value for _, _, lex in hits]):
        return out  # no name with another sense (most messages): the loop below changes nothing
    for n, (s, e, lex) in enumerate(hits):
        if lex.cat != "term" or lex.value not in senses:
            continue
        for form, neighbours, sense in senses[lex.value]:
            if _opens_with(norm[s:e], form) and any(
                (hs, he) != (s, e) and _neighbour(h, neighbours) for hs, he, h in hits
            ):
                out[n] = (s, e, sense)
                break
    return out
