"""Attacks asked of a lasting illness, and a function only better: neither ends nor denies.

- a question about the recent attacks or flares of a long-lasting illness takes the illness as the
  user's: its "no" says there was no attack, never that the user has no gout or asthma (en, ru, zh);
  a "no" to whether the user has the illness, or gets its attacks at all, still denies it;
- Chinese words of a function better but not back ("这周睡得好点了", "睡得好多了") leave the complaint
  there, while the function back ("睡得好了", "sleeping through most nights", "сплю нормально") ends it.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, triples, understand


@pytest.mark.parametrize(
    ("reply", "question", "lang"),
    [
        ("没发", "最近痛风发作过吗？", "zh"),
        ("没有", "最近哮喘发作过吗？", "zh"),
        ("no", "Any gout flares lately?", "en"),
        ("no", "Have you had any asthma attacks recently?", "en"),
        ("нет", "Приступы подагры были в последнее время?", "ru"),
        ("нет, не было", "Обострения астмы были в последнее время?", "ru"),
    ],
)
def test_no_attack_denies_no_illness(reply: str, question: str, lang: str) -> None:
    assert not any(e["status"] == "confirmed_absent" for e in understand(reply, question, lang).events)


@pytest.mark.parametrize(
    ("reply", "question", "lang", "entity"),
    [
        ("没有", "你有哮喘吗？", "zh", "asthma"),
        ("no", "Do you have asthma?", "en", "asthma"),
        ("нет", "У вас астма?", "ru", "asthma"),
        # attacks asked with no time ask whether the illness is there at all
        ("нет вроде не было", "Приступы астмы бывают?", "ru", "asthma"),
        ("no", "Do you get asthma attacks?", "en", "asthma"),
    ],
)
def test_no_to_the_illness_itself_denies_it(reply: str, question: str, lang: str, entity: str) -> None:
    assert ("chronic_conditions", entity, "confirmed_absent") in triples(understand(reply, question, lang))


@pytest.mark.parametrize(
    ("reply", "question", "lang"),
    [
        ("有，上周犯了一次", "最近痛风发作过吗？", "zh"),
        ("yes, one last week", "Any gout flares lately?", "en"),
        ("да, на прошлой неделе был приступ", "Приступы подагры были в последнее время?", "ru"),
    ],
)
def test_an_attack_confirms_the_illness(reply: str, question: str, lang: str) -> None:
    assert ("chronic_conditions", "gout", "active") in triples(understand(reply, question, lang))


def test_no_attack_keeps_the_gout_active() -> None:
    facts = folded(("痛风三年了，在吃非布司他", None), ("没发。脚趾也不肿了", "最近痛风发作过吗？"), lang="zh")
    assert facts[("chronic_conditions", "gout")] == "active"


@pytest.mark.parametrize(
    ("first", "later", "lang"),
    [
        ("最近老失眠，晚上睡不着", "这周睡得好点了，还是有点焦虑", "zh"),
        ("最近老失眠，晚上睡不着", "最近睡得好一些了", "zh"),
    ],
)
def test_sleeping_better_keeps_the_insomnia(first: str, later: str, lang: str) -> None:
    assert folded((first, None), (later, None), lang=lang)[("symptoms", "insomnia")] == "active"


@pytest.mark.parametrize(
    ("first", "later", "lang"),
    [
        ("最近老失眠，晚上睡不着", "现在睡得好了", "zh"),
        ("I've had insomnia for a month", "sleeping well now", "en"),
        ("I've had insomnia for a month", "sleeping through most nights now", "en"),
        ("бессонница мучает уже месяц", "сплю нормально, иногда мелаксен на ночь", "ru"),
    ],
)
def test_sleeping_well_again_ends_the_insomnia(first: str, later: str, lang: str) -> None:
    assert folded((first, None), (later, None), lang=lang)[("symptoms", "insomnia")] == "resolved"


def test_sleeping_better_proposes_no_complaint_the_user_lacks() -> None:
    assert folded(("这周睡得好点了", None), lang="zh") == {}
