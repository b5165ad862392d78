"""An ending of several medicines counted ("both meds") is of the user's own, not a section denial.

"stopped both meds", "the two tablets are finished", "оба препарата отменили", "四个药都停了": the
user ends medicines already told, each of them, and says nothing of taking none at all. A denial of
the whole section ("I take no medicines") is another thing, which the fold records as a ``*`` fact.
So a counted medicines noun that is ended becomes the class of every medicine (``medicines`` in
``terminology/data/drug_classes.tsv``), which the fold resolves to each medication present
(``anamnesis/facts/medicine_classes.py``), and no ``*`` fact. A noun with no count keeps its old
readings: "finished the tablets", "药吃完了" speak of one course (``referring``), and "no more
meds", "лекарства больше никакие не пью" deny the section.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

#: The class of every medicine (drug_classes.tsv): the fold ends each present medication with it.
ALL_MEDICINES = "medicines"
#: A count of more than one right before the noun, a determiner or a word apart ("both my",
#: "the two blood", "оба этих", "四个", "这两种").
_COUNTED = re.compile(
    r"\b(?:both|two|three|four|five|several|all (?:two|three|four|five))\b"
    r"(?:\s+of)?(?:\s+(?:my|the|these|those|them|[a-z]+))?\s*$"
    r"|(?<![а-яё])(?:оба|обе|два|две|три|четыре|пять|несколько)(?![а-яё])(?:\s+[а-яё]+)?\s*$"
    r"|[两三四五六几](?:个|种|样)的?$"
)
_WINDOW = 20


def own_medicines_ended(msg: Message, clause: Clause, noun: Mention) -> Fact | None:
    """The ending of the user's medicines a counted medicines noun in an ending clause stands for,
    or None when the noun is not ended or not counted."""
    if noun.state != "end" or not _COUNTED.search(msg.norm, max(clause.start, noun.start - _WINDOW), noun.start):
        return None
    return Fact(noun.start, noun.end, clause.sentence, "medications", ALL_MEDICINES, "stopped",
                msg.text[noun.start : noun.end])
