"""How one user's memory rows are ranked for a query.

Cosine similarity does most of the work; recent facts weigh a little more (a fact said a
half-life before the user's newest one counts 10% less), and a fact the query names outright,
by its canonical entity, by the user's own words for it, or by any name the terminology knows
for it, comes before every fact it does not name. The embedding model alone does not know that
"二甲双胍" or "Glucophage" is metformin (it scores them no closer to metformin than to other
drugs); the terminology does.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

import numpy as np

from schemas.sections import SECTION_WIDE

#: Share of the score that recency can take away from an old fact.
RECENCY_SHARE = 0.2
NAMED_BONUS = 1.0
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
#: What names one row in a query: its terms folded, each with whether it is CJK (found as any
#: substring then, else as a whole word).
RowTerms = tuple[tuple[str, bool], ...]


def terminology_entities(query: str) -> set[str]:
    """The canonical entities the bundled terminology finds in ``query``, in any language."""
    from anamnesis.terminology import load_terminology

    return {match.canonical for match in load_terminology().find(query)}


def searchable(term: str | None) -> tuple[str, bool] | None:
    """``term`` as it is looked for in a folded query and whether it is CJK; None when it is
    too short to name anything (under two CJK characters, under three others)."""
    folded = (term or "").strip().casefold()
    cjk = _CJK.search(folded) is not None
    return (folded, cjk) if len(folded) >= (2 if cjk else 3) else None


def row_terms(entity: str, mention: str | None) -> RowTerms:
    """The terms that name a row, folded once when its user's rows are read (not per search)."""
    if entity == SECTION_WIDE:
        return ()
    return tuple(term for term in (searchable(entity), searchable(mention)) if term is not None)


def occurs(query: str, term: str, cjk: bool) -> bool:
    """Whether a :func:`searchable` ``term`` occurs in a folded ``query`` (as a word unless CJK)."""
    if term not in query:  # the usual answer, at the cost of one substring search
        return False
    if cjk:
        return True
    start = query.find(term)
    while start >= 0:  # ``(?<!\w)term(?!\w)`` without compiling a pattern per term
        end = start + len(term)
        if (start == 0 or not _is_word(query[start - 1])) and (end == len(query) or not _is_word(query[end])):
            return True
        start = query.find(term, start + 1)
    return False


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def named_mask(
    query: str, entities: Sequence[str], terms: Sequence[RowTerms], recognised: Collection[str] = ()
) -> np.ndarray:
    """One boolean per row: does the query name this fact (``terms``: each row's :func:`row_terms`)?"""
    folded = query.casefold()
    hints = {e.casefold() for e in recognised}
    mask = np.zeros(len(entities), dtype=bool)
    for i, (entity, row) in enumerate(zip(entities, terms, strict=True)):
        if entity in hints and entity != SECTION_WIDE:
            mask[i] = True
            continue
        for term, cjk in row:
            if occurs(folded, term, cjk):
                mask[i] = True
                break
    return mask


def scores(
    similarity: np.ndarray, age_days: np.ndarray, named: np.ndarray, half_life_days: float
) -> np.ndarray:
    """The ranking score of each row (higher first)."""
    recency = np.exp2(-np.maximum(age_days, 0.0) / half_life_days)
    return similarity * (1.0 - RECENCY_SHARE + RECENCY_SHARE * recency) + NAMED_BONUS * named
