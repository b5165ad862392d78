"""The sections of a plain question, read off its hits without the clause-by-clause reading.

The read path routes every question through the rules (``anamnesis.api.routing``), and all it
needs of them is the sections. A question states no fact: the reader only touches the sections
of what it names, which the hits give directly. That holds for a plain question only: no
assistant question to answer, no number (an age or a weight is demographics), every sentence
that names anything asking, and nothing the reader resolves into another section (an allergy,
a relative, a disease's vaccine, a drug or a condition only DrugBank or MeSH knows, a reaction).
Anything else gets ``None`` and the full reading; a cue category not listed here does too, so a
new one the rules add is read in full until it is known to leave the sections alone.
``tests/test_routing_sections.py`` checks the two agree on every labelled query and turn and on
thousands of synthetic ones.
"""

from __future__ import annotations

from anamnesis.terminology.text import detect_lang
from anamnesis.understanding.rules import mesh
from anamnesis.understanding.rules.facts import KIND_SECTION
from anamnesis.understanding.rules.mentions import WHEN_NOUN
from anamnesis.understanding.rules.segment import Hit, sentences
from schemas.sections import SECTIONS

#: Term kinds whose section a question touches as such (an allergen is an allergy only with its cue).
_PLAIN_KINDS = {kind: section for kind, section in KIND_SECTION.items() if kind != "allergen"}
#: Cue categories that shape clauses, states or attributes but never move a question's sections.
_PLAIN_CUES = frozenset({
    "question", "check", "hedge", "it", "none", "self", "split", "hypo", "uncertain", "intent",
    "start", "still", "end", "anymore", "neg", "accept", "yes", "when", "freq", "sev", "lsvalue",
    "doctor", "person", "third", "against", "jab",
})
#: What a sentence that asks nothing may hold beside the question: a greeting ("Quick question:",
#: "好的", "早上好": 早上 is a time of day, "不好意思又打扰你": 打 a vaccination verb), with no term.
_IDLE_CUES = frozenset({"accept", "none", "self", "it", "split", "question", "check", "hedge", "freq", "when", "jab"})
#: Cues that make a clause about taking something: without a named drug, DrugBank may find one.
_TAKING = frozenset({"start", "still", "end"})
#: Cues that join a disease to a vaccine or a medicine ("прививка от гриппа", "лекарство от диабета").
_JOINING = frozenset({"against", "jab"})
_DISEASES = frozenset({"diagnosis", "condition"})


def question_sections(norm: str, hits: list[Hit]) -> tuple[str, ...] | None:
    """The sections the reader gives a plain question (``norm`` and ``hits`` from
    :func:`~anamnesis.understanding.rules.message.scan_message`, no assistant question, no number),
    in :data:`SECTIONS` order; None when only the full reading can tell."""
    found: set[str] = set()
    cats: set[str] = set()
    kinds: set[str] = set()
    nouns = False
    for start, _, lex in hits:
        if lex.cat == "term":
            section = _PLAIN_KINDS.get(lex.kind)
            if section is None or lex.implies or lex.allergen or lex.reactive:
                return None
            if not lex.weak:  # "drink" alone touches nothing
                found.add(section)
            kinds.add(lex.kind)
        elif lex.cat == "section" and lex.value != "family_history":
            nouns = True
            if not WHEN_NOUN.search(norm, max(0, start - 12), start):  # "after the vaccine": a time
                found.add(lex.value)
        elif lex.cat in _PLAIN_CUES:
            cats.add(lex.cat)
        else:
            return None
    english = detect_lang(norm) == "en"  # DrugBank and MeSH read English only
    if (
        (english and cats & _TAKING and "medications" not in found)  # "can I stop taking zyx?": DrugBank's
        or (cats & _JOINING and ("vaccinations" in found or nouns))  # "прививка от гриппа": the vaccine
        or ("vaccinations" in found and kinds & _DISEASES)  # "the pneumonia jab": the disease's vaccine
        or (english and mesh.HAVING.search(norm))  # "can someone who has X...": MeSH's
    ):
        return None
    for start, end, asks in sentences(norm):
        if not asks and any(start <= s < end and lex.cat not in _IDLE_CUES for s, _, lex in hits):
            return None  # a statement beside the question (a greeting may stand there)
    return tuple(s for s in SECTIONS if s in found)
