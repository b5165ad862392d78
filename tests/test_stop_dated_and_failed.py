"""Stops dated by an event, stops that failed or only cut down, and drugs never taken.

- "бросил сразу после инфаркта" / "quit right after my heart attack" / "心梗以后就戒了": the event
  dates the stop, the habit of the sentence is what stopped.
- "戒过两次没戒掉", "tried to quit but couldn't", "cut the beer down to weekends": the habit goes on.
- "别吃布洛芬", "пока не купил", "haven't picked it up yet": no medicine taken, no event.
- Zh stops of other ways of using a drug ("不贴了", "不喷了"); a corrected dose ("не 20, а 18") is
  no denial, and a changed dose is no switch of drug.
"""

from __future__ import annotations

from tests.test_rules_backend import understand


def _statuses(text: str, context: str | None = None) -> dict[tuple[str, str], str]:
    return {(e["section"], e["entity"]): e["status"] for e in understand(text, context).events}


# --- a stop dated by an event ---------------------------------------------------------------------


def test_ru_stop_after_a_heart_attack_is_the_smoking() -> None:
    got = _statuses("курил 30 лет, бросил сразу после инфаркта")
    assert got.get(("lifestyle", "smoking")) == "stopped"
    assert got.get(("diagnoses", "myocardial infarction")) == "resolved"


def test_ru_stop_after_a_heart_attack_told_first() -> None:
    got = _statuses("бросил сразу после инфаркта, до этого 30 лет курил")
    assert got.get(("lifestyle", "smoking")) == "stopped"
    assert got.get(("diagnoses", "myocardial infarction")) == "resolved"


def test_en_stop_after_a_heart_attack_is_the_smoking() -> None:
    got = _statuses("smoked 20 a day for years, quit right after my heart attack")
    assert got.get(("lifestyle", "smoking")) == "stopped"
    assert got.get(("diagnoses", "myocardial infarction")) == "resolved"


def test_zh_stop_after_a_heart_attack_is_the_smoking() -> None:
    got = _statuses("抽了三十年烟，心梗以后就戒了")
    assert got.get(("lifestyle", "smoking")) == "stopped"
    assert got.get(("diagnoses", "myocardial infarction")) == "resolved"


def test_en_stop_with_its_own_object_keeps_it() -> None:
    assert _statuses("stopped the aspirin after the bleed").get(("medications", "aspirin")) == "stopped"


# --- failed attempts and cutting down -------------------------------------------------------------


def test_zh_failed_attempt_keeps_smoking() -> None:
    got = _statuses("烟一天半包，戒过两次没戒掉。酒不喝")
    assert got.get(("lifestyle", "smoking")) == "active"
    assert got.get(("lifestyle", "alcohol")) == "confirmed_absent"


def test_en_failed_attempt_keeps_smoking() -> None:
    assert (
        _statuses("tried to quit smoking twice but couldn't, still on 10 a day").get(("lifestyle", "smoking"))
        == "active"
    )


def test_ru_failed_attempt_keeps_smoking() -> None:
    assert _statuses("пыталась бросить курить два раза, не получилось").get(("lifestyle", "smoking")) == "active"


def test_en_cut_down_is_still_drinking() -> None:
    assert _statuses("cut the beer down to weekends, used to be every night").get(("lifestyle", "alcohol")) == "active"


def test_ru_smoking_less_is_still_smoking() -> None:
    assert _statuses("стал меньше курить, раньше пачка в день").get(("lifestyle", "smoking")) == "active"


def test_zh_drinking_less_is_still_drinking() -> None:
    assert _statuses("酒少喝了，以前天天喝").get(("lifestyle", "alcohol")) == "active"


def test_en_cut_down_beside_a_real_quit() -> None:
    got = _statuses("cut down on the beer and quit smoking last year")
    assert got.get(("lifestyle", "alcohol")) == "active"
    assert got.get(("lifestyle", "smoking")) == "stopped"


def test_quits_that_succeeded_stay_stopped() -> None:
    assert _statuses("quit smoking 5 years ago").get(("lifestyle", "smoking")) == "stopped"
    assert _statuses("бросил курить 5 лет назад").get(("lifestyle", "smoking")) == "stopped"
    assert _statuses("戒烟五年了").get(("lifestyle", "smoking")) == "stopped"


# --- drugs never taken ----------------------------------------------------------------------------


def test_zh_told_not_to_take_is_no_event() -> None:
    got = _statuses("医生说别吃布洛芬这类，让我贴膏药")
    assert ("medications", "ibuprofen") not in got
    assert _statuses("医生说先别吃二甲双胍") == {}


def test_zh_told_to_stop_with_le_is_a_stop() -> None:
    """ "别吃X了": a change of state, the user's own drug stopped (here for another)."""
    got = _statuses("医生让我别吃阿司匹林了，换成氯吡格雷")
    assert got.get(("medications", "aspirin")) == "stopped"
    assert got.get(("medications", "clopidogrel")) == "active"


def test_zh_own_refusal_is_still_a_denial() -> None:
    assert _statuses("我不吃布洛芬").get(("medications", "ibuprofen")) == "confirmed_absent"


def test_ru_prescribed_not_bought_is_no_event() -> None:
    got = _statuses("ничего не пью. гептрал терапевт назначил, но я пока не купил")
    assert ("medications", "ademetionine") not in got


def test_en_prescribed_not_picked_up_is_no_event() -> None:
    assert ("medications", "omeprazole") not in _statuses("gp prescribed omeprazole but i haven't picked it up yet")


def test_zh_prescribed_not_bought_is_no_event() -> None:
    assert ("medications", "omeprazole") not in _statuses("医生开了奥美拉唑，我还没去买")


def test_ru_taken_is_still_taken() -> None:
    assert _statuses("гептрал пью уже неделю").get(("medications", "ademetionine")) == "active"


# --- other ways of using a drug, dose corrections -------------------------------------------------


def test_zh_patch_no_longer_applied_is_stopped() -> None:
    got = _statuses("贴了两天扶他林膏，没用就不贴了，诊所开了西乐葆，200mg一天一次")
    assert got.get(("medications", "diclofenac")) == "stopped"
    assert got.get(("medications", "celecoxib")) == "active"


def test_zh_spray_no_longer_used_is_stopped() -> None:
    assert _statuses("万托林喷了一阵，后来不喷了").get(("medications", "salbutamol")) == "stopped"


def test_zh_sneezing_gone_is_still_resolved() -> None:
    assert _statuses("不打喷嚏了").get(("symptoms", "sneezing")) == "resolved"


def test_ru_corrected_dose_is_no_denial() -> None:
    events = understand("эндокринолог поменяла дозу туджео: не 20, а 18 единиц теперь, из-за гипо").events
    glargine = [e for e in events if e["entity"] == "insulin glargine"]
    assert [(e["status"], e.get("dose")) for e in glargine] == [("active", "18 units")]
    assert not any(e["entity"] == "^" for e in events)


def test_en_corrected_dose_is_no_denial() -> None:
    events = understand("the gp changed the lantus dose: not 20 but 18 units now").events
    assert [(e["entity"], e["status"], e.get("dose")) for e in events] == [("insulin glargine", "active", "18 units")]


def test_zh_corrected_dose_is_no_denial() -> None:
    events = understand("来得时改了，不是20个单位，是18个单位").events
    assert [(e["entity"], e["status"], e.get("dose")) for e in events] == [("insulin glargine", "active", "18 units")]


def test_a_denied_habit_with_a_number_stays_denied() -> None:
    assert _statuses("не пью 20 лет").get(("lifestyle", "alcohol")) == "confirmed_absent"


def test_a_switch_of_drug_still_stops_the_one_before() -> None:
    got = _statuses("врач заменила на розукард 10")
    assert got.get(("medications", "rosuvastatin")) == "active"
    assert got.get(("medications", "^")) == "stopped"
