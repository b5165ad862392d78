"""What a clause says around a medicine besides taking it: what it is for, and drinks that are no alcohol.

"pills for my blood pressure", "bp meds", "не тошнит от метформина", "пью воду": the condition, the
cause or the drink is said of the medicine, and must not become a fact of its own or lose its state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import SECTION_WIDE

_NOT_ALCOHOL = frozenset({"beverage", "s:medications", "k:drug"})
#: A purpose after a medicines noun: "pills for my blood pressure", "таблетки от давления".
PURPOSE = re.compile(r"\s*(?:for|от|для|против)(?![a-zа-я])")


def purposes_stay(norm: str, clause: Clause, mentions: list[Mention], drugs_for: dict[str, str]) -> list[Mention]:
    """A condition said as what a medicine is for ("stopped my pills for blood pressure", "my bp
    meds", "降糖药停了"): the clause's stop or change is the medicine's, the condition stays; a
    denied class of medicines ("no bp meds") says nothing of the condition. A stop of it is a
    stop of the condition's class of medicines (``drugs_for``: condition → class), which the fold
    resolves to the user's drugs of that class (:mod:`anamnesis.facts.medicine_classes`)."""
    out = []
    for m in mentions:
        if m.kind == "condition" and (PURPOSE.match(norm, m.start) or _medicine_class(clause, m)):
            if m.state == "neg" and _medicine_class(clause, m):
                continue
            if m.state == "end" and m.entity in drugs_for:
                out.append(Mention(m.start, m.end, "drug", drugs_for[m.entity], state="end"))
            m.state = None
        out.append(m)
    return out


def classes_ended_only(facts: list[Fact], only_classes: frozenset[str]) -> list[Fact]:
    """A class of medicines is proposed only as stopped or denied ("finished the antibiotics"),
    for the fold to end the user's drugs of it; a class said taken ("on painkillers now and
    then", "терапевт говорит статин надо будет") names no drug the record could hold."""
    return [f for f in facts if not (f.section == "medications" and f.status == "active" and f.entity in only_classes)]


def _medicine_class(clause: Clause, m: Mention) -> bool:
    """The mention is a class of medicines named by its condition (terminology medicine_classes.tsv)."""
    return any(
        s == m.start and e == m.end and lex.term is not None and lex.term.links.get("medicine") == "yes"
        for s, e, lex in clause.hits
    )


def drinks_something_else(clause: Clause, clauses: Sequence[Clause] = (), lang: str = "", norm: str = "") -> bool:
    """ "drink"/"пью"/"喝" mean alcohol unless water, tea or a medicine is what is drunk. A Russian
    or Chinese bare drinking verb goes on about the medicine or drink an earlier clause of its
    sentence or the sentence before named ("之前喝乳果糖，喝了肚子胀就不喝了", "кеторол пила, сейчас не
    пью", "назначили кальций 1000 мг. пью с понедельника"), unless the sentence names a habit by its
    own word ("пью конкор, не курю, не пью"). (A drink measured as no alcohol is, "пять раз в день
    пить", is ``clause_facts``' measured drink.)"""
    if drinks_other(clause.cats):
        return True
    if lang not in ("ru", "zh"):
        return False
    same = [c for c in clauses if c.sentence == clause.sentence]
    if any(lex.kind == "lifestyle" and not lex.weak for c in same for _, _, lex in c.hits):
        return False
    # "купил гептрал, пью 400 мг. и пить бросил совсем": quitting drinking in a sentence of its own is
    # alcohol, unless the sentence before told a medicine's course in the past ("урсосан пила полгода")
    quits = lang == "ru" and _quits_drinking(norm, clause, clauses)
    sentences = (clause.sentence,) if quits else (clause.sentence, clause.sentence - 1)
    before = [c for c in clauses if c.sentence in sentences and c.end <= clause.start]
    return any(drinks_other(c.cats) for c in before)


#: The Russian idiom of giving up drink: a stopping verb right beside a bare "пить" ("бросил пить",
#: "пить бросила совсем", "завязал пить"); "бросила пить таблетки" names what it stops.
_RU_QUITS_DRINKING = re.compile(
    r"(?<![а-яё])(?:(?:бросил|бросила|перестал|перестала|завязал|завязала)\s+пить|пить\s+(?:бросил|бросила|перестал|перестала))"
    r"(?![а-яё])(?!\s+(?:таблет|капсул|лекарств|препарат|его|её|ее|их))"
)


#: A Russian drinking verb in the past: "пила", "пил", "пили", "выпила".
_RU_DRANK = re.compile(r"(?<![а-яё])(?:вы|до|про)?пил[аи]?(?![а-яё])")


def _quits_drinking(norm: str, clause: Clause, clauses: Sequence[Clause]) -> bool:
    if _RU_QUITS_DRINKING.search(norm, clause.start, clause.end) is None:
        return False
    before = [c for c in clauses if c.sentence == clause.sentence - 1]
    return not before or _RU_DRANK.search(norm, before[0].start, before[-1].end) is None


def drinks_a_diet_drink(mentions: list[Mention]) -> bool:
    """ "drink red bull every day", "пью энергетики", "每天喝两罐红牛": the clause names what is drunk
    as a habit of the diet (a caffeinated drink), so its bare drinking verb (a weak word of
    lifestyle.tsv) is that drink, not alcohol."""
    return any(m.kind == "lifestyle" and m.entity == "diet" and not m.weak for m in mentions) and any(
        m.kind == "lifestyle" and m.weak for m in mentions
    )


#: A taste said right after a drink or a food ("fizzy drinks taste flat", "кофе на вкус горький",
#: "可乐喝起来没味道"): a complaint of taste, not a habit of the diet.
_TASTED = re.compile(
    r"\s*(?:tastes?|tasted|tasting)\b|\s*(?:стал\w*\s+)?(?:на вкус|горч|безвкус)|(?:喝起来|吃起来|没味|发苦)"
)


def without_tasted_diet(norm: str, mentions: list[Mention]) -> list[Mention]:
    """ "everything tastes weird, fizzy drinks taste flat": a drink the diet names, said with how
    it tastes, is what the taste complaint is noticed in, no habit of the diet."""
    return [m for m in mentions if not (m.kind == "lifestyle" and m.entity == "diet" and _TASTED.match(norm, m.end))]


def drug_drunk_before(facts: list[Fact], clause: Clause) -> str | None:
    """The medicine an earlier clause of the sentence (or the sentence before) named, which a bare
    drinking verb after it goes on about ("之前喝乳果糖，喝了肚子胀就不喝了": the lactulose is what was stopped)."""
    named = [
        f
        for f in facts
        if f.section == "medications" and f.sentence in (clause.sentence, clause.sentence - 1) and f.end <= clause.start
    ]
    return named[-1].entity if named and named[-1].entity != SECTION_WIDE else None


def drinks_other(tags: set[str]) -> bool:
    """The tags of a clause or a question name water, tea or a medicine as what is drunk
    ("Do you drink coffee?" asks nothing of alcohol)."""
    return bool(tags & _NOT_ALCOHOL)


def cause_not_denied(norm: str, mentions: list[Mention]) -> None:
    """ "не тошнит от метформина": the denial is of the effect; the drug after "от" is its
    cause, taken, not denied."""
    if not any(m.state == "neg" and m.kind == "symptom" for m in mentions):
        return
    for m in mentions:
        if m.kind == "drug" and m.state == "neg" and norm[max(0, m.start - 3) : m.start] == "от ":
            m.state = None


#: "на тресибе", "на метформине", "на таблетках": a drug in the locative after "на" is what the
#: user is on, the circumstance of what the clause says ("на тресибе нет" — no hypos on it).
_ON_DRUG = re.compile(r"(?<![а-я])на\s+$")


def circumstance_not_denied(norm: str, mentions: list[Mention]) -> None:
    """ "раньше бывали, на тресибе нет": a denial after "на <drug>" (locative) is of the thing asked
    or said, not of the drug the user is on; the drug keeps no denial of its own."""
    for m in mentions:
        if (
            m.kind == "drug"
            and m.state == "neg"
            and norm[m.end - 1 : m.end] in ("е", "и")
            and _ON_DRUG.search(norm, max(0, m.start - 4), m.start)
        ):
            m.state = None
