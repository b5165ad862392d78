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
from functools import lru_cache

import numpy as np

from schemas.sections import SECTION_WIDE

#: Share of the score that recency can take away from an old fact.
RECENCY_SHARE = 0.2
NAMED_BONUS = 1.0
#: Entities and mentions whose folded form is remembered: every search folds each of the user's
#: ~50 rows' two terms again, and the same users ask again.
FOLDED_TERMS = 65_536
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def terminology_entities(query: str) -> set[str]:
    """The canonical entities the bundled terminology finds in ``query``, in any language."""
    from anamnesis.terminology import load_terminology

    return {match.canonical for match in load_terminology().find(query)}


@lru_cache(maxsize=FOLDED_TERMS)
def _folded(term: str) -> tuple[str, bool]:
    """``term`` as it is looked for in a folded query, and whether it is CJK (a substring then)."""
    term = term.strip().casefold()
    return term, _CJK.search(term) is not None


def _named(query: str, term: str | None) -> bool:
    """Whether ``term`` occurs in ``query`` as a word (any substring, for CJK terms)."""
    term, cjk = _folded(term or "")
    if cjk:
        return len(term) >= 2 and term in query
    if len(term) < 3:
        return False
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
    query: str, entities: Sequence[str], mentions: Sequence[str | None], recognised: Collection[str] = ()
) -> np.ndarray:
    """One boolean per row: does the query name this fact?"""
    folded = query.casefold()
    hints = {e.casefold() for e in recognised}
    return np.fromiter(
        (
            entity != SECTION_WIDE and (entity in hints or _named(folded, entity) or _named(folded, mention))
            for entity, mention in zip(entities, mentions, strict=True)
        ),
        dtype=bool,
        count=len(entities),
    )


def scores(
    similarity: np.ndarray, age_days: np.ndarray, named: np.ndarray, half_life_days: float
) -> np.ndarray:
    """The ranking score of each row (higher first)."""
    recency = np.exp2(-np.maximum(age_days, 0.0) / half_life_days)
    return similarity * (1.0 - RECENCY_SHARE + RECENCY_SHARE * recency) + NAMED_BONUS * named
