""""Blood pressure" named as the illness a question asked for: "Any other conditions?" — "Only blood pressure".

Asked which illnesses they have, patients name hypertension by the bare quantity ("only blood
pressure, ramipril 5mg", "just my bp", "就血压，吃氨氯地平"), as Russian patients say "давление"
(:mod:`ru_pressure`, which reads it with or without a question). The same words are also a reading
("bp is fine", "血压正常", "blood pressure 140/90") or a measuring ("I check my blood pressure"):
only a name that stands as an item of the answer, with nothing of a reading after it, is the
illness, and only after a question that asks about illnesses.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.reading import Message

#: The bare English name as an answer's item: first in its clause, after "only", "just", "and", "also".
_EN = re.compile(
    r"(?:^|[,;.]\s*|\b(?:only|just|and|also|plus|apart from|except)\s+)(?:(?:my|the|a bit of)\s+)?"
    r"(blood pressure|bp)(?:'s)?(?:\s+(?:problems?|issues?|trouble))?"
    r"(?=\s*(?:$|[,;.!]|\b(?:and|for|since|on|but)\b))"
)
#: The bare Chinese name as an item: after a pause, "就(是)", "只有", "还有", "和", before a pause.
_ZH = re.compile(r"(?:^|[，,；;。\s]|就是?|只有|还有|和)(血压)(?:的?问题)?(?=$|[，,；;。！!\s])")
#: Illness sections asked of as a whole ("Any conditions?"), whose items the answer names ("How's your
#: blood pressure?" asks of a reading, and "bp, fine" answers it).
_ILLNESSES = frozenset({"chronic_conditions", "diagnoses"})


def _pattern(asked: Topic | None, lang: str) -> re.Pattern[str] | None:
    """The bare name's pattern in ``lang``, after a question about the user's illnesses as a whole."""
    if asked is None or asked.family or not (set(asked.sections) & _ILLNESSES):
        return None
    return {"en": _EN, "zh": _ZH}.get(lang)


def names_pressure(norm: str, lang: str, asked: Topic | None) -> bool:
    """The reply names "blood pressure" as an item of the illnesses asked ("only blood pressure", "就血压"):
    an answer, however little else it says."""
    pattern = _pattern(asked, lang)
    return pattern is not None and pattern.search(norm) is not None


def pressure_named_as_illness(msg: Message) -> None:
    """Add hypertension for a bare "blood pressure" / "bp" / "血压" the reply names as an item, after
    a question about illnesses, in a clause of the user's own that denies nothing."""
    pattern = _pattern(msg.asked, msg.lang)
    if pattern is None or any(f.entity == "hypertension" for f in msg.facts):
        return
    for m in pattern.finditer(msg.norm):
        start, end = m.span(1)
        clause = next((c for c in msg.clauses if c.start <= start < c.end), None)
        if clause is None or clause.skip or clause.subject != "self" or clause.has("neg"):
            continue
        if any(s <= start < e for s, e, lex in clause.hits if lex.cat == "term"):
            continue  # a name of its own ("high blood pressure") is read as such
        msg.facts.append(
            Fact(start, end, clause.sentence, "chronic_conditions", "hypertension",
                 status_for("chronic_conditions", None), msg.text[start:end])
        )
        msg.touched.add("chronic_conditions")
        return
