"""A change of dose is no stop, and a stop's reason is no object of the stop.

- A medicine whose dose the message changes ("cut my lantus to 16 units", "крестор увеличила до
  20", "来得时减到16个单位") is taken at the new dose, even when the clause denies or ends something
  else ("none since", "холестерин не дотягивал", "没再低过"). A stop said of the drug after its
  change ("... and stopped it", "потом отменили", "后来停了") still stops it, and the change of
  one drug never keeps another drug of the message from being stopped; nor does taking told as
  ended or denied after it ("сейчас его не колю", "以后我就不吃了", "就没吃了").
- A stop told after its drug and followed by its reason ("джес отменили из-за мигрени", "the pill
  was stopped because of my migraines") ends the drug; the illness named as the reason goes on.
  Only within the stop's own clause, with no pause: a drug told as taken before a comma
  ("Принимаю метформин, отменили из-за давления лизиноприл") is not what stopped.
"""

from __future__ import annotations

from tests.test_rules_backend import understand


def _statuses(text: str, context: str | None = None) -> dict[tuple[str, str], str]:
    return {(e["section"], e["entity"]): e["status"] for e in understand(text, context).events}


def _dose(text: str, entity: str) -> str | None:
    return next((e.get("dose") for e in understand(text).events if e["entity"] == entity), None)


# --- a dose change keeps the drug taken -------------------------------------------------------


def test_en_dose_cut_after_none_since_is_taken() -> None:
    got = _statuses("none since the team cut my lantus to 16 units", "Welcome back. Any more lows?")
    assert got.get(("medications", "insulin glargine")) == "active"
    assert _dose("no lows since the gp cut my gliclazide to 40mg", "gliclazide") == "40 mg"


def test_en_dose_raised_after_a_denial_is_taken() -> None:
    got = _statuses("not had one since they upped the propranolol to 80")
    assert got.get(("medications", "propranolol")) == "active"
    got = _statuses("still no hypos after they dropped the lantus to 14")
    assert got.get(("medications", "insulin glargine")) == "active"
    assert got.get(("symptoms", "hypoglycemia")) == "confirmed_absent"


def test_ru_dose_raised_beside_a_denial_is_taken() -> None:
    text = "кардиолог крестор увеличила до 20, холестерин не дотягивал"
    assert _statuses(text).get(("medications", "rosuvastatin")) == "active"
    assert _dose(text, "rosuvastatin") == "20 mg"


def test_zh_dose_lowered_before_no_more_lows_is_taken() -> None:
    got = _statuses("来得时减到16个单位了，没再低过")
    assert got.get(("medications", "insulin glargine")) == "active"
    got = _statuses("自从来得时减到16个单位，就没再低过")
    assert got.get(("medications", "insulin glargine")) == "active"


# --- ... but a stop of the drug after its change, or of another drug, stays --------------------


def test_stop_after_the_change_still_stops() -> None:
    assert (
        _statuses("cut the pred to 5mg last week and stopped it yesterday").get(("medications", "prednisolone"))
        == "stopped"
    )
    assert _statuses("cut the pred down to 5mg then came off it").get(("medications", "prednisolone")) == "stopped"
    assert _statuses("снизили преднизолон до 5, потом отменили").get(("medications", "prednisolone")) == "stopped"
    assert _statuses("泼尼松减到5mg，后来停了").get(("medications", "prednisone")) == "stopped"


def test_another_drug_stopped_beside_a_change_stays_stopped() -> None:
    got = _statuses("stopped the aspirin and upped the clopidogrel to 150")
    assert got.get(("medications", "aspirin")) == "stopped"
    assert got.get(("medications", "clopidogrel")) == "active"
    got = _statuses("no more lows since they cut my lantus to 16 units and i stopped the gliclazide")
    assert got.get(("medications", "gliclazide")) == "stopped"
    assert got.get(("medications", "insulin glargine")) == "active"
    got = _statuses("эналаприл отменили и увеличили лозартан до 100")
    assert got.get(("medications", "enalapril")) == "stopped"
    assert got.get(("medications", "losartan")) == "active"
    got = _statuses("эналаприл отменили и лозартан увеличили до 100")
    assert got.get(("medications", "enalapril")) == "stopped"
    got = _statuses("阿司匹林停了，氯吡格雷加到75mg")
    assert got.get(("medications", "aspirin")) == "stopped"
    assert got.get(("medications", "clopidogrel")) == "active"


def test_a_change_asked_or_of_another_person_makes_no_fact() -> None:
    assert not _statuses("should i cut the lantus to 14 if i'm not having lows?")
    assert not _statuses("my mum's doctor cut her lantus to 16, she hasn't had a low since")


# --- a stop's reason is not what it stops -----------------------------------------------------


def test_ru_stop_before_its_reason_ends_the_drug_not_the_reason() -> None:
    got = _statuses("была, джес отменили из-за мигрени, поставили спираль мирену", "Были у гинеколога?")
    assert got.get(("medications", "drospirenone/ethinylestradiol")) == "stopped"
    assert got.get(("chronic_conditions", "migraine")) == "active"
    assert got.get(("medications", "levonorgestrel")) == "active"


def test_ru_stop_for_a_side_effect_ends_the_drug() -> None:
    got = _statuses("аторис отменили из-за болей в мышцах, назначили розувастатин")
    assert got.get(("medications", "atorvastatin")) == "stopped"
    assert got.get(("medications", "rosuvastatin")) == "active"
    assert got.get(("symptoms", "muscle pain")) != "resolved"


def test_en_and_zh_stop_for_a_reason_ends_the_drug() -> None:
    assert (
        _statuses("the pill was stopped because of my migraines").get(("medications", "oral contraceptive"))
        == "stopped"
    )
    assert _statuses("布洛芬因为胃疼停了").get(("medications", "ibuprofen")) == "stopped"


def test_a_reason_after_a_complaint_ending_stops_no_drug() -> None:
    got = _statuses("на метформине, живот прошёл из-за диеты")
    assert got.get(("medications", "metformin")) == "active"


def test_switch_after_the_change_still_stops_the_old_drug() -> None:
    got = _statuses("they upped the atorvastatin to 80 then switched me to rosuvastatin")
    assert got.get(("medications", "atorvastatin")) == "stopped"
    assert got.get(("medications", "rosuvastatin")) == "active"
    got = _statuses("аторвастатин увеличили до 40, потом перевели на розувастатин")
    assert got.get(("medications", "atorvastatin")) == "stopped"
    got = _statuses("阿托伐他汀加到40mg以后，医生换成瑞舒伐他汀了")
    assert got.get(("medications", "atorvastatin")) == "stopped"
    assert got.get(("medications", "rosuvastatin")) == "active"


def test_not_taking_after_the_change_wins() -> None:
    got = _statuses("Лантус снизили до 16, сейчас его не колю.")
    assert got.get(("medications", "insulin glargine")) == "confirmed_absent"
    assert _statuses("立普妥加到40以后我就不吃了").get(("medications", "atorvastatin")) == "stopped"
    assert _statuses("泼尼松减到5mg以后就没吃了。").get(("medications", "prednisone")) == "stopped"


def test_stop_for_a_reason_reaches_no_drug_across_a_comma() -> None:
    got = _statuses("Принимаю метформин, отменили из-за давления лизиноприл.")
    assert got.get(("medications", "metformin")) == "active"
    assert got.get(("medications", "lisinopril")) == "stopped"
    got = _statuses("Метформин пью, отменили мне из-за почек диклофенак.")
    assert got.get(("medications", "metformin")) == "active"
    assert got.get(("medications", "diclofenac")) == "stopped"
    got = _statuses("Метформин пью, бросила из-за давления курить.")
    assert got.get(("medications", "metformin")) == "active"
    assert got.get(("lifestyle", "smoking")) == "stopped"
