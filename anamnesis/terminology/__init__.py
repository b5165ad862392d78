"""Medical terminology in English, Russian and Chinese, mapped to canonical English entities.

The vocabulary lives in ``data/*.tsv`` (see :mod:`anamnesis.terminology.tsv` for the format):
drugs by their generic (INN) name with brands, conditions, diagnoses, symptoms, procedures,
vaccines, allergens, injuries, relatives, body parts and lifestyle words. Canonical names
follow CONTRACT §3: English, lower case (``Глюкофаж`` → ``metformin``). Adding a term is
adding a row; Russian case forms and English plurals are generated.

>>> terms = load_terminology()
>>> [(m.surface, m.canonical) for m in terms.find("Принимаю Глюкофаж и аспирин")]
[('Глюкофаж', 'metformin'), ('аспирин', 'aspirin')]
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple

from anamnesis.derived_cache import cached, digest_of
from anamnesis.terminology.forms import expand
from anamnesis.terminology.matcher import Matcher
from anamnesis.terminology.ru_order import REORDERED_KINDS
from anamnesis.terminology.text import normalise, surface_key
from anamnesis.terminology.tsv import Term, read_terms

__all__ = ["DATA_DIR", "KINDS", "Term", "TermMatch", "Terminology", "data_files", "load_terminology"]

DATA_DIR = Path(__file__).resolve().parent / "data"

#: Every kind a data row may have.
KINDS: tuple[str, ...] = (
    "drug",
    "condition",
    "diagnosis",
    "symptom",
    "procedure",
    "vaccine",
    "allergen",
    "injury",
    "relative",
    "body_part",
    "lifestyle",
)


class TermMatch(NamedTuple):
    """One term found in a text: offsets and surface are the caller's own text."""

    start: int
    end: int
    surface: str
    canonical: str
    kind: str
    codes: tuple[str, ...]


class Terminology:
    """The loaded vocabulary: lookup keys to terms, and one automaton over all of them."""

    def __init__(self, terms: list[Term]) -> None:
        self.terms: tuple[Term, ...] = tuple(terms)
        self._keys: dict[tuple[str, bool], Term] = {}
        generated: set[tuple[str, bool]] = set()
        for term in self.terms:
            if term.kind not in KINDS:
                raise ValueError(f"{term.canonical!r}: unknown kind {term.kind!r}")
            reorder = term.kind in REORDERED_KINDS
            for surface in term.surfaces:
                for key, prefix, is_generated in expand(surface, reorder=reorder):
                    slot = (key, prefix)
                    known = self._keys.get(slot)
                    if known is None or (slot in generated and not is_generated):
                        self._keys[slot] = term
                        if is_generated:
                            generated.add(slot)
                        else:
                            generated.discard(slot)
                    elif not is_generated and slot not in generated and known.canonical != term.canonical:
                        raise ValueError(f"surface {surface!r} means both {known.canonical!r} and {term.canonical!r}")
        self._matcher: Matcher[Term] | None = None
        self._codes: dict[str, tuple[str, ...]] = {}
        for term in self.terms:
            known = self._codes.get(term.canonical, ())
            self._codes[term.canonical] = known + tuple(c for c in term.codes if c not in known)

    def entries(self) -> Iterator[tuple[str, bool, Term]]:
        """(key, prefix, term) of every lookup key, for callers that build their own automaton."""
        for (key, prefix), term in self._keys.items():
            yield key, prefix, term

    def find(self, text: str) -> list[TermMatch]:
        """Every term in ``text``, leftmost-longest, whole words for word scripts."""
        if self._matcher is None:
            self._matcher = Matcher(self.entries())
        return [
            TermMatch(start, end, text[start:end], term.canonical, term.kind, term.codes)
            for start, end, payloads in self._matcher.scan(normalise(text))
            for term in payloads[:1]
        ]

    def codes_of(self, canonical: str) -> tuple[str, ...]:
        """The ATC / ICD-10 codes known for a canonical entity (``("ATC:A10BA02",)``), or none."""
        return self._codes.get(canonical, ())

    def canonical(self, surface: str) -> str | None:
        """The canonical entity a surface form (any listed or generated form) stands for."""
        term = self._keys.get((surface_key(surface), False))
        return term.canonical if term else None


def data_files() -> tuple[Path, ...]:
    """The vocabulary files, in a stable order (their bytes are part of the rules fingerprint)."""
    return tuple(sorted(DATA_DIR.glob("*.tsv")))


#: The code a terminology is built by: a change to any of it is a new derived-cache key.
BUILDERS: tuple[Path, ...] = tuple(sorted(Path(__file__).resolve().parent.glob("*.py")))


def terminology_key() -> str:
    """The derived cache's key of the bundled terminology: its data files and its builders."""
    return digest_of((*data_files(), *BUILDERS), sys.version)


@cache
def load_terminology() -> Terminology:
    """The bundled vocabulary, loaded once per process (from the derived cache if it holds it:
    generating every form takes a second or two of CPU, reading them back a fraction of that)."""
    return cached("terminology", terminology_key(), build_terminology)


def build_terminology() -> Terminology:
    """The bundled vocabulary, from its data files."""
    terms: list[Term] = []
    for path in data_files():
        terms.extend(read_terms(path))
    return Terminology(_with_shared_links(terms))


#: Links that say something of the concept, not of the row's forms (``weak``, ``reaction``... are
#: the forms'): the operation that treats it. (``allergen`` is not shared: "allergic rhinitis" in
#: chat is no pollen allergy unless a row's own words name the pollen.)
CONCEPT_LINKS = ("operation",)


def _with_shared_links(terms: list[Term]) -> list[Term]:
    """Each term with the concept links (:data:`CONCEPT_LINKS`) of every row of its canonical: a
    concept's forms are spread over several files ("cataract" in conditions.tsv with its
    ``operation``, "cataracts" in an eye file without), and what such a link says is the
    concept's, whichever of its words the user wrote. A row's own cell wins over another's."""
    shared: dict[str, dict[str, str]] = {}
    for term in terms:
        for column in CONCEPT_LINKS:
            if value := term.links.get(column):
                shared.setdefault(term.canonical, {}).setdefault(column, value)
    return [
        term if shared.get(term.canonical, {}).keys() <= term.links.keys()
        else dataclasses.replace(term, links={**shared[term.canonical], **term.links})
        for term in terms
    ]
