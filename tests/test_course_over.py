"""A finished course of an anti-infective told with its complaints over ends the infection.

"Finished the macrobid, no more burning", "допила амоксиклав, горло прошло", "阿莫西林吃完了 嗓子不疼了":
the infection is not named again, but its course is done and what it caused is gone; the fold ends
the infection discussed last (``course_over.with_course_over``: a resolved ``^`` diagnosis). A
complaint left ("but", "но ... осталась", "还是"), a stop that is no finished course, a medicine
that cures no infection, or a message naming the illness itself leaves the infection as it was.

Each case is the user's messages in order, read and folded one a day, and the status of the
infection after the last one. The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded

Case = tuple[tuple[str, ...], tuple[str, str], str]

# fmt: off
OVER: list[Case] = [
    (("GP says it's a water infection, on nitrofurantoin 50mg four times a day",
      "finished the nitrofurantoin, no more burning when I pee"), ("diagnoses", "urinary tract infection"), "resolved"),
    (("врач сказала ангина, назначила амоксиклав 875 мг",
      "амоксиклав допила, горло больше не болит"), ("diagnoses", "tonsillitis"), "resolved"),
    (("医生说是急性膀胱炎 开了左氧氟沙星",
      "左氧氟沙星吃完了 尿痛没了"), ("diagnoses", "cystitis"), "resolved"),
]

STILL_THERE: list[Case] = [
    # a complaint is left
    (("GP says it's a water infection, on nitrofurantoin 50mg four times a day",
      "finished the nitrofurantoin, the burning is better but still there"), ("diagnoses", "urinary tract infection"), "active"),
    (("врач сказала ангина, назначила амоксиклав 875 мг",
      "амоксиклав допила, но горло всё ещё болит"), ("diagnoses", "tonsillitis"), "active"),
    # a stop for a side effect is no finished course
    (("医生说是急性膀胱炎 开了左氧氟沙星",
      "左氧氟沙星吃了拉肚子就停了 尿痛没了"), ("diagnoses", "cystitis"), "active"),
    # a course of a medicine that cures no infection
    (("GP says it's a water infection, on nitrofurantoin 50mg four times a day",
      "finished the ibuprofen, headache gone"), ("diagnoses", "urinary tract infection"), "active"),
]
# fmt: on


@pytest.mark.parametrize(("messages", "fact", "status"), OVER + STILL_THERE)
def test_a_finished_course_ends_the_infection(messages: tuple[str, ...], fact: tuple[str, str], status: str) -> None:
    assert folded(*((text, None) for text in messages)).get(fact) == status
