"""One Aho-Corasick pass that finds every listed phrase in a text, whole words only.

Patterns of word scripts (Latin, Cyrillic) are stored wrapped in spaces and the text is
scanned with its punctuation turned into spaces, so a match always starts and ends on a word
boundary without a check per match in Python. Chinese has no spaces: its patterns are stored
bare and match anywhere. A Latin word inside Chinese text ("我在吃metformin") is found by a
second pass over the text with its ideographs blanked out.

The two kinds of keys live in two automata. A text without ideographs can only hold word-script
keys, and one automaton of both kinds costs such a text four times as much: pyahocorasick looks
a character up among its node's children one by one, and every letter that continues no key
falls back to the root, whose children are then the thousands of first ideographs.

Bare Chinese matches resolve leftmost-longest, so a listed everyday word that starts at or before
a term hides it ("骨头" hides "头"). A word that starts inside a term and ends after it says the
term ended inside a word ("眼睛很干净": 眼睛很干 ends inside 干净); the caller marks such words
(``ends_words``) and then the word wins over the term it straddles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Generic, TypeVar

import ahocorasick

from anamnesis.terminology.text import CJK_RE, CYRILLIC_RE, LATIN_RE, spaced

P = TypeVar("P")


#: What the automata keep per key, read by tuple unpacking in the hot loop: (length: the key's
#: length minus its leading space, if any; trail; prefix; word: a Chinese word no term ends
#: inside; payloads). A plain tuple, not a
#: NamedTuple: pickling and unpickling the derived cache's 180,000 of them then runs no Python
#: per value (a third of reading the lexicon back).
_Stored = tuple[int, int, bool, bool, tuple]


_SORT_KEY = itemgetter(0, 1)
#: A key that puts the space first among an automaton root's children and never matches.
_NEVER_SCANNED = " \x00"


class Matcher(Generic[P]):
    """Finds keys in normalised text; overlapping finds resolve to the leftmost, then longest."""

    def __init__(
        self,
        patterns: Iterable[tuple[str, bool, P]],
        ends_words: Callable[[P], bool] | None = None,
        pairs: bool = False,
    ) -> None:
        """``patterns``: (key, prefix, payload); a prefix key also matches longer words ("stop" → "stopped").

        ``ends_words``: which payloads make a Chinese key an everyday word that a term must not end
        inside (see the module's docstring); the test runs here, once per key, never per match.
        ``pairs``: keep :attr:`bare_pairs` (a pass over every Chinese key, ~0.2 s: for a matcher
        built once and kept in the derived cache, not one built in every process).
        """
        grouped: dict[tuple[str, bool], list[P]] = {}
        for key, prefix, payload in patterns:
            payloads = grouped.setdefault((key, prefix), [])
            if payload not in payloads:
                payloads.append(payload)
        stored: dict[str, _Stored] = {}
        bare_keys: set[str] = set()
        for (key, prefix), payloads in grouped.items():
            bare = CJK_RE.search(key) is not None
            wrapped = key if bare else f" {key}" + ("" if prefix else " ")
            lead = 0 if bare else 1
            trail = 0 if bare or prefix else 1
            previous = stored.get(wrapped)
            merged = (*previous[-1], *payloads) if previous else tuple(payloads)  # its payloads, then these
            word = bare and ends_words is not None and any(ends_words(p) for p in merged)
            stored[wrapped] = (len(wrapped) - lead, trail, prefix and not bare, word, merged)
            if bare:
                bare_keys.add(wrapped)
        self.size = len(stored)
        self._words = _automaton({k: v for k, v in stored.items() if k not in bare_keys})
        self._bare = _automaton({k: v for k, v in stored.items() if k in bare_keys})
        #: every two characters that stand side by side in a Chinese key ("手抖": "手抖"), if asked for
        self.bare_pairs: frozenset[str] | None = (
            frozenset(key[n : n + 2] for key in bare_keys for n in range(len(key) - 1)) if pairs else None
        )

    def scan(self, norm: str) -> list[tuple[int, int, tuple[P, ...]]]:
        """(start, end, payloads) of every match in ``norm`` (see :func:`text.normalise`)."""
        found: list[tuple[int, int, tuple[P, ...]]] = []
        last_start = last_end = -1
        last_word = False
        for start, _neg_len, end, word, payloads in self._raw(norm):
            if start >= last_end:
                found.append((start, end, payloads))
            elif word and not last_word and last_start < start and last_end < end:
                found[-1] = (start, end, payloads)  # the last find ended inside this word
            else:
                continue
            last_start, last_end, last_word = start, end, word
        return found

    def scan_each(self, norm: str) -> list[tuple[int, int, P]]:
        """Like :meth:`scan`, with one (start, end, payload) per payload of a match (the hot loop's
        form of it: no list of matches in between)."""
        found: list[tuple[int, int, P]] = []
        last_start = last_end = -1
        last_word = False
        for start, _neg_len, end, word, payloads in self._raw(norm):
            if start < last_end:
                if not word or last_word or start <= last_start or end <= last_end:
                    continue
                while found and found[-1][0] == last_start:  # the last find ended inside this word
                    found.pop()
            for payload in payloads:
                found.append((start, end, payload))
            last_start, last_end, last_word = start, end, word
        return found

    def scan_all(self, norm: str) -> list[tuple[int, int, P]]:
        """(start, end, payload) of every match, the ones inside a longer match included: what the
        words of one found phrase name on their own ("аппендицит" and "вырезали" in "аппендицит
        вырезали", a form of the appendectomy)."""
        return [
            (start, end, payload) for start, _neg_len, end, _word, payloads in self._raw(norm) for payload in payloads
        ]

    def _raw(self, norm: str) -> list[tuple[int, int, int, bool, tuple[P, ...]]]:
        """Every match, overlapping ones included, leftmost first and longest first."""
        raw: list[tuple[int, int, int, bool, tuple[P, ...]]] = []
        if not self.size:
            return raw
        padded = f" {spaced(norm)} "
        if norm.isascii() or CJK_RE.search(norm) is None:  # no ideograph: no bare key can match
            _collect(self._words, padded, norm, raw)
        else:
            _collect(self._bare, padded, norm, raw)
            if LATIN_RE.search(norm) or CYRILLIC_RE.search(norm):
                _collect(self._words, CJK_RE.sub(" ", padded), norm, raw)
        raw.sort(key=_SORT_KEY)
        return raw


def _automaton(stored: dict[str, _Stored]) -> ahocorasick.Automaton | None:
    """An automaton of ``stored``'s keys, or None for no keys (an empty one cannot be iterated)."""
    if not stored:
        return None
    automaton = ahocorasick.Automaton()
    # A node's children are looked up in the order they were added. The space first (a key no
    # scanned text holds: :func:`spaced` leaves no "\x00"), as every punctuation mark of a Chinese
    # text is one; then short keys (everyday words, single ideographs), whose characters are the
    # ones texts are made of. Both halve the scan of a Chinese question by the bare keys.
    automaton.add_word(_NEVER_SCANNED, None)
    for key in sorted(stored, key=len):
        automaton.add_word(key, stored[key])
    automaton.make_automaton()
    return automaton


def _collect(automaton: ahocorasick.Automaton | None, padded: str, norm: str, raw: list) -> None:
    if automaton is None:
        return
    append = raw.append
    # padded index i is norm index i - 1; a value's length already has its lead subtracted
    for end, (length, trail, prefix, word, payloads) in automaton.iter(padded):
        start = end - length
        stop = end - trail
        if prefix:
            while stop < len(norm) and norm[stop].isalnum():
                stop += 1
        append((start, start - stop, stop, word, payloads))
