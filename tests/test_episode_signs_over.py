"""The signs of a low-sugar episode go with it when the episode is over too.

"低血糖了一次，出冷汗手抖，喝了可乐缓过来了": the recovery ends the episode, and the sweat and the
tremor, which are what the episode looked like, are no complaints of their own, ended or not
(the labels name the hypo alone). A sign the user denies stays a denial; signs told with no
episode stay symptoms.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("前天半夜低血糖了一次，出冷汗手抖，喝了可乐缓过来了", "zh"),
        ("就是前天下午打球低血糖了一次 手抖冒冷汗 吃了块糖好了", "zh"),
        ("вчера был гипо, весь трясся и потел, съел конфету и прошло", "ru"),
        ("had a hypo last night, sweaty and shaky, had some juice and it passed", "en"),
    ],
)
def test_ended_signs_go_with_the_episode(text: str, lang: str) -> None:
    got = triples(understand(text, None, lang))
    assert not {t for t in got if t[1] in ("sweating", "tremor")}, got
    assert any(t[1] == "hypoglycemia" for t in got), got


@pytest.mark.parametrize(
    ("text", "lang", "sign"),
    [
        ("出冷汗手抖，吃了块糖好了", "zh", "sweating"),
        ("hands were shaky all morning, fine now", "en", "tremor"),
    ],
)
def test_ended_signs_without_an_episode_stay(text: str, lang: str, sign: str) -> None:
    assert ("symptoms", sign, "resolved") in triples(understand(text, None, lang))
