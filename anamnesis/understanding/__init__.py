"""Understanding: the backends that turn fragments into proposed events."""

from __future__ import annotations

from anamnesis.config import Settings
from anamnesis.understanding.backend import Backend, BackendStats, Understanding

__all__ = ["Backend", "BackendStats", "Understanding", "make_backend"]


def make_backend(settings: Settings) -> Backend:
    """The backend named by ``ANAMNESIS_LLM``: offline ``rules`` (default) or ``openai``."""
    if settings.llm == "openai":
        from anamnesis.understanding.openai_backend import OpenAIBackend

        return OpenAIBackend(settings)
    from anamnesis.understanding.rules import RulesBackend

    return RulesBackend()
