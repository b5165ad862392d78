"""Drug classes by ATC prefix and their cited cross-reactivities, read from ``data/*.tsv``."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from anamnesis.terminology.tsv import read_rows

DATA_DIR = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True, slots=True)
class DrugClass:
    name: str
    prefixes: tuple[str, ...]
    names: tuple[str, ...]
    source: str


@dataclass(frozen=True, slots=True)
class CrossReactivity:
    a: str
    b: str
    note: str
    source: str


@dataclass(frozen=True, slots=True)
class ClassTable:
    classes: tuple[DrugClass, ...]
    cross: tuple[CrossReactivity, ...]
    #: The classes of each bare code looked up so far: every safety check of the read path asks
    #: again for the same few drugs' and allergies' codes.
    _of_code: dict[str, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)

    def of_codes(self, codes: tuple[str, ...]) -> set[str]:
        """The classes any of these ATC codes (``ATC:J01CA04`` or bare) belongs to."""
        found: set[str] = set()
        for code in codes:
            if code.startswith("ATC:") or code[:1].isalpha():
                found |= self._classes_of(code.removeprefix("ATC:"))
        return found

    def _classes_of(self, code: str) -> frozenset[str]:
        classes = self._of_code.get(code)
        if classes is None:
            classes = self._of_code[code] = frozenset(
                k.name for k in self.classes for p in k.prefixes if code.startswith(p)
            )
        return classes

    def named(self, entity: str) -> set[str]:
        """The classes an allergy entity names as a whole ("penicillin" → penicillins)."""
        return {k.name for k in self.classes if entity in k.names}

    def cross_reactive(self, first: str, second: str) -> CrossReactivity | None:
        return next((c for c in self.cross if {c.a, c.b} == {first, second}), None)

    def source_of(self, name: str) -> str:
        return next(k.source for k in self.classes if k.name == name)


@cache
def load_classes() -> ClassTable:
    classes = tuple(
        DrugClass(r["class"], tuple(r["atc"].split("|")), tuple(r["names"].split("|")), r["source"])
        for _, r in read_rows(DATA_DIR / "drug_classes.tsv", ("class", "atc", "names", "source"))
    )
    known = {k.name for k in classes}
    cross = []
    for line_no, r in read_rows(DATA_DIR / "cross_reactivity.tsv", ("class_a", "class_b", "note", "source")):
        if r["class_a"] not in known or r["class_b"] not in known or not r["source"]:
            raise ValueError(f"cross_reactivity.tsv:{line_no}: unknown class or no source")
        cross.append(CrossReactivity(r["class_a"], r["class_b"], r["note"], r["source"]))
    return ClassTable(classes, tuple(cross))
