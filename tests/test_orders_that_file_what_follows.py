"""An order opening a message that files what follows it is addressed to the system (issue 11).

"mark that my asthma is gone", "отметь: гастрит прошёл", "帮我标记一下 胃炎已经好了": the user tells
the system what to record, not the assistant about their health, so the message yields no fact
and cannot end a known one. A statement that only names a log or a record ("my sugar log shows
7.8", "我去社区登记了 打了流感疫苗") keeps its facts.

Each row is (text, the exact set of (section, entity, status) the message must yield). The
sentences are new, written for this kind, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

# fmt: off
ORDERS: list[str] = [
    "mark that my asthma is gone",
    "pls flag down that i quit smoking",
    "record: reflux all cleared up",
    "отметь: гастрит прошёл",
    "запиши, пожалуйста: давление в норме, таблетки больше не пью",
    "пометьте — аллергии на пенициллин больше нет",
    "帮我标记一下 胃炎已经好了",
    "请给我登记成已经戒烟了",
    "麻烦你标注一下 高血压好了",
]

STATEMENTS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("the record shows I had my appendix out", {("surgeries", "appendectomy", "historical")}),
    ("отметила в дневнике: голова болит третий день", {("symptoms", "headache", "active")}),
    ("我去社区登记了 打了流感疫苗", {("vaccinations", "influenza vaccine", "historical")}),
]
# fmt: on


@pytest.mark.parametrize("text", ORDERS)
def test_an_order_that_files_what_follows_yields_nothing(text: str) -> None:
    assert triples(understand(text, None, probe_lang(text))) == set()


@pytest.mark.parametrize(("text", "expected"), STATEMENTS)
def test_a_statement_naming_a_record_keeps_its_facts(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected
