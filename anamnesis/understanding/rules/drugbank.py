"""English long-tail drug names from DrugBank's open vocabulary (drug-named-entity-recognition).

The curated terminology names the common drugs in three languages; DrugBank knows some
20,000 more by generic and brand name, in English only. The rules backend asks it only about
an English clause that already reads as taking a medication and names no curated drug, so
the vocabulary (about a second to load) is loaded on the first such clause, never at
start-up. Without the package installed, nothing is found.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

_WORD = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: DrugBank entries that are everyday things rather than medicines
_NOT_MEDICINES = frozenset({"water", "coconut oil", "olive oil", "ethanol", "alcohol", "sucrose", "caffeine"})
#: Placeholder for a word the curated terminology already read (a condition, a cue...).
_MASK = "\x00"


@cache
def _finder() -> Callable[..., list[tuple[dict[str, Any], int, int]]] | None:
    try:
        from drug_named_entity_recognition import find_drugs
    except ImportError:  # pragma: no cover - the package is optional
        return None
    return find_drugs


def find(norm: str, start: int, end: int, taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, generic name lower-cased) of the DrugBank drugs in ``norm[start:end]``.

    Words inside a ``taken`` span (already read by the curated terminology) are skipped.
    """
    finder = _finder()
    if finder is None:
        return []
    spans = [(m.start(), m.end()) for m in _WORD.finditer(norm, start, end)]
    if not spans:
        return []
    words = [_MASK if any(s < te and ts < e for ts, te in taken) else norm[s:e] for s, e in spans]
    out: list[tuple[int, int, str]] = []
    seen: set[tuple[int, int]] = set()
    for info, first, last in finder(words, is_fuzzy_match=False, is_use_omop_api=False, use_pub_chem_api=False):
        name = str(info.get("name") or "").lower()
        if not name or name in _NOT_MEDICINES or _MASK in words[first:last]:
            continue
        span = (spans[first][0], spans[last - 1][1])
        if span not in seen:  # a brand of several generics: the first one DrugBank gives
            seen.add(span)
            out.append((*span, name))
    out.sort()
    return out
