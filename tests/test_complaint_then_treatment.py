"""A complaint told before the drug that relieves it is no allergy to that drug.

Chinese names a cause first ("吃了青霉素就起疹子": penicillin, then the rash); a complaint first and the
drug after 就 ("一喘就喷万托林", "胸口一疼就含硝酸甘油") says what the drug is used for, so the drug is
taken (``allergies._zh_treated``) and the complaint only says when (``rules.zh_taken_when``), as the
labels read it. English and Russian say it with "when" ("I use my inhaler when I get wheezy"), which
never made an allergy.

Each row is (message, the assistant turn before it, the exact set of (section, entity, status) it
must yield). The sentences are new, written for this test; none is from the gold, dev, validation
or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
TREATED: list[Row] = [
    ("一喘就喷万托林", None, {("medications", "salbutamol", "active")}),
    ("晚上喘起来就吸两口万托林", None, {("medications", "salbutamol", "active")}),
    ("I take Ventolin when I get short of breath.", None, {("medications", "salbutamol", "active")}),
    ("Когда задыхаюсь, брызгаю сальбутамол.", None, {("medications", "salbutamol", "active")}),
]

# the cause named first is still an allergy
CAUSED: list[Row] = [
    ("打了青霉素就起风团", None, {("allergies", "penicillin", "active")}),
    ("吃了阿莫西林以后全身起红疹", None, {("allergies", "amoxicillin", "active")}),
    ("Penicillin gives me hives.", None, {("allergies", "penicillin", "active")}),
    ("От пенициллина крапивница.", None, {("allergies", "penicillin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), TREATED + CAUSED)
def test_complaint_then_treatment(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
