"""A stop told as the answer to a habit or medicine question: "Do you smoke?" — "gave up after the heart attack".

The reply's stopping verb has no object of its own: the event it names ("after the heart attack",
"сразу после инфаркта", "放完支架就戒了") only dates or explains the stop, so the stop is of what
the question asked. A plan to stop ("trying to quit", "хочу бросить", "想戒") says the habit goes
on. The event keeps its own reading; this only decides what the bare stop answers.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

#: Habits a person stops (sleep is no habit one gives up); every medicine can be stopped.
_HABITS = frozenset({"smoking", "alcohol"})
#: Kinds of term a stop may take as its own object: "stopped the metformin", "gave up the booze".
_STOPPED_KINDS = frozenset({"drug", "lifestyle"})

#: Ending cues that only place a habit in the past ("used to", "раньше", "以前"), or tell a recovery
#: ("gone", "прошло", "好了"): neither is a stop, and "used to a lot, now only the odd one" goes on.
_NOT_A_STOP = re.compile(
    r"used to|formerly|previously|in the past|ex[- ]?smoker|former|"
    r"gone|went|disappear|clear|resolv|recover|got over|cured|heal|mend|fine|settle|over|behind|outgrew|grew out|"
    r"раньше|прежде|прош|выздоров|вылеч|зажил|ок|порядке|"
    r"以前|之前|过去|好了|没了|消"
)

#: A word before an event that makes it the time or the cause of the stop: "the day of the heart
#: attack", "after my bypass", "when I had the stroke", "после инфаркта", "из-за астмы", "自从心梗".
_EN_ANCHOR = re.compile(
    r"\b(?:before|after|since|following|when|once|until|till|because of|due to|cause of|the (?:day|week|month|year)"
    r"(?: of| after| before)?|right after|straight after)\b[^.,;!?]{0,24}$"
)
_RU_ANCHOR = re.compile(
    r"(?<![а-яё])(?:после|перед|до|когда|из-за|в день|с тех пор как|как только)(?![а-яё])[^.,;!?]{0,24}$"
)
_ZH_ANCHOR_BEFORE = re.compile(r"(?:自从|从|因为|由于|[做放装搭查]完|[做放装搭]了)[^，。,.;；！!？?]{0,4}$")
#: ... or, in Chinese, a word after it: "心梗以后", "支架就", "查出糖尿病那年".
_ZH_ANCHOR_AFTER = re.compile(r"\s*(?:以后|之后|以来|后|那年|那天|那次|那会儿?|的时候|时|完)|\s*(?:就|便|才)")


def _only_dates(norm: str, start: int, end: int, lang: str) -> bool:
    """The term at ``start``–``end`` is the time or cause of something, not an object."""
    if lang == "zh":
        return bool(_ZH_ANCHOR_AFTER.match(norm, end) or _ZH_ANCHOR_BEFORE.search(norm, max(0, start - 8), start))
    anchor = _RU_ANCHOR if lang == "ru" else _EN_ANCHOR
    return anchor.search(norm, max(0, start - 40), start) is not None


def _stops(norm: str, clause: Clause) -> list[int]:
    """Starts of the clause's stopping verbs ("quit", "бросил", "戒了")."""
    return [s for s, e, lex in clause.hits if lex.cat == "end" and not _NOT_A_STOP.search(norm[s:e])]


def _stoppable(item: tuple[str, str]) -> bool:
    """A medicine or a habit, which a person stops; no illness or sleep."""
    section, entity = item
    return section == "medications" or (section == "lifestyle" and entity in _HABITS)


#: A stop under way, which has not happened yet: "trying to give up", "пытаюсь бросить", "正在戒".
_UNDER_WAY = re.compile(r"(?:trying|attempting|working on|пыта\w*|стара\w*|пробу\w*|正在|在|试着|尝试)\s*$")


def _plans_it(msg: Message, clause: Clause, stops: list[int]) -> bool:
    """Every stop of the clause follows a word of wish or attempt ("trying to quit", "正在戒")."""
    plan = next((s for s, _, lex in clause.hits if lex.cat == "intent"), None)
    if plan is not None and all(s > plan for s in stops):
        return True
    return all(_UNDER_WAY.search(msg.norm, max(clause.start, s - 16), s) for s in stops)


def _stop_clause(msg: Message) -> Clause | None:
    """The first clause of the reply's first sentence that stops something."""
    first = msg.clauses[0].sentence if msg.clauses else None
    return next((c for c in msg.clauses if c.sentence == first and _stops(msg.norm, c)), None)


def ending_answer(msg: Message, asked: Topic) -> str | None:
    """``end`` when the reply's first sentence stops what a habit or medicine question asked, with
    nothing of its own to stop; ``yes`` when it only plans or tries to stop; else ``None``."""
    if not asked.items or not all(_stoppable(item) for item in asked.items):
        return None
    clause = _stop_clause(msg)
    if clause is None or clause.skip or clause.subject != "self" or clause.has("neg"):
        return None  # "never quit", "did he give up?"
    stops = _stops(msg.norm, clause)
    if _plans_it(msg, clause, stops):
        return "yes"  # "trying to quit, down to 5 a day": still smoking
    named = [(s, e) for s, e, lex in clause.hits if lex.kind]
    named += [(s, e) for s, e, lex in msg.hits if lex.kind in _STOPPED_KINDS and s < clause.start]
    if all(_only_dates(msg.norm, s, e, msg.lang) for s, e in named):
        return "end"
    return None  # "stopped the metformin", "思诺思…就没再吃了": the stop is of what it names


def keep_dating_illness(msg: Message) -> None:
    """A lasting illness that only dates the stop ("stopped when they found the diabetes", "查出糖尿病以后就
    戒了") is not ended by it: the stop was the asked habit's."""
    clause = _stop_clause(msg)
    if clause is None:
        return
    for fact in msg.facts:
        if (
            fact.section == "chronic_conditions"
            and fact.status == "resolved"
            and fact.sentence == clause.sentence
            and _only_dates(msg.norm, fact.start, fact.end, msg.lang)
        ):
            fact.status = "active"


def first_question_ended(msg: Message, asked: Topic) -> Topic | None:
    """The first of several questions, when the reply opens by stopping what it asked and goes on
    to answer the rest ("Do you smoke? Any long-term conditions?" — "quit 10 yrs ago. none")."""
    if len(asked.each) < 2 or len(msg.clauses) < 2 or ending_answer(msg, asked.each[0]) != "end":
        return None
    last = msg.clauses[-1]
    return None if _stops(msg.norm, last) else asked.each[0]


#: A habit of the past set against now: "used to a lot, now only the odd one", "раньше много,
#: сейчас по праздникам", "以前喝得多，现在偶尔喝一点".
_FORMERLY = re.compile(r"\bused to\b|\bformerly\b|(?<![а-яё])(?:раньше|прежде)(?![а-яё])|以前|过去|之前")
_NOW = re.compile(r"\b(?:now|nowadays|these days)\b|(?<![а-яё])(?:сейчас|теперь)(?![а-яё])|现在|目前|如今")
_STILL_DENIED = frozenset({"neg", "end", "anymore"})


def goes_on_now(msg: Message, asked: Topic) -> bool:
    """The reply sets what the user did before against what they do now, and the now-clause neither
    denies, nor ends, nor names another thing ("now I do yoga instead"): the asked habit goes on,
    only less ("used to, now just at weekends")."""
    former = _FORMERLY.search(msg.norm)
    if former is None:
        return False
    now = _NOW.search(msg.norm, former.end())
    if now is None:
        return False
    clause = next((c for c in msg.clauses if c.start <= now.start() < c.end), None)
    if clause is None or clause.subject != "self":
        return False
    asked_entities = {entity for _, entity in asked.items}
    return all(
        lex.cat not in _STILL_DENIED and (not lex.kind or lex.value in asked_entities)
        for s, _, lex in msg.hits
        if s >= now.start()
    )
