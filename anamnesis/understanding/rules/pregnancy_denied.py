"""A pregnancy the user denies, by the word or by a negative test, is ``pregnancy`` ruled out.

"no not pregnant", "did a test, not pregnant", "pregnancy test was negative", "тест на беременность
отрицательный", "беременности нет", "测了没怀", "没有怀孕", "验孕棒一条杠": pregnancy is a diagnosis
(gold README), and a denial of it is that diagnosis ``confirmed_absent``, as "не беременна" already
is through the vocabulary's statement form. The vocabulary names pregnancy only in statement forms
("I'm pregnant", "怀孕了"), so "not pregnant" and "没怀孕" reach no term there; they are read here.
The clause's own gates decide whether it is the user's (no question, plan or other person: "if I'm
not pregnant", "is she pregnant?", "my wife isn't pregnant"), and a pregnancy that ended ("not
pregnant anymore", "больше не беременна", "不再怀孕") is no denial.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.reading import Message
from schemas.sections import CONFIRMED_ABSENT

_PREGNANCY = "pregnancy"
_DENIED = re.compile(
    r"\b(?:not|n't|never been|never) (?:currently )?pregnant\b(?! ?(?:any ?more|now that|since))"
    r"|\bnegative (?:pregnancy|preg) test\b|\b(?:pregnancy|preg) test (?:was |is |came back |came out )?negative\b"
    r"|(?<![а-яё])тест на беременность (?:был |оказался |показал )?отрицательн\w*"
    r"|(?<![а-яё])беременности нет(?![а-яё])|(?<![а-яё])не беременн\w+(?![а-яё])"
    r"|(?:没|没有|未)(?:怀孕|怀上|怀(?![疑念旧]))|验孕\w{0,2}?(?:是|显示)?(?:阴性|一条杠)|不是怀孕"
)
#: Literals one of which every denial holds: a message without them is not searched.
_LITERALS = re.compile("pregnan|preg test|беременн|怀|验孕")
#: What says the pregnancy ended rather than was never there.
_ENDED = re.compile(r"any ?more|больше не|уже не|不再")
#: Doubt before the denial, or a plan after it: "can't be sure I'm not pregnant", "不知道有没有怀孕",
#: "没有怀孕的打算" say nothing of whether the user is pregnant now.
_DOUBT = re.compile(
    r"\b(?:not sure|can'?t be sure|cannot be sure|unsure|don'?t know|no idea|hope|hoping|maybe|might)\b"
    r"|не знаю|не уверен|надеюсь|может|вдруг|不知道|不确定|不敢确定|说不准|可能|希望|有没有"
)
_PLAN_AFTER = re.compile(r"\s*的?(?:打算|计划|想法|准备)")


def denies_pregnancy(norm: str) -> bool:
    """Whether ``norm`` denies a pregnancy in words of any language (a message with nothing else to read)."""
    return _LITERALS.search(norm) is not None and _DENIED.search(norm) is not None


def add_pregnancy_denied(msg: Message) -> None:
    """A ``pregnancy`` ``confirmed_absent`` fact for the first denial of a pregnancy in a clause that
    states the user's own health, unless the message has a pregnancy fact already."""
    if not denies_pregnancy(msg.norm) or any(f.entity == _PREGNANCY for f in msg.facts):
        return
    for found in _DENIED.finditer(msg.norm):
        clause = next((c for c in msg.clauses if c.start <= found.start() < c.end), None)
        if clause is None or clause.skip or clause.subject != "self" or 0 < clause.intent_at <= found.start():
            continue
        if _ENDED.search(msg.norm, max(clause.start, found.start() - 10), min(clause.end, found.end() + 12)):
            continue
        if _DOUBT.search(msg.norm, clause.start, found.start() + 2) or _PLAN_AFTER.match(msg.norm, found.end()):
            continue
        start, end, denied = found.start(), found.end(), found.group(0)
        msg.facts.append(Fact(start, end, clause.sentence, "diagnoses", _PREGNANCY, CONFIRMED_ABSENT, denied))
        return
