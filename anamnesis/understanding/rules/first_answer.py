"""A reply whose first sentence answers the first of the turn's questions.

"Do you take anything regularly? Any allergies?" — "ничего не пью. аллергии нет", "nothing regular.
no allergies", "啥也不吃。不过敏": the reply answers in the order the questions were asked. Its
first sentence names nothing a question asked about, and a later sentence names what a later question
asked ("аллергии"), so the first sentence answers the first question: "ничего не пью" there is taking no
medicines, not drinking no alcohol. A first question of a named thing ("Do you drink alcohol?") is answered
so only by a bare yes or no: a "fine, ..." to "How are you getting on with Yasmin?" says nothing of taking it.
A reply of one short sentence per question ("nothing. penicillin gives me a rash", "no. yes, on weekends")
answers each question with its own sentence (:func:`answers_by_sentence`).
"""

from __future__ import annotations

from collections.abc import Callable

from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.bare_answers import IN_ORDER_CUT, PIECE_ENDS, answers_in_order, polarity
from anamnesis.understanding.rules.facts import KIND_SECTION
from anamnesis.understanding.rules.segment import Hit, sentences


def first_sentence_answer(
    norm: str, each: tuple[Topic, ...], scan: Callable[[str], list[Hit]], lang: str
) -> int | None:
    """Where the reply's first sentence ends, when it answers the first of ``each`` (the turn's
    questions read one by one) as the module's docstring says; ``None`` otherwise."""
    if len(each) < 2:
        return None
    spans = sentences(norm)
    if len(spans) < 2:
        return None
    opening = norm[spans[0][0] : spans[0][1]]
    if _asked_named(opening, each, scan):
        return None
    if (not each[0].sections or each[0].items) and not _bare(opening, scan, lang):
        return None  # "How are you getting on with Yasmin?" — "fine, ...": only a bare yes or no answers an item
    later = set().union(*(_asked_named(norm[s:e], each, scan) for s, e, _ in spans[1:]))
    if not later - {0}:
        return None
    return spans[0][1]


def _bare(piece: str, scan: Callable[[str], list[Hit]], lang: str) -> bool:
    """The piece is a bare yes or no ("no.", "нет", "没有"), which answers a question of a named thing."""
    hits = scan(piece)
    return all(lex.cat in ("yes", "neg") for _, _, lex in hits) and polarity(piece, hits, lang) in ("yes", "no")


def _asked_named(piece: str, each: tuple[Topic, ...], scan: Callable[[str], list[Hit]]) -> set[int]:
    """The questions (their places in ``each``) that ``piece`` names: the section a question asks of as a
    whole ("аллергии" to "Аллергии есть?"), or a thing it names ("кашель" to "Кашель есть?"; a symptom of
    another name answers no question of a symptom)."""
    sections: set[str] = set()
    things: set[str] = set()
    for _, _, lex in scan(piece):
        if lex.cat == "allergy":
            sections.add("allergies")
        elif lex.cat == "section":
            sections.add(lex.value)
        elif lex.kind in KIND_SECTION:
            sections.add(KIND_SECTION[lex.kind])
            things.add(lex.value)
    return {
        n
        for n, asked in enumerate(each)
        if sections.intersection(asked.sections) or any(entity in things for _, entity in asked.items)
    }


#: The most words (Chinese: characters) a sentence may have to be read as the answer to one
#: question of several in order: a short reply per question, not a story.
_SHORT_ANSWER_WORDS = 8
_SHORT_ANSWER_CHARS = 16


def answers_by_sentence(asked: Topic, norm: str, scan: Callable[[str], list[Hit]], lang: str) -> list[str] | None:
    """The sentences of a reply that answers the questions of ``asked.each`` with one short sentence
    each, in their order ("ничего не пью. аллергии нет" to "Что-нибудь принимаете? Аллергия есть?", "only
    metformin. no allergies", "不吃药。也不过敏"), or ``None``. Read with its own question, a terse
    sentence keeps its sense: "ничего не пью" after a question about medicines takes no drugs, it
    does not deny drinking. Only where reading the reply whole would lose a question: the questions'
    joint topic leaves one out (a question of a whole section before another), or the first sentence
    is a bare "no"/"yes", which answers the first question only ("no. yes, on weekends"). A sentence
    of several bare answers ("没有，没有。就是有点累") answers the questions by itself: no such split."""
    spans = sentences(norm)
    if len(spans) != len(asked.each) or any(question for _, _, question in spans):
        return None
    pieces = [norm[start:end].strip(PIECE_ENDS) for start, end, _ in spans]
    for piece in pieces:
        if not piece or len(piece.split()) > _SHORT_ANSWER_WORDS:
            return None
        if not piece.isascii() and " " not in piece and len(piece) > _SHORT_ANSWER_CHARS:
            return None
        parts = len(IN_ORDER_CUT.split(piece))
        if parts > 1 and answers_in_order(piece, parts, scan, lang) is not None:
            return None
    bare_first = _bare(pieces[0], scan, lang)
    if asked.each[0].items and not bare_first:
        return None  # "How are you getting on with Yasmin?" — "fine, ...": only a bare yes or no answers an item
    # a whole-section question the joint topic lost ("Что-нибудь принимаете?" before "Аллергия есть?");
    # a list of things after a question of their section ("Any travel vaccines? Hep A, typhoid?") is covered
    dropped = any(not set(one.sections) <= asked.sections_asked for one in asked.each)
    return pieces if dropped or bare_first else None


def answers_by_piece(asked: Topic, norm: str, scan: Callable[[str], list[Hit]], lang: str) -> list[str] | None:
    """The pieces of a one-sentence reply that answers the questions of ``asked.each`` in their order,
    a bare answer first and then pieces that each name their own question's thing ("没做过 烟不抽" to
    "以前做过手术吗？抽烟吗？", "no, never smoked" to "Any operations? Do you smoke?"), or ``None``. The
    bare opening answers the first question only; read whole, it would deny nothing or the wrong thing."""
    if len(sentences(norm)) != 1:
        return None
    pieces = [p.strip(PIECE_ENDS) for p in IN_ORDER_CUT.split(norm.strip(PIECE_ENDS))]
    if len(pieces) != len(asked.each) or not all(pieces) or not _bare(pieces[0], scan, lang):
        return None
    for n, piece in enumerate(pieces[1:], start=1):
        if len(piece.split()) > _SHORT_ANSWER_WORDS or (" " not in piece and len(piece) > _SHORT_ANSWER_CHARS):
            return None
        if not _bare(piece, scan, lang) and _asked_named(piece, asked.each, scan) != {n}:
            return None
    if all(_bare(piece, scan, lang) for piece in pieces):
        return None  # "no, no": answers_in_order reads bare answers in a row
    return pieces

