"""Courses and switches: which drugs a finished course or a switch ends, in English, Russian and Chinese.

A finished course that names no drug ends every drug started with the user's last anti-infective
(not a drug taken before it, not one the message says goes on); a course of something else, a
course only ahead or someone else's ends nothing. A switch to two new drugs ends neither of them,
and a drug told in an earlier phrase of the sentence ("конкор снизили до 2,5, аторис поменял на
роксеру") is not the drug switched from. A single dose told as taken ("喝了一袋磷霉素") is over; a
count with a frequency ("одну таблетку утром") is a regimen.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, triples, understand

COURSE_CASES = [
    (
        "en",
        [
            ("I take metformin 500 twice a day", None),
            ("GP gave me amoxicillin 500mg three times a day and pred 30mg for 5 days", None),
            ("finished both courses, chest is clear now", None),
        ],
        {"amoxicillin": "stopped", "prednisolone": "stopped", "metformin": "active"},
    ),
    (
        "ru",
        [
            ("изжога, пью омез 20 по утрам уже месяц", None),
            ("назначили амоксициллин 1000, кларитромицин 500 и де-нол на 14 дней", None),
            ("курс допила вчера, изжоги нет", None),
        ],
        {
            "amoxicillin": "stopped",
            "clarithromycin": "stopped",
            "bismuth potassium citrate": "stopped",
            "omeprazole": "active",
        },
    ),
    (
        "zh",
        [
            ("雷贝拉唑 阿莫西林 克拉霉素 还有枸橼酸铋钾 吃两周", None),
            ("两周的药吃完了，胃不疼了。雷贝拉唑医生让再吃一个月", None),
        ],
        {
            "amoxicillin": "stopped",
            "clarithromycin": "stopped",
            "bismuth potassium citrate": "stopped",
            "rabeprazole": "active",
        },
    ),
]


@pytest.mark.parametrize(("lang", "messages", "expected"), COURSE_CASES)
def test_a_finished_course_ends_the_drugs_started_with_its_anti_infective(
    lang: str, messages: list[tuple[str, str | None]], expected: dict[str, str]
) -> None:
    facts = folded(*messages, lang=lang)
    assert {e: facts.get(("medications", e)) for e in expected} == expected


@pytest.mark.parametrize(
    ("lang", "messages"),
    [
        ("en", [("on lisinopril 10mg", None), ("finished the course of physio, back is better", None)]),
        ("ru", [("пью лозап 50", None), ("прошла курс массажа, спина лучше", None)]),
        ("zh", [("在吃氨氯地平", None), ("老公的药吃完了", None)]),
        ("en", [("on amoxicillin 500mg", None), ("haven't finished the course yet", None)]),
        ("ru", [("пью амоксициллин 1000", None), ("когда курс допью, можно кофе?", None)]),
        ("zh", [("吃阿莫西林", None), ("药吃完了吗？", None)]),
    ],
)
def test_no_course_of_drugs_over_ends_nothing(lang: str, messages: list[tuple[str, str | None]]) -> None:
    assert "stopped" not in folded(*messages, lang=lang).values()


@pytest.mark.parametrize(
    ("text", "lang"),
    [("сейчас ничего не принимаю, закончила курс", "ru"), ("药也吃完了，现在什么药都不吃", "zh")],
)
def test_a_denial_of_every_drug_stays_beside_a_finished_course(text: str, lang: str) -> None:
    assert triples(understand(text, None, lang)) == {("medications", "*", "confirmed_absent")}


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "zyrtec stopped working so they switched me to desloratadine and mometasone spray",
            "en",
            {("medications", "desloratadine", "active"), ("medications", "mometasone", "active")},
        ),
        (
            "зиртек не тянет, сменил на эриус и назонекс в нос",
            "ru",
            {("medications", "desloratadine", "active"), ("medications", "mometasone", "active")},
        ),
        (
            "开瑞坦不管用 换成了地氯雷他定和内舒拿",
            "zh",
            {("medications", "desloratadine", "active"), ("medications", "mometasone", "active")},
        ),
        (
            "перевели с аспирина и варфарина на эликвис",
            "ru",
            {
                ("medications", "aspirin", "stopped"),
                ("medications", "warfarin", "stopped"),
                ("medications", "apixaban", "active"),
            },
        ),
    ],
)
def test_drugs_joined_by_and_share_their_side_of_a_switch(text: str, lang: str, expected: set) -> None:
    assert expected <= triples(understand(text, None, lang))


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "the cardiologist cut the bisoprolol to 2.5, and swapped the atorvastatin for rosuvastatin 10",
            "en",
            {
                ("medications", "bisoprolol", "active"),
                ("medications", "atorvastatin", "stopped"),
                ("medications", "rosuvastatin", "active"),
            },
        ),
        (
            "конкор снизили до 2,5, аторис поменял на роксеру 10 мг",
            "ru",
            {
                ("medications", "bisoprolol", "active"),
                ("medications", "atorvastatin", "stopped"),
                ("medications", "rosuvastatin", "active"),
            },
        ),
        (
            "心内科把比索洛尔减到2.5mg，阿托伐他汀换成了瑞舒伐他汀",
            "zh",
            {
                ("medications", "bisoprolol", "active"),
                ("medications", "atorvastatin", "stopped"),
                ("medications", "rosuvastatin", "active"),
            },
        ),
    ],
)
def test_a_drug_in_an_earlier_phrase_is_not_the_old_drug_of_a_switch(text: str, lang: str, expected: set) -> None:
    assert triples(understand(text, None, lang)) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("took a single dose of fosfomycin last night", "en", ("medications", "fosfomycin", "stopped")),
        ("a toradol shot in the ER, that took the edge off", "en", ("medications", "ketorolac", "stopped")),
        ("монурал 3 г выпила на ночь один пакетик", "ru", ("medications", "fosfomycin", "stopped")),
        ("выпила одну таблетку нурофена, голова прошла", "ru", ("medications", "ibuprofen", "stopped")),
        ("大夫，喝了一袋磷霉素，现在尿痛都没了", "zh", ("medications", "fosfomycin", "stopped")),
        ("吃了一片布洛芬 头不疼了", "zh", ("medications", "ibuprofen", "stopped")),
        # a count with a frequency is a regimen, still taken
        ("I take one tablet of amlodipine a day", "en", ("medications", "amlodipine", "active")),
        ("had my insulin injection at 8", "en", ("medications", "insulin", "active")),
        ("пью эутирокс одну таблетку утром", "ru", ("medications", "levothyroxine", "active")),
        ("每天吃一片阿司匹林", "zh", ("medications", "aspirin", "active")),
    ],
)
def test_a_single_dose_taken_is_over(text: str, lang: str, expected: tuple[str, str, str]) -> None:
    assert expected in triples(understand(text, None, lang))
