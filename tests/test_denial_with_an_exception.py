"""A denial with an exception beside it is no section-wide "none" (issue 11; gold README: negation scope).

"no allergies apart from that one", "кроме этого аллергии нет", "除了这个 没有别的过敏": something of
the kind is there (the one told before), so the denial is of the rest and gives no ``*`` event,
which would otherwise deny the allergy just told. A plain denial ("no allergies") keeps its
``*``, and "just" beside a denial of one section lists another's ("no allergies, just my
ventolin").

Each row is (text, the exact set of (section, entity, status) the message must yield). The
sentences are new, written for this kind, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("no other problems. no allergies apart from that one", set()),
    ("no surgeries besides that one", set()),
    ("кроме этого аллергии нет", set()),
    ("операций не было, за исключением той", set()),
    ("除了这个 没有别的过敏", set()),
    ("no allergies", {("allergies", "*", "confirmed_absent")}),
    ("no allergies, just my ventolin for asthma sometimes",
     {("allergies", "*", "confirmed_absent"), ("chronic_conditions", "asthma", "active"),
      ("medications", "salbutamol", "active")}),
    ("аллергий нет, кроме как на кошек", {("allergies", "cat dander", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_denial_with_an_exception(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected
