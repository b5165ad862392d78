"""One Aho-Corasick pass that finds every listed phrase in a text, whole words only.

Patterns of word scripts (Latin, Cyrillic) are stored wrapped in spaces and the text is
scanned with its punctuation turned into spaces, so a match always starts and ends on a word
boundary without a check per match in Python. Chinese has no spaces: its patterns are stored
bare and match anywhere. A Latin word inside Chinese text ("我在吃metformin") is found by a
second pass over the text with its ideographs blanked out.

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


#: What the automaton keeps per key, read by tuple unpacking in the hot loop: (length: the key's
#: length minus its leading space, if any; trail; bare; prefix; word: a Chinese word no term ends
#: inside; payloads). A plain tuple, not a
#: NamedTuple: pickling and unpickling the derived cache's 180,000 of them then runs no Python
#: per value (a third of reading the lexicon back).
_Stored = tuple[int, int, bool, bool, bool, tuple]


_SORT_KEY = itemgetter(0, 1)


class Matcher(Generic[P]):
    """Finds keys in normalised text; overlapping finds resolve to the leftmost, then longest."""

    def __init__(
        self, patterns: Iterable[tuple[str, bool, P]], ends_words: Callable[[P], bool] | None = None
    ) -> None:
        """``patterns``: (key, prefix, payload); a prefix key also matches longer words ("stop" → "stopped").

        ``ends_words``: which payloads make a Chinese key an everyday word that a term must not end
        inside (see the module's docstring); the test runs here, once per key, never per match.
        """
        grouped: dict[tuple[str, bool], list[P]] = {}
        for key, prefix, payload in patterns:
            payloads = grouped.setdefault((key, prefix), [])
            if payload not in payloads:
                payloads.append(payload)
        self._automaton = ahocorasick.Automaton()
        stored: dict[str, _Stored] = {}
        for (key, prefix), payloads in grouped.items():
            bare = CJK_RE.search(key) is not None
            wrapped = key if bare else f" {key}" + ("" if prefix else " ")
            lead = 0 if bare else 1
            trail = 0 if bare or prefix else 1
            previous = stored.get(wrapped)
            merged = (*previous[-1], *payloads) if previous else tuple(payloads)  # its payloads, then these
            word = bare and ends_words is not None and any(ends_words(p) for p in merged)
            stored[wrapped] = (len(wrapped) - lead, trail, bare, prefix and not bare, word, merged)
        for wrapped, value in stored.items():
            self._automaton.add_word(wrapped, value)
        self.size = len(stored)
        if stored:
            self._automaton.make_automaton()

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

    def _raw(self, norm: str) -> list[tuple[int, int, int, bool, tuple[P, ...]]]:
        """Every match, overlapping ones included, leftmost first and longest first."""
        raw: list[tuple[int, int, int, bool, tuple[P, ...]]] = []
        if not self.size:
            return raw
        padded = f" {spaced(norm)} "
        if norm.isascii() or CJK_RE.search(norm) is None:
            self._collect(padded, norm, raw, None)
        else:
            self._collect(padded, norm, raw, True)
            if LATIN_RE.search(norm) or CYRILLIC_RE.search(norm):
                self._collect(CJK_RE.sub(" ", padded), norm, raw, False)
        raw.sort(key=_SORT_KEY)
        return raw

    def _collect(self, padded: str, norm: str, raw: list, bare_only: bool | None) -> None:
        append = raw.append
        # padded index i is norm index i - 1; a value's length already has its lead subtracted
        for end, (length, trail, bare, prefix, word, payloads) in self._automaton.iter(padded):
            if bare_only is not None and bare is not bare_only:
                continue
            start = end - length
            stop = end - trail
            if prefix:
                while stop < len(norm) and norm[stop].isalnum():
                    stop += 1
            append((start, start - stop, stop, word, payloads))
