"""A reply that keeps some of the asked things and denies the rest: "only the blood pressure".

A question that names several things ("Do you have diabetes, high blood pressure or asthma?",
"Были ли у вас: 1) операции, 2) переломы, 3) аллергии?", "有没有高血压、糖尿病、心脏病？") is often
answered by naming what the user has with a word of exclusion: "only" / "just" / "только" / "лишь" /
"只有" / "就" before what it keeps ("only the blood pressure", "только гипертония", "就第一个"), or in
English and Russian right after it ("насморк только"); or "except" / "кроме" / "除了" beside a denial
("none of those except the second", "ничего из этого, кроме второго", "除了第二个都没有").

What the reply keeps is an asked thing it names (a fact of its own, or words of the question's name
for it: "the blood pressure") or points at by its place ("the second", "второго", "第一个"). Every
other asked thing is denied: an asked item is confirmed absent, an asked section ("операции") gets
its section-wide denial. A kept item the reply gives no fact of is there. The exclusion word must
stand right before (or after) what it keeps, so "I just started metformin" keeps nothing.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.answers import Topic, scan
from anamnesis.understanding.rules.asked_parts import item_words, name_words, pointed
from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.reading import Message
from schemas.sections import CONFIRMED_ABSENT, SECTION_WIDE

#: One asked thing: ("item", (section, entity)) or ("section", (section, "*")).
Thing = tuple[str, tuple[str, str]]

#: "Only": what follows (or, in English and Russian, what comes right before) is all the user has.
_ONLY = {
    "en": re.compile(r"\b(?:only|just)\b"),
    "ru": re.compile(r"(?<![а-яё])(?:только|лишь)(?![а-яё])"),
    # "就是" / "只是" set a contrast ("不喘，就是咳"); "就" inside a clause is "then" ("吃了药就好了")
    "zh": re.compile(r"只有|只(?!是)|(?:^|(?<=[\s,.;!?，。；！？、]))就(?!是)|仅"),
}
#: "Except": what follows is kept from a denial said beside it.
_EXCEPT = {
    "en": re.compile(r"\b(?:except(?: for)?|apart from|other than|besides|aside from)\b"),
    "ru": re.compile(r"(?<![а-яё])(?:кроме|за исключением|не считая|разве что)(?![а-яё])"),
    "zh": re.compile(r"除了|除去"),
}
#: Where what an exclusion word keeps ends: a pause or contrast; in Chinese also the "all" or
#: "besides" of the denial that follows ("除了第二个都没有", "除了高血压以外").
_KEPT_END = {
    "en": re.compile(r"[,;.!?()]|\b(?:but|though|although|which|had|have|got|i|i'm|im)\b"),
    "ru": re.compile(r"[,;.!?()—–]|(?<![а-яё])(?:но|а|зато|был|была|было|были|есть)(?![а-яё])"),
    "zh": re.compile(r"[\s,.;!?，。；！？()（）~～]|都|也|以外|之外|其他|别的|其余|没|不|有(?!点)"),
}
#: What may stand between an exclusion word and the fact it keeps ("only the", "just a bit of",
#: "только лёгкий", "就有点"): determiners and degree words, nothing that names.
_GAP = {
    "en": re.compile(r"\s*(?:(?:the|a|an|my|some|bit|of|little|mild|slight|one|that|this|those)\s+)*"),
    "ru": re.compile(r"\s*(?:[а-яё]+\s+)?"),
    "zh": re.compile(r"[有是一点个那这些的]{0,3}"),
}


def only_asked(msg: Message, asked: Topic) -> bool:
    """Deny the asked things the reply's exclusion leaves out and keep the rest; True when the
    reply answers so (then nothing else reads it as a bare answer)."""
    if msg.lang not in _ONLY:
        return False
    exclusions = _exclusions(msg)
    if not exclusions:
        return False  # no word of exclusion (most replies): the asked things, which may scan the question, unread
    things = _things(asked)
    if len(things) < 2:
        return False
    stated = {(f.section, f.entity) for f in msg.facts}
    stated_sections = {f.section for f in msg.facts}
    kept: list[Thing] = []
    at: tuple[int, int] | None = None
    for excepting, m in exclusions:
        span = _kept_span(msg, m)
        if span is None or (excepting and not _denied_beside(msg, span)):
            continue
        if not excepting and _denies_inside(msg, span):
            continue  # "only not the cough" keeps nothing
        found = _kept(msg, asked, things, span)
        if found:
            kept += [t for t in found if t not in kept]
            at = at or (m.start(), m.end())
    if at is None:
        return False
    # the exclusion's own sentence: the denials are said there, not by the reply as a whole
    sentence = next((c.sentence for c in msg.clauses if c.start <= at[0] < c.end), -1)
    for kind, (section, entity) in things:
        if (kind, (section, entity)) in kept:
            if kind == "item" and (section, entity) not in stated and not asked.family:
                msg.facts.append(Fact(at[0], at[1], sentence, section, entity, status_for(section, None)))
            continue
        if kind == "section":
            if section not in stated_sections:
                msg.facts.append(Fact(at[0], at[1], sentence, section, SECTION_WIDE, CONFIRMED_ABSENT))
        elif (section, entity) not in stated and (section, entity) not in asked.presumes:
            msg.facts.append(Fact(at[0], at[1], sentence, section, entity, status_for(section, "neg")))
    msg.touched.update(section for _, (section, _) in things)
    return True


def may_keep(norm: str, lang: str, asked: Topic) -> bool:
    """The reply has a word of exclusion and the question asked of two or more things: it may
    answer by keeping some ("only the blood pressure" names no term, yet it answers)."""
    return (
        lang in _ONLY
        and (_ONLY[lang].search(norm) or _EXCEPT[lang].search(norm)) is not None
        and (len(_things(asked)) > 1)
    )


def _things(asked: Topic) -> list[Thing]:
    """The asked things in the question's order: its items, or when it names only whole sections
    ("операции, переломы, аллергии?"), those sections in the order the question says them."""
    if asked.items:
        return [("item", item) for item in dict.fromkeys(asked.items)]
    where: dict[str, int] = {}
    for s, _, lex in scan(asked.question):
        section = "allergies" if lex.cat == "allergy" else lex.value if lex.cat == "section" else None
        if asked.family and section in ("chronic_conditions", "diagnoses", "symptoms"):
            section = "family_history"
        if section in asked.sections and section not in where:
            where[section] = s
    return [("section", (section, SECTION_WIDE)) for section in sorted(where, key=where.__getitem__)]


def _exclusions(msg: Message) -> list[tuple[bool, re.Match[str]]]:
    """Every exclusion word of the reply, with whether it is an "except"."""
    found = [(True, m) for m in _EXCEPT[msg.lang].finditer(msg.norm)]
    taken = [m.span() for _, m in found]
    found += [(False, m) for m in _ONLY[msg.lang].finditer(msg.norm) if not any(a <= m.start() < b for a, b in taken)]
    return sorted(found, key=lambda pair: pair[1].start())


def _kept_span(msg: Message, m: re.Match[str]) -> tuple[int, int] | None:
    """The span an exclusion word keeps: from it to the next pause; or, when nothing follows it
    before a pause (English and Russian "the cough only", "насморк только"), the phrase before it."""
    norm, lang = msg.norm, msg.lang
    stop = _KEPT_END[lang].search(norm, m.end())
    end = stop.start() if stop is not None else len(norm)
    if norm[m.end() : end].strip():
        return m.end(), end
    if lang == "zh":
        return None
    before = [p.end() for p in _KEPT_END[lang].finditer(norm, 0, m.start()) if not p.group().isalpha()]
    start = before[-1] if before else 0
    return (start, m.start()) if norm[start : m.start()].strip() else None


def _kept(msg: Message, asked: Topic, things: list[Thing], span: tuple[int, int]) -> list[Thing]:
    """The asked things the span keeps: by place, by the reply's own facts right at its start, or by
    words of exactly one asked item's name; asked sections only by place."""
    start, end = span
    placed = pointed(msg.norm, start, end, things, msg.lang)
    if placed:
        return placed
    if not asked.items:
        return []  # "lisinopril only" to "Which medicines, and any allergies?": only within medicines
    inside = [f for f in msg.facts if start <= f.start < end and f.entity != SECTION_WIDE]
    if inside and _GAP[msg.lang].fullmatch(msg.norm, start, min(f.start for f in inside)):
        return [("item", (f.section, f.entity)) for f in inside if ("item", (f.section, f.entity)) in things]
    if inside or any(start <= s < end and lex.kind for s, _, lex in msg.hits):
        return []
    words = name_words(msg.norm, start, end, msg.lang)
    names = item_words(asked, msg.lang)
    matches = [item for item, name in names.items() if words and words <= name]
    return [("item", matches[0])] if len(matches) == 1 else []


def _denied_beside(msg: Message, span: tuple[int, int]) -> bool:
    """A denial outside the kept span ("none of those except...", "除了第二个都没有")."""
    return any(lex.cat == "neg" and not span[0] <= s < span[1] for s, _, lex in msg.hits)


def _denies_inside(msg: Message, span: tuple[int, int]) -> bool:
    """A denial inside the kept span."""
    return any(lex.cat == "neg" and span[0] <= s < span[1] for s, _, lex in msg.hits)
