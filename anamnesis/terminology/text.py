"""Text normalisation shared by the terminology and the rules backend.

Every transformation here keeps the string's length, so an offset found in normalised text
is an offset in the user's own text too: mentions are sliced from the original, never
rebuilt.
"""

from __future__ import annotations

import re

from schemas.langs import LANGS

#: Script tests on normalised text. CJK covers the unified ideographs and extension A.
CJK_RE = re.compile(r"[\u3400-\u9fff]")
CYRILLIC_RE = re.compile(r"[\u0400-\u04ff]")
LATIN_RE = re.compile(r"[a-z]")


def _fold_table() -> dict[int, str]:
    """Full-width ASCII to ASCII, typographic apostrophes to ``'``, ``ё`` to ``е``."""
    table = {c: chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}
    table.update({ord("ё"): "е", ord("Ё"): "е", 0x2019: "'", 0x2018: "'", 0x02BC: "'", 0x3000: " "})
    return table


FOLD = _fold_table()
_FOLDABLE = re.compile("[" + "".join(re.escape(chr(c)) for c in sorted(FOLD)) + "]")
#: ASCII punctuation to spaces, as a byte table (the fast path for English text)
_ASCII_SPACE = bytes(i if chr(i).isalnum() else 32 for i in range(128)) + bytes(range(128, 256))
#: What :func:`spaced` turns into a space: every non-word character but the space itself, which
#: stays as it is (matching each space too made a text's every word gap a replacement).
_NON_WORD = re.compile(r"[^\w ]|_")


def normalise(text: str) -> str:
    """Lower-cased, folded text of the same length as ``text``."""
    low = text.lower()
    if len(low) != len(text):  # a few characters (e.g. 'İ') lower to two
        low = "".join(ch.lower()[:1] for ch in text)
    if low.isascii():
        return low
    return low.translate(FOLD) if _FOLDABLE.search(low) else low


def spaced(norm: str) -> str:
    """``norm`` with every character that is not a letter or digit turned into a space.

    Word-script patterns are stored wrapped in spaces, so after this mapping a pattern can
    only match whole words, with no boundary check in Python.
    """
    if norm.isascii():
        return norm.encode().translate(_ASCII_SPACE).decode()
    return _NON_WORD.sub(" ", norm)


def surface_key(surface: str) -> str:
    """The lookup key of a surface form: normalised, punctuation as spaces, single-spaced."""
    return " ".join(spaced(normalise(surface)).split())


_SCRIPT_RE = re.compile(r"[\u3400-\u9fff]|[\u0400-\u04ff]")


def detect_lang(norm: str, hint: str | None = None) -> str:
    """The script decides (CJK → ``zh``, Cyrillic → ``ru``, Latin → ``en``); the hint only breaks a tie."""
    if not norm.isascii():
        if CJK_RE.search(norm):
            return "zh"
        if _SCRIPT_RE.search(norm):
            return "ru"
    if LATIN_RE.search(norm):
        return "en"
    if hint:
        base = hint.split("-")[0].lower()
        if base in LANGS:
            return base
    return "en"
