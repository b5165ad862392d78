"""A switch that names only the new drug, in a message that names no old one: the old one is earlier.

"врач заменила на розукард 10" after "начал аторис 20", "they swapped me to travatan" after
latanoprost drops, "医生给换成了瑞舒伐他汀" after atorvastatin: the drug replaced was told in
an earlier message, which a backend reading one message cannot see. The clause proposes a stop of
the medication it replaces as :data:`~schemas.sections.LAST_DISCUSSED`; the fold resolves it to
the user's present drug of the new one's class (:func:`anamnesis.facts.anaphora.replaced_by`), or
drops it. A switch whose old drug the message names ("аторис заменили на розукард", "was on
lisinopril ... switched me to losartan") is read inside the message (:mod:`.drug_course`, :mod:`.status`).
A drug only an earlier sentence of the message named ("от зиртека сплю на ходу. аллерголог
заменил на эриус") is the old one when it is the one drug there of the new one's class, as the
fold picks among the user's drugs; a drug of another class ("I take metformin. They switched me to
losartan") is not replaced.
"""

from __future__ import annotations

import re

from anamnesis.facts.anaphora import replaced_by
from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import LAST_DISCUSSED, SECTION_WIDE

SECTION = "medications"
#: A switch whose object is the dose: "поменяла дозу", "changed the dose", "换了剂量".
_THE_DOSE = re.compile(
    r"\s*(?:(?:the|my|her|his)\s+)?(?:[a-z]+\s+)?(?:dose|dosage)\b|\s*(?:мне\s+)?доз[аиуеой]\w*|\s*(?:了)?(?:剂量|药量)"
)


def replaced_before(msg: Message, clause: Clause, mentions: list[Mention]) -> None:
    """Add a stop of the drug an earlier message named when ``clause`` switches the user to drugs
    that all follow its switch word and the message names no other medication."""
    cue, cue_end = next(((s, e) for s, e, lex in clause.hits if lex.cat == "switch"), (None, 0))
    drugs = [m for m in mentions if m.kind == "drug"]
    if cue is None or not drugs or clause.skip or clause.subject != "self":
        return
    if _THE_DOSE.match(msg.norm, cue_end):
        return  # "поменяла дозу туджео", "changed the lantus dose": the dose changed, not the drug
    if any(m.start < cue for m in drugs):
        return  # "把阿司匹林换成氯吡格雷", "switched from X to Y": the old drug is in the clause
    new = {m.entity for m in drugs}
    others = [f for f in msg.facts if f.section == SECTION and f.entity not in new and f.entity != SECTION_WIDE]
    if others:
        if all(f.status == "active" and f.sentence < clause.sentence for f in others):
            _replace_named_before(others, new)  # "от зиртека сплю на ходу. заменил на эриус"
        return  # the message names the old drug (or another one): read within the message
    if any(f.section == SECTION and f.entity in new and f.status == "stopped" for f in msg.facts):
        return  # "заменил амлодипин на лерканидипин, отекали от амлодипина": the old one is named after the cue
    if not all(any(f.section == SECTION and f.entity == e and f.status == "active" for f in msg.facts) for e in new):
        return  # the new drug was not read as taken (a question, a plan): nothing was switched
    start = min(m.start for m in drugs)
    msg.facts.append(Fact(start, start, clause.sentence, SECTION, LAST_DISCUSSED, "stopped"))


def _replace_named_before(earlier: list[Fact], new: set[str]) -> None:
    """Stop the one drug of ``earlier`` (named in sentences before the switch) of a new drug's class."""
    held = {(SECTION, f.entity): f for f in earlier}
    mates = replaced_by(held, SECTION, sorted(new), load_terminology().codes_of)
    if len(mates) == 1:
        for f in earlier:
            if f.entity == mates[0]:
                f.status = "stopped"
