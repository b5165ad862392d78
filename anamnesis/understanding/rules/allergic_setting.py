"""An allergen named beside an allergic condition or the allergist is an allergy, and the kind it names.

"у меня поллиноз на березу", "hay fever, grass mostly", "花粉症 对蒿草花粉": the condition says what
an allergy word would, so the allergen beside it is an allergy; "аллерголог сказал на березу",
"the allergist said cats and dust mites": what the allergist found is one too, and so is what sets
the complaint off ("cats set me off badly", "кошки провоцируют приступ", "尘螨会诱发"). A drug is never an
allergy this way ("аллерголог назначил эриус" names a medicine), nor a class of medicines or an
allergen said with a denial ("аллерголог сказала никаких НПВС", "анализ на молоко отрицательный").
The generic allergen the condition states by itself (hay fever: pollen) gives way to the kind the
message names (birch pollen), in its sentence or a later one ("hay fever is killing me. its grass
pollen"), and that kind is an allergy wherever in the message it stands.
"""

from __future__ import annotations

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause, Hit


def in_allergic_setting(msg: Message, clause: Clause, m: Mention) -> bool:
    """``m`` is an allergen (no medicine) in a sentence with an allergic condition, the allergist or
    a word of what sets a complaint off (Chinese parts a sentence into clauses at every space)."""
    if m.kind != "allergen" or m.state is not None or medicine_class(msg, m):
        return False  # "аллерголог сказала никаких НПВС", "анализ на молоко отрицательный": no allergy stated
    return any(
        (lex.cat == "term" and lex.allergen is not None and lex.value != m.entity)
        or (lex.cat == "doctor" and lex.value == "allergy")
        or (lex.cat == "react" and lex.value == "trigger")
        for _, _, lex in sentence_hits(msg, clause)
    ) or _kind_of_stated(msg, m)


def _kind_of_stated(msg: Message, m: Mention) -> bool:
    """``m`` is a kind of the allergen a condition of the message states ("grass pollen" beside hay
    fever's "pollen")."""
    return any(
        lex.cat == "term" and lex.allergen is not None and m.entity.endswith(" " + lex.allergen)
        for _, _, lex in msg.hits
    )


def named_kind(msg: Message, link: str) -> bool:
    """The message names a kind of the allergen ``link`` a condition states ("birch pollen" for
    hay fever's "pollen") in a clause of the user's own: the condition's own generic allergen is
    then no fact of its own ("my son is allergic to grass pollen" leaves the user's pollen)."""
    return any(
        lex.kind == "allergen" and lex.value != link and lex.value.endswith(" " + link)
        for c in msg.clauses
        if c.subject not in ("other", "family")
        for _, _, lex in c.hits
    )


def medicine_class(msg: Message, m: Mention) -> bool:
    """An allergen that is a class of medicines (ATC-coded: "NSAIDs", "opiates"): tested as a drug
    is, and the allergist's word about it is advice on taking it rather than an allergy found."""
    return any(
        s == m.start and lex.term is not None and any(c.startswith("ATC") for c in lex.term.codes)
        for s, _, lex in msg.hits
    )


def sentence_hits(msg: Message, clause: Clause) -> list[Hit]:
    """The hits of every clause of ``clause``'s sentence."""
    return [h for c in msg.clauses if c.sentence == clause.sentence for h in c.hits]
