"""The colloquial symptom vocabulary: names as patients write them, understood by the rules backend.

The sentences are the curators' own, written for this test (no dataset copied); each states one
or two symptoms the way patients do in consultations and chat, in each language.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from anamnesis.terminology import DATA_DIR, load_terminology
from anamnesis.terminology.forms import expand
from anamnesis.terminology.tsv import read_rows, read_terms
from anamnesis.terminology.zh_degree import ADVERBS, SLOT, slot_forms
from anamnesis.understanding.rules import RulesBackend
from schemas.events import Fragment

TERMS = load_terminology()
BACKEND = RulesBackend()
TS = datetime(2026, 3, 1, tzinfo=UTC)
COLLOQUIAL = tuple(sorted(DATA_DIR.glob("*colloquial*.tsv")))
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN = re.compile(r"[a-z]", re.IGNORECASE)


def symptoms(text: str) -> set[tuple[str, str]]:
    """(entity, status) of every symptom event the rules backend reads in ``text``."""
    (result,) = BACKEND.understand([Fragment("f-1", "u-1", "m-1", TS, text, None, None)])
    return {(e["entity"], e["status"]) for e in result.events if e["section"] == "symptoms"}


def test_the_colloquial_files_exist_and_are_loaded() -> None:
    assert len(COLLOQUIAL) >= 5
    loaded = {t.canonical for t in TERMS.terms}
    for path in COLLOQUIAL:
        assert {t.canonical for t in read_terms(path)} <= loaded, path.name


def test_no_written_or_slot_filled_name_means_two_canonicals() -> None:
    """The loader refuses a written name with two meanings; slot-filled forms are generated and
    would lose silently to another entity's name, so they are checked here too."""
    meaning: dict[str, set[str]] = {}
    for path in sorted(DATA_DIR.glob("*.tsv")):
        for term in read_terms(path):
            for surface in term.surfaces:
                keys = expand(surface)
                written = keys if SLOT in surface else keys[:1]
                for key, prefix, _ in written:
                    meaning.setdefault(f"{key}{'~' if prefix else ''}", set()).add(term.canonical)
    twice = {k: sorted(v) for k, v in meaning.items() if len(v) > 1}
    assert twice == {}


def test_every_colloquial_row_names_its_entity_in_english_russian_and_chinese() -> None:
    for path in COLLOQUIAL:
        for line_no, row in read_rows(path):
            where = f"{path.name}:{line_no} {row['canonical']}"
            assert LATIN.search(row["en"]) and not CYRILLIC.search(row["en"]), where
            assert CYRILLIC.search(row["ru"]), where
            assert CJK.search(row["zh"]), where
            assert re.fullmatch(r"ICD10:[A-Z]\d\d(\.\d{1,2})?", row["codes"]), where


def test_a_new_symptom_has_an_icd10_code_and_names_in_each_language() -> None:
    # the chat_forms files only add forms to concepts defined elsewhere (these files among them)
    defining = [p for p in DATA_DIR.glob("*.tsv") if p not in COLLOQUIAL and not p.name.startswith("chat_forms")]
    elsewhere = {row["canonical"] for path in defining for _, row in read_rows(path)}
    new = {row["canonical"]: row for path in COLLOQUIAL for _, row in read_rows(path)}.items()
    new_rows = {c: r for c, r in new if c not in elsewhere}
    assert {"sighing", "swollen lymph nodes", "hot palms and soles"} <= set(new_rows)
    for canonical, row in new_rows.items():
        assert row["kind"] == "symptom" and row["codes"].startswith("ICD10:R"), canonical


def test_a_slot_takes_degree_and_frequency_words_but_never_a_negation() -> None:
    forms = slot_forms("胸…闷")
    assert forms[0] == "胸闷"
    assert {"胸有点闷", "胸很闷", "胸老是闷", "胸一阵阵闷"} <= set(forms)
    assert not {a for a in ADVERBS if a[0] in "不没无未别"}
    assert "头会晕" not in slot_forms("头…晕")  # what may happen is not a symptom
    assert slot_forms("胸闷") == []
    with pytest.raises(ValueError):
        slot_forms("…闷")
    with pytest.raises(ValueError):
        slot_forms("胸…有…闷")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("胸口很闷", "chest tightness"),
        ("胸有点闷", "chest tightness"),
        ("心里老是慌", "palpitations"),
        ("头特别晕", "dizziness"),
        ("肚子有点胀", "bloating"),
        ("腿一直肿", "leg swelling"),
        ("手有些麻", "numbness"),
        ("不吃奶", "poor feeding"),  # a parent about a baby: the rules give it to the child
        ("夜里哭闹得厉害", "excessive crying"),
    ],
)
def test_a_split_chinese_phrase_is_its_symptom(text: str, canonical: str) -> None:
    assert [m.canonical for m in TERMS.find(text)] == [canonical]


@pytest.mark.parametrize("text", ["胸不闷", "头不晕", "腿没肿", "心不慌"])
def test_a_negated_split_phrase_is_never_the_symptom_itself(text: str) -> None:
    assert [m.canonical for m in TERMS.find(text) if m.kind == "symptom"] == []


def test_no_chinese_symptom_name_is_two_other_symptoms_joined() -> None:
    """胸闷气短 is chest tightness and breathlessness: a joined name would hide one of them,
    since the longest match wins."""
    names: dict[str, str] = {}
    for term in TERMS.terms:
        if term.kind == "symptom":
            names.update((s, term.canonical) for s in term.surfaces if CJK.search(s) and SLOT not in s)
    joined = [
        s for s, c in names.items()
        for i in range(2, len(s) - 1)
        if s[:i] in names and s[i:] in names and names[s[:i]] != names[s[i:]]
    ]
    assert joined == []


# fmt: off
SENTENCES: list[tuple[str, set[tuple[str, str]]]] = [
    # Chinese: online consultation style
    ("医生您好，我最近胸口老是发紧，晚上经常憋醒", {("chest tightness", "active"),
                                      ("paroxysmal nocturnal dyspnea", "active")}),
    ("上楼梯就喘，脚踝也肿了，按下去有坑", {("shortness of breath", "active"), ("ankle swelling", "active")}),
    ("心脏偶尔漏跳一拍，有早搏感", {("palpitations", "active")}),
    ("胸口疼的时候会放射到左肩", {("chest pain", "active"), ("shoulder pain", "active")}),
    ("这几天乏力没劲，头有点晕", {("fatigue", "active"), ("dizziness", "active")}),
    ("饭后胃有点胀，还老反酸", {("bloating", "active"), ("acid reflux", "active")}),
    ("晚上起夜三次，睡眠很差", {("nocturia", "active"), ("insomnia", "active")}),
    ("耳朵嗡嗡响，手脚发麻", {("tinnitus", "active"), ("numbness", "active")}),
    ("不发烧，就是嗓子有点疼", {("fever", "confirmed_absent"), ("sore throat", "active")}),
    ("最近老是叹气，总想深吸一口气", {("sighing", "active")}),
    ("最近胸闷气短，尿频尿急", {("chest tightness", "active"), ("shortness of breath", "active"),
                          ("frequent urination", "active"), ("urinary urgency", "active")}),
    # Russian: colloquial chat
    ("Жмёт за грудиной, когда поднимаюсь по лестнице", {("chest pain", "active")}),
    ("Сердце выпрыгивает из груди и воздуха не хватает", {("palpitations", "active"), ("shortness of breath", "active")}),  # noqa: E501
    ("К вечеру ноги опухают", {("leg swelling", "active")}),
    ("К вечеру отекают лодыжки, остаются следы от носков", {("peripheral edema", "active")}),
    ("Шатает, и звенит в ушах", {("dizziness", "active"), ("tinnitus", "active")}),
    ("Никаких сил нет, все время клонит в сон", {("fatigue", "active"), ("drowsiness", "active")}),
    ("Изжоги нет, но мутит от еды", {("heartburn", "confirmed_absent"), ("nausea", "active")}),
    ("Отдаёт в левую руку, немеют пальцы", {("arm pain", "active"), ("numbness", "active")}),
    ("Ломит затылок и губы синеют", {("headache", "active"), ("cyanosis", "active")}),
    ("Часто бегаю по-маленькому, ночью встаю в туалет", {("frequent urination", "active"), ("nocturia", "active")}),
    # English: colloquial chat
    ("my chest feels tight when I walk the dog", {("chest tightness", "active")}),
    ("I get this fluttery feeling in my chest and my heart skipped a beat", {("palpitations", "active")}),
    ("I can't catch my breath and my ankles are swollen",
     {("shortness of breath", "active"), ("peripheral edema", "active")}),
    ("feeling woozy and I've got pins and needles in my fingers", {("dizziness", "active"), ("paresthesia", "active")}),
    ("I've had the trots for two days and I'm knackered", {("diarrhea", "active"), ("fatigue", "active")}),
    ("no heartburn but I've been off my food", {("heartburn", "confirmed_absent"), ("loss of appetite", "active")}),
    ("my lips turn blue when I'm cold and I feel clammy", {("cyanosis", "active"), ("sweating", "active")}),
    ("my glands are swollen and there's a ringing in my ears", {("swollen lymph nodes", "active"), ("tinnitus", "active")}),  # noqa: E501
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), SENTENCES)
def test_colloquial_sentences_are_understood_as_their_symptoms(text: str, expected: set[tuple[str, str]]) -> None:
    assert symptoms(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "缺乏运动，吃得太咸",  # 乏 inside 缺乏 is not fatigue
        "电话里听不清他说什么，天气很冷",
        "The wind was cold and I had a protein shake",
        "I was anxious to get the results back",
        "Он несёт ответственность за проект",
        "身高一米七，体重六十公斤",
    ],
)
def test_ordinary_words_around_the_new_names_state_no_symptom(text: str) -> None:
    assert symptoms(text) == set()
