"""A switched-away drug stays stopped when the message names it again, and a switch finds its old drug.

- merge (``_stopped_then_named``): "swapped X for Y, X gave me cramps" names X again for what it did,
  which does not restart it; a word of taking it up again does.
- status (``_switches``): with both sides after the switch word, a drug before it is another verb's
  ("started metformin and swapped the hctz for losartan").
- switched_across (``_replace_named_before``): a switch naming only the new drug after a sentence that
  named a drug of its class stops that drug; a drug of another class is not replaced.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def statuses(text: str) -> dict[str, str]:
    result = understand(text)
    return {e["entity"]: e["status"] for e in result.events if e["section"] == "medications"}


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        (
            "The doctor swapped my simvastatin for rosuvastatin 10 mg, simvastatin gave me cramps.",
            "simvastatin",
            "rosuvastatin",
        ),
        ("Кардиолог заменил эналаприл на лозартан 50 мг, от эналаприла был кашель.", "enalapril", "losartan"),
        ("医生把氨氯地平换成了硝苯地平。氨氯地平吃了脚肿", "amlodipine", "nifedipine"),
    ],
)
def test_old_drug_named_again_stays_stopped(text: str, old: str, new: str) -> None:
    got = statuses(text)
    assert got[old] == "stopped"
    assert got[new] == "active"


@pytest.mark.parametrize(
    "text",
    [
        "I stopped the ibuprofen last week, but I am taking ibuprofen again since Monday.",
        "Бросил пить ибупрофен, но с понедельника снова пью ибупрофен.",
    ],
)
def test_taken_up_again_is_active(text: str) -> None:
    assert statuses(text)["ibuprofen"] == "active"


def test_switch_to_another_form_of_the_same_drug_keeps_it() -> None:
    got = statuses("эндокринолог поднял метформин до 1000 мг, перешли на глюкофаж лонг")
    assert got == {"metformin": "active"}


@pytest.mark.parametrize(
    ("text", "old"),
    [
        ("I started metformin 500 mg and swapped the hctz for losartan 50 mg.", "hydrochlorothiazide"),
        ("Начал метформин 500 мг и поменял эналаприл на лозартан 50 мг.", "enalapril"),
    ],
)
def test_drug_before_the_switch_verb_is_not_switched(text: str, old: str) -> None:
    assert statuses(text) == {"metformin": "active", old: "stopped", "losartan": "active"}


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        (
            "The cetirizine made me drowsy all day. The allergist switched me to desloratadine 5 mg.",
            "cetirizine",
            "desloratadine",
        ),
        ("От аторвастатина болели мышцы. Врач перевёл на розувастатин 10 мг.", "atorvastatin", "rosuvastatin"),
    ],
)
def test_switch_stops_the_class_mate_of_an_earlier_sentence(text: str, old: str, new: str) -> None:
    got = statuses(text)
    assert got[old] == "stopped"
    assert got[new] == "active"


@pytest.mark.parametrize(
    "text",
    [
        "I take metformin 500 mg. The doctor switched me to losartan 50 mg.",
        "Пью метформин. Врач перевёл на лозартан 50 мг.",
    ],
)
def test_switch_leaves_a_drug_of_another_class(text: str) -> None:
    assert statuses(text) == {"metformin": "active", "losartan": "active"}
