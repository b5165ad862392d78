"""A reply that answers the things one question lists, one piece each: "нет, нет и на пенициллин".

"Есть ли хронические заболевания, операции, аллергия на лекарства?" — "нет, нет и на пенициллин":
the pieces answer the listed things in their order, and the piece that names something ("на
пенициллин") is the answer to its own thing, a penicillin allergy. Read as one message, the bare
"нет" before it denied the penicillin and every listed section. Here each piece is read against
its own listed thing; a reply whose pieces are all bare answers is left to
:func:`bare_answers.answers_in_order`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from anamnesis.understanding.rules.answers import Topic, scan
from anamnesis.understanding.rules.bare_answers import IN_ORDER_CUT, PIECE_ENDS, polarity
from anamnesis.understanding.rules.facts import KIND_SECTION
from anamnesis.understanding.rules.segment import Hit


def listed_things(asked: Topic) -> list[Topic]:
    """The things the question lists (its items and its sections), each as a question of its own,
    in the order the question names them."""
    at: dict[tuple[str, str], int] = {}
    hits = scan(asked.question)
    for n, (s, e, lex) in enumerate(hits):
        if lex.cat == "term" and lex.kind and (thing := _item_of(asked, lex.value)) is not None:
            if _verb_of_the_next(asked, asked.question, e, hits[n + 1 :]):
                continue  # "Do you drink caffeine or alcohol?": "drink" is the verb of the list, not alcohol
            at.setdefault(thing, s)
        elif lex.cat == "section" and lex.value in asked.sections:
            at.setdefault(("section", lex.value), s)
        elif lex.cat == "allergy" and "allergies" in asked.sections:
            at.setdefault(("section", "allergies"), s)
    if len(at) != len(asked.items) + len(asked.sections):
        return []  # a thing the question names in no word we find: the order is unknown
    out = []
    for (kind, name), _ in sorted(at.items(), key=lambda pair: pair[1]):
        if kind == "section":
            out.append(replace(asked, items=(), sections=(name,), allergy=name == "allergies", each=(), earlier=()))
        else:
            item = next(i for i in asked.items if i[1] == name)
            out.append(replace(asked, items=(item,), sections=(), each=(), earlier=()))
    return out


def _verb_of_the_next(asked: Topic, question: str, end: int, after: list[Hit]) -> bool:
    """The asked item's word at ``question[:end]`` stands right before another asked item's word: it is
    the verb whose objects the question lists ("drink caffeine or alcohol", "пьёте кофе или алкоголь")."""
    nxt = next(((s, lex) for s, _, lex in after if lex.cat == "term" and lex.kind), None)
    return (
        nxt is not None
        and not question[end : nxt[0]].strip()
        and _item_of(asked, nxt[1].value) is not None
    )


def _item_of(asked: Topic, value: str) -> tuple[str, str] | None:
    return next((("item", entity) for _, entity in asked.items if entity == value), None)


def pieces_for_listed(
    norm: str, asked: Topic, scan_each: Callable[[str], list[Hit]], lang: str
) -> list[tuple[str, Topic]] | None:
    """Each piece of a reply with its listed thing, when the reply gives one piece per thing the
    question lists, some of them bare answers ("нет") and some naming a thing of their own; else ``None``."""
    if len(asked.items) + len(asked.sections) < 2 or asked.family:
        return None
    pieces = [p.strip(PIECE_ENDS) for p in IN_ORDER_CUT.split(norm.strip(PIECE_ENDS))]
    pieces = [p for p in pieces if p]
    things = listed_things(asked)
    if len(pieces) != len(things) or any(_POINTS_BACK.match(p) for p in pieces[1:]):
        return None  # "糖尿病、哮喘，这些都没有": the last piece denies the ones before, not its own thing
    bare = [polarity(p, scan_each(p), lang) in ("yes", "no") and _only_answer(scan_each(p)) for p in pieces]
    naming = [_names_its_thing(scan_each(p), thing) for p, thing in zip(pieces, things, strict=True)]
    if not any(bare) or not any(naming) or any(not b and not n for b, n in zip(bare, naming, strict=True)):
        return None  # "nope nope, just tired" to "Any fever or cough?": the tiredness answers no cough
    return list(zip(pieces, things, strict=True))


#: A piece that points back at the pieces before it: "这些都没有", "none of these", "всего этого нет".
_POINTS_BACK = re.compile(
    r"(?:这些|那些|这几[个样种]|以上|上面|都)|(?:none of|neither of|all of|not)?\s*(?:these|those|them|both)\b"
    r"|(?:ничего\s+)?(?:из\s+)?(?:эт(?:и|их|ого|о)|всё это|все эти|всего этого)(?![а-яё])"
)


def _only_answer(hits: list[Hit]) -> bool:
    return all(lex.cat in ("yes", "neg") for _, _, lex in hits)


#: Kinds of term beyond the section's own that name a thing of an asked section: an allergy by its
#: drug, an operation by its body part ("appendix out"), an illness either lasting or episodic.
_ALSO = {
    "allergies": frozenset({"drug"}),
    "surgeries": frozenset({"body_part"}),
    "chronic_conditions": frozenset({"diagnosis"}),
    "diagnoses": frozenset({"condition"}),
}


def _names_its_thing(hits: list[Hit], thing: Topic) -> bool:
    """The piece names its listed thing: the asked item itself, or a term of the asked section
    (:data:`_ALSO`)."""
    for _, _, lex in hits:
        if not lex.kind:
            continue
        if thing.items and lex.value == thing.items[0][1]:
            return True
        section = thing.sections[0] if thing.sections else None
        if section and (KIND_SECTION.get(lex.kind) == section or lex.kind in _ALSO.get(section, ())):
            return True
    return False
