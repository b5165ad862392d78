"""Checks for a gate searched lower-cased (:meth:`anamnesis.understanding.rules.gate.Gated.matches_lowered`)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from anamnesis.evaluation.gold import load_gold

DATA = Path("anamnesis/evaluation/data")


def assert_takes_each_letter_as_its_lower_case(pattern: re.Pattern[str], classes: tuple[str, ...]) -> None:
    """Each of ``pattern``'s letters and ``classes`` takes a character exactly when it takes its
    lower case (one character): searched lower-cased, the pattern then matches as on the text."""
    pieces = [
        re.compile(p, re.IGNORECASE) for p in {re.escape(ch) for ch in pattern.pattern if ch.isalpha()} | set(classes)
    ]
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        low = ch.lower()
        if low != ch and len(low) == 1:
            for piece in pieces:
                assert bool(piece.fullmatch(ch)) == bool(piece.fullmatch(low)), (piece.pattern, ch)


def labelled_texts() -> list[str]:
    """Every turn of the gold and dev sets (users' and assistant's), in three languages."""
    return [turn.text for name in ("gold", "dev") for d in load_gold(DATA / name) for turn in d.turns]
