"""The entities' codes the understanding stage adds to its events come from a small derived-cache file
that holds what the whole terminology says of them (which the stage's process no longer loads)."""

from __future__ import annotations

from pathlib import Path

import pytest

from anamnesis.derived_cache import SUFFIX, cache_dir
from anamnesis.terminology import load_terminology
from anamnesis.understanding import entity_codes as module


def test_the_cached_codes_are_the_terminologys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANAMNESIS_CACHE_DIR", str(tmp_path))
    module.entity_codes.cache_clear()
    built = module.entity_codes()
    module.entity_codes.cache_clear()
    monkeypatch.setattr(module, "build_entity_codes", lambda: pytest.fail("read back, not built again"))
    again = module.entity_codes()
    module.entity_codes.cache_clear()

    terminology = load_terminology()
    expected = {
        t.canonical: ",".join(terminology.codes_of(t.canonical))
        for t in terminology.terms
        if terminology.codes_of(t.canonical)
    }
    assert built == again == expected and len(expected) > 1000
    assert list(built) == list(expected)  # the same order too
    assert [p.name for p in cache_dir().glob("entity-codes-*")] == [f"entity-codes-{module.codes_key()}{SUFFIX}"]
