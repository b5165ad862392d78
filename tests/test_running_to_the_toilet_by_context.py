"""A bare running verb in a message about the waterworks is the trips to the toilet (issue 11).

"цистит лечу, бегаю уже пореже", "on tamsulosin now, still running a lot at night": the message
names a bladder or prostate complaint, its doctor or its pills, so "бегаю" / "running" is no habit of
exercise. A run measured or placed as a sport ("бегаю по утрам 5 км", "running 10k") or taken up
again after the illness ("снова бегаю", "back to running") stays one. Chinese names the sport by
its own word (跑步), so a run there stays a sport whatever the message says.

Each row is (text, the exact set of (section, entity, status) the message must yield). The
sentences are new, written for this kind, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("жжение при мочеиспускании меньше, бегаю уже пореже", {("symptoms", "dysuria", "active")}),
    ("уролог выписал омник, но ночью всё так же бегаю", {("medications", "tamsulosin", "active")}),
    ("цистит прошёл, бегаю по утрам 5 км",
     {("diagnoses", "cystitis", "resolved"), ("lifestyle", "exercise", "active")}),
    ("цистит прошёл, снова бегаю", {("diagnoses", "cystitis", "resolved"), ("lifestyle", "exercise", "active")}),
    ("я бегаю три раза в неделю", {("lifestyle", "exercise", "active")}),
    ("the flomax helps, still running a lot at night", {("medications", "tamsulosin", "active")}),
    ("water infection gone, running 10k again", {("diagnoses", "urinary tract infection", "resolved"),
                                                 ("lifestyle", "exercise", "active")}),
    ("尿频好多了 每天跑步5公里", {("symptoms", "frequent urination", "active"), ("lifestyle", "exercise", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_running_to_the_toilet_by_context(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected
