"""The synthetic generator's vocabulary is the terminology's and the cues' data, used as such."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from datetime import UTC, datetime

import pytest

from anamnesis.terminology import data_files, load_terminology
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules import RulesBackend
from schemas.events import Fragment
from schemas.langs import LANGS
from tools.synth import write_synthetic_exports
from tools.synth_vocab import TERM_KINDS, doses, vocabulary


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_kind_is_every_term_of_that_kind_in_the_data(lang: str) -> None:
    expected: dict[str, set[str]] = {kind: set() for kind in TERM_KINDS}
    for path in data_files():
        for _, row in read_rows(path):
            if row["kind"] in expected and row[lang].strip():
                expected[row["kind"]].add(row["canonical"])
    words = vocabulary(lang)
    for kind in TERM_KINDS:
        got = [e.canonical for e in words.terms[kind]]
        assert len(got) == len(set(got)), kind
        # a row whose only forms are stems or patterns cannot be written out; nearly none are
        assert set(got) <= expected[kind] and len(got) >= 0.95 * len(expected[kind]), kind


@pytest.mark.parametrize("lang", LANGS)
def test_every_written_term_reads_back_as_its_own_canonical(lang: str) -> None:
    terminology = load_terminology()
    words = vocabulary(lang)
    wrong = [
        (e.canonical, form)
        for kind in TERM_KINDS
        for e in words.terms[kind]
        for form in (e.forms if kind == "drug" else e.forms[:1])
        if terminology.canonical(form) != e.canonical
    ]
    assert not wrong, wrong[:10]


def test_common_terms_are_drawn_more_often_than_the_tail() -> None:
    words = vocabulary("en")
    drugs = words.terms["drug"]
    rng = random.Random(3)
    counts = Counter(words.pick(rng, drugs).canonical for _ in range(20_000))
    assert counts[drugs[0].canonical] > 10 * counts[drugs[50].canonical]
    assert len(counts) > 200  # the long tail is reached too


@pytest.fixture(scope="module")
def user_texts(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    paths = write_synthetic_exports(tmp_path_factory.mktemp("vocab"), users=60, messages=6_000, days=2, seed=5)
    records = [json.loads(line) for p in paths for line in p.read_text(encoding="utf-8").splitlines()]
    return [r for r in records if r["role"] == "user"]


def test_a_dose_is_one_the_named_drug_comes_in(user_texts: list[dict]) -> None:
    terminology = load_terminology()
    checked = 0
    for r in user_texts:
        m = re.fullmatch(r"I take (.+) (\d+(?:\.\d+)?) mg .+\.", r["text"])
        if m:
            canonical = terminology.canonical(m[1])
            assert canonical is not None, m[1]
            assert m[2] in doses(canonical), (m[1], m[2])
            checked += 1
    assert checked > 20
    assert doses("metformin") == doses("metformin") and len(set(doses("metformin"))) == 3


def test_the_rules_backend_reads_facts_in_most_user_turns(user_texts: list[dict]) -> None:
    """The frames and words fit together: the pipeline finds what the generator means."""
    when = datetime(2026, 1, 1, tzinfo=UTC)
    fragments = [
        Fragment(r["message_id"], r["user_id"], r["message_id"], when, r["text"], None, r["lang"]) for r in user_texts
    ]
    understood = list(RulesBackend().understand(fragments))
    by_lang: dict[str, list[bool]] = {lang: [] for lang in LANGS}
    sections: Counter[str] = Counter()
    for fragment, u in zip(fragments, understood, strict=True):
        by_lang[fragment.lang].append(bool(u.events))
        sections.update(e["section"] for e in u.events)
    for lang, found in by_lang.items():
        assert sum(found) / len(found) > 0.7, lang
    assert len(sections) >= 11, sections
