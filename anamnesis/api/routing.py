"""Routing a question to the sections it needs, with the write path's offline classifier.

The query and the recent turns are read as one fragment by the rules backend, whose
``sections`` include topics a question merely touches ("can I take ibuprofen?" touches
medications). A question about a drug or a treatment always needs the critical sections.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime

from schemas.events import Fragment

TREATMENT_WORDS = re.compile(
    r"\b(take|taking|medicine|medication|drug|pill|tablet|dose|treat|treatment|prescri\w*|cold medicine)\b"
    r"|лекарств|таблет|препарат|принимать|пить|лечени|药|服用|吃.{0,6}(药|片)|治疗",
    re.IGNORECASE,
)


class QueryRouter:
    def __init__(self) -> None:
        from anamnesis.understanding.rules import RulesBackend

        self._backend = RulesBackend()

    def warm_up(self) -> None:
        """Load what the classifier loads on first need (the DrugBank and MeSH vocabularies)."""
        from anamnesis.understanding.rules import drugbank, mesh

        for find, text in ((drugbank.find, "xeljanz"), (mesh.find, "sarcoidosis")):
            find(text, 0, len(text), [])

    def route(self, query: str, recent_turns: Sequence[tuple[str, str]] = ()) -> tuple[list[str], bool]:
        """(sections the question needs, whether it asks about a drug or treatment)."""
        recent_user = " ".join(text for role, text in recent_turns[-4:] if role == "user")
        context = " ".join(text for role, text in recent_turns[-1:] if role == "assistant") or None
        sections: list[str] = []
        for text in (query, recent_user):
            if not text:
                continue
            fragment = Fragment("query", "query", "query", datetime.now(UTC), text, context)
            understanding = next(iter(self._backend.understand([fragment])))
            sections.extend(s for s in understanding.sections if s not in sections)
        drug_question = "medications" in sections or bool(TREATMENT_WORDS.search(query))
        return sections, drug_question
