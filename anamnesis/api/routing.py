"""Routing a question to the sections it needs, with the write path's offline classifier.

The query and the recent turns are read as one fragment by the rules backend, whose
``sections`` include topics a question merely touches ("can I take ibuprofen?" touches
medications). A question about a drug or a treatment always needs the critical sections, and a
question that names a drug is one, whatever the classifier makes of its verb ("my doctor wants
to give me amoxicillin, is that fine?" reads as a plan, which states no fact).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from anamnesis.safety.check import DRUG_KINDS
from anamnesis.terminology import TermMatch, load_terminology
from anamnesis.understanding.rules.gate import Gated

#: Drugs named in one question that the context block checks (CONTRACT §7.4).
MAX_CONTEXT_DRUGS = 3

TREATMENT_WORDS = re.compile(
    r"\b(take|taking|medicine|medication|drug|pill|tablet|dose|treat|treatment|prescri\w*|cold medicine)\b"
    r"|лекарств|таблет|препарат|принимать|пить|лечени|药|服用|吃.{0,6}(药|片)|治疗",
    re.IGNORECASE,
)
#: Every match of :data:`TREATMENT_WORDS` holds one of these: the pattern (an IGNORECASE
#: alternation opening with ``\b``, tried at every position) runs only on a question holding one.
_TREATMENT = Gated(
    TREATMENT_WORDS,
    (
        "take", "taking", "medicine", "medication", "drug", "pill", "tablet", "dose", "treat", "prescri",
        "лекарств", "таблет", "препарат", "принимать", "пить", "лечени", "药", "服用", "吃", "治疗",
    ),
)  # fmt: skip


class Route(NamedTuple):
    """What a question needs: its sections, whether it asks about a drug or treatment, the
    drugs it names (for the context block's safety check) and the canonical entities it names
    (for the memory ranking), all from one terminology pass."""

    sections: list[str]
    drug_question: bool
    drugs: list[str]
    named: frozenset[str] = frozenset()


#: One question per language, routed at start: what routing loads on first need is loaded then.
WARM_UP_QUESTIONS = ("Can I take ibuprofen for my headache?", "Можно ли мне ибупрофен?", "我可以吃布洛芬吗？")


class QueryRouter:
    """The rules classifier's sections of a question: :func:`understand_text`, the part of
    ``RulesBackend.understand`` that gives them, without the events' measurements the
    backend also extracts (``tests/test_query_routing.py`` checks both agree)."""

    def __init__(self) -> None:
        from anamnesis.understanding.rules.answers import asked_in
        from anamnesis.understanding.rules.lexicon import load_lexicon
        from anamnesis.understanding.rules.message import read_message

        self._lexicon = load_lexicon  # loaded on first need (``warm_up``)
        self._asked_in = asked_in
        self._read = read_message

    def warm_up(self) -> None:
        """Load what routing loads on first need: the lexicon, the terminology, DrugBank and MeSH."""
        from anamnesis.understanding.rules import drugbank, mesh

        for find, text in ((drugbank.find, "xeljanz"), (mesh.find, "sarcoidosis")):
            find(text, 0, len(text), [])
        for question in WARM_UP_QUESTIONS:
            self.route(question)

    def route(self, query: str, recent_turns: Sequence[tuple[str, str]] = ()) -> Route:
        """The sections ``query`` needs (with the recent turns), and the drugs it names."""
        recent_user = " ".join(text for role, text in recent_turns[-4:] if role == "user")
        context = " ".join(text for role, text in recent_turns[-1:] if role == "assistant") or None
        lexicon = self._lexicon()
        # what the assistant's turn asks, read once for both texts (``understand_text`` reads it per text)
        asked = self._asked_in(context) if context else None
        sections: list[str] = []
        for text in (query, recent_user):
            if not text:
                continue
            found, _ = self._read(text, asked, None, lexicon)
            sections.extend(s for s in found if s not in sections)
        matches = load_terminology().find(query)
        drugs = _drugs(matches)
        # the words last (two of three questions name a drug or a medication), behind their literals
        drug_question = "medications" in sections or bool(drugs) or _TREATMENT.matches_lowered(query)
        return Route(sections, drug_question, drugs, frozenset(m.canonical for m in matches))


def drugs_in(query: str) -> list[str]:
    """The drugs (and drug allergens) a question names, as written, at most :data:`MAX_CONTEXT_DRUGS`."""
    return _drugs(load_terminology().find(query))


def _drugs(matches: Sequence[TermMatch]) -> list[str]:
    return list(dict.fromkeys(m.surface for m in matches if m.kind in DRUG_KINDS))[:MAX_CONTEXT_DRUGS]
