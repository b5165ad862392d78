"""外卖 is a diet only when eaten ("经常点外卖"); delivering it ("送外卖", "跑外卖的") is a job."""

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize("text", ["写代码的经常点外卖", "平时吃外卖比较多，不怎么做饭", "一日三餐外卖为主"])
def test_eating_takeout_is_diet(text):
    assert ("lifestyle", "diet", "active") in triples(understand(text, "饮食怎么样？"))


@pytest.mark.parametrize("text", ["上个月送外卖摔了，锁骨骨折", "男40，跑外卖的，痛风三年了"])
def test_delivering_takeout_is_no_diet(text):
    assert not any(s == "lifestyle" for s, _, _ in triples(understand(text)))
