"""Russian "у меня такого нет": the user denies, for themself, what was just said of someone else.

"жена говорит, у неё от статинов мышцы болели, у меня такого нет", "у мамы диабет, у меня нет":
the user's clause names nothing and denies; what it denies is the complaint or illness of the
other person's clause right before it. The user's own confirmed absence of it is recorded (the
other person's is not the user's history, a relative's stays family history).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import KIND_SECTION, Fact
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import CONFIRMED_ABSENT

#: The whole clause: "(а/но) у меня (такого/этого/подобного) нет / не было / не бывает".
_ME_NEITHER = re.compile(
    r"[\s,.;!—-]*(?:а |но |вот )?у меня(?: же)?(?: (?:такого|этого|подобного|ничего такого|ничего подобного))?"
    r" (?:нет|не было|не бывает|не наблюдается)[\s,.;!)—-]*"
)
#: What the user can deny of their own after another person's clause.
_DENIABLE = frozenset({"symptom", "condition", "diagnosis"})


def heard_of_others(clause: Clause, mentions: list[Mention], heard: list[Mention]) -> list[Mention]:
    """The complaints and illnesses a "у меня такого нет" right after this clause would deny."""
    if clause.subject in ("other", "family"):
        return [m for m in mentions if m.kind in _DENIABLE] or heard
    return [] if mentions else heard


def me_neither(msg: Message, clause: Clause, heard: list[Mention]) -> None:
    """Record the user's absence of what ``heard`` names when the clause is "у меня такого нет"."""
    if not heard or clause.subject != "self" or clause.skip:
        return
    if not _ME_NEITHER.fullmatch(msg.norm, clause.start, clause.end):
        return
    for m in heard:
        fact = Fact(clause.start, clause.end, clause.sentence, KIND_SECTION[m.kind], m.entity, CONFIRMED_ABSENT)
        msg.facts.append(fact)
