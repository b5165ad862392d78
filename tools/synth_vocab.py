"""The synthetic generator's words, read from the vocabulary the rules backend itself reads.

Drugs, conditions, diagnoses, symptoms, allergens, procedures, vaccines, injuries and
relatives come from the terminology files (``anamnesis/terminology/data``); frequencies, times
and the people who are not the user come from the rules' cue file (``cues.tsv``). So a term
added to the data is soon in the load tests, and every word the generator writes is one the
pipeline knows. Both are read with the loader the terminology uses (:func:`read_rows`), in
file order, so the same seed always gives the same words.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate

from anamnesis.terminology import data_files
from anamnesis.terminology.inflect import english_plural
from anamnesis.terminology.tsv import REQUIRED_COLUMNS, read_rows
from anamnesis.understanding.rules.lexicon import CUES_FILE
from schemas.langs import LANGS

#: Term kinds the templates name, and cue categories they take words from.
TERM_KINDS = ("drug", "condition", "diagnosis", "symptom", "allergen", "procedure", "vaccine", "injury", "relative")
CUE_CATEGORIES = ("freq", "when", "person")
_CUE_COLUMNS = ("category", "value", *LANGS)
#: How steeply use falls with rank (see :class:`Vocabulary`). 1.5 gives 200,000 messages about
#: 18,600 distinct user texts (14,600 with the hand-picked lists of earlier versions) and a
#: write path ~1.9x their CPU; 2.0 gave 11,100 texts and ~1.4x (BENCHMARKS.md).
ZIPF_EXPONENT = 1.5
#: Strengths a tablet is sold in; each drug comes in three neighbouring ones (see :func:`doses`).
_STRENGTHS = tuple("1 2.5 5 10 20 25 40 50 75 100 150 200 250 400 500 850 1000".split())


@dataclass(frozen=True, slots=True)
class Entry:
    """One canonical term (or cue value) and its written forms in one language, preferred first."""

    canonical: str
    forms: tuple[str, ...]


def _usable(cell: str) -> list[str]:
    """The forms of a data cell that are whole words as a person writes them.

    ``=`` (match exactly) and ``+`` (decline) are matching marks and are dropped; a prefix form
    (``~``) is a word stem and a Chinese form with a degree slot (``…``) is a pattern, so both go.
    """
    forms = (f.strip() for f in cell.split("|"))
    return [f.strip("=+") for f in forms if f and not f.endswith("~") and "…" not in f]


def _entries(rows: Iterable[tuple[str, str, list[str]]]) -> dict[str, tuple[Entry, ...]]:
    """(group, canonical, forms) rows to entries per group; rows of one canonical are merged."""
    grouped: dict[str, dict[str, list[str]]] = {}
    for group, canonical, row_forms in rows:
        forms = grouped.setdefault(group, {}).setdefault(canonical, [])
        forms.extend(f for f in row_forms if f not in forms)
    return {
        group: tuple(Entry(canonical, tuple(forms)) for canonical, forms in terms.items() if forms)
        for group, terms in grouped.items()
    }


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """Entries of one language: ``terms[kind]`` and ``cues[category]``, drawn Zipf-like.

    People name a few drugs and conditions all the time and the long tail rarely; each data
    file lists its common terms first (and ``drugs.tsv`` comes before the ATC-group files), so
    the entry at rank ``r`` is drawn with weight ``1 / r ** ZIPF_EXPONENT``. That also keeps the
    number of distinct texts, which the write path's cost follows, near the hand-picked lists'
    of earlier versions.
    """

    terms: dict[str, tuple[Entry, ...]]
    cues: dict[str, tuple[Entry, ...]]
    _cum: dict[int, list[float]] = field(default_factory=dict)

    def pick(self, rng: random.Random, entries: tuple[Entry, ...]) -> Entry:
        """One entry of ``entries`` (a tuple of this vocabulary), common ones more often."""
        cum = self._cum.get(id(entries))
        if cum is None:
            weights = (1 / rank**ZIPF_EXPONENT for rank in range(1, len(entries) + 1))
            cum = self._cum[id(entries)] = list(accumulate(weights))
        return rng.choices(entries, cum_weights=cum)[0]


@cache
def vocabulary(lang: str) -> Vocabulary:
    """The generator's vocabulary in ``lang``, read once per process."""
    terms = _entries(
        (row["kind"], row["canonical"], _usable(row[lang]))
        for path in data_files()
        for _, row in read_rows(path, REQUIRED_COLUMNS)
        if row["kind"] in TERM_KINDS
    )
    cues = _entries(
        (row["category"], row["value"], _cue_forms(row, lang))
        for _, row in read_rows(CUES_FILE, _CUE_COLUMNS)
        if row["category"] in CUE_CATEGORIES
    )
    cues["when"] = tuple(_moment(e, lang) for e in cues["when"] if not e.canonical.startswith("since"))
    cues["person"] = tuple(Entry(form, (form,)) for e in cues["person"] for form in e.forms)
    missing = [k for k in TERM_KINDS if not terms.get(k)] + [c for c in CUE_CATEGORIES if not cues.get(c)]
    if missing:
        raise ValueError(f"no {lang} vocabulary for {missing}")
    return Vocabulary(terms, cues)


def _moment(entry: Entry, lang: str) -> Entry:
    """A point in time; English month names get their capital back (the cue file is lower case)."""
    if lang != "en" or entry.canonical.islower():
        return entry
    name = entry.canonical
    return Entry(name, tuple(f.replace(name.lower(), name) for f in entry.forms))


def _cue_forms(row: dict[str, str], lang: str) -> list[str]:
    return _person_nouns(row[lang], lang) if row["category"] == "person" else _usable(row[lang])


def _person_nouns(cell: str, lang: str) -> list[str]:
    """The forms of the 'someone else' cue that can follow "my" / "我" as one person.

    English: a noun whose plural the data lists too (friend, colleague; not "someone", "people").
    Russian: the forms marked ``+`` (declined like a noun, so written in the nominative; the
    others are oblique cases or phrases). Chinese: no pronoun-like 人 ("别人", "有人") and no 我
    of its own ("我的狗").
    """
    if lang == "ru":
        return [f.strip()[:-1] for f in cell.split("|") if f.strip().endswith("+")]
    forms = _usable(cell)
    if lang == "en":
        return [f for f in forms if f.isalpha() and english_plural([f]) in forms]
    return [f for f in forms if "人" not in f and "我" not in f]


def doses(canonical: str) -> tuple[str, ...]:
    """Three neighbouring strengths for a drug, always the same ones for the same drug.

    The terminology has no strengths, so they are made up, but stably (a CRC of the name, not
    Python's per-process ``hash``): a user's metformin keeps its few doses across messages,
    as in life, and a dose change is a change between two of them.
    """
    start = zlib.crc32(canonical.encode()) % (len(_STRENGTHS) - 2)
    return _STRENGTHS[start : start + 3]
