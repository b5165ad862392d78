"""Whose illness a family-history mention is, when a clause names several people.

"dad died of a heart attack and his brother had a stroke", "my sister has hashimoto's and nan had
a goitre", "у брата рак простаты, отец не знаю": each illness is the relative's who is named
nearest before it (or, with none before, the first after it: "diabetes — my mum and my aunt"),
together with the relatives joined to that one by "and" ("my mum and dad both have it"). A relative
that only says which side of the family ("my grandmother on mum's side", "бабушка по маме") is no
owner, and a relative owned by another one is theirs: "dad's brother" and "his brother" after "dad"
are an uncle, "mum's mum" a grandmother; "dad's wife" or "my husband's brother" is no blood
relative at all (CONTRACT: in-laws are other people).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.segment import Clause

#: What joins two relatives named together: "mum and dad", "мама и папа", "我爸和我妈", "mum, dad".
_JOINED = re.compile(r"\s*(?:,|&|/|and|or|и|или|和|跟|与|、|还有)\s*(?:my|our|мой|моя|мои|у|我|我的)?\s*")
#: A relative naming the side of the family: "on mum's side", "on my dad's side", "по маме", "по отцу".
_SIDE_AFTER = re.compile(r"(?:'s|s|’s)?\s+side\b")
_SIDE_BEFORE = re.compile(r"(?:\bon\s+(?:my\s+|the\s+)?|(?<![а-яё])по\s+)$")
#: A possessive between an owner and what it owns: "dad's brother", "husbands mum", "邻居家小孩", "同事的儿子".
_OWNS = re.compile(r"(?:'s|’s|s'|s)\s+|\s*(?:家的?|的)\s*")
#: "his brother", "her mum": a possessive pronoun whose owner is the relative named before.
_HIS = re.compile(r"\b(?:his|her)\s+$")
#: A parent's relatives by the relative they are of that parent.
_OF_A_PARENT = {
    "brother": "uncle",
    "sister": "aunt",
    "mother": "grandmother",
    "father": "grandfather",
    "parents": "grandparents",
}
_PARENTS = frozenset({"mother", "father"})
#: The relation of a mention that belongs to no blood relative.
NO_BLOOD = ""


def relation_at(norm: str, clause: Clause, at: int) -> str | None:
    """The relation (joined as the reconciler joins several) of the family-history mention at
    ``at``; :data:`NO_BLOOD` when its owner is someone else's spouse or in-law, ``None`` when the
    clause names no relative (the family at large)."""
    people: list[tuple[int, int, str]] = []  # (start, end, relation or NO_BLOOD)
    others_kin = False  # a relative word owned by someone of no blood: "邻居家小孩", "my husband's brother"
    for start, end, lex in clause.hits:
        if lex.cat == "person":
            people.append((start, end, NO_BLOOD))
        elif lex.kind == "relative" and not _names_a_side(norm, start, end):
            people.append((start, end, _owned(norm, people, start, lex.value)))
            others_kin = others_kin or people[-1][2] == NO_BLOOD
    relatives = [p for p in people if p[2] != NO_BLOOD or _owned_person(norm, people, p)]
    if not relatives:
        return NO_BLOOD if others_kin else None
    before = [p for p in relatives if p[0] < at]
    if before:
        group = _joined(norm, relatives, relatives.index(before[-1]), -1)
    else:
        group = _joined(norm, relatives, 0, 1)
    names = sorted({p[2] for p in group if p[2] != NO_BLOOD})
    return ", ".join(names) if names else NO_BLOOD


def _names_a_side(norm: str, start: int, end: int) -> bool:
    return _SIDE_AFTER.match(norm, end) is not None or _SIDE_BEFORE.search(norm, max(0, start - 12), start) is not None


def _owned(norm: str, people: list[tuple[int, int, str]], start: int, value: str) -> str:
    """The relative at ``start`` as the user's: through the person owning it right before it."""
    if not people:
        return value
    o_start, o_end, owner = people[-1]
    direct = _OWNS.fullmatch(norm, o_end, start) is not None
    pronoun = _HIS.search(norm, max(0, start - 6), start) is not None
    if not (direct or pronoun):
        return value
    if owner == NO_BLOOD:
        return NO_BLOOD  # "my husband's brother", "his mum" after a friend
    if owner in _PARENTS:
        return _OF_A_PARENT.get(value, value)
    return value


def _owned_person(norm: str, people: list[tuple[int, int, str]], person: tuple[int, int, str]) -> bool:
    """A spouse or other person owned by a relative ("dad's wife") stands as a person of no blood."""
    n = people.index(person)
    return n > 0 and people[n - 1][2] != NO_BLOOD and _OWNS.fullmatch(norm, people[n - 1][1], person[0]) is not None


def _joined(norm: str, relatives: list[tuple[int, int, str]], n: int, step: int) -> list[tuple[int, int, str]]:
    """The relative ``n`` and those joined to it by "and" on the ``step`` side (-1 before, 1 after)."""
    group = [relatives[n]]
    while 0 <= n + step < len(relatives):
        a, b = (relatives[n + step], relatives[n]) if step < 0 else (relatives[n], relatives[n + step])
        if _JOINED.fullmatch(norm, a[1], b[0]) is None:
            break
        n += step
        group.append(relatives[n])
    return group
