"""A reply that denies operations names its illnesses as illnesses, not as the operations that treat them.

To "Any operations?" an illness is read as its operation ("appendicitis at 12": the appendectomy).
"没做过手术，就是有子宫肌瘤", "операций не было, только миома", "no surgeries, just fibroids they
watch", "没有，就是有胆结石，没切": the user says no operation was done, and tells an illness beside it;
reading it as the operation made a surgery out of a denial. The reply denies operations when one of
its clauses denies and names operations; a bare "no" does not, as it is often "no other than" ("нет,
только аппендицит" is the appendectomy), and a denial of the illness's own ("gallstones, not
removed") is read as the operation's.
"""

from __future__ import annotations

from anamnesis.understanding.rules.reading import Message


def operations_denied(msg: Message) -> bool:
    """Whether the reply says no operation was done: a clause that denies and names operations."""
    return any(
        clause.has("neg") and any(lex.cat == "section" and lex.value == "surgeries" for _, _, lex in clause.hits)
        for clause in msg.clauses
    )
