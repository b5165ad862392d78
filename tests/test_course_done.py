"""A medicine told as a course the user went through is stopped; nothing else of the message is.

"did a course of doxycycline", "был курс флемоксина в марте", "吃了一个疗程的阿莫西林": the drug
the course phrase names (and those listed with it by "and", never by a comma) ends. A drug told
in another clause, a course still running or started, a question and another person's course
stop nothing.
"""

from __future__ import annotations

from tests.test_rules_backend import understand


def _statuses(text: str, context: str | None = None) -> dict[tuple[str, str], str]:
    return {(e["section"], e["entity"]): e["status"] for e in understand(text, context).events}


def test_en_course_gone_through_stops_its_drug() -> None:
    assert _statuses("did a course of doxycycline, all cleared").get(("medications", "doxycycline")) == "stopped"
    got = _statuses("did a course of amoxicillin and clarithromycin for a week, all cleared")
    assert got.get(("medications", "amoxicillin")) == "stopped"
    assert got.get(("medications", "clarithromycin")) == "stopped"


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
    assert got.get(("medications", "metronidazole")) == "stopped"
    assert got.get(("medications", "metformin")) == "active"


def test_running_course_question_and_other_person_stop_nothing() -> None:
    assert _statuses("i'm on a course of amoxicillin").get(("medications", "amoxicillin")) == "active"
    assert _statuses("started a course of amoxicillin yesterday").get(("medications", "amoxicillin")) == "active"
    assert "stopped" not in _statuses("should i do a course of amoxicillin?").values()
    assert not _statuses("my son had a course of amoxicillin")
