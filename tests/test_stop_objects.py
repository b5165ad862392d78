"""What a stop ends: its own object, never a complaint or a drug of another clause.

- A stop of "it" ("took me off it", "бросила его") in a clause that names only the drug's side
  effect is of the drug named before, not of the effect.
- A stop that has ended one thing does not reach past an "and" opening a clause with its own
  agent ("stopped the wine and gp bumped the zoloft up to 100").
- Russian "бросил пить" in a sentence of its own quits alcohol, even after a medicine that is
  drunk; after a medicine's course told in the past it still goes on about that medicine.
"""

from __future__ import annotations

from tests.test_rules_backend import understand


def _statuses(text: str, context: str | None = None) -> dict[tuple[str, str], str]:
    return {(e["section"], e["entity"]): e["status"] for e in understand(text, context).events}


# --- a stop of "it" beside a side effect ends the drug ------------------------------------------


def test_en_it_stopped_after_its_side_effect_is_the_drug() -> None:
    got = _statuses("was on januvia but it gave me joint pain so they took me off it")
    assert got.get(("medications", "sitagliptin")) == "stopped"
    assert ("symptoms", "joint pain") not in got


def test_en_it_stopped_by_the_gp_is_the_drug_before() -> None:
    got = _statuses("was on ramipril but it gave me a cough so the gp stopped it")
    assert got.get(("medications", "ramipril")) == "stopped"
    assert ("symptoms", "cough") not in got


def test_ru_him_dropped_after_the_effect_is_the_drug() -> None:
    got = _statuses("пила конкор, но от него кружилась голова, и я его бросила")
    assert got.get(("medications", "bisoprolol")) == "stopped"
    assert ("symptoms", "dizziness") not in got


def test_zh_stopped_after_the_effect_is_the_drug() -> None:
    got = _statuses("之前吃过立普妥，但是吃了肌肉疼，医生就给停了")
    assert got.get(("medications", "atorvastatin")) == "stopped"
    assert ("symptoms", "muscle pain") not in got


def test_en_a_gone_complaint_still_ends() -> None:
    """An ending that is no stop of "it" still ends the complaint of its clause."""
    got = _statuses("was on naproxen for a while, the knee pain has gone")
    assert got.get(("symptoms", "knee pain")) == "resolved"


# --- a stop does not reach the next agent's clause -----------------------------------------------


def test_en_stop_does_not_reach_the_doctors_dose_change() -> None:
    got = _statuses("bit better. stopped the wine altogether and gp bumped the zoloft up to 100")
    assert got.get(("lifestyle", "alcohol")) == "stopped"
    assert got.get(("medications", "sertraline")) == "active"


def test_en_stop_of_smoking_leaves_the_raised_drug() -> None:
    got = _statuses("stopped smoking and the gp upped my ramipril to 10")
    assert got.get(("lifestyle", "smoking")) == "stopped"
    assert got.get(("medications", "ramipril")) == "active"


def test_en_stop_still_reaches_a_listed_drug() -> None:
    got = _statuses("came off the metformin and the gliclazide")
    assert got.get(("medications", "metformin")) == "stopped"
    assert got.get(("medications", "gliclazide")) == "stopped"


def test_ru_stop_does_not_reach_the_doctors_dose_change() -> None:
    got = _statuses("бросил курить и врач поднял глюкофаж до 1000")
    assert got.get(("lifestyle", "smoking")) == "stopped"
    assert got.get(("medications", "metformin")) == "active"


def test_zh_stop_of_drink_leaves_the_raised_drug() -> None:
    got = _statuses("戒了酒，医生把舍曲林加到100")
    assert got.get(("lifestyle", "alcohol")) == "stopped"
    assert got.get(("medications", "sertraline")) == "active"


# --- Russian "бросил пить" ------------------------------------------------------------------------


def test_ru_quit_drinking_after_a_drunk_medicine_is_alcohol() -> None:
    got = _statuses("купил гептрал, пью 400 мг 2 раза в день. и пить бросил совсем, месяц уже")
    assert got.get(("medications", "ademetionine")) == "active"
    assert got.get(("lifestyle", "alcohol")) == "stopped"


def test_ru_quit_drinking_after_a_dose_change_is_alcohol() -> None:
    got = _statuses("эндокринолог поднял глюкофаж до 1000 утром и вечером. похудел до 99, пить бросил совсем")
    assert got.get(("medications", "metformin")) == "active"
    assert got.get(("lifestyle", "alcohol")) == "stopped"


def test_ru_stop_drinking_after_a_past_course_is_the_medicine() -> None:
    got = _statuses("урсосан пила полгода. потом бросила пить, надоело")
    assert got.get(("medications", "ursodeoxycholic acid")) == "stopped"
    assert ("lifestyle", "alcohol") not in got


def test_ru_not_drinking_it_now_is_still_the_medicine() -> None:
    got = _statuses("кеторол пила, сейчас не пью")
    assert got.get(("medications", "ketorolac")) == "stopped"
    assert ("lifestyle", "alcohol") not in got


def test_en_it_stopped_reaches_back_past_a_time() -> None:
    got = _statuses(
        "glucophage 500 twice a day. was on januvia too but it gave me bad joint pain so they took me off it last yr"
    )
    assert got.get(("medications", "metformin")) == "active"
    assert got.get(("medications", "sitagliptin")) == "stopped"
    assert ("symptoms", "joint pain") not in got


def test_en_it_stopped_reaches_back_past_an_adverb() -> None:
    got = _statuses(
        "was on metformin but it gave me the runs constantly so they took me off it. now sitagliptin 100mg once a day"
    )
    assert got.get(("medications", "metformin")) == "stopped"
    assert got.get(("medications", "sitagliptin")) == "active"
    assert ("symptoms", "diarrhea") not in got


# --- a switch of the user that names no new drug -------------------------------------------------


def test_en_bare_switch_stops_the_drug_before() -> None:
    got = _statuses(
        "zoloft 50 for depression, been on it a year. was on lexapro before that but it made me feel totally flat"
        " so my gp switched me"
    )
    assert got.get(("medications", "sertraline")) == "active"
    assert got.get(("medications", "escitalopram")) == "stopped"
    assert ("symptoms", "low mood") not in got


def test_ru_bare_switch_stops_the_drug_before() -> None:
    assert _statuses("был на эналаприле, но от него кашлял, так что врач поменял").get(
        ("medications", "enalapril")
    ) == "stopped"


def test_zh_bare_switch_stops_the_drug_before() -> None:
    assert _statuses("以前吃过依那普利，吃了咳嗽，医生给换了").get(("medications", "enalapril")) == "stopped"


def test_en_switch_of_the_time_is_no_stop() -> None:
    assert _statuses("on ramipril 10, they switched me from the morning to the evening").get(
        ("medications", "ramipril")
    ) == "active"


# --- colloquial English stop verbs (vocabulary in cues.tsv) ---------------------------------------


def test_en_ditched_and_binned_stop_their_object() -> None:
    got = _statuses("all done with the antibiotics. ditched the paracetamol and ibuprofen too")
    assert got.get(("medications", "paracetamol")) == "stopped"
    assert got.get(("medications", "ibuprofen")) == "stopped"
    assert _statuses("binned the naproxen").get(("medications", "naproxen")) == "stopped"
    assert _statuses("binned the cigarettes for good").get(("lifestyle", "smoking")) == "stopped"


def test_en_ditched_something_else_ends_no_habit() -> None:
    assert _statuses("ditched the car and walk to work now").get(("lifestyle", "exercise")) == "active"
