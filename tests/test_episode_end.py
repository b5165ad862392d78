"""A bare recovery ends the whole episode told before it, and a rhetorical "不是有…嘛" asserts.

- Chinese: "前天低血糖了一次，出冷汗手抖，喝了可乐缓过来了" ends the low sugar with its sweat and
  shakes ("缓过来了" is a recovery, not a stop of the cola); a complaint whose phrase says it goes
  on ("一直咳嗽") stays; an attack that passes in minutes ("歇一会就缓过来了") ends nothing.
- Chinese "我不是有过敏性鼻炎嘛" ("don't I have…") asserts the illness; "我没有高血压" still denies.
(English and Russian tell a bare recovery with words the existing endings hold: "fine now",
"всё прошло", tested there; these check they are unchanged.)
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    "text",
    [
        "前天半夜低血糖了一次，出冷汗手抖，喝了可乐缓过来了",
        "前天半夜低血糖了一次，出冷汗手抖，吃了块糖就好了",
        "昨晚低血糖了 吃了两块糖缓过来了",
    ],
)
def test_a_bare_recovery_ends_the_episode(text: str) -> None:
    assert ("symptoms", "hypoglycemia", "resolved") in triples(understand(text, None, "zh"))


def test_the_signs_end_with_the_episode() -> None:
    got = triples(understand("前天半夜低血糖了一次，出冷汗手抖，喝了可乐缓过来了", None, "zh"))
    assert ("symptoms", "sweating", "active") not in got
    assert ("symptoms", "tremor", "active") not in got


def test_what_goes_on_stays() -> None:
    got = triples(understand("一直咳嗽，发烧三天，吃了药好了", None, "zh"))
    assert ("symptoms", "cough", "active") in got
    assert ("symptoms", "fever", "resolved") in got


@pytest.mark.parametrize("text", ["心慌一阵一阵的，歇一会就缓过来了", "早上手指头发僵 大概半小时才缓过来"])
def test_an_attack_that_passes_ends_nothing(text: str) -> None:
    assert not any(e["status"] == "resolved" for e in understand(text, None, "zh").events)


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        (
            "had a hypo last night, sorted it with jelly babies, fine now",
            "en",
            ("symptoms", "hypoglycemia", "resolved"),
        ),
        ("ночью был гипо, съел конфету, всё прошло", "ru", ("symptoms", "hypoglycemia", "resolved")),
    ],
)
def test_other_languages_unchanged(text: str, lang: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text, None, lang))


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("对了我不是有过敏性鼻炎嘛，飞机上能喷辅舒良吗？", "allergic rhinitis"),
        ("我不是有高血压嘛，这个药能吃吗", "hypertension"),
    ],
)
def test_a_rhetorical_question_asserts(text: str, entity: str) -> None:
    assert ("chronic_conditions", entity, "active") in triples(understand(text, None, "zh"))


def test_a_plain_denial_still_denies() -> None:
    assert ("chronic_conditions", "hypertension", "confirmed_absent") in triples(understand("我没有高血压", None, "zh"))
