"""A fracture ruled out without the bone: "x-ray clear, no fracture", "перелома нет", "拍了 没骨折".

After a twisted ankle the x-ray is told as "not broken", and the part stays unsaid: it is the part
that was hurt. The denial is of that part's fracture ("ankle fracture", confirmed_absent), the one
a later "broke my ankle", or a question about it, must find. The part is the one injured part the
message names ("rolled my ankle, nothing broken"); with none, the injury discussed last, which only
the fold knows: the event refers back to it (:data:`schemas.sections.AT_INJURED_PART`). Several
parts named give nothing: a guess would rule out the wrong bone. A part named with the denial
("ankle isn't broken", "脚踝没骨折") is the reader's own composition, left as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from anamnesis.terminology.injury_parts import same_part
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.gate import Gated, Literals
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import AT_INJURED_PART, CONFIRMED_ABSENT, PRESENT_STATUS

_FRACTURE = "fracture"
_INJURIES = "injuries"
_PRESENT = PRESENT_STATUS[_INJURIES]

#: A fracture denied with no part of its own, per language; each match holds a gate literal.
_DENIED = {
    "en": Gated(
        re.compile(
            r"\b(?:no|not an?y?|without(?: an?y?)?)\s+(?:fractures?|breaks?|broken bones?)\b"
            r"|\b(?:not|isn'?t|wasn'?t|aren'?t|nothing(?:'s| is| was)?|nothings)\s+(?:broken|fractured)\b"
            r"|\bfracture (?:was |has been )?ruled out\b|\bruled out (?:a )?fracture\b"
        ),
        ["fractur", "broken", "break"],
    ),
    "ru": Gated(
        re.compile(
            r"(?<![а-я])(?:перелом(?:а|ов)?\s+"
            r"(?:нет|нету|не было|не нашли|не обнаружил\w*|не подтвердил\w*|не выявил\w*)"
            r"|(?:нет|нету|без|не нашли|не обнаружили|исключили)\s+(?:никаких\s+)?перелом\w*"
            r"|не\s+сломан\w*|кост[ьи]\s+цел\w*)"
        ),
        ["перелом", "сломан", "кост"],
    ),
    "zh": Gated(
        re.compile(
            r"(?:没有?|无|未见|排除了?|不是)骨折|没有?骨裂"
            r"|骨头(?:都)?(?:没(?:事|啥事|问题|伤着|伤到)|好好的)|没伤(?:到|着)骨头"
        ),
        ["骨折", "骨裂", "骨头"],
    ),
}


def denies_a_fracture(norm: str, gates: Literals) -> bool:
    """Whether ``norm`` rules out a fracture in words of any language (a message with nothing else to read)."""
    return any(g.may_match(norm, found=gates) and g.pattern.search(norm) is not None for g in _DENIED.values())


def with_fracture_denied(facts: list[Fact], msg: Message, gates: Literals) -> list[Fact]:
    """``facts`` and the fracture a bare denial in a clause of the user's own rules out: of the
    one injured part the message names, else of the injury discussed last (a referring event)."""
    gate = _DENIED.get(msg.lang)
    if gate is None or not gate.may_match(msg.norm, found=gates):
        return facts
    for m in gate.pattern.finditer(msg.norm):
        clause = next((c for c in msg.clauses if c.start <= m.start() < c.end), None)
        if clause is None or clause.skip or clause.subject != "self" or clause.intent_at <= m.start():
            continue
        facts = _denial_of_the_fracture_only(facts, clause, m.start(), m.end())
        parts = {p for f in facts if f.section == _INJURIES and (p := same_part(f.entity, _FRACTURE))}
        if any(f.section == _INJURIES and f.entity in parts and f.status == CONFIRMED_ABSENT for f in facts):
            return facts  # "ankle isn't broken": the reader named it already
        if len(parts) > 1:
            return facts
        entity = parts.pop() if parts else AT_INJURED_PART + _FRACTURE
        return [*facts, Fact(m.start(), m.end(), clause.sentence, _INJURIES, entity, CONFIRMED_ABSENT)]
    return facts


def _denial_of_the_fracture_only(facts: list[Fact], clause: Clause, start: int, end: int) -> list[Fact]:
    """``facts`` with the other injuries of the clause present again when its only denial is the
    fracture's: "rolled my ankle, no fracture, it's a sprain", "без перелома, растяжение связок" deny
    no sprain (the part's composed name spans the denial, which is the fracture's alone)."""
    negs = [s for s, _, lex in clause.hits if lex.cat == "neg"]
    if not negs or not all(start <= s < end for s in negs):
        return facts
    return [
        replace(f, status=_PRESENT)
        if f.section == _INJURIES and f.status == CONFIRMED_ABSENT and clause.start <= f.start < clause.end
        and not f.entity.endswith(" " + _FRACTURE)
        else f
        for f in facts
    ]
