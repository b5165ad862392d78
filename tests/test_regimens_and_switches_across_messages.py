"""Medicines ended in a later message by a word that names none of them.

- a regimen named as a whole ("finished the quadruple therapy", "схему допил", "四联吃完了") ends
  every drug of the user that belongs to it (its antibiotics, acid blocker and bismuth): a class
  of ``drug_classes.tsv`` resolved by the fold (:mod:`anamnesis.facts.medicine_classes`), as
  "the antivirals" ("противовирусные допила", "抗病毒的药吃完了") ends the antiviral and not the
  insulin named after it;
- a switch that names only the new drug ("they moved me onto rosuvastatin", "врач заменил на
  лозартан", "医生给换成了瑞舒伐他汀") stops the user's drug of the same ATC group named in an
  earlier message (``switched_across``, :func:`anamnesis.facts.anaphora.replaced_by`); a drug of
  no shared group, or two of one group, is left as it was.

The fold is given each event's ATC codes, as the understanding stage's reader adds them. The
sentences are new, written for these tests; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, understand


def _meds(*messages: str) -> dict[str, str]:
    """The medications' statuses after folding ``messages`` (one day apart), codes attached."""
    return {e: status for (s, e), status in folded(*((m, None) for m in messages), codes=True).items()
            if s == "medications"}


# fmt: off
REGIMENS: list[tuple[tuple[str, ...], dict[str, str]]] = [
    (("h pylori came back positive, on quadruple therapy: esomeprazole, amoxicillin, clarithromycin and de-nol",
      "finished the quadruple therapy on sunday, stomach feels calmer"),
     {"esomeprazole": "stopped", "amoxicillin": "stopped", "clarithromycin": "stopped",
      "bismuth potassium citrate": "stopped"}),
    (("on metformin 500 twice a day", "gp started triple therapy: lansoprazole, amoxicillin and metronidazole",
      "the triple therapy is done"),
     {"metformin": "active", "lansoprazole": "stopped", "amoxicillin": "stopped", "metronidazole": "stopped"}),
    (("назначили схему от хеликобактера: де-нол, амоксициллин и рабепразол на две недели",
      "схему допил, живот не беспокоит"),
     {"bismuth potassium citrate": "stopped", "amoxicillin": "stopped", "rabeprazole": "stopped"}),
    (("幽门螺杆菌阳性 医生开了三联 兰索拉唑 阿莫西林 甲硝唑", "三联吃完了 肚子舒服多了"),
     {"lansoprazole": "stopped", "amoxicillin": "stopped", "metronidazole": "stopped"}),
    # the acid blocker the message keeps names itself: it stays
    (("四联 雷贝拉唑 阿莫西林 克拉霉素 枸橼酸铋钾 吃两周", "四联吃完了 雷贝拉唑医生让再吃一个月"),
     {"rabeprazole": "active", "amoxicillin": "stopped", "clarithromycin": "stopped",
      "bismuth potassium citrate": "stopped"}),
    # antivirals end the antiviral, not the insulin told after it
    (("shingles, on valaciclovir 1g three times a day", "also on lantus 20 units at night",
      "done with the antivirals now"),
     {"valaciclovir": "stopped", "insulin glargine": "active"}),
    (("опоясывающий лишай, назначили валтрекс", "ещё колю лантус 14 единиц на ночь",
      "противовирусные допила"),
     {"valaciclovir": "stopped", "insulin glargine": "active"}),
    (("医生说是带状疱疹 开了阿昔洛韦", "我还打来得时 每天晚上16个单位", "抗病毒的药吃完了"),
     {"aciclovir": "stopped", "insulin glargine": "active"}),
]

SWITCHES: list[tuple[tuple[str, ...], dict[str, str]]] = [
    (("on simvastatin 40 and amlodipine 5", "my legs ached so they moved me onto rosuvastatin 10"),
     {"simvastatin": "stopped", "amlodipine": "active", "rosuvastatin": "active"}),
    (("started enalapril 10 for my blood pressure", "it made me cough so the gp swapped it for candesartan"),
     {"enalapril": "stopped", "candesartan": "active"}),
    (("пью эналаприл 10 и метформин 1000", "кашель замучил, врач заменил на лозартан 50"),
     {"enalapril": "stopped", "metformin": "active", "losartan": "active"}),
    (("капаю ксалатан на ночь", "глаза краснели, перевели на траватан"),
     {"latanoprost": "stopped", "travoprost": "active"}),
    (("一直吃辛伐他汀 还有二甲双胍", "肌肉酸痛 医生给换成了瑞舒伐他汀"),
     {"simvastatin": "stopped", "metformin": "active", "rosuvastatin": "active"}),
    # no present drug shares the new one's group: nothing is stopped
    (("on metformin 1g twice daily", "they switched me to a new inhaler, symbicort"),
     {"metformin": "active", "budesonide/formoterol": "active"}),
    (("пью метформин", "перевели на симбикорт"), {"metformin": "active", "budesonide/formoterol": "active"}),
    (("吃着二甲双胍", "换成了信必可"), {"metformin": "active", "budesonide/formoterol": "active"}),
    # two drugs of the new one's group: which one was replaced is unknown, both stay
    (("on atorvastatin and ezetimibe... no wait, simvastatin and atorvastatin both, long story",
      "cardiologist switched me to rosuvastatin"),
     {"simvastatin": "active", "atorvastatin": "active", "rosuvastatin": "active"}),
]
# fmt: on


@pytest.mark.parametrize(("messages", "expected"), REGIMENS)
def test_a_regimen_or_class_named_as_a_whole_ends_its_drugs(messages: tuple[str, ...], expected: dict[str, str]):
    meds = _meds(*messages)
    assert {k: meds.get(k) for k in expected} == expected


@pytest.mark.parametrize(("messages", "expected"), SWITCHES)
def test_a_switch_naming_only_the_new_drug_stops_the_one_of_its_group(
    messages: tuple[str, ...], expected: dict[str, str]
):
    assert _meds(*messages) == expected


@pytest.mark.parametrize(
    "text",
    ["they swapped me to rosuvastatin", "врач заменил на лозартан", "医生给换成了瑞舒伐他汀"],
)
def test_the_switch_proposes_a_stop_of_the_drug_told_before(text: str):
    events = {(e["entity"], e["status"]) for e in understand(text).events if e["section"] == "medications"}
    assert ("^", "stopped") in events


@pytest.mark.parametrize(
    "text",
    [
        "switched from atorvastatin to rosuvastatin",
        "аторис заменили на розукард",
        "把阿托伐他汀换成了瑞舒伐他汀",
        "should they switch me to rosuvastatin?",
    ],
)
def test_a_switch_that_names_its_old_drug_or_asks_refers_to_nothing_before(text: str):
    assert all(e["entity"] != "^" for e in understand(text).events)
