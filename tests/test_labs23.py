"""A later reading of a test the user has a finding for (issue 11 / issue 10, labs23).

An abnormal own lab reading is a ``diagnoses`` finding (CONTRACT §2). A later reading of the same
test in its range, or judged normal, ends that finding (a ``change`` to ``resolved``); a later one
on the same side confirms it; one on the other side ends it and is the other finding. A normal
reading of a test the user has no finding for is no fact at all, and neither is a relative's
reading or a value asked about.

Each case is a user's messages in order, read by the rules backend one by one and folded, and the
user's ``diagnoses`` facts after the last one. The sentences are new, written for these kinds, not
copied from any evaluation set.
"""

from __future__ import annotations

import json

import pytest

from anamnesis.understanding.validate import validate_proposals
from tests.test_reconcile import ev, history, run
from tests.test_rules_backend import understand

ALT = "elevated alanine aminotransferase"
TSH_HIGH = "elevated thyroid-stimulating hormone"
TSH_LOW = "low thyroid-stimulating hormone"
HBA1C = "elevated hba1c"
LOW_HB = "low hemoglobin"
FIRST = ("first_mention", "active")


def _fold(*texts: str):
    """The fold of the rules' events of ``texts``, one message a day."""
    rows = []
    for day, text in enumerate(texts):
        events, rejects = validate_proposals(understand(text).events)
        assert not rejects
        for e in events:
            rows.append(ev(day, f"m{day}", e["section"], e["entity"], e["status"], **json.loads(e["attributes"])))
    return run(*rows)


def _diagnoses(*texts: str) -> dict[str, str]:
    _, facts, _ = _fold(*texts)
    rows = facts.filter(facts["section"] == "diagnoses")
    return dict(zip(rows["entity"], rows["status"], strict=True))


# fmt: off
#: (messages, the diagnoses facts after the last).
CASES: list[tuple[tuple[str, ...], dict[str, str]]] = [
    # a later normal value of the same test ends the finding
    (("bloods in june: ALT 81", "rechecked the liver panel, ALT down to 33"), {ALT: "resolved"}),
    (("сдала анализы, ТТГ 7,3", "через два месяца пересдала ттг — 2,4"), {TSH_HIGH: "resolved"}),
    (("体检糖化血红蛋白7.2", "三个月后复查糖化5.4"), {HBA1C: "resolved"}),
    # judged normal in words, no number
    (("my a1c came back at 7.6 on friday", "good news, a1c is normal now"), {HBA1C: "resolved"}),
    (("АЛТ 96 на прошлой неделе", "пересдал, АЛТ теперь в норме"), {ALT: "resolved"}),
    (("上个月查转氨酶110", "复查转氨酶正常了"), {ALT: "resolved"}),
    # a later value still out of range on the same side confirms it
    (("bloods in june: ALT 81", "ALT still 70 at the recheck"), {ALT: "active"}),
    (("сдала анализы, ТТГ 7,3", "ттг 5,9 теперь"), {TSH_HIGH: "active"}),
    (("体检糖化血红蛋白7.2", "复查糖化还是6.8"), {HBA1C: "active"}),
    # a value on the other side ends the finding and is the other one
    (("march bloods: TSH 9.1", "endo says TSH is 0.1 now, too much levo"), {TSH_HIGH: "resolved", TSH_LOW: "active"}),
    (("ТТГ 8,4 был в январе", "теперь ттг 0,1, дозу снизили"), {TSH_HIGH: "resolved", TSH_LOW: "active"}),
    (("TSH 8.8，医生说甲减", "复查TSH 0.05，优甲乐减量了"), {TSH_HIGH: "resolved", TSH_LOW: "active"}),
    # a normal value of a test with no finding is no fact, and leaves the other findings alone
    (("a1c was 5.3 at my physical",), {}),
    (("my a1c came back at 7.6 on friday", "ALT 30 and TSH 2.2 on the same panel"), {HBA1C: "active"}),
    (("ТТГ 2,1",), {}),
    (("сдала анализы, ТТГ 7,3", "гликированный 5,2"), {TSH_HIGH: "active"}),
    (("糖化5.1",), {}),
    (("体检糖化血红蛋白7.2", "转氨酶30"), {HBA1C: "active"}),
    # a relative's normal value is not the user's
    (("bloods in june: ALT 81", "my brother's ALT was 30 though"), {ALT: "active"}),
    (("сдала анализы, ТТГ 7,3", "у мамы ттг 2,0"), {TSH_HIGH: "active"}),
    (("体检糖化血红蛋白7.2", "我爸糖化5.5"), {HBA1C: "active"}),
    # a value asked about is no reading
    (("bloods in june: ALT 81", "would an ALT of 35 be normal?"), {ALT: "active"}),
    (("сдала анализы, ТТГ 7,3", "ттг 2,5 это нормально?"), {TSH_HIGH: "active"}),
    (("体检糖化血红蛋白7.2", "糖化5.6算正常吗？"), {HBA1C: "active"}),
]
# fmt: on


@pytest.mark.parametrize(("texts", "expected"), CASES)
def test_a_later_reading_resolves_confirms_or_leaves_the_finding(
    texts: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert _diagnoses(*texts) == expected


#: Words between a test and its value that a later reading says ("still", "всё ещё", "才", "пересдала"),
#: and the short Russian name of HbA1c ("гликированный").
LATER_WORDS: list[tuple[tuple[str, ...], str, list[tuple[str, str]]]] = [
    (("bloods in june: ALT 81", "ALT was still 75 at the recheck"), ALT, [FIRST, ("confirmation", "active")]),
    (("сдала анализы, ТТГ 7,3", "ттг всё ещё 6,1"), TSH_HIGH, [FIRST, ("confirmation", "active")]),
    (("体检糖化血红蛋白7.2", "糖化还是7.0"), HBA1C, [FIRST, ("confirmation", "active")]),
    (("月经多，血红蛋白才88", "复查血红蛋白125"), LOW_HB, [FIRST, ("change", "resolved")]),
    (("сдала анализы, ТТГ 7,3", "ттг пересдала — 2,2"), TSH_HIGH, [FIRST, ("change", "resolved")]),
    (("глюкоза натощак 7,1, гликированный 6,9", "гликированный 5,4"), HBA1C, [FIRST, ("change", "resolved")]),
]


#: A hemoglobin is judged at 115 g/L, the lower limit women's ranges give (the labels end a low one at 118).
HEMOGLOBIN: list[tuple[tuple[str, ...], str, list[tuple[str, str]]]] = [
    (("гемоглобин 96", "гемоглобин уже 117"), LOW_HB, [FIRST, ("change", "resolved")]),
    (("hemoglobin 9.1 at the clinic", "hemoglobin now 11.8"), LOW_HB, [FIRST, ("change", "resolved")]),
    (("血红蛋白才90", "复查血红蛋白116"), LOW_HB, [FIRST, ("change", "resolved")]),
    (("гемоглобин 96", "гемоглобин 110"), LOW_HB, [FIRST, ("confirmation", "active")]),
]


@pytest.mark.parametrize(("texts", "entity", "steps"), LATER_WORDS + HEMOGLOBIN)
def test_a_later_reading_in_other_words(texts: tuple[str, ...], entity: str, steps: list[tuple[str, str]]) -> None:
    events, _, _ = _fold(*texts)
    assert history(events, "diagnoses", entity) == steps


@pytest.mark.parametrize(
    ("texts", "entity", "steps"),
    [
        (("bloods in june: ALT 81", "rechecked, ALT down to 33"), ALT, [FIRST, ("change", "resolved")]),
        (("сдала анализы, ТТГ 7,3", "ттг 5,9 теперь"), TSH_HIGH, [FIRST, ("confirmation", "active")]),
        (("体检糖化血红蛋白7.2", "三个月后复查糖化5.4"), HBA1C, [FIRST, ("change", "resolved")]),
    ],
)
def test_the_finding_history_says_change_or_confirmation(
    texts: tuple[str, ...], entity: str, steps: list[tuple[str, str]]
) -> None:
    events, _, _ = _fold(*texts)
    assert history(events, "diagnoses", entity) == steps
