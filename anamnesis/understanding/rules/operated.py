"""What an operation ends: the illness it was done for, over beside it.

"had my gallbladder out in 2019 because of stones", "аппендицит вырезали в 15 лет", "матку удалили
из-за миомы", "十年前肾结石打过一次碎石": the operation is ``historical`` and the illness it
removed is ``resolved`` beside it, whether the user names the illness on its own in the sentence or
as what the operation took out (the rules then read "аппендицит вырезали" as the appendectomy, and
the appendicitis is added here). An episodic diagnosis told in the sentence of any operation is
over too ("胆结石，胆囊切了"); a long-lasting condition only when the operation removes it
(procedures.tsv ``ends``, or the condition's own ``operation``): "chronic pancreatitis, gallbladder
out in 2020" keeps the pancreatitis, and a hip replaced ends no arthritis of the knees.

A look inside with an instrument or a needle (procedures.tsv ``look``: a gastroscopy, a biopsy)
finds illnesses and ends none: "做了胃镜，慢性胃炎" keeps the gastritis active.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact, status_for
from anamnesis.understanding.rules.looks import looks
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Hit
from schemas.sections import PRESENT_STATUS

_DONE = PRESENT_STATUS["surgeries"]
_ACTIVE = "active"
#: The user saying they have an illness now, right before its name: "i have a hernia", "у меня
#: грыжа", "我有疝气". An operation elsewhere in the sentence did not treat it.
_HAS_NOW = re.compile(
    r"(?:\bi(?: have| have got| still have|'ve got|ve got)|(?<![а-яё])у меня (?:есть |сейчас )?"
    r"|我(?:现在)?有)\s*(?:an? )?$"
)
_ILLNESS_KINDS = frozenset({"diagnosis", "condition"})
#: The cues of a verb that takes an organ or an illness out or puts a new one in.
_VERBS = frozenset({"removal", "replace"})


@cache
def _ended_by() -> dict[str, frozenset[str]]:
    """Each operation's canonical name → the illnesses it removes (its rows' ``ends``, and every
    illness whose ``operation`` it is)."""
    ends: dict[str, set[str]] = {}
    for term in load_terminology().terms:
        if term.kind == "procedure" and (said := term.links.get("ends")):
            ends.setdefault(term.canonical, set()).update(e.strip() for e in said.split("|") if e.strip())
        elif term.kind in _ILLNESS_KINDS and (operation := term.links.get("operation")):
            ends.setdefault(operation, set()).add(term.canonical)
    return {op: frozenset(ills) for op, ills in ends.items()}


def treated_by_operation(facts: list[Fact], msg: Message, scan: Callable[[str], list[Hit]]) -> list[Fact]:
    """``facts`` with the illnesses their sentence's operations ended resolved, and the illness an
    operation's own words take out with a verb ("аппендицит вырезали", "cataracts out", "痔疮割了"),
    which the rules read as the operation, added as resolved; ``scan``: the lexicon's matcher."""
    kinds = looks()
    operations = [
        f for f in facts if f.section == "surgeries" and f.status == _DONE and f.end > f.start and f.entity not in kinds
    ]
    if not operations:
        return facts
    ended = _ended_by()
    for f in facts:
        if f.status != _ACTIVE or f.section not in ("diagnoses", "chronic_conditions"):
            continue
        ops = [op for op in operations if op.sentence == f.sentence]
        if not ops or (f.end > f.start and _HAS_NOW.search(msg.norm, max(0, f.start - 16), f.start)):
            continue
        if f.section == "diagnoses" or any(f.entity in ended.get(op.entity, ()) for op in ops):
            f.status = status_for(f.section, "end")
    held = {f.entity for f in facts if f.section in ("diagnoses", "chronic_conditions")}
    added: list[Fact] = []
    for op in operations:
        said = msg.norm[op.start : op.end]
        found = scan(said)
        if not any(lex.cat in _VERBS for _, _, lex in found):
            continue  # "cataract surgery", "白内障手术": the illness names the operation, and is not said over
        for s, e, lex in found:
            if lex.cat == "term" and lex.kind in _ILLNESS_KINDS and lex.value in ended.get(op.entity, ()):
                if lex.value not in held:
                    held.add(lex.value)
                    section = KIND_SECTION[lex.kind]
                    over = status_for(section, "end")
                    added.append(Fact(op.start + s, op.start + e, op.sentence, section, lex.value, over, said[s:e]))
    return [*facts, *added, *_bare_stones(operations, msg, ended, held)]


#: Stones named without their organ: "because of stones", "камни были", "有结石".
_STONE_WORDS = {
    "en": re.compile(r"\bstones?\b"),
    "ru": re.compile(r"(?<![а-яё])(?:камень|камн\w+)(?![а-яё])"),
    "zh": re.compile(r"结石|石头"),
}
#: A denial right before them: "no stones left" ends nothing.
_NO_BEFORE = re.compile(r"(?:\bno|\bnot any|(?<![а-яё])(?:нет|без)|没有|没)\s*$")


def _bare_stones(operations: list[Fact], msg: Message, ended: dict[str, frozenset[str]], held: set[str]) -> list[Fact]:
    """ "had my gallbladder out in 2019 because of stones", "желчный удалили в 2020, камни были",
    "胆囊切了，有结石": bare stones in the sentence of an operation that removes one kind of stones are
    those stones, over."""
    words = _STONE_WORDS.get(msg.lang)
    out: list[Fact] = []
    for op in operations:
        kinds = [ill for ill in ended.get(op.entity, ()) if ill.endswith("stones")]
        clauses = [c for c in msg.clauses if c.sentence == op.sentence and not c.skip and c.subject == "self"]
        if words is None or len(kinds) != 1 or kinds[0] in held or not clauses:
            continue
        for found in words.finditer(msg.norm, clauses[0].start, clauses[-1].end):
            if not _NO_BEFORE.search(msg.norm, max(0, found.start() - 8), found.start()):
                held.add(kinds[0])
                over = status_for("diagnoses", "end")
                out.append(Fact(found.start(), found.end(), op.sentence, "diagnoses", kinds[0], over, found[0]))
                break
    return out
