"""Token counts in o200k_base, the tokens the context block's budget ``max_tokens`` is counted in."""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence

ENCODING = "o200k_base"


class TokenCounter:
    """``len(encoding.encode_ordinary(text))``, from the Rust tokenizer's ``count``: no list of ids.

    Ordinary text: a user's "<|endoftext|>" is counted, not refused (``encode`` raises on it).
    """

    def __init__(self) -> None:
        import bpe_openai  # not at import: only the server needs the vocabulary
        from bpe_openai._bindings import tokenizer_for_encoding

        self._encoding = bpe_openai.get_encoding(ENCODING)
        self._count = tokenizer_for_encoding(ENCODING).count  # the tokenizer ``_encoding`` wraps

    def __call__(self, text: str) -> int:
        try:
            return self._count(text)
        except UnicodeEncodeError:  # a lone surrogate: ``encode_ordinary`` replaces it first
            return len(self._encoding.encode_ordinary(text))


def count_joined(lines: Sequence[str], count: Callable[[str], int], known: dict[str, int] | None = None) -> int:
    """Tokens of ``"\\n".join(lines)`` as the sum of each line's own count (which ``count`` may remember).

    Exact for o200k_base: its pre-tokenizer never carries a piece past a newline followed by a
    character that is neither whitespace nor "/" (only its whitespace rules can, and its
    punctuation rule, which takes the newlines and slashes after a mark), and BPE runs within
    pieces. So each line is counted with its newline, the last without; a line that begins
    otherwise, or is empty, makes the whole text counted at once. The block's lines begin with
    "- ": counted one by one, a request re-uses the counts of lines earlier requests paid for.

    ``known``: each line's count with its newline, kept by a caller that counts several lists
    sharing most of their lines (:func:`~anamnesis.api.measurement_routes.fit_context` drops one
    line at a time), so a line's count is worked out once.
    """
    if not lines or any(not line or line[0].isspace() or line[0] == "/" for line in lines[1:]):
        return count("\n".join(lines))
    if known is None:
        return sum(_with_newline(line, count) for line in lines[:-1]) + count(lines[-1])
    total = count(lines[-1])
    for line in lines[:-1]:
        n = known.get(line)
        if n is None:
            n = known[line] = _with_newline(line, count)
        total += n
    return total


def _with_newline(line: str, count: Callable[[str], int]) -> int:
    """Tokens of ``line + "\\n"``, from the count of ``"\\n" + line`` where that one fixes it.

    Both begin alike when ``line`` begins with no whitespace: after a newline the line's pieces
    are found from its first character as alone, and the newline is a piece (a token) of its own.
    At the end, a line ending in a letter or digit leaves the newline a piece of its own too (no
    piece ending so takes one): the two counts are equal. A line ending in ASCII punctuation
    ends in a piece of that run (after a letter or digit, or after one space the piece begins
    with), which takes the newline: only that piece's count changes. The context block counts
    its lines as ``"\\n" + line`` (:class:`anamnesis.api.context.Draft`), so a remembering
    ``count`` knows them and the few pieces already, instead of running the tokenizer again.
    """
    if not line or line[0].isspace():
        return count(line + "\n")
    if line[-1].isalnum():
        return count("\n" + line)
    body = line.rstrip(_ASCII_PUNCTUATION)
    if body and not (body[-1].isalnum() or body[-1] == " "):
        return count(line + "\n")
    tail = line[len(body) - 1 :] if body.endswith(" ") else line[len(body) :]
    return count("\n" + line) - 1 - count(tail) + count(tail + "\n")


_ASCII_PUNCTUATION = string.punctuation
