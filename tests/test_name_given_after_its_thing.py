"""A clause that only names the thing of the clause before is read as that clause is (issue 11).

"医生说以后可能给我换个新药，叫利伐沙班", "my doctor might put me on a new blood thinner, called
rivaroxaban", "врач может назначить новый препарат, называется ксарелто": the drug is only
planned, so its name, given in a clause of its own, is no fact either; a friend's "new pill,
called ozempic" stays the friend's. A thing taken ("我在吃一个药，叫二甲双胍") keeps its name.

Each row is (text, the exact set of (section, entity, status) the message must yield). The
sentences are new, written for this kind, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("医生说下次可能给我换个降压药 叫缬沙坦", set()),
    ("我在吃一个药，叫二甲双胍", {("medications", "metformin", "active")}),
    ("my doctor might put me on a new blood thinner, called rivaroxaban", set()),
    ("my friend is on a new pill, called ozempic", set()),
    ("started a new blood thinner last week, called rivaroxaban", {("medications", "rivaroxaban", "active")}),
    ("врач может назначить новый препарат, называется ксарелто", set()),
    ("пью новый препарат, называется ксарелто", {("medications", "rivaroxaban", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_name_given_after_its_thing(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected
