"""Another injury of the part an injury's name is of: "ankle sprain" → "ankle fracture".

Injuries are named "<part> <kind>" (``injuries.tsv``, and the reader's composition of a body part
with an injury cue), so the part of one is the name without its kind word. Only a name the
vocabulary knows counts: "back strain" has no "back fracture", so none is made up.
"""

from __future__ import annotations

from anamnesis.terminology import load_terminology

#: The last word of an injury named by its part and kind.
KINDS = frozenset({"sprain", "strain", "fracture", "dislocation", "injury", "contusion", "laceration", "burn"})


def same_part(injury: str, kind: str) -> str | None:
    """The vocabulary's name of a ``kind`` injury of the part ``injury`` is of, or None.

    >>> same_part("ankle sprain", "fracture")
    'ankle fracture'
    >>> same_part("dog bite", "fracture") is None
    True
    """
    part, _, last = injury.rpartition(" ")
    if not part or last not in KINDS:
        return None
    return load_terminology().canonical(f"{part} {kind}")
