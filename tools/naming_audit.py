"""Naming audit: do the terminology's canonical names match the names the annotators write?

Facts are scored by exact (section, entity), so a concept the rules name differently from the
labels ("myalgia" for the labels' "muscle pain") is a missed fact and an extra one. This reads
the labels of the **tuned** sets only (``gold`` and ``dev``; never ``validation`` or ``blind``)
and looks every label entity up in the terminology rows:

- (a) a label name that is an English *form* of a row whose canonical differs: the rules emit
  the row's canonical, not the label's name (listed with both names' label counts);
- (b) a label name in no row at all (neither a canonical nor an English form), split into names
  the rules compose from a body part ("knee pain", "wrist fracture") and names nothing produces.

``--pairs`` also runs the pipeline on the tuned sets and counts, per dialogue and section, each
missed label entity beside an extra predicted one (the likely naming mismatches).

Run: ``uv run python -m tools.naming_audit [--pairs]``.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from dataclasses import dataclass

from anamnesis.evaluation.datasets import TUNED_SETS, bundled
from anamnesis.evaluation.gold import GoldDialogue, load_gold
from anamnesis.terminology import DATA_DIR, data_files, load_terminology
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.lexicon import CUES_FILE
from schemas.sections import SECTION_WIDE

#: Sections whose entities are fixed by CONTRACT §3, not vocabulary names.
FIXED_SECTIONS = frozenset({"demographics"})


@dataclass(frozen=True, slots=True)
class Row:
    """One terminology row as the audit needs it."""

    canonical: str
    kind: str
    file: str


def _forms(cell: str) -> list[str]:
    """The English forms of one cell, without the matcher's ``=`` / ``~`` markers."""
    return [f.strip().lstrip("=").rstrip("~").strip().lower() for f in cell.split("|") if f.strip()]


def index_rows() -> tuple[dict[str, Row], dict[str, list[Row]], set[str]]:
    """(canonical → row, English form → rows, names the rules compose from a body part)."""
    canonicals: dict[str, Row] = {}
    forms: dict[str, list[Row]] = defaultdict(list)
    parts: list[dict[str, str]] = []
    for path in data_files():
        for _, cells in read_rows(path):
            row = Row(cells["canonical"], cells["kind"], path.name)
            canonicals.setdefault(row.canonical, row)
            for form in _forms(cells["en"]):
                if form != row.canonical:
                    forms[form].append(row)
            if row.kind == "body_part":
                parts.append(cells)
    return canonicals, forms, _composed(parts)


def _composed(parts: list[dict[str, str]]) -> set[str]:
    """Every name rules/mentions.py can compose from a body part and a cue of cues.tsv."""
    injuries = {cells["value"] for _, cells in read_rows(CUES_FILE, ("category", "value"))
                if cells["category"] == "injury"}
    names: set[str] = set()
    for cells in parts:
        part = cells["canonical"]
        names.add(cells.get("pain") or f"{part} pain")
        names.add(cells.get("removal") or f"{part} surgery")
        names.update(n for n in (cells.get("replacement"), *cells.get("swelling", "").split("|")) if n)
        if cells.get("injury") in ("yes", "discussed"):
            names.update(f"{part} {kind}" for kind in injuries)
            names.add(f"{part} injury")
    return names


def tuned_dialogues() -> list[GoldDialogue]:
    """The dialogues of the tuned sets only (their labels may be read)."""
    return [d for name in TUNED_SETS for d in load_gold(bundled(name))]


def label_counts(dialogues: list[GoldDialogue]) -> Counter[tuple[str, str]]:
    """(section, entity) → how many dialogues' expected facts name it."""
    return Counter(
        (f.section, f.entity) for d in dialogues for f in d.facts
        if f.entity != SECTION_WIDE and f.section not in FIXED_SECTIONS
    )


@dataclass(frozen=True, slots=True)
class Findings:
    """What the audit found for a set of label names (each with its label count)."""

    #: (label name, labels, the canonical the rules emit, that canonical's labels, its file)
    other: list[tuple[str, int, str, int, str]]
    #: label names the rules compose from a body part ("toe pain"), with their counts
    composed: list[tuple[str, int]]
    #: label names no row names, with their counts
    unknown: list[tuple[str, int]]


def classify(by_name: Counter[str]) -> Findings:
    """Each label name against the rows: a canonical (fine), another row's form, composed, unknown."""
    canonicals, forms, composed = index_rows()
    terms = load_terminology()
    found = Findings([], [], [])
    for name, n in sorted(by_name.items(), key=lambda kv: (-kv[1], kv[0])):
        if name in canonicals:
            continue
        rows = forms.get(name) or []
        target = rows[0].canonical if rows else terms.canonical(name)
        if target is not None and target != name:
            file = rows[0].file if rows else canonicals[target].file if target in canonicals else "?"
            found.other.append((name, n, target, by_name.get(target, 0), file))
        elif name in composed:
            found.composed.append((name, n))
        else:
            found.unknown.append((name, n))
    return found


def audit(dialogues: list[GoldDialogue]) -> list[str]:
    """The report's lines: (a) label names that are another row's form, (b) names in no row."""
    by_name: Counter[str] = Counter()
    for (_, entity), n in label_counts(dialogues).items():
        by_name[entity] += n
    found = classify(by_name)
    other, made, unknown = found.other, found.composed, found.unknown
    lines = [f"# Naming audit ({len(dialogues)} dialogues, "
             f"{sum(by_name.values())} labelled facts, {len(by_name)} distinct names)", "",
             f"(a) label names that are a form of a row with another canonical: {len(other)} names, "
             f"{sum(o[1] for o in other)} facts", "",
             "| label name | labels | rules emit | its labels | file |", "|---|---:|---|---:|---|"]
    lines += [f"| {a} | {n} | {c} | {m} | {f} |" for a, n, c, m, f in other]
    lines += ["", f"(b) label names in no row: {len(unknown)} names, {sum(n for _, n in unknown)} facts "
              f"(and {len(made)} names, {sum(n for _, n in made)} facts, composed from a body part)", ""]
    lines += [f"- {name} ({n})" for name, n in unknown]
    lines += ["", "Composed from a body part: " + ", ".join(f"{name} ({n})" for name, n in made)]
    lines += ["", f"Vocabulary: {len(index_rows()[0])} canonicals in {len(data_files())} files under {DATA_DIR.name}/"]
    return lines


def pairs(dialogues: list[GoldDialogue]) -> list[str]:
    """Missed label entities beside an extra predicted one, same dialogue and section, counted."""
    from pipelines.evaluate import run_eval

    result = run_eval(bundled("gold"), dev_dir=bundled("dev"))
    counted: Counter[tuple[str, str, str]] = Counter()
    for d in dialogues:
        gold = {f.key for f in d.facts}
        got = {(f.section, f.entity) for f in result.predictions.facts.get(d.user_id, ())}
        missed, extra = defaultdict(list), defaultdict(list)
        for section, entity in gold - got:
            missed[section].append(entity)
        for section, entity in got - gold:
            extra[section].append(entity)
        for section, names in missed.items():
            for label in names:
                for emitted in extra.get(section, ()):
                    if SECTION_WIDE not in (label, emitted):
                        counted[(section, label, emitted)] += 1
    lines = ["", f"## Missed beside extra, same dialogue and section: {sum(counted.values())} pairs", "",
             "| section | label | rules emitted | dialogues |", "|---|---|---|---:|"]
    lines += [f"| {s} | {label} | {e} | {n} |" for (s, label, e), n in
              sorted(counted.items(), key=lambda kv: (-kv[1], kv[0]))]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", action="store_true", help="also run the pipeline on gold and dev")
    args = parser.parse_args()
    dialogues = tuned_dialogues()
    lines = audit(dialogues)
    if args.pairs:
        lines += pairs(dialogues)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
