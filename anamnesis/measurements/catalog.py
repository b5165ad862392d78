"""The terminology of tests and vital signs: canonical names, LOINC codes, units, ranges, organs.

One row of ``data/tests.tsv`` per test (see the file's header). Names in English, Russian and
Chinese are found in text with the same whole-word automaton and Russian declensions as the
main terminology; organ words ("liver", "печень", "肝") lead to every test of that organ. The
terminology's relatives ("my brother", "у мамы", "我爸") are found the same way: a test said of one
of them is not the user's reading.
"""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from anamnesis.derived_cache import cached, digest_of
from anamnesis.terminology import BUILDERS as TERMINOLOGY_BUILDERS
from anamnesis.terminology import DATA_DIR as TERMINOLOGY_DATA
from anamnesis.terminology.forms import expand
from anamnesis.terminology.matcher import Matcher
from anamnesis.terminology.text import normalise, surface_key
from anamnesis.terminology.tsv import read_rows

DATA_DIR = Path(__file__).resolve().parent / "data"
TESTS_FILE = DATA_DIR / "tests.tsv"
ORGANS_FILE = DATA_DIR / "organs.tsv"
RELATIVES_FILE = TERMINOLOGY_DATA / "relatives.tsv"
#: A name glued to the number after it, as chat writes it ("tsh4.8", "inr3.6", "МНО3,6", "hba1c7.2"):
#: two Latin or Cyrillic letters at least, a digit only inside it ("hba1c"), so that a one-letter name
#: part ("b" of "b12", "t" of "t4") is never one; an ideograph may stand right before it ("查的tsh5.9").
_GLUED = re.compile(r"(?<![a-zа-яё\d])(?:[a-zа-яё]+\d[a-zа-яё]+|[a-zа-яё]{2,})(?=\d)")
_COLUMNS = ("test", "code", "unit", "units", "min", "max", "low", "high", "molar_mass", "organs", "en", "ru", "zh")


def _number(cell: str) -> float | None:
    return float(cell) if cell else None


@dataclass(frozen=True, slots=True)
class TestDef:
    """One test: its canonical unit, the other units it may be given in, and its ranges."""

    test: str
    code: str | None
    unit: str | None
    units: tuple[str, ...]
    minimum: float | None
    maximum: float | None
    low: float | None
    high: float | None
    molar_mass: float | None
    organs: tuple[str, ...]
    names: tuple[str, ...]

    @property
    def accepted_units(self) -> tuple[str, ...]:
        """Every UCUM unit a value of this test may carry, the canonical one first."""
        return (self.unit, *self.units) if self.unit else ()


class Catalog:
    """Tests by canonical name, by any of their names, and by organ."""

    def __init__(
        self, tests: list[TestDef], organs: dict[str, tuple[str, ...]], relatives: tuple[str, ...] = ()
    ) -> None:
        self.tests: dict[str, TestDef] = {}
        self._names: dict[str, str] = {}
        for test in tests:
            if test.test in self.tests:
                raise ValueError(f"test {test.test!r} is listed twice")
            self.tests[test.test] = test
            for name in test.names:
                known = self._names.setdefault(surface_key(name), test.test)
                if known != test.test:
                    raise ValueError(f"name {name!r} means both {known!r} and {test.test!r}")
        self.organ_words = organs
        #: Each test with the tests whose name ends in its own ("glucose": "fasting glucose", ...).
        self.kinds: dict[str, tuple[str, ...]] = {
            name: (name, *(t for t in self.tests if t.endswith(" " + name))) for name in self.tests
        }
        self._matcher: Matcher[str] = Matcher(
            (key, prefix, test.test) for test in tests for name in test.names for key, prefix, _ in expand(name)
        )
        self._organ_matcher: Matcher[str] = Matcher(
            (key, prefix, organ) for organ, words in organs.items() for w in words for key, prefix, _ in expand(w)
        )
        self._relative_matcher: Matcher[str] = Matcher(
            (key, prefix, "relative") for w in relatives for key, prefix, _ in expand(w)
        )

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, test) of every test named in ``text``, leftmost-longest; a name glued to its
        value ("tsh4.8") is one too, as the whole-word matcher cannot see it."""
        norm = normalise(text)
        found = [(start, end, payloads[0]) for start, end, payloads in self._matcher.scan(norm)]
        if _GLUED.search(norm) is None:  # one search in C, most texts: no letters glued to a number
            return found
        glued = [
            (m.start(), m.end(), test)
            for m in _GLUED.finditer(norm)
            if (test := self._names.get(surface_key(m.group())))
            and not any(a < m.end() and m.start() < b for a, b, _ in found)
        ]
        return sorted(found + glued) if glued else found

    def lookup(self, name: str) -> TestDef | None:
        """The test a canonical name or any listed name (any language) stands for."""
        key = surface_key(name)
        test = self.tests.get(name.strip().lower()) or self.tests.get(self._names.get(key, ""))
        if test is None:
            found = self.find(name)
            if len(found) == 1 and found[0][1] - found[0][0] >= len(name.strip()) - 1:
                test = self.tests[found[0][2]]
        return test

    def relatives_in(self, text: str) -> list[tuple[int, int]]:
        """(start, end) of every relative named in ``text`` ("my sister", "у брата", "我妈")."""
        return [(start, end) for start, end, _ in self._relative_matcher.scan(normalise(text))]

    def organs_in(self, text: str) -> list[str]:
        """The organs or panels a text speaks of ("how is my liver?" → ``["liver"]``)."""
        return list(dict.fromkeys(p[0] for _, _, p in self._organ_matcher.scan(normalise(text))))

    def tests_of(self, organ: str) -> list[str]:
        """Every test belonging to an organ or panel, in the order of the data file."""
        return [t.test for t in self.tests.values() if organ in t.organs]


def _read_tests(path: Path) -> list[TestDef]:
    tests: list[TestDef] = []
    for line_no, row in read_rows(path, _COLUMNS):
        names = tuple(n.strip() for lang in ("en", "ru", "zh") for n in row[lang].split("|") if n.strip())
        if not row["test"] or row["test"] != row["test"].lower() or not names:
            raise ValueError(f"{path.name}:{line_no}: a test needs a lower-case name and names to find it by")
        tests.append(
            TestDef(
                test=row["test"],
                code=row["code"] or None,
                unit=row["unit"] or None,
                units=tuple(u for u in row["units"].split("|") if u),
                minimum=_number(row["min"]),
                maximum=_number(row["max"]),
                low=_number(row["low"]),
                high=_number(row["high"]),
                molar_mass=_number(row["molar_mass"]),
                organs=tuple(o for o in row["organs"].split("|") if o),
                names=names,
            )
        )
    return tests


def _read_organs(path: Path) -> dict[str, tuple[str, ...]]:
    organs: dict[str, tuple[str, ...]] = {}
    for _, row in read_rows(path, ("organ", "en", "ru", "zh")):
        organs[row["organ"]] = tuple(w.strip() for lang in ("en", "ru", "zh") for w in row[lang].split("|") if w)
    return organs


def _read_relatives(path: Path) -> tuple[str, ...]:
    return tuple(
        w.strip()
        for _, row in read_rows(path, ("en", "ru", "zh"))
        for lang in ("en", "ru", "zh")
        for w in row[lang].split("|")
        if w.strip()
    )


def data_files() -> tuple[Path, ...]:
    """The measurement vocabulary files (their bytes are part of the rules fingerprint)."""
    return (ORGANS_FILE, TESTS_FILE, RELATIVES_FILE)


def catalog_key() -> str:
    """The derived cache's key of the catalogue: its data files, this module and the terminology's
    builders (the forms and the matcher it is made of)."""
    return digest_of((*data_files(), Path(__file__), *TERMINOLOGY_BUILDERS), sys.version)


@cache
def load_catalog() -> Catalog:
    """The bundled catalogue of tests, loaded once per process (from the derived cache if it
    holds it: reading it back takes a fifth of building its matchers)."""
    return cached("measurement-catalog", catalog_key(), build_catalog)


def build_catalog() -> Catalog:
    """The bundled catalogue of tests, from its data files."""
    return Catalog(_read_tests(TESTS_FILE), _read_organs(ORGANS_FILE), _read_relatives(RELATIVES_FILE))


def data_digest() -> str:
    """Hash of the measurement vocabulary (tests, organs, units), part of the rules fingerprint."""
    digest = hashlib.sha256()
    for path in (*data_files(), DATA_DIR / "units.tsv"):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()
