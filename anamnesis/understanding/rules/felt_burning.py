"""English "burns" as a verb is a feeling, not the injury: "the skin still burns like hot needles".

The injury is a noun ("a burn", "some bad burns on my arm", "burnt my hand"); the third person verb
after what burns ("skin still burns", "acid ... burns right up my throat") tells how something feels,
which names no injury. Such a "burns" with no determiner or adjective of a noun before it and no
"on" / "from" after it ("burns on both hands") is dropped.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention

#: What stands before the noun "burns": "a", "the", "some", "bad", "two", "my", "nasty", "minor".
_NOUN_BEFORE = re.compile(
    r"\b(?:a|the|some|any|bad|nasty|minor|major|small|little|big|few|two|three|several|my|his|her|these|those|"
    r"\d+|\w+-degree|first|second|third|severe|serious|superficial|deep)\s+$"
)


#: What follows the noun "burns": "burns on both hands", "burns from the kettle", "burns all over".
_NOUN_AFTER = re.compile(r"\s+(?:on|from|to|all over)\b")


def without_burning_verbs(norm: str, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` without an injury read from the verb "burns" (:data:`_NOUN_BEFORE` tells the noun)."""
    return [
        m
        for m in mentions
        if not (
            m.kind == "injury"
            and norm[m.start : m.end] == "burns"
            and _NOUN_BEFORE.search(norm, max(0, m.start - 20), m.start) is None
            and _NOUN_AFTER.match(norm, m.end) is None
        )
    ]
