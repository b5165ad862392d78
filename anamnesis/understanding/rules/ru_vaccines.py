"""Russian jabs named by their disease: "поставили столбняк", "кололи от гриппа", "привили от кори".

A verb of injecting right before a disease that has a vaccine names the vaccine given, never the
disease: "в травмпункте поставили столбняк" is a tetanus shot, not tetanus. "Поставить" also means
"to diagnose" ("мне поставили пневмонию"), so bare it names a shot only for the diseases one is
jabbed against far more often than diagnosed with; "поставили диагноз грипп" stays a disease.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.lexicon import Lexicon
from anamnesis.understanding.rules.mentions import Mention, listed_vaccines

_WHOM = r"(?:мне\s+|ему\s+|ей\s+|ребенку\s+|ребёнку\s+)?"
#: When, between the verb and the disease: "сделала вчера гепатит А".
_WHEN = r"(?:(?:вчера|сегодня|позавчера|уже|ещё|еще|недавно|наконец|на днях|весной|летом|осенью|зимой)\s+)?"
#: An injecting verb (any person and tense), whom, and optionally "укол"/"прививку" and "от".
_JABBED = re.compile(
    r"(?<![а-яё])(?:кол(?:ол|ола|оли)|укол(?:ол|ола|оли)|привил|привили|привила|сделал|сделала|сделали"
    r"|(?:по)?ставил[аи]?\s+" + _WHOM + r"(?:укол|прививку|вакцину)(?:\s+от)?)\s+"
    + _WHEN + _WHOM + r"(?:укол\s+|прививку\s+|вакцину\s+)?(?:от\s+)?$"
)
#: "(по)ставили" with the disease right after it: a diagnosis, unless the disease is one of these.
_SET = re.compile(r"(?<![а-яё])(?:по)?ставил[аи]?\s+" + _WHOM + r"(?:от\s+)?$")
_JABBED_MORE_THAN_HAD = frozenset({"tetanus", "tick-borne encephalitis", "rabies", "diphtheria"})


def jabbed_diseases(norm: str, mentions: list[Mention], lexicon: Lexicon) -> None:
    """Turn a disease right after a verb of injecting into its vaccine, and the diseases listed
    after it ("сделала гепатит А и брюшной тиф": both jabs)."""
    jabbed = False
    for m in mentions:
        if m.kind not in ("diagnosis", "condition"):
            continue
        vaccine = lexicon.vaccine_for.get(m.entity)
        if not vaccine:
            continue
        window = max(0, m.start - 40)
        if _JABBED.search(norm, window, m.start) or (
            m.entity in _JABBED_MORE_THAN_HAD and _SET.search(norm, window, m.start)
        ):
            m.kind, m.entity = "vaccine", vaccine
            jabbed = True
    if jabbed and len(mentions) > 1:
        listed_vaccines(mentions, lexicon, norm)
