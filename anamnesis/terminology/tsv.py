"""Reading the vocabulary files: UTF-8 TSV, one term per row, reviewed like code.

Columns ``canonical``, ``kind``, ``codes``, ``en``, ``ru`` and ``zh`` are required; any further
column (``pain``, ``removal``, ``value``...) is kept in :attr:`Term.links` for the rules that
compose terms. A surface cell lists forms separated by ``|``. A form starting with ``=`` is
matched exactly as written (no Russian declension, no English plural); a form ending in
``~`` also matches longer words that start with it. A Chinese form with ``…`` (``胸…闷``) also
matches with a degree or frequency adverb in that place (:mod:`anamnesis.terminology.zh_degree`),
and a form with ``{N}`` ("{N}个月没来月经") with each count in that place
(:mod:`anamnesis.terminology.counts`).
Lines starting with ``#`` are comments.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from schemas.langs import LANGS

REQUIRED_COLUMNS = ("canonical", "kind", "codes", *LANGS)
LANG_COLUMNS = LANGS


@dataclass(frozen=True, slots=True, eq=False)
class Term:
    """One canonical entity and how to recognise it."""

    canonical: str
    kind: str
    codes: tuple[str, ...]
    surfaces: tuple[str, ...]
    links: dict[str, str] = field(default_factory=dict)


def read_rows(path: Path, required: tuple[str, ...] = REQUIRED_COLUMNS) -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, row) of every data line; raises on a malformed header or row."""
    header: list[str] | None = None
    with path.open(encoding="utf-8", newline="") as fh:
        rows = csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE, strict=True)
        for cells in rows:
            line_no = rows.line_num
            if not cells or not "".join(cells).strip() or cells[0].startswith("#"):
                continue
            cells = [c.rstrip("\r") for c in cells]
            if header is None:
                header = cells
                missing = [c for c in required if c not in header]
                if missing:
                    raise ValueError(f"{path.name}: header lacks {missing}")
                continue
            if len(cells) > len(header):
                raise ValueError(f"{path.name}:{line_no}: {len(cells)} cells for {len(header)} columns")
            cells += [""] * (len(header) - len(cells))
            yield line_no, {h: c.strip() for h, c in zip(header, cells, strict=True)}


def read_terms(path: Path) -> Iterator[Term]:
    for line_no, row in read_rows(path):
        canonical = row["canonical"]
        if not canonical or canonical != canonical.lower():
            raise ValueError(f"{path.name}:{line_no}: canonical {canonical!r} must be non-empty lower case")
        surfaces = tuple(s.strip() for lang in LANG_COLUMNS for s in row[lang].split("|") if s.strip())
        if not surfaces:
            raise ValueError(f"{path.name}:{line_no}: {canonical!r} has no surface form")
        codes = tuple(c.strip() for c in row["codes"].split(",") if c.strip())
        links = {k: v for k, v in row.items() if k not in REQUIRED_COLUMNS and v}
        yield Term(canonical, row["kind"], codes, surfaces, links)
