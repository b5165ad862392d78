"""English and Russian advice: what a clinician tells the user to do is not yet done.

"told me to try low fodmap", "the nurse told me to get the flu jab", "врач сказал сесть на диету":
a habit, a vaccine or an operation after "told/advised/asked/wants me to" or "сказал(а)/велел(а)/
посоветовал(а) + an infinitive" is what the user was told to do, not what the user does or had. It
stays a topic of the message (its section is touched) but states no fact, as Chinese 让 / 建议 does
(:mod:`~anamnesis.understanding.rules.zh_advice`). Two things keep the fact: an advice to stop ("advised
me to stop smoking", "сказал бросить курить") says the user has the habit; the user's own word after
it ("... and I have", "..., я бросил") says it was followed. Medicines are not advice here: "told me to
take ibuprofen" is how a drug is prescribed.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.gate import Gated
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause
from anamnesis.understanding.rules.zh_advice import ADVISED_KINDS

_TOLD = Gated(
    re.compile(
        r"\b(?:told|tells|telling|advised|advises|asked|wants|wanted|recommended|recommends|urged|encouraged)"
        r"\s+(?:me|him|her|us)\s+to\b|\bsaid (?:i should|to)\b"
        r"|(?<![а-яё])(?:сказал[аи]?|велел[аи]?|посоветовал[аи]?|порекомендовал[аи]?|рекомендовал[аи]?|советует"
        r"|советуют|рекомендует|рекомендуют)\s+(?:мне\s+)?(?:[а-яё]+\s+)?[а-яё]+(?:ть|ться|чь|ти)(?![а-яё])",
        re.IGNORECASE,
    ),
    ("told", "tell", "advise", "asked", "want", "recommend", "urged", "encouraged", "said",
     "сказал", "велел", "советова", "рекомендова", "советуют", "советует", "рекомендуют", "рекомендует"),
)  # fmt: skip
#: An advice to stop or cut down, right after "to" or as the Russian infinitive: it says the user has the habit.
_TO_STOP = re.compile(
    r"\bto (?:stop|quit|give up|cut down|cut back|cut out|reduce|drink less|smoke less)\b"
    r"|(?<![а-яё])(?:бросить|прекратить|отказаться|завязать|меньше|сократить)(?![а-яё])",
    re.IGNORECASE,
)
#: The user speaking of themselves after the advice: it was followed ("and i have", ", я бросил").
_FOLLOWED = re.compile(r"\b(?:i|i'?ve|i'?m|im)\b|(?<![а-яё])я(?![а-яё])", re.IGNORECASE)


def told_to(norm: str, clause: Clause, mentions: list[Mention]) -> tuple[list[Mention], list[Mention]]:
    """(mentions that are facts, mentions that are only advice) of an English or Russian clause."""
    if not any(m.kind in ADVISED_KINDS for m in mentions) or clause.has("end"):
        return mentions, []
    advice = _TOLD.search(norm, clause.start, clause.end)
    if (
        advice is None
        or _TO_STOP.search(norm, advice.start(), advice.end() + 12)
        or _FOLLOWED.search(norm, advice.end(), clause.end)
    ):
        return mentions, []
    kept = [m for m in mentions if not (m.kind in ADVISED_KINDS and m.start >= advice.start())]
    return kept, [m for m in mentions if m not in kept]
