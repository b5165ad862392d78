"""Drug classes by ATC prefix and their cited cross-reactivities, read from ``data/*.tsv``."""

from __future__ import annotations

from dataclasses import dataclass
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

    def of_codes(self, codes: tuple[str, ...]) -> set[str]:
        """The classes any of these ATC codes (``ATC:J01CA04`` or bare) belongs to."""
        bare = [c.removeprefix("ATC:") for c in codes if c.startswith("ATC:") or c[:1].isalpha()]
        return {k.name for k in self.classes for code in bare for p in k.prefixes if code.startswith(p)}

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
