"""A stone crushed is its lithotripsy: "they blasted it", "камень в почке раздробили", "打碎了".

"kidney stones in 2018, they blasted it with the shockwave thing", "в 21м камень в почке
раздробили", "камни были, в 2021 дробили", "肾结石震碎了": a verb that breaks a stone up, in a sentence
of the user's own that names a stone, is the operation that did it (``lithotripsy``), which then ends
the stones beside it (rules/operated.py). The verb alone, or in a question, a plan or someone
else's clause, is no operation ("can they blast it?", "mum's stone was crushed").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.reading import Message

_LITHOTRIPSY = "lithotripsy"
_STONES = "kidney stones"
#: A verb that breaks a stone up.
_CRUSHED = {
    "en": re.compile(r"\b(?:blast(?:ed|ing)?|zapp(?:ed|ing)|shatter(?:ed|ing)|broke (?:it|them) up|broken up)\b"),
    "ru": re.compile(r"(?<![а-яё])(?:раз)?дроби(?:ли|л|ла|ть)(?![а-яё])|(?<![а-яё])раздроблен\w*"),
    "zh": re.compile(r"(?:打|震|击)碎"),
}
#: A stone named without its organ: "the stone", "камень", "石头".
_A_STONE = {
    "en": re.compile(r"\bstones?\b"),
    "ru": re.compile(r"(?<![а-яё])(?:камень|камн\w+)(?![а-яё])"),
    "zh": re.compile(r"结石|石头"),
}


def with_crushed_stones(facts: list[Fact], msg: Message) -> list[Fact]:
    """``facts`` with the lithotripsy a sentence of the user's tells by a stone crushed."""
    verb = _CRUSHED.get(msg.lang)
    if verb is None or any(f.section == "surgeries" and f.entity == _LITHOTRIPSY for f in facts):
        return facts
    for cue in verb.finditer(msg.norm):
        clause = next((c for c in msg.clauses if c.start <= cue.start() < c.end), None)
        if clause is None or clause.skip or clause.subject != "self" or clause.intent_at <= cue.start():
            continue
        sentence = [c for c in msg.clauses if c.sentence == clause.sentence]
        start, end = sentence[0].start, sentence[-1].end
        stone = any(f.entity == _STONES and f.sentence == clause.sentence for f in facts) or _A_STONE[msg.lang].search(
            msg.norm, start, end
        )
        if stone:
            done = Fact(cue.start(), cue.end(), clause.sentence, "surgeries", _LITHOTRIPSY, "historical", cue[0])
            return [*facts, done]
    return facts
