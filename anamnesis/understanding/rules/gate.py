"""A costly regex behind a cheap proof that it cannot match.

A large alternation that opens with ``\\b`` (or any non-literal) makes Python's ``re`` try
every alternative at every position of the text, even when no word of it is there. Most such
patterns can only match where one of a few literal words is: "ignore", "forget", an editing
verb... One case-sensitive search for those words (``re`` skips ahead by their first letters)
proves, for most messages, that the big pattern finds nothing, and it is not run. The literals
are looked for with one Aho-Corasick pass (half the time of ``re`` on an alternation of them,
which tries each alternative at every position that starts with one of their first letters).

For that proof to hold, every match of the pattern must contain one of the literals, in the
same case. A pattern compiled with ``re.IGNORECASE`` also matches other spellings of the
literals' letters (upper case, and the few odd letters ``re`` folds into Latin and Cyrillic
ones, such as "ſ" for "s"); a text that holds any of them runs the full pattern.

A message passes a dozen gates, each walking the whole text for its own literals (~1 µs a walk).
:func:`literals_in` walks it once for the literals of every gate, and a gate given that
:class:`Literals` reads its answer from it instead of walking the text again.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import ahocorasick

#: Every character that ``re.IGNORECASE`` takes for a lower-case Latin or Cyrillic letter other
#: than itself (pinned by tests/test_rules_gate.py against all of Unicode).
CASE_VARIANTS = re.compile("[A-ZА-ЯЁ\u0130\u0131\u017f\u1c80-\u1c86\u212a]")


@dataclass(frozen=True, slots=True)
class Literals:
    """Which gates' literals one text holds, from one pass over it (:func:`literals_in`)."""

    text: str
    #: bit ``n`` set: a literal of the ``n``-th gate made is in ``text``
    gates: int
    #: how many gates the pass looked for (a gate made after it walks the text itself)
    known: int


#: Every gate, in the order made: a gate's place is its bit in :attr:`Literals.gates`.
_MADE: list[Gated] = []
#: The automaton of every made gate's literals, each valued with the bits of the gates holding it,
#: and how many gates it covers (built on first need, again after a gate is made).
_ALL: tuple[ahocorasick.Automaton | None, int] = (None, 0)


def literals_in(text: str) -> Literals:
    """The literals of every gate in ``text``, found in one pass: give it to the gates that read ``text``."""
    global _ALL
    automaton, known = _ALL
    if known != len(_MADE):
        automaton, known = _ALL = _all_literals(), len(_MADE)
    gates = 0
    if automaton is not None:
        for _, bits in automaton.iter(text):
            gates |= bits
    return Literals(text, gates, known)


def _all_literals() -> ahocorasick.Automaton | None:
    """One automaton over every made gate's literals, each valued with the bits of the gates that
    hold it (a literal two gates share sets both); ``None`` when no gate has a literal."""
    bits: dict[str, int] = {}
    for n, gate in enumerate(_MADE):
        for lit in gate.literals:
            bits[lit] = bits.get(lit, 0) | 1 << n
    if not bits:
        return None
    automaton = ahocorasick.Automaton()
    for lit, value in bits.items():
        automaton.add_word(lit, value)
    automaton.make_automaton()
    return automaton


class Gated:
    """``pattern``, searched only when one of ``literals`` (lower case) or ``chars`` is in the text.

    Each match of ``pattern`` must contain one of them: the caller proves it by reading the
    pattern, and tests/test_rules_gate.py checks it on every labelled text and crafted cases.
    """

    def __init__(self, pattern: re.Pattern[str], literals: Iterable[str], chars: str = "") -> None:
        """``chars``: the body of a character class (``\\d``) of which one character is proof enough."""
        self.pattern = pattern
        self.literals = tuple(sorted(set(literals)))
        if any(lit != lit.lower() or not lit for lit in self.literals):
            raise ValueError("gate literals are non-empty and lower case")
        self._literals = ahocorasick.Automaton()
        for lit in self.literals:
            self._literals.add_word(lit, None)
        if self.literals:
            self._literals.make_automaton()
        self._needles = (re.compile(f"[{chars}]"),) if chars else ()
        self._cased = bool(pattern.flags & re.IGNORECASE)
        #: no needle and no case to fold: the literals alone decide
        self._plain = not self._needles and not self._cased
        self._bit = len(_MADE)
        _MADE.append(self)

    def may_match(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize, found: Literals | None = None
    ) -> bool:
        """False only when ``pattern`` cannot match anywhere in ``text[pos:endpos]``; ``found``:
        :func:`literals_in` of ``text``, read instead of a walk when the whole text is searched."""
        if found is not None and found.text is text and pos == 0 and endpos >= len(text) and self._bit < found.known:
            if found.gates >> self._bit & 1:
                return True
            if self._plain:
                return False  # the usual answer, in the fewest steps: this runs a dozen times a message
            end = len(text)
        else:
            end = min(endpos, len(text))  # the automaton takes no end past the text
            if self.literals and next(self._literals.iter(text, pos, end), None) is not None:
                return True
        for needle in self._needles:  # a loop, not any(): this runs several times for every message
            if needle.search(text, pos, end) is not None:
                return True
        if not self._cased or (text.isascii() and text.islower()):
            return False  # a lower-case ASCII text (every normalised English one) holds none of CASE_VARIANTS
        return CASE_VARIANTS.search(text, pos, end) is not None

    def search(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize, found: Literals | None = None
    ) -> re.Match[str] | None:
        """``pattern.search(text, pos, endpos)``, without running it where it cannot match."""
        return self.pattern.search(text, pos, endpos) if self.may_match(text, pos, endpos, found) else None

    def matches_lowered(self, text: str) -> bool:
        """Whether ``pattern`` (``re.IGNORECASE``) matches ``text``, searched lower-cased where
        lowering keeps every character's place: the pattern takes a letter as it takes its lower
        case (each caller's tests pin it for its pattern), and a question opening with a capital
        is then turned away by the literals alone instead of running the pattern."""
        low = text.lower()
        return self.search(low if len(low) == len(text) else text) is not None

    def finditer(self, text: str, found: Literals | None = None) -> Iterator[re.Match[str]]:
        """``pattern.finditer(text)``, without running it where it cannot match."""
        return self.pattern.finditer(text) if self.may_match(text, found=found) else iter(())
