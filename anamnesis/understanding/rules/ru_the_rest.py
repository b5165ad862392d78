"""A Russian reply that answers a question naming several things one by one.

"Есть температура, насморк, боль в горле?" — "насморк есть, остального нет": the reply names
what the user has, and "остального нет" ("none of the rest") denies every other asked thing.
"Боли в груди или одышка бывают?" — "одышка бывает, боли нет": a bare "боли" is the one asked
pain, whose polarity its own clause says. The reply's own facts are read as usual; this adds
only what the question named.
"""

from __future__ import annotations

from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.clause_cuts import RU_THE_REST
from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.reading import Message

#: What ends a phrase of a reply.
_PAUSES = ",;.!?"


def answer_one_by_one(msg: Message, asked: Topic) -> bool:
    """Add the asked things the reply denies as "the rest" or names by a bare "боли"; True when
    it added any."""
    if msg.lang != "ru" or len(asked.items) < 2:
        return False
    before = len(msg.facts)
    stated = {(f.section, f.entity) for f in msg.facts}
    told = stated & set(asked.items) | _bare_pain(msg, asked, stated)
    the_rest = RU_THE_REST.search(msg.norm) if told else None
    if the_rest is not None:
        for section, entity in asked.items:
            if (section, entity) not in told:
                msg.facts.append(Fact(*the_rest.span(), -1, section, entity, status_for(section, "neg")))
    return len(msg.facts) > before


def _bare_pain(msg: Message, asked: Topic, stated: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The one asked pain a phrase (between commas) names by a bare "боль": no body part, no term."""
    pains = [(s, e) for s, e in asked.items if s == "symptoms" and e.endswith(" pain") and (s, e) not in stated]
    if len(pains) != 1:
        return set()
    for start, _, lex in msg.hits:
        if lex.cat != "pain":
            continue
        lo = max(msg.norm.rfind(p, 0, start) for p in _PAUSES) + 1
        hi = min((i for i in (msg.norm.find(p, start) for p in _PAUSES) if i >= 0), default=len(msg.norm))
        phrase = [h for h in msg.hits if lo <= h[0] < hi]
        if any(h[2].kind for h in phrase) or any(c.skip and c.start <= start < c.end for c in msg.clauses):
            continue
        state = "neg" if any(h[2].cat == "neg" for h in phrase) else None
        msg.facts.append(Fact(lo, hi, -1, *pains[0], status_for(pains[0][0], state)))
        return set(pains)
    return set()
