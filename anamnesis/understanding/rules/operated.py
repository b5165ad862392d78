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
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact, status_for
from anamnesis.understanding.rules.lexicon import LESIONS_FILE
from anamnesis.understanding.rules.looks import looks
from anamnesis.understanding.rules.operation_ends import ILLNESS_KINDS, ended_by
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
#: The cues of a verb that takes an organ or an illness out or puts a new one in.
_VERBS = frozenset({"removal", "replace"})


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
    ended = ended_by()
    _named_by_site(facts, operations, ended)
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
            if lex.cat == "term" and lex.kind in ILLNESS_KINDS and lex.value in ended.get(op.entity, ()):
                if lex.value not in held:
                    held.add(lex.value)
                    section = KIND_SECTION[lex.kind]
                    over = status_for(section, "end")
                    added.append(Fact(op.start + s, op.start + e, op.sentence, section, lex.value, over, said[s:e]))
    return [*facts, *added, *_bare_lesions(operations, msg, ended, held, scan)]


@cache
def _lesions() -> dict[str, dict[str, re.Pattern[str]]]:
    """data/lesions.tsv: each head → per language, a pattern of its words."""
    edges = {"en": (r"\b", r"\b"), "ru": (r"(?<![а-яё])", r"(?![а-яё])"), "zh": ("", "")}
    out: dict[str, dict[str, re.Pattern[str]]] = {}
    for _, row in read_rows(LESIONS_FILE, ("head", "en", "ru", "zh")):
        for lang, (opens, closes) in edges.items():
            forms = [f.strip() for f in row[lang].split("|") if f.strip()]
            stem = r"\w*" if lang != "zh" else ""
            alts = [re.escape(f[:-1]) + stem if f.endswith("~") else re.escape(f) for f in forms]
            if alts:
                alts.sort(key=len, reverse=True)
                out.setdefault(row["head"], {})[lang] = re.compile(rf"{opens}(?:{'|'.join(alts)}){closes}")
    return out


#: The operation noun right after a lesion, which the lesion only names: "鼻息肉手术", "polyp surgery".
_OPERATION_NOUN = re.compile(r"\s*的?\s*(?:手术|surgery|surgeries|operation|op\b|операци)")
#: A denial right before them: "no stones left" ends nothing.
_NO_BEFORE = re.compile(r"(?:\bno|\bnot any|(?<![а-яё])(?:нет|без)|没有|没)\s*$")


def _bare_lesions(
    operations: list[Fact],
    msg: Message,
    ended: dict[str, frozenset[str]],
    held: set[str],
    scan: Callable[[str], list[Hit]],
) -> list[Fact]:
    """ "had my gallbladder out in 2019 because of stones", "half my thyroid out for a nodule",
    "полщитовидки отрезали из-за узла", "they took out 2 polyps", "胆囊切了，有结石": a lesion named
    without its organ (data/lesions.tsv) in the user's own sentence of an operation is the one
    illness the operation ends whose name holds it, over. Right before the operation noun of the
    operation's own words, with no verb there, it only names the operation ("鼻息肉手术"; not
    "polyps removed", "胆结石做了手术")."""
    out: list[Fact] = []
    for op in operations:
        clauses = [c for c in msg.clauses if c.sentence == op.sentence and not c.skip and c.subject == "self"]
        if not clauses:
            continue
        named_only = not any(lex.cat in _VERBS for _, _, lex in scan(msg.norm[op.start : op.end]))
        for head, words in _lesions().items():
            kinds = [ill for ill in ended.get(op.entity, ()) if head in ill]
            pattern = words.get(msg.lang)
            if pattern is None or len(kinds) != 1 or kinds[0] in held:
                continue
            for found in pattern.finditer(msg.norm, clauses[0].start, clauses[-1].end):
                inside = op.start <= found.start() and found.end() <= op.end
                names_it = inside and named_only and _OPERATION_NOUN.match(msg.norm, found.end())
                denied = _NO_BEFORE.search(msg.norm, max(0, found.start() - 8), found.start())
                if not names_it and not denied:
                    held.add(kinds[0])
                    section = _section_of(kinds[0])
                    over = status_for(section, "end")
                    out.append(Fact(found.start(), found.end(), op.sentence, section, kinds[0], over, found[0]))
                    break
    return out


def _section_of(illness: str) -> str:
    """The section an illness's canonical name belongs in (a condition or an episodic diagnosis)."""
    kind = _illness_kinds().get(illness, "diagnosis")
    return KIND_SECTION[kind]


@cache
def _illness_kinds() -> dict[str, str]:
    return {t.canonical: t.kind for t in load_terminology().terms if t.kind in ILLNESS_KINDS}


def _named_by_site(facts: list[Fact], operations: list[Fact], ended: dict[str, frozenset[str]]) -> None:
    """ "тазобедренный сустав меняли из-за артроза", "hip replaced for osteoarthritis": a general illness
    told in the sentence of an operation that ends the one illness of its kind at the operated site
    (procedures.tsv ``ends``: "hip osteoarthritis") is that illness."""
    for f in facts:
        if f.status != _ACTIVE or f.section not in ("diagnoses", "chronic_conditions"):
            continue
        for op in operations:
            kinds = [ill for ill in ended.get(op.entity, ()) if ill.endswith(" " + f.entity)]
            if op.sentence == f.sentence and f.entity not in ended.get(op.entity, ()) and len(kinds) == 1:
                f.entity, f.section = kinds[0], _section_of(kinds[0])
                break
