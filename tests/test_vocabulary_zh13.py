"""Chinese vocabulary that keeps its precision on text nobody tuned it on (issue 11).

A Chinese form matches without spaces, so it can end inside a longer everyday word: 眼睛很干 inside
眼睛很干净, 想吐 inside 想吐槽. Such words are listed in cues.tsv (``none`` of value ``word``) and
win over a term whose end they straddle (anamnesis/terminology/matcher.py). Forms that are ordinary
words (一身汗, 小红点, 蝉叫, 抽风, 打瞌睡) are not symptom forms. Every sentence is new, written for
this test (none is from the gold, dev, validation or blind sets).
"""

from __future__ import annotations

import pytest

from anamnesis.terminology.matcher import Matcher
from tests.test_rules_backend import Triple, triples, understand

_CLINICAL = ("symptoms", "chronic_conditions", "diagnoses")


def _clinical(text: str, context: str | None = None) -> set[Triple]:
    return {t for t in triples(understand(text, context)) if t[0] in _CLINICAL}


def test_a_word_that_straddles_a_terms_end_wins_over_the_term() -> None:
    matcher = Matcher([("眼睛很干", False, "term"), ("干净", False, "word"), ("眼睛", False, "part")], lambda p: p == "word")
    assert matcher.scan("洗完眼睛很干净") == [(5, 7, ("word",))]  # 眼睛很干 ended inside 干净
    assert matcher.scan_each("洗完眼睛很干净") == [(5, 7, "word")]
    assert matcher.scan("眼睛很干") == [(0, 4, ("term",))]  # no word after it: the term stays
    assert matcher.scan_each("干净的眼睛") == [(0, 2, "word"), (3, 5, "part")]


def test_without_marked_words_overlaps_stay_leftmost_longest() -> None:
    matcher = Matcher([("眼睛很干", False, "term"), ("干净", False, "word")])
    assert matcher.scan("眼睛很干净") == [(0, 4, ("term",))]


# fmt: off
#: a term that ends inside an everyday word is no term
INSIDE_A_WORD: list[str] = [
    "洗完脸眼睛很干净，也不红",
    "刷完牙嘴巴干净多了",
    "嗓子干净了，没有痰了",
    "最近总想吐槽单位的食堂",
    "我总是渴望能出去旅游",
    "我就是想吐槽一下物业",
]

#: the same terms where no word follows them: still found
STILL_FOUND: list[tuple[str, Triple]] = [
    ("眼睛很干，看手机久了就涩", ("symptoms", "dry eyes", "active")),
    ("最近老想吐，吃不下饭", ("symptoms", "nausea", "active")),
    ("最近老觉得渴，一天喝好几壶水", ("symptoms", "excessive thirst", "active")),
    ("脚趾头疼了两天了", ("symptoms", "toe pain", "active")),
]

#: ordinary words that were symptom forms: no symptom or condition of the user
ORDINARY: list[str] = [
    "手机上有个小红点，点开是条消息",
    "跑完步一身汗，洗个澡舒服多了",
    "夏天到了，外面蝉叫得很响",
    "开会的时候打瞌睡被领导看见了",
    "我总担心孩子考试考不好",
    "今天加班累得要死，先睡了",
    "电脑又抽风了，老是死机",
    "天气冷，出门注意别着凉了",
    "昨天抽了一次血，今天拿结果",
    "今天喝好多水了，挺好",
    "喝点麦门冬汤润润",
]

#: common complaints of cardiology, endocrinology, GI and neurology consultations, as patients write them
STATED: list[tuple[str, Triple]] = [
    ("这半年脖子变粗了，扣子都扣不上", ("chronic_conditions", "goiter", "active")),
    ("照镜子发现眼睛往外突，老公也说我眼睛鼓出来了", ("symptoms", "exophthalmos", "active")),
    ("昨天早上起来一侧手脚没劲，拿不住筷子", ("symptoms", "one-sided weakness", "active")),
    ("我这两天说话舌头不灵活，嘴也有点歪", ("symptoms", "slurred speech", "active")),
    ("吃完饭胃特别饱胀，老打嗝", ("symptoms", "bloating", "active")),
    ("前天喝了酒，半夜吐了血", ("symptoms", "hematemesis", "active")),
]

#: the assistant asks in a form the vocabulary finds, so a bare reply denies (or confirms) the thing asked
ASKED: list[tuple[str, str, Triple]] = [
    ("眼睛突不突？", "不突", ("symptoms", "exophthalmos", "confirmed_absent")),
    ("眼睛有没有突出？", "没有", ("symptoms", "exophthalmos", "confirmed_absent")),
    ("脖子粗不粗？", "不粗", ("chronic_conditions", "goiter", "confirmed_absent")),
    ("脖子有没有变粗？", "有一点", ("chronic_conditions", "goiter", "active")),
    ("有没有哪边手脚没劲？", "没有", ("symptoms", "one-sided weakness", "confirmed_absent")),
    ("大便黑不黑？", "不黑", ("symptoms", "melena", "confirmed_absent")),
    ("大便颜色黑不黑？", "有点黑", ("symptoms", "melena", "active")),
    ("吐过吗？", "没吐", ("symptoms", "vomiting", "confirmed_absent")),
    ("吐过吗？", "吐了两次", ("symptoms", "vomiting", "active")),
    ("有没有吐过血？", "没有", ("symptoms", "hematemesis", "confirmed_absent")),
]
# fmt: on


@pytest.mark.parametrize("text", INSIDE_A_WORD)
def test_a_term_that_ends_inside_an_everyday_word_is_no_fact(text: str) -> None:
    assert _clinical(text) == set()


@pytest.mark.parametrize(("text", "expected"), STILL_FOUND, ids=[c[0] for c in STILL_FOUND])
def test_the_term_without_a_word_after_it_is_still_found(text: str, expected: Triple) -> None:
    assert expected in _clinical(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_an_everyday_phrase_names_no_symptom(text: str) -> None:
    assert _clinical(text) == set()


@pytest.mark.parametrize(("text", "expected"), STATED, ids=[c[0] for c in STATED])
def test_a_complaint_in_everyday_words_is_its_fact(text: str, expected: Triple) -> None:
    assert expected in _clinical(text)


@pytest.mark.parametrize(("question", "reply", "expected"), ASKED, ids=[f"{q}{r}" for q, r, _ in ASKED])
def test_a_bare_reply_answers_the_thing_asked(question: str, reply: str, expected: Triple) -> None:
    assert expected in _clinical(reply, question)


def test_a_question_about_vomiting_blood_is_not_about_vomiting() -> None:
    found = _clinical("没有", "有没有吐血？")
    assert ("symptoms", "hematemesis", "confirmed_absent") in found
    assert not any(t[1] == "vomiting" for t in found)
