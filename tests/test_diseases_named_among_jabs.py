"""A disease named in a list of jabs is its vaccination (``clause_facts.named_among_jabs``).

In a message about vaccinations ("which jabs do I need?", "какие прививки?", "要打什么疫苗？") a
disease that opens its clause ("tetanus ages ago", "столбняк лет пять назад", "破伤风打过") stands
for the jab against it, with the status its clause gives; an item whose only doubt is of the time
and that has no verb ("столбняк не помню когда") states nothing. A clause that tells of the illness
itself ("I had tetanus as a child", "болел корью") keeps the illness. The sentences are new.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

# fmt: off
ROWS: list[tuple[str, str | None, set[Triple], set[Triple]]] = [
    ("off to Ghana in March, which jabs do I need? hep A done in 2021, typhoid never, tetanus ages ago", None,
     {("vaccinations", "hepatitis a vaccine", "historical"), ("vaccinations", "typhoid vaccine", "confirmed_absent"),
      ("vaccinations", "tetanus vaccine", "historical")},
     {("diagnoses", "tetanus", "resolved"), ("diagnoses", "hepatitis a", "resolved")}),
    ("what vaccines for Nepal? rabies not yet, tetanus can't remember when", None,
     {("vaccinations", "rabies vaccine", "confirmed_absent")},
     {("diagnoses", "tetanus", "active"), ("vaccinations", "tetanus vaccine", "historical")}),
    ("летим в Кению, какие прививки поставить? желтая лихорадка не делал, столбняк лет пять назад", None,
     {("vaccinations", "tetanus vaccine", "historical")},
     {("diagnoses", "tetanus", "resolved"), ("diagnoses", "tetanus", "active")}),
    ("какие прививки нужны в Индию? бешенство не прививал, столбняк не помню когда", None,
     {("vaccinations", "rabies vaccine", "confirmed_absent")},
     {("diagnoses", "tetanus", "active"), ("vaccinations", "tetanus vaccine", "historical")}),
    ("下个月去越南，要打什么疫苗？甲肝前年打过，破伤风打过", None,
     {("vaccinations", "hepatitis a vaccine", "historical"), ("vaccinations", "tetanus vaccine", "historical")},
     {("diagnoses", "hepatitis a", "resolved")}),
    ("去印度需要哪些疫苗？狂犬病没打，破伤风不记得什么时候了", None,
     {("vaccinations", "rabies vaccine", "confirmed_absent")},
     {("diagnoses", "tetanus", "active")}),
    # the illness itself, even in a message about jabs
    ("what shots for Mexico? I had tetanus as a child, flu shot in October", None,
     {("diagnoses", "tetanus", "resolved"), ("vaccinations", "influenza vaccine", "historical")},
     {("vaccinations", "tetanus vaccine", "historical")}),
    ("какие прививки нужны для Индии? корь в детстве болел, столбняк делал давно", None,
     {("diagnoses", "measles", "resolved"), ("vaccinations", "tetanus vaccine", "historical")},
     {("vaccinations", "measles vaccine", "historical")}),
    ("I had tetanus as a child", None, {("diagnoses", "tetanus", "resolved")}, set()),
    ("в детстве болел столбняком", None, {("diagnoses", "tetanus", "resolved")}, set()),
    # no jabs in the message: a disease stays a disease
    ("I have the flu right now", None, {("diagnoses", "influenza", "active")}, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "wanted", "unwanted"), ROWS)
def test_diseases_named_among_jabs(text: str, context: str | None, wanted: set[Triple], unwanted: set[Triple]) -> None:
    found = triples(understand(text, context))
    assert wanted <= found, f"{text!r}: {found}"
    assert not unwanted & found, f"{text!r}: {found}"
