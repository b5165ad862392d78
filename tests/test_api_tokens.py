"""The context block's token counts: the Rust tokenizer's ``count`` and the sum over lines are exact.

``fit_context`` decides which lines stay by the block's count; it now adds the lines' counts
instead of counting the joined block, so the sum must equal the whole text's count, or the
answers would change.
"""

from __future__ import annotations

import random
import string
from collections import Counter

import bpe_openai
import pytest

from anamnesis.api.measurement_routes import fit_context
from anamnesis.api.tokens import TokenCounter, _with_newline, count_joined

ENCODING = bpe_openai.get_encoding("o200k_base")
#: Pieces that end or begin lines in ways o200k_base's pre-tokenizer treats apart: marks that
#: take a following newline (")\n"), digits, contractions, CJK, Cyrillic, emoji, spaces, slashes.
PIECES = [
    "Medication: metformin 500 mg", "(said as \"метформин\")", "since 2026-01-03", "(low confidence)",
    "IMPORTANT:", "Unclear:", "'s", "'LL", "过敏：青霉素", "😀", "...", ")", "/", "//", " ", "  ", "\t",
    "\r", "\u00a0", "\u0301", "—", "<|endoftext|>", "x", "42", "1234567", "",
]


def whole(text: str) -> int:
    return len(ENCODING.encode_ordinary(text))


def random_lines(rng: random.Random) -> list[str]:
    lines = []
    for _ in range(rng.randint(0, 12)):
        start = rng.choice(["- ", "- ", "-", "", " ", "/", "\t- "])
        lines.append(start + "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 5))))
    return lines


@pytest.mark.parametrize("seed", range(4))
def test_the_sum_of_the_lines_counts_is_the_joined_texts_count(seed: int) -> None:
    rng = random.Random(seed)
    count = TokenCounter()
    for _ in range(2_000):
        lines = random_lines(rng)
        assert count_joined(lines, count) == whole("\n".join(lines)), lines


@pytest.mark.parametrize("seed", range(2))
def test_a_line_and_its_newline_count_as_the_sum_says(seed: int) -> None:
    # count_joined counts a line ending in a letter, a digit or ASCII punctuation from "\n" + line,
    # the key the context block's lines are counted under
    rng = random.Random(seed)
    ends: Counter[str] = Counter()
    for _ in range(3_000):
        line = rng.choice(["- ", "-", "", " ", "/"]) + "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 6)))
        assert _with_newline(line, whole) == whole(line + "\n"), line
        end = line[-1:]
        ends["alnum" if end.isalnum() else "punctuation" if end and end in string.punctuation else "other"] += 1
    assert ends["alnum"] > 500 and ends["punctuation"] > 500, ends


def test_the_counter_counts_as_encode_ordinary() -> None:
    count = TokenCounter()
    texts = ["", "Patient memory:", "a <|endoftext|> b", "lone \ud800 surrogate", "过敏 😀 аллергия\n\n- x)"]
    assert [count(t) for t in texts] == [whole(t) for t in texts]


def test_fit_context_drops_lines_exactly_at_the_budget() -> None:
    count = TokenCounter()
    block = "Patient memory:\n- Medication: warfarin 5 mg, since 2026-01-03\n- Condition: asthma (confirmed 2026-02-01)"
    safety = ["warfarin with ibuprofen: bleeding risk (said as \"advil\")"]
    trends = ["HbA1c 7.9 % (2026-03-01) -> 7.1 % (2026-05-01), falling"]
    unfitted = fit_context(block, safety, trends, 10_000, count)
    full = whole(unfitted)
    assert fit_context(block, safety, trends, full, count) == unfitted  # not one token over: nothing goes
    for budget in range(full - 40, full):  # a line goes as soon as the whole text is over
        fitted = fit_context(block, safety, trends, budget, count)
        assert fitted != unfitted and whole(fitted) <= budget
