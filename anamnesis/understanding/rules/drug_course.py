"""A drug's course told over several clauses of one message: switched away from, and what it did.

Chinese chat tells a drug's story in a chain of comma clauses: "氟桂利嗪吃了白天老犯困，医生换成
普萘洛尔" (the drug, what it did, the switch), "秋水仙碱 吃了拉肚子 后来就不吃了". No single clause
holds both drugs of the switch or the drug and its stop, so the clause rules alone read an active
old drug and an active symptom. Two rules read the chain:

- a switch clause that names only the new drug ("换成普萘洛尔") ends the drug named last before it;
- a symptom told between a drug and that drug's stop or switch is the drug's side effect, which
  ended with it: not a symptom the user has now.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.segment import Clause, Hit
from schemas.sections import LAST_DISCUSSED

#: Cue categories that end or replace a drug.
_ENDING = frozenset({"end", "switch", "instead"})
#: A denial that stops taking: "不吃了", "没再吃", "不用了".
_ZH_NOT_TAKING = re.compile(r"(?:再)?(?:吃|用|服)了?")


def switched_from_earlier(facts: list[Fact], clause: Clause, new_drugs: list[tuple[int, int]]) -> None:
    """ "..., 医生换成普萘洛尔": the switch names no old drug, so the last one named before is stopped.

    ``new_drugs``: (start, end) of the clause's drugs; only a clause whose drugs all follow its
    switch word counts ("把阿司匹林换成氯吡格雷" names both and is read inside its clause).
    """
    cue = next((s for s, _, lex in clause.hits if lex.cat == "switch"), None)
    if cue is None or not new_drugs or any(start < cue for start, _ in new_drugs):
        return
    earlier = [
        f for f in facts
        if f.section == "medications" and f.entity != LAST_DISCUSSED and f.status == "active" and f.end <= clause.start
    ]
    if earlier:
        earlier[-1].status = "stopped"


def _stop_at(norm: str, hits: list[Hit], after: int, until: int) -> int | None:
    """Position of the first ending or switch cue after ``after`` in the sentence."""
    for s, e, lex in hits:
        if after <= s < until and (lex.cat in _ENDING or (lex.cat == "neg" and _ZH_NOT_TAKING.match(norm, e))):
            return s
    return None


def without_zh_side_effects(
    facts: list[Fact], norm: str, hits: list[Hit], spans: list[tuple[int, int, bool]]
) -> list[Fact]:
    """Drop the active symptoms told between a stopped drug and its stop ("立普妥吃了浑身肌肉疼，停了")."""
    stopped = [
        f for f in facts if f.section == "medications" and f.status == "stopped" and 0 <= f.sentence < len(spans)
    ]
    if not stopped:
        return facts
    windows = []
    for drug in stopped:
        stop = _stop_at(norm, hits, drug.end, spans[drug.sentence][1])
        if stop is not None:
            windows.append((drug.end, stop))
    return [
        f for f in facts
        if not (f.section == "symptoms" and f.status == "active" and any(lo <= f.start < hi for lo, hi in windows))
    ]
