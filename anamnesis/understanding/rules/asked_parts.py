"""Replies that answer each asked thing by a word of its name: "diabetes no, blood pressure yes".

A question names its items in full ("Do you have diabetes or high blood pressure?", "Any shortness
of breath or chest pain?"); a reply that answers them one by one often keeps only a word of each
("blood pressure yes", "a bit breathless but no pain"). Such a piece names no term, so neither the
clause reading nor the bare-answer reading (which wants the answer word first) finds it. Here a
piece of an English reply, cut at commas and contrasts, that holds an answer word and no term of
its own, and whose other words all belong to the name of exactly one asked item, answers that item;
so does one whose only word is the item's place in the question ("yes the first, not the second").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.answers import Topic, scan
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact, status_for
from anamnesis.understanding.rules.reading import Message

#: Where a reply's answers part: punctuation and contrasts ("swelling yes, pain not really").
_CUTS = re.compile(r"[,;.!?]|\b(?:but|though|although|and|while)\b")
_WORD = re.compile(r"[a-z]+")
#: Words of answering and of degree, which say how, not what.
_NOT_NAMES = frozenset(
    "a an the my any some bit little lot really not no yes yeah yep yup nope nah never none at all that is "
    "it its s there i im do dont does doesnt did didnt have havent has had get got just only much very "
    "mild slight slightly sometimes occasionally ever now anymore any more either neither too also so "
    "thats correct right".split()
)
#: Words of a question's item that name no particular thing ("any pain in your chest").
_NOT_ITEM_WORDS = frozenset("any your you in of on the a with when do have or and".split())
#: The place in the question's list an ordinal answers for ("the first", "the latter"; -1 the last).
_ORDINALS = {"first": 0, "former": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "latter": -1, "last": -1}
_ORDINAL_FILLERS = frozenset({"one", "to", "for", "thing", "part"})
#: Answer cues and the state they give: a denial wins over nothing, a yes, or an amount.
_POSITIVE = frozenset({"yes", "some", "sev", "freq"})


def answered_by_part(msg: Message, asked: Topic) -> None:
    """Add a fact for each asked item that a piece of the reply answers by a word of its name."""
    if msg.lang != "en" or not asked.items or asked.family or asked.allergy or not asked.question:
        return
    names = _item_words(asked)
    if not names:
        return
    stated = {(f.section, f.entity) for f in msg.facts}
    for start, end in _pieces(msg.norm):
        state = _state(msg, start, end)
        if state is None:
            continue
        words = {_stem(w) for w in _WORD.findall(msg.norm, start, end) if w not in _NOT_NAMES}
        if not words:
            continue
        place = _ORDINALS.get(" ".join(sorted(words - _ORDINAL_FILLERS)))
        if place is not None and len(asked.items) > 1:
            matches = [asked.items[min(place, len(asked.items) - 1)]]  # "yes the first, not the second"
        else:
            matches = [item for item, name in names.items() if words <= name]
        if len(matches) != 1 or matches[0] in stated:
            continue
        clause = next((c for c in msg.clauses if c.start <= start < c.end), None)
        if clause is None or clause.skip or clause.subject != "self":
            continue
        section, entity = matches[0]
        msg.facts.append(Fact(start, end, clause.sentence, section, entity, status_for(section, state)))
        stated.add(matches[0])


def _item_words(asked: Topic) -> dict[tuple[str, str], frozenset[str]]:
    """The words of each asked item's name: as the question says it and as its canonical name."""
    out: dict[tuple[str, str], frozenset[str]] = {}
    question = asked.question
    for start, end, lex in scan(question):
        if not lex.kind or lex.kind not in KIND_SECTION:
            continue
        item = (KIND_SECTION[lex.kind], lex.value)
        if item not in asked.items:
            continue
        words = _WORD.findall(question, start, end) + _WORD.findall(lex.value)
        out[item] = frozenset(_stem(w) for w in words if w not in _NOT_ITEM_WORDS) | out.get(item, frozenset())
    return out


def _stem(word: str) -> str:
    """A word without its English ending, so "breathing" meets "breath" and "headaches" "headache"."""
    for ending in ("ing", "es", "ed", "s"):
        if len(word) > len(ending) + 3 and word.endswith(ending):
            return word[: -len(ending)]
    return word


def _pieces(norm: str) -> list[tuple[int, int]]:
    """The spans between the reply's cuts."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in _CUTS.finditer(norm):
        if m.start() > start:
            out.append((start, m.start()))
        start = m.end()
    if start < len(norm):
        out.append((start, len(norm)))
    return out


def _state(msg: Message, start: int, end: int) -> str | None:
    """The state a piece's answer gives ("pos", "neg" or "end"); ``None`` when it names a term of
    its own, has no answer word, or answers both ways."""
    cats = set()
    for s, _, lex in msg.hits:
        if start <= s < end:
            if lex.kind:
                return None
            cats.add(lex.cat)
    denied = "neg" in cats
    if denied and "yes" in cats:
        return None
    if denied:
        return "end" if cats & {"end", "anymore"} else "neg"
    return "pos" if cats & _POSITIVE else None
