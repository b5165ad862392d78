"""A Chinese injury is the topic of the bare complaints told after it: "把右膝盖扭了 肿得老高 走路疼".

Chinese names the injured part once, in the injury ("右膝盖扭了", "右脚崴了"), and then tells how it
is with a bare predicate in the next clauses ("肿得老高", "走路疼", "但是疼"): the swelling and the
pain are the injured part's (knee swelling, knee pain), as the labels have them, as English "rolled
my ankle, its swollen" and Russian "подвернул ногу, опухло" are read (mentions._swollen_parts). The
part comes from the injury's name ("ankle sprain" is of the ankle, "knee sprain" of the knee), so
"脚崴了，肿了" swells the ankle. A clause that names a part or a complaint of its own keeps it; a
"when it hurts" ("疼的时候吃一片") is no complaint.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from anamnesis.terminology import Term, load_terminology
from anamnesis.understanding.rules.segment import Clause

#: A bare swelling or pain word, not one of "when it hurts" ("疼的时候", "痛时").
_BARE = re.compile(r"(肿|疼|痛)(?!的时候|时|的话)")
#: The kinds of hit that already say what the clause complains of, or of which part.
_OWN_KINDS = frozenset({"body_part", "symptom", "condition", "diagnosis"})


@cache
def _parts_by_name() -> dict[str, Term]:
    return {t.canonical: t for t in load_terminology().terms if t.kind == "body_part"}


def _injured_part(canonical: str) -> Term | None:
    """The part an injury's name starts with ("ankle sprain": the ankle), longest first."""
    words = canonical.split()
    parts = _parts_by_name()
    heads = (" ".join(words[:n]) for n in range(len(words) - 1, 0, -1))
    return next((parts[h] for h in heads if h in parts), None)


@cache
def _zh_parts() -> dict[str, Term]:
    """The Chinese names of body parts, each with its part."""
    return {
        surface: term
        for term in _parts_by_name().values()
        for surface in term.surfaces
        if surface and all("\u4e00" <= ch <= "\u9fff" for ch in surface)
    }


def _said_part(canonical: str, said: str) -> Term | None:
    """The injury's part, or the narrower one its words name: "把腰闪了" is a back strain of the
    lower back (腰), whose pain is low back pain; "脚崴了" stays the sprain's ankle (脚 is the foot,
    no narrower part of the ankle)."""
    part = _injured_part(canonical)
    if part is None:
        return None
    named = [t for surface, t in _zh_parts().items() if surface in said]
    narrower = [t for t in named if t.canonical != part.canonical and t.canonical.endswith(" " + part.canonical)]
    return narrower[0] if narrower else part


def _complaint(part: Term, word: str) -> str | None:
    """The part's swelling (anatomy.tsv's swelling link, one part) or its pain, if the vocabulary has it."""
    if word == "肿":
        return part.links.get("swelling", "").partition("|")[0] or None
    name = part.links.get("pain") or f"{part.canonical} pain"
    return name if load_terminology().canonical(name) == name else None


def says_bare_complaint(norm: str, clause: Clause) -> bool:
    """The clause has a bare swelling or pain word ("肿得老高"), which no vocabulary hit marks."""
    return _BARE.search(norm, clause.start, clause.end) is not None


def injured_part_complaints(clause: Clause, clauses: Sequence[Clause], norm: str) -> list[tuple[int, int, str]]:
    """The (start, end, symptom) of the bare swelling and pain words of a Chinese ``clause`` that
    names no part or complaint of its own, read with the part of the last injury its sentence told
    before each word (in an earlier clause or its own); none when there is no such injury or its
    part has no such complaint."""
    if not says_bare_complaint(norm, clause) or any(lex.kind in _OWN_KINDS for _, _, lex in clause.hits):
        return []  # no bare swelling or pain word, or the clause names its own part or complaint
    covered = [(s, e) for s, e, lex in clause.hits if lex.cat == "term"]  # a word of a term, not a bare cue
    words = [
        m
        for m in _BARE.finditer(norm, clause.start, clause.end)
        if not any(s <= m.start() < e for s, e in covered)
    ]
    if not words:
        return []
    injuries = sorted(
        (e, lex.value, norm[s:e])
        for c in clauses
        if c.sentence == clause.sentence and c.start <= clause.start
        for s, e, lex in c.hits
        if lex.cat == "term" and lex.kind == "injury"
    )
    out: list[tuple[int, int, str]] = []
    for m in words:
        before = [(name, said) for e, name, said in injuries if e <= m.start()]
        part = _said_part(*before[-1]) if before else None
        if part is None or part.links.get("injury") != "yes":
            continue  # "拉伤了" of no named part (a muscle strain): no part to complain of
        name = _complaint(part, m.group(1))
        if name is not None and all(name != o[2] for o in out):
            out.append((m.start(), m.end(), name))
    return out
