"""An ending of several medicines counted ("both meds") is of the user's own, not a section denial.

"stopped both meds", "the two tablets are finished", "оба препарата отменили", "四个药都停了": the
user ends medicines already told, each of them, and says nothing of taking none at all. A denial of
the whole section ("I take no medicines") is another thing, which the fold records as a ``*`` fact.
So a counted medicines noun that is ended becomes the class of every medicine (``medicines`` in
``terminology/data/drug_classes.tsv``), which the fold resolves to each medication present
(``anamnesis/facts/medicine_classes.py``), and no ``*`` fact. A noun with no count keeps its old
readings: "finished the tablets", "药吃完了" speak of one course (``referring``), and "no more
meds", "лекарства больше никакие не пью" deny the section.

"All" ends them as a count does: "药都吃完了", "药全停了", "таблетки все допила", "finished all the
tablets" end every medicine told, each of them (the course is over), while "什么药都不吃了", "any
medicines" ask no one of them and deny the section.
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
    r"|\ball (?:of )?(?:the|these|those)\s+$|(?<![а-яё])(?:все|всё)\s+$"
)
#: "All" right after the noun: "药都吃完了", "药全停了", "лекарства все допила".
_ALL_AFTER = re.compile(r"\s*(?:都|全都|全)|\s+(?:все|всё)(?![а-яё])")
#: A word that makes the noun any medicine at all ("什么药都不吃了", "啥药", "任何药", "any"): the section.
_ANY_BEFORE = re.compile(r"(?:什么|啥|任何|\bany\s+|(?<![а-яё])никак\w*\s+)$")
_WINDOW = 20


def own_medicines_ended(msg: Message, clause: Clause, noun: Mention) -> Fact | None:
    """The ending of the user's medicines a counted medicines noun in an ending clause stands for,
    or None when the noun is not ended or not counted."""
    if noun.state != "end" or _ANY_BEFORE.search(msg.norm, max(clause.start, noun.start - 4), noun.start):
        return None
    counted = _COUNTED.search(msg.norm, max(clause.start, noun.start - _WINDOW), noun.start)
    if counted is None and _ALL_AFTER.match(msg.norm, noun.end) is None:
        return None
    return Fact(noun.start, noun.end, clause.sentence, "medications", ALL_MEDICINES, "stopped",
                msg.text[noun.start : noun.end])
