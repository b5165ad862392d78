"""A denied attack of a long-lasting illness is no denial of the illness.

"no gout flares this year", "no asthma attacks since spring", "приступов подагры не было",
"这个月痛风没犯过": the user denies an episode of an illness they have, so the gout or the asthma is
neither absent nor over; the clause presupposes it. The labels have no "episode", so the illness
is read as present; with "never" ("never had an asthma attack") nothing is read of it, since one
can never have had an attack of an illness one does not have.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.attacks_asked import ATTACK_AFTER, ATTACK_BEFORE, ATTACK_INSIDE, RU_ATTACK, RU_REACH
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: "ever" words: the attack is denied for all time, which presupposes nothing.
_EVER = re.compile(r"\b(?:never|ever)\b|никогда|ни разу|从来|从没|从未|从不")


def _named_as_attack(norm: str, m: Mention, clause: Clause, lang: str) -> bool:
    """Whether the clause names an attack of the illness at ``m`` ("gout flares", "flare-ups of my
    asthma", "приступов подагры", "痛风没犯过")."""
    if lang == "ru":
        lo, hi = max(clause.start, m.start - RU_REACH), min(clause.end, m.end + RU_REACH)
        return RU_ATTACK.search(norm, lo, hi) is not None
    if ATTACK_INSIDE[lang].search(norm, m.start, m.end):
        return True
    if ATTACK_AFTER[lang].match(norm, m.end, clause.end):
        return True
    # "痛风没犯过", "哮喘一直没发作": a denial may stand between the illness and the attack
    if lang == "zh" and _ZH_DENIED_AFTER.match(norm, m.end, clause.end):
        return True
    before = ATTACK_BEFORE.get(lang)
    return before is not None and before.search(norm, max(clause.start, m.start - 30), m.start) is not None


#: The Chinese attack after the illness, with a denial and a time word between them.
_ZH_DENIED_AFTER = re.compile(
    r"(?:最近|近来|近期|这段时间|这阵子|平时|一直|都|也|还|又|再|从来|从)*(?:没有|没|不|未)(?:再|怎么|有)?(?:发作|犯|复发|发)"
)


def attacks_denied(norm: str, clause: Clause, mentions: list[Mention], lang: str) -> list[Mention]:
    """``mentions`` with each long-lasting illness whose attacks the clause denies or ends read as
    present, or dropped when the denial says "never"."""
    if not (clause.has("neg") or clause.has("end")):
        return mentions
    ever = _EVER.search(norm, clause.start, clause.end) is not None
    out: list[Mention] = []
    for m in mentions:
        if m.kind == "condition" and m.state in ("neg", "end") and _named_as_attack(norm, m, clause, lang):
            if ever:
                continue
            m.state = None
        out.append(m)
    return out
