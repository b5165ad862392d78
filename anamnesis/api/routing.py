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
from datetime import UTC, datetime
from typing import NamedTuple

from anamnesis.safety.check import DRUG_KINDS
from anamnesis.terminology import load_terminology
from schemas.events import Fragment

#: Drugs named in one question that the context block checks (CONTRACT §7.4).
MAX_CONTEXT_DRUGS = 3

TREATMENT_WORDS = re.compile(
    r"\b(take|taking|medicine|medication|drug|pill|tablet|dose|treat|treatment|prescri\w*|cold medicine)\b"
    r"|лекарств|таблет|препарат|принимать|пить|лечени|药|服用|吃.{0,6}(药|片)|治疗",
    re.IGNORECASE,
)


class Route(NamedTuple):
    """What a question needs: its sections, whether it asks about a drug or treatment, and the
    drugs it names (found once, for the context block's safety check)."""

    sections: list[str]
    drug_question: bool
    drugs: list[str]


class QueryRouter:
    def __init__(self) -> None:
        from anamnesis.understanding.rules import RulesBackend

        self._backend = RulesBackend()

    def warm_up(self) -> None:
        """Load what the classifier loads on first need (the DrugBank and MeSH vocabularies)."""
        from anamnesis.understanding.rules import drugbank, mesh

        for find, text in ((drugbank.find, "xeljanz"), (mesh.find, "sarcoidosis")):
            find(text, 0, len(text), [])

    def route(self, query: str, recent_turns: Sequence[tuple[str, str]] = ()) -> Route:
        """The sections ``query`` needs (with the recent turns), and the drugs it names."""
        recent_user = " ".join(text for role, text in recent_turns[-4:] if role == "user")
        context = " ".join(text for role, text in recent_turns[-1:] if role == "assistant") or None
        sections: list[str] = []
        for text in (query, recent_user):
            if not text:
                continue
            fragment = Fragment("query", "query", "query", datetime.now(UTC), text, context)
            understanding = next(iter(self._backend.understand([fragment])))
            sections.extend(s for s in understanding.sections if s not in sections)
        drugs = drugs_in(query)
        drug_question = "medications" in sections or bool(TREATMENT_WORDS.search(query)) or bool(drugs)
        return Route(sections, drug_question, drugs)


def drugs_in(query: str) -> list[str]:
    """The drugs (and drug allergens) a question names, as written, at most :data:`MAX_CONTEXT_DRUGS`."""
    found = [m.surface for m in load_terminology().find(query) if m.kind in DRUG_KINDS]
    return list(dict.fromkeys(found))[:MAX_CONTEXT_DRUGS]
