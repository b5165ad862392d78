"""A medicine handed over to be started later is a plan, not a medicine taken now.

"they gave me malarone for the trip, start 2 days before", "врач выписал маларон, начну за 2 дня до
вылета", "开了多西环素，出发前两天开始吃": nothing is taken yet, so the medicine yields no fact (gold
README: plans give no event); its section is still what the turn is about. A start told as done
("started 2 days before the flight", "уже пью", "已经在吃", "开始吃的") keeps the medicine.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

#: A start still ahead, set against something later: "start 2 days before", "ill start it a week before
#: i fly", "начать за неделю до поездки", "начну за 2 дня до вылета", "出发前两天开始吃".
_START_AHEAD = re.compile(
    r"\b(?:to start|start|i'?ll start|i will start|will start|going to start|starting)\b(?:\s+[\w']+){0,6}?\s+"
    r"(?:before|ahead of)\b"
    r"|(?<![а-яё])(?:начать|начну|начнём|начнем|начинать|начинай|начни)\s+(?:[а-яё]+\s+)?за\s+[^,.;!?]{0,30}?(?<![а-яё])до(?![а-яё])"
    r"|前[^，。,；;！？]{0,6}?开始(?:吃|服|用)(?!的)"
)
#: A start or a use already under way anywhere in the sentence: the medicine is taken.
_UNDER_WAY = re.compile(
    r"\b(?:already|started|been taking|been on|taking it|i'?m on|am on)\b"
    r"|(?<![а-яё])(?:уже|начал|начала|начали|пью|принимаю)(?![а-яё])"
    r"|已经|在吃|吃上了|开始吃了|吃了"
)


#: The cue names its own medicine ("start the malaria tablets 2 days before", "таблетки от малярии начать",
#: "开始吃疟疾药"): the start is that one's, not the medicine named before it.
_OWN_OBJECT = re.compile(
    r"\b(?:start|starting)\s+(?:the|my|those|these|some)\s+\w+"
    r"|(?:таблетк|препарат|лекарств|капсул)[а-яё]*\s+(?:[а-яё]+\s+){0,2}(?:начать|начну|начинать)"
    r"|开始(?:吃|服|用)\S"
)
#: A medicine handed over in the clause before the cue ("gave me", "выписали", "开了"): the one the cue
#: after it is about; a medicine merely named there ("on ramipril, ...") is not.
_HANDED = re.compile(
    r"\b(?:gave|given|prescribed|got|picked up|handed)\b"
    r"|(?<![а-яё])(?:выписал[аи]?|дал[аи]?|назначил[аи]?|выдал[аи]?|купил[аи]?)(?![а-яё])"
    r"|开了|给了|拿了|配了"
)


def _sentence_text(msg: Message, clause: Clause) -> str:
    spans = [(c.start, c.end) for c in msg.clauses if c.sentence == clause.sentence]
    return msg.norm[min(s for s, _ in spans) : max(e for _, e in spans)]


def _cue_at(msg: Message, clause: Clause) -> int | None:
    """Where a start still ahead is said in ``clause``, if it is."""
    found = _START_AHEAD.search(msg.norm, clause.start, clause.end)
    if found is None or _OWN_OBJECT.search(msg.norm, max(clause.start, found.start() - 30), found.end()):
        return None
    return found.start()


def started_later(msg: Message, clause: Clause, mentions: list[Mention]) -> tuple[list[Mention], list[Mention]]:
    """Split off the medicine to be started later: the last one named before the cue in its clause, or, when
    that clause names none ("выписали мефлохин, начать за неделю до поездки"), the last one of the clause just
    before it in the sentence. Other medicines of the message stay."""
    drugs = [m for m in mentions if m.kind == "drug"]
    if not drugs or _UNDER_WAY.search(_sentence_text(msg, clause)):
        return mentions, []
    at = _cue_at(msg, clause)
    if at is not None:
        before = [m for m in drugs if m.end <= at]
        planned = before[-1:] if before else []
    else:
        following = [c for c in msg.clauses if c.sentence == clause.sentence and c.start >= clause.end]
        nxt = min(following, key=lambda c: c.start) if following else None
        nxt_at = _cue_at(msg, nxt) if nxt is not None else None
        names_own = nxt is not None and nxt_at is not None and any(
            lex.kind == "drug" and s < nxt_at for s, _, lex in nxt.hits
        )
        handed = _HANDED.search(msg.norm, clause.start, clause.end) is not None
        planned = drugs[-1:] if nxt_at is not None and handed and not names_own else []
    return [m for m in mentions if m not in planned], planned
