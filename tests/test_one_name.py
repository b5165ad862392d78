"""One concept, one name: the names the tuned labels use most, in every language.

`graves disease` (not graves' disease), `urticaria` (not hives), `skin peeling` (not peeling
skin), `rubella vaccine` for a jab against rubella alone (beside the `mmr vaccine`), `acid reflux`
for sour belching ("кислым отрыгиваю", "кислая отрыжка"), `anxiety` (symptoms) for the anxiety the
user feels ("тревожность", "焦虑"; CONVENTIONS), `anxiety disorder` for the diagnosis ("тревожное
расстройство", "焦虑症", "说是焦虑"), and `sciatica` for pain shooting down the leg ("в левую ногу
стреляет"). The sentences are new, written for this test; none is from the gold, dev, validation
or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("I have graves disease, on carbimazole", None,
     {("chronic_conditions", "graves disease", "active"), ("medications", "carbimazole", "active")}),
    ("у меня болезнь Грейвса", None, {("chronic_conditions", "graves disease", "active")}),
    ("came out in hives on my back", None, {("symptoms", "urticaria", "active")}),
    ("высыпала крапивница по всему телу", None, {("symptoms", "urticaria", "active")}),
    ("身上起了荨麻疹", None, {("symptoms", "urticaria", "active")}),
    ("skin peeling on my palms", None, {("symptoms", "skin peeling", "active")}),
    ("手上脱皮", None, {("symptoms", "skin peeling", "active")}),
    ("had the rubella jab as a teenager", None, {("vaccinations", "rubella vaccine", "historical")}),
    ("打过风疹疫苗", None, {("vaccinations", "rubella vaccine", "historical")}),
    ("had the MMR as a kid", None, {("vaccinations", "mmr vaccine", "historical")}),
    ("после еды кислым отрыгиваю", None, {("symptoms", "acid reflux", "active")}),
    ("по утрам кислая отрыжка", None, {("symptoms", "acid reflux", "active")}),
    ("после еды часто отрыгиваю", None, {("symptoms", "belching", "active")}),
    ("тревожность зашкаливает последнюю неделю", None, {("symptoms", "anxiety", "active")}),
    ("最近心里很焦虑", None, {("symptoms", "anxiety", "active")}),
    ("医生说是焦虑，开了舍曲林", None,
     {("chronic_conditions", "anxiety disorder", "active"), ("medications", "sertraline", "active")}),
    ("психиатр поставил тревожное расстройство", None, {("chronic_conditions", "anxiety disorder", "active")}),
    # pain running from the back down the leg is sciatica, in the order either language says it
    ("shooting pain down my right leg since friday", None, {("symptoms", "sciatica", "active")}),
    ("some pain down the back of my left thigh", None, {("symptoms", "sciatica", "active")}),
    ("в правую ногу отдаёт уже неделю", None, {("symptoms", "sciatica", "active")}),
    ("стреляет в левую ногу при ходьбе", None, {("symptoms", "sciatica", "active")}),
    ("腰疼，屁股到腿串着疼", None, {("symptoms", "low back pain", "active"), ("symptoms", "sciatica", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_a_concept_has_the_one_name_the_labels_use(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


def test_rubella_vaccine_answers_a_question_about_it() -> None:
    """ "да, в 2019" to a question about the rubella jab is that vaccine, not the MMR."""
    found = triples(understand("да, в 2019", "Прививку от краснухи делали?"))
    assert found == {("vaccinations", "rubella vaccine", "historical")}
