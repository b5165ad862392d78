"""A cough or a sneeze that only says when another complaint comes on.

"в груди колет, когда кашляю", "рёбра ноют при кашле", "咳嗽的时候胸口疼", "一咳嗽就肚子疼", "a bulge
by the scar when i cough": the complaint is the pain (the bulge); the cough says when it is felt, so
it is no complaint of its own. A cough told for itself stays: "кашляю, когда ложусь", "когда кашляю,
отходит мокрота" (nothing felt before it), "咳嗽的时候有痰" (what comes up is the cough's own), "when i
cough i bring up phlegm" (the "when" opens its clause).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

#: The acts that can only time a complaint.
_ACTS = frozenset({"cough", "sneezing"})
#: English: the bare verb right after "when I" ("when i cough", "every time i sneeze"); "a cough",
#: "coughing a lot" stay.
_EN_WHEN_I = re.compile(r"\b(?:when|whenever|every time|each time|if)\s+i\s+$")
_EN_BARE_ACTS = frozenset({"cough", "sneeze"})
#: What the cough itself brings up: felt after it, they are the cough's, so it stays.
_PRODUCTS = frozenset({"cough", "sneezing", "sputum production", "hemoptysis"})
#: Right before the act: "когда кашляю", "при кашле", "как только чихну", "стоит кашлянуть".
_RU_WHEN = re.compile(r"(?<![а-яё])(?:когда|при|как только|если|стоит)\s+(?:[а-яё]+\s+)?$")
#: Right around the act: "一咳嗽就", "咳嗽的时候", "打喷嚏时".
_ZH_BEFORE = re.compile(r"一$")
_ZH_AFTER = re.compile(r"\s*(?:的时候|时候|时|就|起来)(?!\s*(?:没|好|停|不|少))")


def _felt(lex_kind: str, lex_cat: str, value: str) -> bool:
    """A complaint in its own right: a symptom or an injury that is not the cough's product, or a pain cue."""
    return lex_cat == "pain" or (lex_kind in ("symptom", "injury") and value not in _PRODUCTS)


def _felt_between(msg: Message, sentence: int, start: int, end: int) -> bool:
    """Some complaint of the sentence is named within ``start:end``."""
    return any(
        start <= s and e <= end and _felt(lex.kind, lex.cat, lex.value)
        for c in msg.clauses
        if c.sentence == sentence
        for s, e, lex in c.hits
    )


def _en_timing_act(norm: str, clause: Clause, m: Mention) -> bool:
    """``m`` is the bare act of a "when I ..." after what comes on with it in the clause ("a bulge by
    the scar when i cough"); one opening its clause ("when i cough i bring up phlegm") is told itself."""
    if m.kind != "symptom" or norm[m.start : m.end] not in _EN_BARE_ACTS:
        return False
    lead = _EN_WHEN_I.search(norm, clause.start, m.start)
    return lead is not None and bool(norm[clause.start : lead.start()].strip(" ,.;:-"))


def acts_as_when(msg: Message, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """Drop a cough or sneeze that times another complaint of its sentence: in Russian after "когда"/"при"
    with the complaint before it, in Chinese before "的时候"/"就" with the complaint after it in its clause
    ("咳嗽就没了，嗓子也不痒了": an ended cough, no timing), in English the bare verb after "when I" with
    something before it in its clause."""
    norm = msg.norm
    if msg.lang == "en":
        return [m for m in mentions if not _en_timing_act(norm, clause, m)]
    if msg.lang not in ("ru", "zh") or not any(m.kind == "symptom" and m.entity in _ACTS for m in mentions):
        return mentions
    first = min(c.start for c in msg.clauses if c.sentence == clause.sentence)
    out = []
    for m in mentions:
        if m.kind == "symptom" and m.entity in _ACTS:
            if msg.lang == "ru":
                lead = _RU_WHEN.search(norm, max(first, m.start - 30), m.start)
                if lead is not None and _felt_between(msg, clause.sentence, first, lead.start()):
                    continue  # "в груди колет, когда кашляю": when the pain comes
            else:
                timed = _ZH_AFTER.match(norm, m.end)
                if (timed or _ZH_BEFORE.search(norm, max(first, m.start - 1), m.start)) and _felt_between(
                    msg, clause.sentence, timed.end() if timed else m.end, clause.end
                ):
                    continue  # "咳嗽的时候胸口疼", "一咳嗽就肚子疼": when the pain comes
        out.append(m)
    return out
