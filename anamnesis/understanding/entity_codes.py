"""The ATC / ICD-10 codes of every canonical entity that has any, kept in the derived cache.

The understanding stage adds them to the events it reads from its store (``run._with_codes``).
The whole terminology (every form of every term, ~0.2-0.3 s of CPU to read back from the derived
cache) was loaded in the stage's own process for that alone, at the stage's end, while the
other core idled; the ~3,000 codes alone are a small file of their own, under a key of the
terminology's files and of this module.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from anamnesis.derived_cache import cached, digest_of
from anamnesis.terminology import BUILDERS, data_files, load_terminology


def codes_key() -> str:
    """The derived cache's key: the terminology's data and code (its own key's inputs), and this module."""
    return digest_of((*data_files(), *BUILDERS, Path(__file__)), sys.version)


@cache
def entity_codes() -> dict[str, str]:
    """Canonical entity -> its codes joined by commas, for the entities that have codes."""
    return cached("entity-codes", codes_key(), build_entity_codes)


def build_entity_codes() -> dict[str, str]:
    terminology = load_terminology()
    known = {t.canonical: ",".join(terminology.codes_of(t.canonical)) for t in terminology.terms}
    return {k: v for k, v in known.items() if v}
