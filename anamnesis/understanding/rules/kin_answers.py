"""A relative named alone answers a family question: "Migraines in the family?" — "mum does. and dad had a stroke".

A clause that names only a blood relative ("у мамы.", "mum does, really bad ones", "У тёти по
маме", "我妈也是") says that relative has what the question asked, even when the reply goes on to
tell another relative's own illness. A clause that says anything more ("my dad is fine", "папа
здоров", "mum passed away last year") is no such answer.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

#: Cues that make a relative's clause say something of its own: a denial, an ending, a doubt.
_NOT_BARE = frozenset({"neg", "end", "anymore", "uncertain", "hypo", "hedge", "intent", "doctor", "accept", "when"})

#: Words that only echo the question or grade the asked thing around the relative's name.
_EN_FILLER = frozenset(
    "my our mum's mom's dad's mother's father's side does did has had have gets got get too also as well yes yeah"
    " yep and the of on her his them it one ones really very bad badly quite pretty severe same just".split()
)
_RU_FILLER = frozenset(
    "у моей моего мой моя моих нашей нашего по маме папе маминой папиной отцовской материнской линии стороне"
    " тоже также да есть был была было были болел болела болели и а вот неё него нее страдала страдал"
    " сильно очень тяжело".split()
)
_ZH_FILLER = re.compile(r"[我的也是有过得都家里她他吧啊呢嗯对挺很严重厉害,，.。!！\s]+")
_WORD = re.compile(r"[a-zа-яё'’]+")


def _leftover(msg: Message, clause: Clause) -> str:
    """The clause's text without its relatives' names."""
    text = msg.norm[clause.start : clause.end]
    for s, e, lex in sorted(clause.hits, key=lambda h: -h[0]):
        if lex.kind == "relative":
            text = text[: s - clause.start] + " " + text[e - clause.start :]
    return text


def _names_only_kin(msg: Message, clause: Clause) -> bool:
    """The clause names a relative and nothing else but words of answer or degree."""
    if clause.subject != "family" or not clause.relations or clause.skip or not clause.cats.isdisjoint(_NOT_BARE):
        return False
    if any(lex.kind and lex.kind != "relative" for _, _, lex in clause.hits):
        return False
    rest = _leftover(msg, clause)
    if msg.lang == "zh":
        return not _ZH_FILLER.sub("", rest)
    filler = _RU_FILLER if msg.lang == "ru" else _EN_FILLER
    return all(word in filler for word in _WORD.findall(rest))


def kin_named_alone(msg: Message) -> list[Clause]:
    """The reply's clauses that name only a relative (see the module's docstring)."""
    return [c for c in msg.clauses if _names_only_kin(msg, c)]
