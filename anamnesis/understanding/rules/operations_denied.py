"""A reply that denies operations names its illnesses as illnesses, not as the operations that treat them.

To "Any operations?" an illness is read as its operation ("appendicitis at 12": the appendectomy).
"没做过手术，就是有子宫肌瘤", "операций не было, только миома", "no surgeries, just fibroids they
watch", "没有，就是有胆结石，没切": the user says no operation was done, and tells an illness beside it;
reading it as the operation made a surgery out of a denial. The reply denies operations when one of
its clauses denies and names operations; a bare "no" does not, as it is often "no other than" ("нет,
только аппендицит" is the appendectomy), and a denial of the illness's own ("gallstones, not
removed") is read as the operation's. Nor does a denial with an exception ("no surgery except for
my hernia", "операций не было, кроме аппендицита", "除了阑尾炎没做过手术"): the exception is the
operation that was done.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.reading import Message

#: Words that make the named illness the one operation done: "no surgery except for my hernia".
_EXCEPT = re.compile(
    r"\b(?:except|apart from|besides|other than|aside from)\b"
    r"|(?<![а-яё])(?:кроме|помимо|за исключением)(?![а-яё])|除了|以外|之外"
)


def operations_denied(msg: Message) -> bool:
    """Whether the reply says no operation was done: a clause that denies and names operations, with
    no exception told."""
    if _EXCEPT.search(msg.norm):
        return False
    return any(
        clause.has("neg") and any(lex.cat == "section" and lex.value == "surgeries" for _, _, lex in clause.hits)
        for clause in msg.clauses
    )
