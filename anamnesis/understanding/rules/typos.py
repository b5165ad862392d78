"""English misspellings of medical names ("migranes", "amoxicilin"), read as the names they miss.

Chat is typed fast; a drug or illness one letter off its name would otherwise be lost. A word is
read as a vocabulary name only when all of these hold: it is long (six letters or more), no
vocabulary or English dictionary word (``pyspellchecker``'s list, so "aspiring" never becomes
aspirin), and one edit (a letter left out, added, changed or two swapped) from the single-word
English names of exactly one drug, illness or symptom. The word is rewritten in the normalised
text before the scan, so every later rule reads the name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

from anamnesis.derived_cache import cached, digest_of
from anamnesis.terminology import load_terminology, terminology_key
from anamnesis.understanding.rules import mesh

#: Kinds whose names a typo may stand for: what a user takes or has.
_KINDS = frozenset({"drug", "condition", "diagnosis", "symptom"})
_MIN = 6
#: The most frequent long dictionary words (by pyspellchecker's counts), kept as known words: most
#: long words of a message are such ("should", "thanks", "doctor"), and each would otherwise be
#: looked up one edit at a time, to find no name near it (a dictionary word is never a typo).
_FREQUENT = 20_000
_WORD = re.compile(rf"(?<![\w'-])[a-z]{{{_MIN},}}(?![\w'-])")


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _near_any(word: str, near: dict[str, dict[str, str]]) -> bool:
    """Whether ``word`` or one of its deletions is in ``near``: ``_deletions`` without its set,
    stopping at the first (160,000 dictionary words are asked while the index is built)."""
    return word in near or any(word[:i] + word[i + 1 :] in near for i in range(len(word)))


@dataclass(frozen=True, slots=True)
class _Index:
    #: every English vocabulary word: never a typo
    words: frozenset[str]
    #: one-letter deletion (or the name itself) → {name: entity} of the names it comes from
    near: dict[str, dict[str, str]]
    #: dictionary words one edit from a name ("aspiring") and the most frequent ones: never a typo either
    english: frozenset[str]


def _build() -> _Index:
    from spellchecker import SpellChecker  # noqa: PLC0415 - only when the derived cache lacks the index

    words: set[str] = set()
    near: dict[str, dict[str, str]] = {}
    for key, prefix, term in load_terminology().entries():
        if not key.isascii():
            continue
        words.update(key.split())
        if prefix or term.kind not in _KINDS or not key.isalpha() or len(key) < _MIN:
            continue
        for variant in {key} | _deletions(key):
            near.setdefault(variant, {})[key] = term.canonical
    counts = SpellChecker(language="en", distance=1).word_frequency.dictionary
    long_words = [w for w in counts if len(w) >= _MIN and w.isascii()]
    frequent = sorted(long_words, key=lambda w: (-counts[w], w))[:_FREQUENT]
    english = frozenset([w for w in long_words if _near_any(w, near)] + frequent)
    return _Index(frozenset(words), near, english)


@cache
def load_typo_index() -> _Index:
    """The index, from the derived cache when it holds this vocabulary's and dictionary's."""
    key = digest_of((Path(__file__),), terminology_key(), metadata.version("pyspellchecker"))
    return cached("rules-typos", key, _build)


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one insertion, deletion, substitution or swap."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def _meant(word: str) -> str | None:
    index = load_typo_index()
    if word in index.words or word in index.english:
        return None
    found: dict[str, str] = {}
    for variant in {word} | _deletions(word):
        for name, entity in index.near.get(variant, {}).items():
            if _one_edit(word, name):
                found[name] = entity
    if len(set(found.values())) != 1:
        return None
    # the name ending as the word does ("lisinoprill": lisinopril, not the plural lisinoprils)
    return min(found, key=lambda name: (name[-1] != word[-1], abs(len(name) - len(word)), name))


def corrected(norm: str) -> str:
    """The normalised English message with each misspelt vocabulary name written right; a word
    of a MeSH disease name is spelt right already ("myasthenia gravis" is no "graves")."""
    if not norm.isascii():
        return norm
    index = load_typo_index()
    if all(word in index.words or word in index.english for word in _WORD.findall(norm)):
        return norm  # every long word is a known one (the usual message): no word to look at one by one

    diseases: list[tuple[int, int, str]] | None = None  # MeSH's, found once, when a word looks misspelt

    def fix(m: re.Match[str]) -> str:
        nonlocal diseases
        meant = _meant(m.group())
        if meant is None:
            return m.group()
        if diseases is None:
            diseases = mesh.find(norm, 0, len(norm), [])
        return m.group() if any(s <= m.start() and m.end() <= e for s, e, _ in diseases) else meant

    return _WORD.sub(fix, norm)
