"""Russian "с <drug> сняли" stops the drug, as "сняли с <drug>" does (``rules.ru_taken_off``).

The drug may stand before the verb ("с эналаприла сняли и назначили лозартан", "со статинов меня
сняли"); a device taken off ("гипс сняли", "с мужа сняли гипс") stops nothing. The sentences are
new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("с бисопролола сняли и назначили небиволол", None,
     {("medications", "bisoprolol", "stopped"), ("medications", "nebivolol", "active")}),
    ("со статинов меня сняли из-за печени", None, {("medications", "statins", "stopped")}),
    ("сняли с бисопролола, теперь небиволол", None,
     {("medications", "bisoprolol", "stopped"), ("medications", "nebivolol", "active")}),
    ("they took me off bisoprolol and put me on nebivolol", None,
     {("medications", "bisoprolol", "stopped"), ("medications", "nebivolol", "active")}),
    ("с мужа сняли гипс", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_drug_taken_off_is_stopped(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
