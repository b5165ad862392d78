"""The one interface every understanding backend (rules, openai) implements.

A backend reads fragments and *proposes* events as plain dicts; it never sees or edits memory.
Validation (pydantic) and reconciliation happen in code after it, so a backend that returns
garbage produces rejects, not corrupted facts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from schemas.events import Fragment


@dataclass(slots=True)
class Understanding:
    """What a backend made of one fragment.

    ``events`` are raw proposals, each a dict with at least ``section``, ``entity`` and
    ``status`` (the fields of :class:`schemas.events.ExtractedEvent`). ``error`` is set when the
    backend could not read the fragment at all (a timeout, an unparseable answer); such a
    fragment is recorded as a reject and tried again on the next run.
    """

    fragment_id: str
    sections: tuple[str, ...] = ()
    events: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    #: Proposed readings (fields of :class:`schemas.measurements.MeasurementProposal`).
    measurements: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class BackendStats:
    """Counters reported as materialization metadata."""

    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    failures: int = 0
    #: Fragments not asked about: the pre-filter found no health content in them.
    prefiltered: int = 0

    def as_metadata(self) -> dict[str, int]:
        return {
            "llm_prefiltered": self.prefiltered,
            "llm_calls": self.calls,
            "llm_cache_hits": self.cache_hits,
            "llm_prompt_tokens": self.prompt_tokens,
            "llm_completion_tokens": self.completion_tokens,
            "llm_failures": self.failures,
        }


class Backend(Protocol):
    """An understanding backend: classifier and per-section extractors behind one call."""

    name: str
    stats: BackendStats
    #: True when a fragment's understanding depends only on its text, context and language:
    #: the pipeline then reads identical fragments once and may run the backend in processes.
    pure: bool

    def fingerprint(self) -> str:
        """A short hash that changes whenever any prompt, rule or model changes.

        Fragments understood under another fingerprint are understood again; a backend with a
        response cache makes that cheap for what did not change.
        """
        ...

    def extractor_version(self, section: str) -> str:
        """The version stamped on every event of ``section`` (e.g. ``rules-1a2b3c``)."""
        ...

    def understand(self, fragments: Iterable[Fragment]) -> Iterator[Understanding]:
        """Yield one :class:`Understanding` per fragment, in input order."""
        ...
