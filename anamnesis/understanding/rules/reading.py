"""The state of one message while the rules read it, shared by the steps of the per-message pass.

:func:`~anamnesis.understanding.rules.message.understand_text` builds one :class:`Message` and hands
it to the clause, answer and ending steps, which add facts and touched sections to it; the
constants here are the few that several of those steps read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.segment import Clause, Hit

#: What a blood relative's history holds: illnesses and injuries ("у мамы перелом шейки бедра", "我妈摔断过
#: 髋骨"); their complaints, medicines and habits are no fact of the user's.
FAMILY_KINDS = frozenset({"condition", "diagnosis", "injury"})
#: Subject of a clause that names nobody right after a question about the family: its
#: conditions are family history, anything else is the user's own.
ASKED_FAMILY = "family?"
DIGIT = re.compile(r"\d")


@dataclass(slots=True)
class Message:
    text: str
    norm: str
    lang: str
    hits: list[Hit]
    clauses: list[Clause]
    asked: Topic | None
    facts: list[Fact]
    touched: set[str]
    #: reactions said without their drug ("..., I got a rash from it")
    orphan_reactions: list[str]
