"""Jabs told plainly: the whooping cough jab, "the flu one" after an injection, "yeah got it".

- the whooping cough jab an adult has (in pregnancy, as a booster) is the pertussis vaccine in every
  language ("whooping cough jab", "прививка от коклюша", "百日咳疫苗"); the child's triple jab (DTP,
  АКДС, 百白破) stays the dtp vaccine (``vaccines.tsv``);
- "injection" makes a message about jabs as "jab" and "shot" do, so "the flu one" after "the
  pneumonia injection" is the flu vaccine (``clause_facts._JABS``);
- an English reply that opens with a yes and then has the asked jab by a pronoun ("yeah got it at
  work", as "да, сделала в октябре" and "打了，上个月" already do) says the jab was had
  (``replies._EN_HAD_ONE``).

Each row is (message, the assistant's question before it or None, the exact set of (section,
entity, status) it must yield). The sentences are new, written for this test; none is from the
gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("got my whooping cough jab at the surgery yesterday", None,
     {("vaccinations", "pertussis vaccine", "historical")}),
    ("на 28 неделе поставили прививку от коклюша", None, {("vaccinations", "pertussis vaccine", "historical")}),
    ("孕期打了百日咳疫苗", None, {("vaccinations", "pertussis vaccine", "historical")}),
    ("сыну сделали АКДС", None, set()),
    ("my son had his DTaP vaccine today", None, set()),
    ("I had the tetanus injection in spring and the flu one last week", None,
     {("vaccinations", "tetanus vaccine", "historical"), ("vaccinations", "influenza vaccine", "historical")}),
    ("yeah got it at the chemist last week", "Have you had your flu jab this year?",
     {("vaccinations", "influenza vaccine", "historical")}),
    ("yep had it in october", "Have you had the covid booster?", {("vaccinations", "covid-19 vaccine", "historical")}),
    ("да, сделала в октябре в поликлинике", "Вы делали прививку от гриппа в этом году?",
     {("vaccinations", "influenza vaccine", "historical")}),
    ("打了，上个月在社区打的", "今年打流感疫苗了吗？", {("vaccinations", "influenza vaccine", "historical")}),
    ("yeah got it, thanks", "I'll remind you about the flu jab next month.", set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_jabs_told_plainly(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
