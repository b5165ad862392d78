"""The derived cache of the rules vocabularies: a warm cache reads what a cold one builds, and
any changed source file gives a fresh build; DrugBank's cached table finds what the library finds."""

from __future__ import annotations

import pickle
import random
import shutil
from pathlib import Path

import pytest

from anamnesis import derived_cache
from anamnesis.understanding.rules import drugbank, lexicon
from anamnesis.understanding.rules.message import understand_text

TEXTS = [
    ("I take metformin 500 mg twice a day and I stopped smoking last year", "en"),
    ("Принимаю Глюкофаж, аллергии на пенициллин нет", "ru"),
    ("我在吃二甲双胍，没有过敏", "zh"),
    ("I've been taking xeljanz for my arthritis", "en"),
]


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ANAMNESIS_CACHE_DIR", str(tmp_path / "cache"))
    return derived_cache.cache_dir()


def _read(lex: lexicon.Lexicon) -> list:
    return [understand_text(text, None, lang, lex) for text, lang in TEXTS]


def test_a_warm_cache_gives_the_lexicon_a_cold_one_built(cache_home: Path):
    built = lexicon.build_lexicon()
    cold = derived_cache.cached("rules-lexicon", lexicon.lexicon_key(), lexicon.build_lexicon)
    assert f"rules-lexicon-{lexicon.lexicon_key()}{derived_cache.SUFFIX}" in {p.name for p in cache_home.iterdir()}
    warm = derived_cache.cached("rules-lexicon", lexicon.lexicon_key(), pytest.fail)  # never built again
    assert warm is not cold
    assert _read(warm) == _read(cold) == _read(built)
    assert warm.matcher.size == built.matcher.size and warm.vaccine_for == built.vaccine_for
    for text, _ in TEXTS:
        norm = text.lower()
        found = [(s, e, lex.cat, lex.value) for s, e, lex in warm.matcher.scan_each(norm)]
        assert found and found == [(s, e, lex.cat, lex.value) for s, e, lex in built.matcher.scan_each(norm)]


def test_a_changed_cue_file_or_builder_is_a_new_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    key = lexicon.lexicon_key()
    cues = tmp_path / "cues.tsv"
    shutil.copy(lexicon.CUES_FILE, cues)
    monkeypatch.setattr(lexicon, "CUES_FILE", cues)
    assert lexicon.lexicon_key() == key  # same bytes, same key
    cues.write_text(cues.read_text(encoding="utf-8") + "neg\t\tnevermore\t\t\n", encoding="utf-8")
    changed = lexicon.lexicon_key()
    assert changed != key
    builder = tmp_path / "lexicon.py"
    shutil.copy(lexicon._BUILDERS[0], builder)
    monkeypatch.setattr(lexicon, "_BUILDERS", (builder, *lexicon._BUILDERS[1:]))
    assert lexicon.lexicon_key() == changed
    builder.write_text(builder.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert lexicon.lexicon_key() != changed


def test_a_changed_terminology_file_is_a_new_key_for_the_terminology_and_the_lexicon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    import anamnesis.terminology as terminology

    keys = terminology.terminology_key(), lexicon.lexicon_key()
    data = tmp_path / "data"
    shutil.copytree(terminology.DATA_DIR, data)
    monkeypatch.setattr(terminology, "DATA_DIR", data)
    assert (terminology.terminology_key(), lexicon.lexicon_key()) == keys
    drugs = data / "drugs.tsv"
    drugs.write_bytes(drugs.read_bytes() + b"\n")
    changed = terminology.terminology_key(), lexicon.lexicon_key()
    assert changed[0] != keys[0] and changed[1] != keys[1]


def test_a_cached_terminology_finds_what_a_built_one_finds(cache_home: Path):
    import anamnesis.terminology as terminology

    cold = terminology.load_terminology.__wrapped__()
    warm = terminology.load_terminology.__wrapped__()
    built = terminology.build_terminology()
    assert warm is not cold
    for text, _ in TEXTS:
        assert warm.find(text) == built.find(text)
    assert [t.canonical for t in warm.terms] == [t.canonical for t in built.terms]


def test_a_new_key_builds_afresh_and_removes_the_old_file(cache_home: Path):
    assert derived_cache.cached("thing", "k1", lambda: {"v": 1}) == {"v": 1}
    assert derived_cache.cached("thing", "k1", lambda: {"v": 2}) == {"v": 1}  # kept
    assert derived_cache.cached("thing", "k2", lambda: {"v": 2}) == {"v": 2}  # another key: built
    assert sorted(p.name for p in cache_home.iterdir()) == [f"thing-k2{derived_cache.SUFFIX}"]


def test_an_unreadable_file_is_rebuilt_and_overwritten(cache_home: Path):
    cache_home.mkdir(parents=True)
    (cache_home / f"thing-k1{derived_cache.SUFFIX}").write_bytes(b"\x80\x05truncated")
    assert derived_cache.cached("thing", "k1", lambda: [1, 2]) == [1, 2]
    assert derived_cache.cached("thing", "k1", pytest.fail) == [1, 2]  # the rewritten file reads back


#: Bytes of the check that heads a derived file (an XXH3-128).
HEAD = 16


def test_a_file_left_by_the_sha256_heads_is_replaced_without_a_warning(cache_home: Path, caplog):
    """A file of the SHA-256 heads written before (``<name>-<key>.pickle``) is not read as damaged:
    it is another name, built past once and removed when the new file is written."""
    cache_home.mkdir(parents=True)
    (cache_home / "thing-k1.pickle").write_bytes(b"\x00" * 32 + pickle.dumps({"v": 0}))
    assert derived_cache.cached("thing", "k1", lambda: {"v": 1}) == {"v": 1}
    assert sorted(p.name for p in cache_home.iterdir()) == [f"thing-k1{derived_cache.SUFFIX}"]
    assert "unreadable" not in caplog.text


@pytest.mark.parametrize("damage", ["flip", "truncate", "headless"])
def test_a_damaged_file_is_caught_by_its_digest_and_rebuilt(cache_home: Path, damage: str):
    derived_cache.cached("thing", "k1", lambda: {"dose": 500})
    path = cache_home / f"thing-k1{derived_cache.SUFFIX}"
    data = path.read_bytes()
    payload = data[HEAD:]
    assert pickle.loads(payload) == {"dose": 500}  # a digest, then the pickle
    if damage == "flip":  # still a valid pickle, of another value: only the digest tells
        damaged = data.replace(b"M\xf4\x01", b"M\x84\x03")  # BININT2 500 -> 900
        assert damaged != data and pickle.loads(damaged[HEAD:]) == {"dose": 900}
    else:
        damaged = data[:-3] if damage == "truncate" else payload
    path.write_bytes(damaged)
    assert derived_cache.cached("thing", "k1", lambda: {"dose": 250}) == {"dose": 250}
    assert derived_cache.cached("thing", "k1", pytest.fail) == {"dose": 250}


def test_the_cached_drugbank_table_finds_what_the_library_finds(cache_home: Path):
    from drug_named_entity_recognition import find_drugs

    table = drugbank.load_table.__wrapped__()  # built through this test's cold cache
    assert table is not None and [p.name.split("-")[1] for p in cache_home.iterdir()] == ["drugbank"]
    assert drugbank.load_table.__wrapped__() == table  # and read back from it
    rng = random.Random(7)
    variants = sorted(table)
    filler = ["i", "take", "daily", "and", "the", "for", "my", "water", "\x00"]
    for _ in range(1500):
        words: list[str] = []
        for _ in range(rng.randint(1, 8)):
            words.extend(rng.choice(variants).split() if rng.random() < 0.4 else [rng.choice(filler)])
        expected = [
            (str(info.get("name") or "").lower(), first, last)
            for info, first, last in find_drugs(words, is_fuzzy_match=False, is_use_omop_api=False)
        ]
        assert drugbank.find_drugs(words, table) == expected, words


def test_the_cached_unit_conversions_are_what_pint_computes(cache_home: Path):
    from anamnesis.measurements import units

    cold = units.conversions.__wrapped__()
    assert cold and units.conversions.__wrapped__() == cold  # read back warm
    for (source, target, molar_mass), known in cold.items():
        if isinstance(known, str):
            with pytest.raises(units.UnitError, match=known):
                units._affine.__wrapped__(source, target, molar_mass)
        else:
            assert known == units._affine.__wrapped__(source, target, molar_mass)


def test_a_cached_measurement_catalogue_finds_what_a_built_one_finds(cache_home: Path, monkeypatch: pytest.MonkeyPatch):
    from anamnesis.measurements import catalog

    cold = catalog.load_catalog.__wrapped__()
    warm = catalog.load_catalog.__wrapped__()
    built = catalog.build_catalog()
    assert warm is not cold and [p.name.rsplit("-", 1)[0] for p in cache_home.iterdir()] == ["measurement-catalog"]
    for text in ("мой холестерин 6.2, гемоглобин 130", "my HbA1c was 7.1% and TSH 2.5", "血糖7.8，肝功能正常"):
        assert warm.find(text) == built.find(text) and warm.find(text)
        assert warm.organs_in(text) == built.organs_in(text)
    assert warm.tests == built.tests
    key = catalog.catalog_key()
    tests = cache_home.parent / "tests.tsv"
    tests.write_bytes(catalog.TESTS_FILE.read_bytes() + b"\n")
    monkeypatch.setattr(catalog, "TESTS_FILE", tests)
    assert catalog.catalog_key() != key
