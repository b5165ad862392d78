"""A Russian stop whose reason follows a dash still reaches back to the drug it stops.

"фенибут пила, но бросила — голова тяжелая с утра была": the words after the dash explain the
stop; they are not an object of it, so the bare "бросила" ends the drug named before it, and the
past complaint it gives as the reason is no symptom now. A stop said of a habit with its own
object ("курить бросила — кашель замучил", "но бросила — курить вредно"), a stop after a drug told
as taken now ("Метформин пью, ...") or across a sentence break, and another person's stop reach
no drug of the user.
"""

from __future__ import annotations

from tests.test_rules_backend import understand


def _statuses(text: str, context: str | None = None) -> dict[tuple[str, str], str]:
    return {(e["section"], e["entity"]): e["status"] for e in understand(text, context).events}


def test_ru_stop_before_a_dash_ends_the_drug_before_it() -> None:
    got = _statuses("фенибут на ночь пила, но бросила — голова тяжелая с утра была", "Что-то принимаете?")
    assert got.get(("medications", "phenibut")) == "stopped"
    assert ("symptoms", "headache") not in got
    assert _statuses("фенибут пила, но бросила — тяжелая голова была").get(("medications", "phenibut")) == "stopped"


def test_ru_stop_with_its_own_object_leaves_the_drug_taken() -> None:
    got = _statuses("эналаприл пью, курить бросила — кашель замучил")
    assert got.get(("medications", "enalapril")) == "active"
    assert got.get(("lifestyle", "smoking")) == "stopped"


def test_en_other_persons_stop_before_a_dash_reaches_no_drug_of_the_user() -> None:
    got = _statuses("amlodipine 5mg. my sister stopped - she got swollen ankles")
    assert got.get(("medications", "amlodipine")) == "active"


def test_ru_dash_stop_reaches_no_drug_taken_now_or_across_a_sentence() -> None:
    got = _statuses("Метформин пью, но бросила — курить вредно.")
    assert got.get(("medications", "metformin")) == "active"
    assert _statuses("Эутирокс пью. Бросила – надоело.").get(("medications", "levothyroxine")) == "active"
