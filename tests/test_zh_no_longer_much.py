"""Chinese "不太 … 了" ends a complaint; "不太 …" without 了 leaves it there, mild.

"现在不太痒了", "头不太疼了", "最近不太咳嗽了": the change-of-state 了 says the complaint is no longer
there to speak of (the labels read it as over, as "不怎么疼了"); "不太疼", "不太厉害" only say how bad,
and "不太管用了" of a drug ends no complaint. (English "not as bad" and Russian "уже не так сильно"
keep the complaint active, as their labels read: "голова пока болит, но уже не так сильно".)
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, triples, understand


@pytest.mark.parametrize(
    ("text", "entity"),
    [("现在不太痒了", "itching"), ("头不太疼了", "headache"), ("最近不太咳嗽了", "cough")],
)
def test_no_longer_much_is_over(text: str, entity: str) -> None:
    assert ("symptoms", entity, "resolved") in triples(understand(text, None, "zh"))


@pytest.mark.parametrize("text", ["不太疼", "有点疼，不太厉害"])
def test_not_much_is_no_ending(text: str) -> None:
    assert not any(e["status"] in ("resolved", "confirmed_absent") for e in understand(text, None, "zh").events)


def test_a_drug_that_no_longer_works_ends_no_complaint() -> None:
    got = triples(understand("开瑞坦不太管用了，还是老打喷嚏", None, "zh"))
    assert not any(status == "resolved" for _, _, status in got)


@pytest.mark.parametrize(
    ("first", "later", "lang", "entity"),
    [
        ("最近头疼得厉害", "头不太疼了", "zh", "headache"),
        ("headache for a week", "headache's still there but not as bad", "en", "headache"),
        ("голова болит неделю", "голова пока болит, но уже не так сильно", "ru", "headache"),
    ],
)
def test_folded(first: str, later: str, lang: str, entity: str) -> None:
    want = "resolved" if lang == "zh" else "active"
    assert folded((first, None), (later, None), lang=lang)[("symptoms", entity)] == want
