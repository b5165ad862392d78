"""What of a user could survive outside the lake: their id and the words only they used.

Free text elsewhere (Dagster event messages, captured logs) is matched against these. A word
counts as the user's own only if no other user wrote it: "headache" names nobody, "zolpidemix"
may. Matching is case-insensitive and also finds the JSON-escaped form (``\\u03a9`` for ``Ω``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import polars as pl

#: Shorter tokens ("mg", "10") name nobody.
WORD = r"\w{3,}"


def _forms(text: str) -> set[str]:
    """``text`` as it may be stored: plain, or escaped inside a JSON string; lower-cased."""
    forms = {text.lower()}
    for variant in (text, text.lower()):
        forms |= {json.dumps(variant)[1:-1].lower(), json.dumps(variant, ensure_ascii=False)[1:-1].lower()}
    return forms


def _pattern(needles: Iterable[str]) -> re.Pattern[str] | None:
    forms = sorted({f for n in needles for f in _forms(n) if f}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, forms))) if forms else None


@dataclass(frozen=True, slots=True)
class Traces:
    """One user's needles: ``names_user`` for stored structure, ``holds`` for free text."""

    user_id: str
    words: frozenset[str]
    _id: re.Pattern[str] | None = field(init=False, repr=False)
    _any: re.Pattern[str] | None = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_id", _pattern([self.user_id]))
        object.__setattr__(self, "_any", _pattern([self.user_id, *self.words]))

    def names_user(self, text: str) -> bool:
        """``text`` contains the user's id."""
        return self._id is not None and self._id.search(text.lower()) is not None

    def holds(self, text: str) -> bool:
        """``text`` contains the user's id or one of their own words."""
        return self._any is not None and self._any.search(text.lower()) is not None


def own_words(texts: Iterable[str], others: pl.Series) -> frozenset[str]:
    """The words of ``texts`` that appear in none of ``others`` (other users' messages)."""
    theirs = {w for t in texts for w in re.findall(WORD, t.lower())}
    if not theirs or others.is_empty():
        return frozenset(theirs)
    tokens = others.str.to_lowercase().str.extract_all(WORD).explode().drop_nulls()
    shared = tokens.filter(tokens.is_in(sorted(theirs))).unique()
    return frozenset(theirs - set(shared.to_list()))
