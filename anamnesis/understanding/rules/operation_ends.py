"""What each operation ends: the illnesses it removes (procedures.tsv ``ends``, and every illness
whose ``operation`` it is). Read by :mod:`operated` (the illness said beside its operation is over)
and :mod:`mentions` (an illness an operation of its clause ends is that operation's reason, not an
operation of its own)."""

from __future__ import annotations

from functools import cache

from anamnesis.terminology import load_terminology

#: The kinds of term that are illnesses an operation may end.
ILLNESS_KINDS = frozenset({"diagnosis", "condition"})


@cache
def ended_by() -> dict[str, frozenset[str]]:
    """Each operation's canonical name → the illnesses it removes (its rows' ``ends``, and every
    illness whose ``operation`` it is)."""
    ends: dict[str, set[str]] = {}
    for term in load_terminology().terms:
        if term.kind == "procedure" and (said := term.links.get("ends")):
            ends.setdefault(term.canonical, set()).update(e.strip() for e in said.split("|") if e.strip())
        elif term.kind in ILLNESS_KINDS and (operation := term.links.get("operation")):
            ends.setdefault(operation, set()).add(term.canonical)
    return {op: frozenset(ills) for op, ills in ends.items()}
