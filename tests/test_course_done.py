"""A medicine told as a course the user went through is stopped; nothing else of the message is.

"did a course of doxycycline", "был курс флемоксина в марте", "吃了一个疗程的阿莫西林": the one
drug the course phrase names ends; never a drug listed after it by "and" / "и" / "和" (it may be a
long-term one), nor one told in another clause. A course still running ("still taking it",
"还在吃"), planned ("назначен курс", "让我吃一个疗程"), asked about or another person's stops
nothing.
"""

from __future__ import annotations

from tests.test_rules_backend import understand


def _statuses(text: str, context: str | None = None) -> dict[tuple[str, str], str]:
    return {(e["section"], e["entity"]): e["status"] for e in understand(text, context).events}


def test_en_course_gone_through_stops_its_drug() -> None:
    assert _statuses("did a course of doxycycline, all cleared").get(("medications", "doxycycline")) == "stopped"
    got = _statuses("did a course of amoxicillin and clarithromycin for a week, all cleared")
    assert got.get(("medications", "amoxicillin")) == "stopped"
    assert got.get(("medications", "clarithromycin")) == "active"


def test_ru_course_gone_through_stops_its_drug() -> None:
    assert _statuses("был курс флемоксина в марте").get(("medications", "amoxicillin")) == "stopped"
    assert _statuses("прошла курс амоксициллина, всё прошло").get(("medications", "amoxicillin")) == "stopped"


def test_zh_course_gone_through_stops_its_drug() -> None:
    assert _statuses("吃了一个疗程的阿莫西林").get(("medications", "amoxicillin")) == "stopped"
    assert _statuses("阿莫西林吃了一个疗程").get(("medications", "amoxicillin")) == "stopped"


def test_long_term_drug_of_another_clause_stays_taken() -> None:
    got = _statuses("had a 5 day course of prednisolone in march, still on the metformin")
    assert got.get(("medications", "prednisolone")) == "stopped"
    assert got.get(("medications", "metformin")) == "active"
    got = _statuses("took a course of amoxicillin last month, metformin 500 twice a day")
    assert got.get(("medications", "metformin")) == "active"
    assert _statuses("had a course of pred and metformin is fine").get(("medications", "metformin")) == "active"
    got = _statuses("吃了一个疗程的阿莫西林和甲硝唑，二甲双胍一直吃")
    assert got.get(("medications", "amoxicillin")) == "stopped"
    assert got.get(("medications", "metformin")) == "active"


def test_running_course_question_and_other_person_stop_nothing() -> None:
    assert _statuses("i'm on a course of amoxicillin").get(("medications", "amoxicillin")) == "active"
    assert _statuses("started a course of amoxicillin yesterday").get(("medications", "amoxicillin")) == "active"
    assert "stopped" not in _statuses("should i do a course of amoxicillin?").values()
    assert not _statuses("my son had a course of amoxicillin")


# --- must not fire (the safety review's sentences): main's reading stands -----------------------

_LISTED_AFTER = [
    ("I had a course of amoxicillin and metformin on top.", "metformin"),
    ("Did a course of doxycycline and metformin for years now.", "metformin"),
    ("I did a course of prednisolone and atorvastatin.", "atorvastatin"),
    ("did a course of doxycycline and warfarin in march", "warfarin"),
    ("Был курс флемоксина и эутирокс.", "levothyroxine"),
    ("Был курс амоксиклава и метформин в марте.", "metformin"),
    ("吃了一个疗程的阿莫西林和胰岛素", "insulin"),
    ("吃了一个疗程的阿莫西林和二甲双胍。", "metformin"),
]


def test_drug_listed_after_the_course_drug_is_not_stopped() -> None:
    for text, drug in _LISTED_AFTER:
        assert _statuses(text).get(("medications", drug)) == "active", text


_RUNNING_OR_PLANNED = [
    "胰岛素打了一个疗程，血糖好多了，还在打。",
    "二甲双胍吃了一个疗程，效果不错，继续吃。",
    "阿托伐他汀吃了一个疗程了，还在吃。",
    "took a course of metformin for PCOS and I'm still taking it",
    "I had a course of prednisolone and I'm still on it, tapering.",
    "医生让我吃一个疗程的阿莫西林。",
    "再吃一个疗程的阿莫西林吧",
    "Мне был назначен курс амоксиклава, начну завтра.",
    "My doctor had a course of amoxicillin for me planned, starting tomorrow.",
]


def test_course_still_running_or_planned_stops_nothing() -> None:
    for text in _RUNNING_OR_PLANNED:
        assert "stopped" not in _statuses(text).values(), text
