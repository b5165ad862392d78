"""Which drug a side effect, a switch, a stop or a finished course ends, and what the effect leaves.

CONVENTIONS: a past side effect of a drug is the drug ``stopped`` and no symptom or condition
event; the symptom is an event only when the user says it is still there now. A finished course
is the drug stopped; "all the pills" is every drug the user takes.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Triple, folded, triples, understand

CASES: list[tuple[str, str | None, set[Triple]]] = [
    # the effect clause bound to the drug before it, a switch that names no new drug; a lasting
    # illness named as the effect is no condition of today
    ("was on microgynon before but it gave me migraines so i switched",
     None, {("medications", "levonorgestrel/ethinylestradiol", "stopped")}),
    ("the ramipril gave me asthma so they changed it",
     None, {("medications", "ramipril", "stopped")}),
    ("от эналаприла начался хронический бронхит, заменили",
     None, {("medications", "enalapril", "stopped")}),
    # "the cramps went once i came off it": told gone in the past, the cramps are still no event
    ("they had me on simvastatin first but it gave me awful leg cramps so the doctor changed it. "
     "the cramps went once i came off it",
     None, {("medications", "simvastatin", "stopped")}),
    # a bare stop after the effect ends the drug: by the user or the clinician, not "it stopped"
    ("was on singulair too but it gave me nightmares so i stopped, fine since",
     None, {("medications", "montelukast", "stopped")}),
    ("mefloquine last time and it gave me horrible nightmares, so not that again",
     None, {("medications", "mefloquine", "stopped")}),
    ("от метформина тошнило, бросила", None, {("medications", "metformin", "stopped")}),
    ("metformin gave me diarrhoea at first but it stopped after a week",
     None, {("medications", "metformin", "active"), ("symptoms", "diarrhea", "active")}),
    # Chinese: "吃出(过)" brought the effect on; not daring or wanting to take it again stops it
    ("布洛芬吃出过胃出血 打那以后就不敢碰了", None, {("medications", "ibuprofen", "stopped")}),
    ("上次吃的左氧 吃得又恶心又晕 不想再吃它了", None, {("medications", "levofloxacin", "stopped")}),
    ("阿司匹林吃出了胃疼 不能再吃了", None, {("medications", "aspirin", "stopped")}),
    # in Chinese a complaint after the taking may be what the drug treats: no condition is dropped
    ("他克莫司擦了湿疹好多了 皮炎平就不用了",
     None, {("medications", "tacrolimus", "active"), ("chronic_conditions", "atopic dermatitis", "active"),
            ("medications", "dexamethasone", "stopped")}),
    # the reason told in the past in the phrase right after the stop or switch
    ("switched the naproxen for tylenol 1000mg, stomach was burning again",
     None, {("medications", "naproxen", "stopped"), ("medications", "paracetamol", "active")}),
    ("came off the amlodipine, ankles were swelling up", None, {("medications", "amlodipine", "stopped")}),
    ("бросил эналаприл, кашель был сухой", None, {("medications", "enalapril", "stopped")}),
    # ... but not one there now, one told gone, one that changes, a finding, nor one ended later
    ("stopped the ibuprofen, my stomach is burning",
     None, {("medications", "ibuprofen", "stopped"), ("symptoms", "epigastric pain", "active")}),
    ("cardiologist took me off the norvasc, the dizzy spells stopped within days",
     None, {("medications", "amlodipine", "stopped"), ("symptoms", "dizziness", "resolved")}),
    ("бросил эналаприл, кашель сухой", None, {("medications", "enalapril", "stopped"), ("symptoms", "cough", "active")}),
    ("кардиолог убрала верошпирон совсем, отеки меньше стали",
     None, {("medications", "spironolactone", "stopped"), ("symptoms", "swelling", "active")}),
    ("stopped the topiramate, the tingling was too much. neuro swapped it for propranolol. tingling is gone now",
     None, {("medications", "topiramate", "stopped"), ("medications", "propranolol", "active"),
            ("symptoms", "paresthesia", "resolved")}),
    # an ending does not reach past "and" and a start verb of its own, nor past "now" and a pause
    ("asthma nurse took me off the brown one and put me on symbicort 200/6",
     None, {("medications", "budesonide/formoterol", "active")}),  # the nurse's name states no asthma
    ("fully off the amitriptyline now, duloxetine 60mg",
     None, {("medications", "amitriptyline", "stopped"), ("medications", "duloxetine", "active")}),
    ("отменили эналаприл совсем, лозартан 50 утром",
     None, {("medications", "enalapril", "stopped"), ("medications", "losartan", "active")}),
    ("stopped the ibuprofen, paracetamol and codeine",
     None, {("medications", "ibuprofen", "stopped"), ("medications", "paracetamol", "stopped"),
            ("medications", "codeine", "stopped")}),
    ("stopped taking the amlodipine", None, {("medications", "amlodipine", "stopped")}),
    # a plan's or a prohibition's scope ends at a comma that opens a stop or switch in the past
    ("адвантан помогал, но дерм сказала больше 2 недель нельзя, отменила и перевела на элидел крем",
     None, {("medications", "methylprednisolone aceponate", "stopped"), ("medications", "pimecrolimus", "active")}),
    ("need to see the gp, stopped the naproxen last week", None, {("medications", "naproxen", "stopped")}),
    # ... but not at one that lists more of the plan
    ("want to try ibuprofen, paracetamol", None, set()),
    ("planning to come off the sertraline, then stop the pregabalin", None, set()),
    # a course ended: its taking verb with when it ended
    ("多西环素回国后又吃了四周 昨天吃完", None, {("medications", "doxycycline", "stopped")}),
    ("头孢克洛吃完就停了", None, {("medications", "cefaclor", "stopped")}),
    ("阿莫西林已经吃完", None, {("medications", "amoxicillin", "stopped")}),
    # ... a bare "吃完" is what follows the dose
    ("福善美吃完胃里不舒服，烧心", None, {("medications", "alendronic acid", "active"), ("symptoms", "heartburn", "active")}),
    # "no" to "have you always been on X?" says not always: nothing of X ("no" denies X elsewhere)
    ("no", "Have you always been on atorvastatin?", set()),
    ("нет", "Вы всегда принимали аторвастатин?", set()),
    ("no", "Are you on atorvastatin?", {("medications", "atorvastatin", "confirmed_absent")}),
]


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_which_drug_ends(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


def test_all_the_pills_end_every_drug_of_the_user() -> None:
    state = folded(
        ("switched the naproxen for tylenol 1000mg. doc gave me cyclobenzaprine 10 for night", None),
        ("back at full duty, stopped all the pills", None),
        codes=True,
    )
    assert state[("medications", "paracetamol")] == "stopped"
    assert state[("medications", "cyclobenzaprine")] == "stopped"
    assert ("medications", "oral contraceptive") not in state


def test_all_the_pills_is_every_drug_not_the_contraceptive_pill() -> None:
    assert triples(understand("stopped all the pills")) == {("medications", "medicines", "stopped")}
    assert triples(understand("i'm on the pill")) == {("medications", "oral contraceptive", "active")}
