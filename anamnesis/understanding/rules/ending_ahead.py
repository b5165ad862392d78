"""An ending still ahead: a stop the user may, will or is told to make has not been made.

"doctor says i can stop the omeprazole after this box", "医生说顺尔宁吃完这盒就可以停", "омез можно
будет отменить после курса": a stop allowed or planned leaves the medicine taken now. "told me to
quit smoking so im trying", "врач сказал бросить курить", "нафтизин велел бросать": advice to give up
a habit or a medicine says the user still has it, unless the user says it was followed ("..., and I
have", "..., я бросил", "已经戒了"). Such a stop keeps the fact, ``active``.

An order that reads as a prescription stays a stop ("the gp told me to stop the ibuprofen", as
:mod:`~anamnesis.understanding.rules.stops_in_message` reads it); only a habit, or a Russian
imperfective ("велел бросать": keep at giving it up), is advice there.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from schemas.sections import LAST_DISCUSSED, SECTION_WIDE

#: A stop to come, right before its verb: "will come off", "going to stop", "можно будет отменить",
#: "准备停".
_COMING = {
    "en": re.compile(
        r"\b(?:will|shall|'ll|ll|going to|gonna|planning to|plan to|hoping to|hope to|want to|wanna|trying to"
        r"|try to)\s+(?:now\s+|soon\s+|then\s+|probably\s+|eventually\s+|finally\s+)?"
        r"(?:stop|quit|come off|get off|give up|drop|wean off|cut out)\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:можно будет|смогу|буду|будем|хочу|собираюсь|пытаюсь|стараюсь)\s+"
        r"(?:(?:его|её|ее|их|уже|потом|скоро)\s+)?"
        r"(?:отменить|бросить|бросать|прекратить|перестать|закончить|не пить|не принимать)(?![а-яё])"
    ),
    "zh": re.compile(r"(?:准备|打算|想|要)\s*(?:把[^，,。；;！!？?\s]{1,8})?(?:停|不吃|不用|戒|减掉)(?!了)"),
}
#: A stop only allowed: "can stop", "можно отменить", "可以停". Allowed now it is made ("uro said I
#: can stop the flomax", "医生说可以停了"); allowed for a time ahead (:data:`_AHEAD`) it is not yet.
_ALLOWED = {
    "en": re.compile(r"\b(?:can|may|might)\s+(?:now\s+|soon\s+|then\s+)?(?:stop|quit|come off|get off|give up|drop)\b"),
    "ru": re.compile(
        r"(?<![а-яё])(?:можно|могу|разрешил\w*)\s+(?:(?:его|её|ее|их|уже|потом)\s+)?(?:отменить|бросить|прекратить|перестать)"
        r"(?![а-яё])"
    ),
    "zh": re.compile(r"(?:可以|能|就可以|就能|才能|再)\s*(?:把[^，,。；;！!？?\s]{1,8})?(?:停|不吃|不用)(?!了)"),
}
#: A time ahead in the sentence: "after this box", "in two weeks", "после курса", "吃完这盒".
_AHEAD = {
    "en": re.compile(
        r"\b(?:after (?:this|the|that|my) (?:box|pack|packet|course|bottle|prescription|month|week|one)"
        r"|once (?:i|the|this|it)|when (?:i|the|this|it)|in (?:a|an|one|two|three|four|\d+|a few|a couple of) "
        r"(?:days?|weeks?|wks?|months?)|next (?:week|month)|from (?:next|monday))\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:после (?:курса|пачки|упаковки|этой|этого)|через|когда|как только|со следующей)(?![а-яё])"
    ),
    "zh": re.compile(r"吃完这|用完这|这盒|这一盒|这疗程|这个疗程|以后|之后|下周|下个月|过几天|过两天|到时候|等"),
}
#: Advice to give up what follows: "told me to quit", "advised me to stop", "сказал бросить",
#: "велел бросать"; Russian imperfective "бросать" also for a medicine.
_ADVICE = {
    "en": re.compile(
        r"\b(?:told|tells|telling|advised|advises|asked|wants|wanted|recommended|urged|encouraged)\s+(?:me|us)\s+to\s+"
        r"(?:stop|quit|give up|cut out|cut down on)\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:сказал[аи]?|велел[аи]?|посоветовал[аи]?|порекомендовал[аи]?|рекомендовал[аи]?|советует|советуют"
        r"|рекомендует|рекомендуют)\s+(?:мне\s+)?(?:бросить|бросать|прекратить|отказаться)(?![а-яё])"
    ),
}
#: An imperfective Russian "give up" infinitive: an instruction to keep at it, never a stop made.
_RU_ONGOING = re.compile(r"(?<![а-яё])(?:бросать|прекращать|отменять|отказываться)(?![а-яё])")
#: The user's own word that the advice was followed or the stop made: "and i have", "я бросил", "已经戒了".
_FOLLOWED = re.compile(
    r"\b(?:and|so)\s+(?:i\s+)?(?:have|did|i'?ve (?:stopped|quit|given)|i (?:stopped|quit|gave))\b"
    r"|(?<![а-яё])я\s+(?:уже\s+)?(?:бросил|бросила|перестал|перестала|отменил|отменила)(?![а-яё])|已经\S{0,2}[停戒]|停了|戒了"
)
#: How far from the stop's words its fact may stand (characters).
_REACH = 40


def endings_ahead(facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """``facts`` with each stop that is only allowed, planned or advised made ``active`` again (a
    stop of the medicine discussed before, ``^``, dropped: nothing of it is said but the plan)."""
    coming = _COMING.get(lang)
    if coming is None or not any(_stoppable(f) for f in facts):
        return facts
    ahead: list[Fact] = []
    advice = _ADVICE.get(lang)
    for n, (start, end, _) in enumerate(spans):
        # (cue, whether it holds for medicines too): advice alone is a prescription's stop for them
        cues = [(cue, True) for cue in coming.finditer(norm, start, end)]
        if _AHEAD[lang].search(norm, start, end):
            cues += [(cue, True) for cue in _ALLOWED[lang].finditer(norm, start, end)]
        if advice is not None:
            cues += [(cue, False) for cue in advice.finditer(norm, start, end)]
        if lang == "ru":
            cues += [(cue, True) for cue in _RU_ONGOING.finditer(norm, start, end)]
        for cue, medicines in cues:
            if _FOLLOWED.search(norm, cue.end(), end):
                continue
            for f in facts:
                if (
                    f.sentence == n
                    and _stoppable(f)
                    and (medicines or f.section == "lifestyle")
                    and _near(f, cue.start(), cue.end())
                ):
                    ahead.append(f)
    for f in ahead:
        f.status = "active"
    return [f for f in facts if not (f in ahead and f.entity == LAST_DISCUSSED)]


def _stoppable(f: Fact) -> bool:
    return f.section in ("medications", "lifestyle") and f.status == "stopped" and f.entity != SECTION_WIDE


def _near(f: Fact, start: int, end: int) -> bool:
    """The fact stands within reach of the cue, on either side (en "can stop the X", zh "X…就可以停")."""
    return start - _REACH <= f.end and f.start <= end + _REACH
