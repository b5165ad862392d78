"""Lab readings (issue 11, labs26).

An abnormal reading of the user's own is a ``diagnoses`` finding (CONTRACT §2, the kit's
CONVENTIONS); these cases cover what the reading mechanism learnt in this round, each in three
languages where it applies:

- more tests with a finding (total cholesterol, oxygen saturation, a bone density T-score, whose
  minus sign is read);
- a value set off from its test's name by a comma or a dash ("psa, 5.8", "пса - 5,8");
- a clinician's target below the value ("wants it below 1.8", "надо ниже 1,4", "要降到1.8以下"),
  "above target" and "没达标" judge it high; a clinician content with it ("nurse was happy",
  "сказал хорошо", "控制挺好") judges it normal, unless denied ("wasnt happy");
- an HbA1c with no unit that no % can be is on the IFCC scale (mmol/mol, raised from 42);
- a reading in a clause about a spouse or friend is theirs, not the user's;
(The compact ages and sex-age pairs are in ``test_compact_self_description.py``.)

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

TOTAL = "elevated total cholesterol"
LDL = "elevated ldl cholesterol"
SATS = "low oxygen saturation"
BMD = "low bone mineral density"
PSA = "elevated prostate-specific antigen"
HBA1C = "elevated hba1c"


def _diagnoses(text: str, context: str | None = None) -> set[tuple[str, str]]:
    """The diagnoses the rules read in ``text``, as (entity, status)."""
    return {(e, s) for section, e, s in triples(understand(text, context)) if section == "diagnoses"}


# fmt: off
FINDINGS: list[tuple[str, str | None, str]] = [
    # total cholesterol, oxygen saturation, a T-score: readings with a finding of their own
    ("the health check said my cholesterol is 7.1", None, TOTAL),
    ("на диспансеризации общий холестерин 6,9", None, TOTAL),
    ("体检总胆固醇6.6", None, TOTAL),
    ("my sats were 90 on the pulse oximeter this morning", None, SATS),
    ("сатурация 91 утром", None, SATS),
    ("血氧才90", None, SATS),
    ("had a dexa, t-score -2.1 in the spine", None, BMD),
    ("денситометрия: т-критерий -1,8", None, BMD),
    ("骨密度T值-2.0", None, BMD),
    # a comma or a dash between the name and the value
    ("the urologist ran a psa, 6.4, and wants an mri", None, PSA),
    ("сдал ПСА - 6,3, уролог направил на МРТ", None, PSA),
    # a clinician's target below the value
    ("my ldl was 2.7 and the cardiologist wants it below 1.8", None, LDL),
    ("ЛПНП 2,6, кардиолог сказал надо ниже 1,4", None, LDL),
    ("低密度2.8，医生说要降到1.8以下", None, LDL),
    ("低密度3.1，医生说没达标", None, LDL),
    ("68, which is above target", "What was your last HbA1c?", HBA1C),
    # an HbA1c with no unit that no % can be
    ("hba1c came back 66 last week", None, HBA1C),
    ("my a1c was 9.1 and the nurse wasnt happy", None, HBA1C),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "entity"), FINDINGS)
def test_an_own_abnormal_reading_is_its_finding(text: str, context: str | None, entity: str) -> None:
    assert (entity, "active") in _diagnoses(text, context)


# fmt: off
NO_FINDING: list[tuple[str, str]] = [
    # in range, or judged at its target by the clinician
    ("cholesterol 4.4, all fine", TOTAL),
    ("hba1c 39 in march", HBA1C),
    ("hba1c was 49 which the diabetes nurse was happy with", HBA1C),
    ("гликированный 6,8, эндокринолог сказал для меня хорошо", HBA1C),
    ("糖化6.3，医生说控制挺好", HBA1C),
    ("my ldl was 1.5, target is below 1.8", LDL),
    # a lower bound that is no target: the value is a reading of its own
    ("sats 97 at rest", SATS),
    # a spouse's or a friend's reading
    ("my husband's cholesterol came back 7.9", TOTAL),
    ("у жены холестерин 7,4", TOTAL),
    ("我老公总胆固醇6.9", TOTAL),
    ("my friend had sats of 86 when he was admitted", SATS),
    # a relative's condition said in the words of a reading
    ("dad had high cholesterol all his life", TOTAL),
]
# fmt: on


@pytest.mark.parametrize(("text", "entity"), NO_FINDING)
def test_no_finding_from_a_normal_or_anothers_reading(text: str, entity: str) -> None:
    assert (entity, "active") not in _diagnoses(text)


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("mum had high cholesterol, grandad had a heart attack at 70", "Any family history of high cholesterol?"),
        ("у папы холестерин высокий, дедушка умер в 70", "Холестерин повышенный у кого-то в семье был?"),
        ("我妈胆固醇高，我爸70岁中风", "家里有人胆固醇高吗？"),
    ],
)
def test_a_number_in_a_reply_about_the_family_is_no_reading_of_the_asked_test(text: str, context: str) -> None:
    assert TOTAL not in {e for e, _ in _diagnoses(text, context)}


def test_an_osteoporosis_named_with_its_t_score_is_the_finding_already() -> None:
    assert BMD not in {e for e, _ in _diagnoses("查了，T值-2.9，说是骨质疏松")}


# fmt: off
#: A reading (a value, or the analyte judged in words) is named by its analyte, as the kit's
#: CONVENTIONS ask; the lasting condition keeps its own name where the user names it.
READING_NAMES: list[tuple[str, str]] = [
    ("the rheumatologist said my urate is still high", "elevated uric acid"),
    ("мочевая кислота 540, сказали высокая", "elevated uric acid"),
    ("查了尿酸570，医生说偏高", "elevated uric acid"),
    ("my vit d came back low at 24", "low vitamin d"),
    ("витамин D 18, низкий", "low vitamin d"),
    ("维生素D偏低", "low vitamin d"),
    ("triglycerides 3.1 on the last bloods", "elevated triglycerides"),
    ("триглицериды 2,9", "elevated triglycerides"),
    ("甘油三酯3.2", "elevated triglycerides"),
    ("the gp says I have hyperuricaemia", "hyperuricemia"),
    ("у меня гипертриглицеридемия", "hypertriglyceridemia"),
    ("体检查出高尿酸血症", "hyperuricemia"),
]
# fmt: on


@pytest.mark.parametrize(("text", "entity"), READING_NAMES)
def test_a_reading_is_named_by_its_analyte_and_a_named_condition_by_itself(text: str, entity: str) -> None:
    assert (entity, "active") in _diagnoses(text)


# fmt: off
#: A reply to a question about one test: its one value beside doses and counts, in whichever sentence
#: it stands, is that test's reading; a test the reply names only to plan it is no reading of its own.
ASKED: list[tuple[str, str, str]] = [
    ("Yes, 5.9. The GP said it's raised so I'm booked for an MRI.", "Did you have a PSA test?", PSA),
    ("ЛПНП? Сдавала в марте. 3,9, врач сказал высокий", "Какой был последний ЛПНП?", LDL),
    ("上周查的4.1 医生说偏高 让减到2.5mg", "最近一次INR是多少？", "elevated international normalized ratio"),
    ("last month. 3.8, she said too high and cut me to 4mg", "When was your last INR?",
     "elevated international normalized ratio"),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "entity"), ASKED)
def test_the_one_value_of_a_reply_is_the_asked_tests_reading(text: str, context: str, entity: str) -> None:
    assert (entity, "active") in _diagnoses(text, context)


def test_two_values_of_the_asked_kind_read_as_neither() -> None:
    assert not {e for e, _ in _diagnoses("4.1 then 3.2", "When was your last INR?") if not e.startswith("^")}
