"""English long-tail drug names from DrugBank's open vocabulary (drug-named-entity-recognition).

The curated terminology names the common drugs in three languages; DrugBank knows some
20,000 more by generic and brand name, in English only. The rules backend asks it only about
an English clause that already reads as taking a medication and names no curated drug.
Importing the library loads its whole vocabulary (~2.5 s of CPU per process, fuzzy-match
n-grams included); the rules need only its exact matches, so its lookup table is built from
the library once and kept in the derived cache (:mod:`anamnesis.derived_cache`), and
:func:`find_drugs` reads it as the library's own ``find_drugs`` does. Without the package
installed, nothing is found.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import metadata
from pathlib import Path

from anamnesis.derived_cache import cached, digest_of

_WORD = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: DrugBank entries that are everyday things rather than medicines
_NOT_MEDICINES = frozenset({"water", "coconut oil", "olive oil", "ethanol", "alcohol", "sucrose", "caffeine"})
#: Placeholder for a word the curated terminology already read (a condition, a cue...).
_MASK = "\x00"


#: One lookup key (a word, or two words and a space) → the names of the drugs it is a variant of
#: ("" where DrugBank has none), in the library's order.
DrugTable = dict[str, tuple[str, ...]]


def build_table() -> DrugTable:
    """The exact-match table of the library's vocabulary: what its ``find_drugs`` looks up."""
    from drug_named_entity_recognition import drugs_finder

    table: DrugTable = {}
    for variant, canonicals in drugs_finder.drug_variant_to_canonical.items():
        extra = drugs_finder.drug_variant_to_variant_data.get(variant, {})
        names = [(drugs_finder.drug_canonical_to_data.get(m, {}) | extra).get("name") for m in canonicals]
        if names:
            table[variant] = tuple(str(name or "").lower() for name in names)
    return table


@cache
def load_table() -> DrugTable | None:
    """The table, from the derived cache (importing the library, ~2.5 s of CPU, only to build it);
    None without the package."""
    version = _version()
    if version is None:  # pragma: no cover - the package is optional
        return None
    return cached("rules-drugbank", digest_of([Path(__file__)], version), build_table)


def _version() -> str | None:
    try:
        return metadata.version("drug-named-entity-recognition")
    except metadata.PackageNotFoundError:  # pragma: no cover
        return None


def find_drugs(words: list[str], table: DrugTable) -> list[tuple[str, int, int]]:
    """(name, first word, after last word) of every exact match, as the library's ``find_drugs``
    (``is_fuzzy_match=False``) gives them: two-word variants first, then single words not in one."""
    out: list[tuple[str, int, int]] = []
    taken: set[int] = set()
    for i in range(len(words) - 1):
        names = table.get(f"{words[i]} {words[i + 1]}".lower())
        if names:
            out.extend((name, i, i + 2) for name in names)
            taken.update((i, i + 1))
    for i, word in enumerate(words):
        if i not in taken and (names := table.get(word.lower())):
            out.extend((name, i, i + 1) for name in names)
    return out


def find(norm: str, start: int, end: int, taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, generic name lower-cased) of the DrugBank drugs in ``norm[start:end]``.

    Words inside a ``taken`` span (already read by the curated terminology) are skipped.
    """
    table = load_table()
    if table is None:
        return []
    spans = [(m.start(), m.end()) for m in _WORD.finditer(norm, start, end)]
    if not spans:
        return []
    words = [_MASK if any(s < te and ts < e for ts, te in taken) else norm[s:e] for s, e in spans]
    out: list[tuple[int, int, str]] = []
    seen: set[tuple[int, int]] = set()
    for name, first, last in find_drugs(words, table):
        if not name or name in _NOT_MEDICINES or _MASK in words[first:last]:
            continue
        span = (spans[first][0], spans[last - 1][1])
        if span not in seen:  # a brand of several generics: the first one DrugBank gives
            seen.add(span)
            out.append((*span, name))
    out.sort()
    return out
