"""MTS-Dialog (Ben Abacha et al., EACL 2023; CC BY 4.0) as a second, real-world gold set.

Each CSV row is a short doctor–patient conversation with one clinical-note section header and
that section's reference text. One row becomes one user, ``mts-<ID>`` (validation) or
``mts-train-<ID>`` (training set), with one session:

- ``Doctor``, ``Doctor_2`` and ``Guest_clinician`` speak as the ``assistant``; ``Patient`` is the
  ``user``; a ``Guest_family`` speaker talks *about* the patient and is not the user, so their
  turns are kept as ``assistant`` context (CONTRACT §1: only the user's own words give facts);
  a line without a speaker continues the previous turn.
- Expectations come from the header and the reference text (:func:`reference_expectation`):
  ``ALLERGY`` → allergies, ``MEDICATIONS`` → medications, ``PASTSURGICAL`` → surgeries,
  ``IMMUNIZATIONS`` → vaccinations. A reference such as "None.", "No known drug allergies.",
  "Noncontributory." or "He has not had any previous surgery." expects the section's ``*``
  fact ``confirmed_absent``; a reference that only says the answer is not known ("Unknown.",
  "Not sure.", "Up-to-date." with no vaccine named, "as listed in the chart") expects
  nothing; any other reference expects at least one present fact in the section.
- Named items (:func:`named_items`): the canonical entities the terminology finds in the
  reference text, of the kinds of the header (drugs and allergens for ``ALLERGY``, drugs for
  ``MEDICATIONS``, procedures for ``PASTSURGICAL``, vaccines for ``IMMUNIZATIONS``).
- Other headers only give a looser *placement* expectation (:data:`PLACEMENT_HEADERS`): at
  least one fact, of any status, in one of the sections the header maps to.

A row whose dialogue has no ``Patient`` turn cannot give a fact by contract; it is kept in the
export but marked not evaluable (``evaluable`` is False) and left out of every figure.
"""

from __future__ import annotations

import csv
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

#: Headers with a presence / absence expectation (the issue's bars), and their section.
PRESENCE_HEADERS: dict[str, str] = {
    "ALLERGY": "allergies",
    "MEDICATIONS": "medications",
    "PASTSURGICAL": "surgeries",
    "IMMUNIZATIONS": "vaccinations",
}
#: Headers measured only for section placement, with the sections that count.
PLACEMENT_HEADERS: dict[str, tuple[str, ...]] = {
    "PASTMEDICALHX": ("chronic_conditions", "diagnoses"),
    "FAM/SOCHX": ("family_history", "lifestyle"),
    "CC": ("symptoms",),
    "GENHX": ("symptoms",),
    "ROS": ("symptoms",),
}
#: Term kinds that count as named items in each presence header's reference text (a drug in a
#: surgical history, or "milk" in "milk ducts removed", is not an item of that section).
NAMED_KINDS: dict[str, tuple[str, ...]] = {
    "ALLERGY": ("drug", "allergen"),
    "MEDICATIONS": ("drug",),
    "PASTSURGICAL": ("procedure",),
    "IMMUNIZATIONS": ("vaccine",),
}
SPLIT_FILES: dict[str, str] = {"validation": "validation.csv", "train": "train.csv"}
SPLITS = ("validation", "train", "train-tune", "train-frozen", "both")


def frozen_row(row_id: str) -> bool:
    """Whether a train row belongs to the frozen half, never read while writing rules.

    A stable hash of the row id, so the halves are the same on every machine and never move:
    rules are tuned on ``train-tune`` (and validation), ``train-frozen`` only measures.
    """
    return hashlib.sha256(f"mts-frozen:{row_id}".encode()).digest()[0] % 2 == 0
BASE_TS = datetime.fromisoformat("2026-02-01T09:00:00+00:00")

Expectation = Literal["absent", "present", "unknown"]

_UNKNOWN = re.compile(
    r"^\s*(?:unknown|not sure|(?:also\s+)?up[- ]to[- ]date|as listed|her list of medicines is as noted"
    r"|i reviewed)\b",
    re.IGNORECASE,
)
_ABSENT = re.compile(
    r"^\s*(?:none\b|nothing significant|non-?contributory|(?:otherwise,?\s*)?negative\b|unremarkable|denied\b"
    r"|denies\b|nkda\b|nka\b|no\b"
    r"|(?:he|she|the patient)\s+(?:has|had|is|is\s+on|takes)\s+(?:not|no|never)\b"
    r"|(?:he|she|the patient)\s+has\s+undergone\s+no\b"
    r"|there\s+(?:is|are|were)\s+no\b)",
    re.IGNORECASE,
)
_ALLERGY_ABSENT = re.compile(
    r"\bno\s+known\s+(?:drug\s+|medical\s+|medicine\s+)?(?:allerg\w*|intolerances?)\b"
    r"|\bdenies\s+any\s+(?:drug\s+)?allerg|\bnkda\b",
    re.IGNORECASE,
)
_EXCEPT = re.compile(r"\b(?:except|other than|but|only)\b", re.IGNORECASE)
_SPEAKER = re.compile(r"^\s*([A-Za-z][A-Za-z_ ]*?_?\d*)\s*:\s?(.*)$")


@dataclass(frozen=True, slots=True)
class MtsDialogue:
    row_id: str
    split: str
    header: str
    section_text: str
    user_id: str
    turns: tuple[tuple[str, str], ...]  # (role, text)
    #: The section of a presence header; ``None`` for placement-only rows.
    section: str | None
    expectation: Expectation | None
    #: (canonical entity, kind) of each named item of the reference text.
    named: tuple[tuple[str, str], ...]
    placement: tuple[str, ...]

    @property
    def evaluable(self) -> bool:
        return any(role == "user" for role, _ in self.turns)

    @property
    def id(self) -> str:
        return self.user_id

    def message_id(self, turn: int) -> str:
        return f"{self.user_id}-t{turn}"


def speaker_role(speaker: str) -> str | None:
    """``user`` / ``assistant`` for a speaker label, ``None`` if it is not a speaker."""
    s = speaker.strip().lower().replace(" ", "_")
    if s.startswith("patient"):
        return "user"
    if s.startswith(("doctor", "docotr", "guest_clin", "guest_family", "gest_family", "guest")):
        return "assistant"
    return None


def parse_dialogue(dialogue: str) -> list[tuple[str, str]]:
    """``Speaker: text`` lines to (role, text) turns; an unlabelled line continues the last turn."""
    turns: list[tuple[str, str]] = []
    for raw in dialogue.replace("\r", "").split("\n"):
        line = raw.strip()
        if not line:
            continue
        m = _SPEAKER.match(line)
        role = speaker_role(m.group(1)) if m else None
        if role is not None and m is not None:
            text = m.group(2).strip()
            if turns and turns[-1][0] == role and role == "assistant" and not text:
                continue
            turns.append((role, text))
        elif turns:
            turns[-1] = (turns[-1][0], f"{turns[-1][1]} {line}".strip())
    return [(r, t) for r, t in turns if t]


def reference_expectation(header: str, text: str) -> Expectation:
    """What the reference text of a presence header expects of its section (see module doc)."""
    t = " ".join(text.split())
    if _UNKNOWN.match(t):
        return "unknown"
    if header == "ALLERGY" and _ALLERGY_ABSENT.search(t) and not named_items(header, t):
        return "absent"
    if _ABSENT.match(t) and not _EXCEPT.search(t):
        return "absent"
    return "present"


def named_items(header: str, text: str) -> tuple[tuple[str, str], ...]:
    """(canonical, kind) of the items of ``header``'s kinds (:data:`NAMED_KINDS`) a text names."""
    from anamnesis.terminology import load_terminology

    kinds = NAMED_KINDS.get(header, ())
    seen: dict[str, str] = {}
    for m in load_terminology().find(text):
        if m.kind in kinds and m.canonical not in seen:
            seen[m.canonical] = m.kind
    return tuple(seen.items())


def _user_id(split: str, row_id: str) -> str:
    return f"mts-{row_id}" if split == "validation" else f"mts-train-{row_id}"


def load_split(path: Path, split: str) -> list[MtsDialogue]:
    """The rows of one CSV with a header we measure (presence or placement)."""
    out: list[MtsDialogue] = []
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            header = (row.get("section_header") or "").strip().upper()
            if header not in PRESENCE_HEADERS and header not in PLACEMENT_HEADERS:
                continue
            row_id = str(row["ID"]).strip()
            text = row.get("section_text") or ""
            section = PRESENCE_HEADERS.get(header)
            out.append(MtsDialogue(
                row_id=row_id,
                split=split,
                header=header,
                section_text=text.strip(),
                user_id=_user_id(split, row_id),
                turns=tuple(parse_dialogue(row.get("dialogue") or "")),
                section=section,
                expectation=reference_expectation(header, text) if section else None,
                named=named_items(header, text),
                placement=PLACEMENT_HEADERS.get(header, ()),
            ))
    return out


def split_files(directory: Path, split: str) -> list[tuple[str, Path]]:
    """(split name, CSV path) of a ``--split`` choice; ``FileNotFoundError`` if one is missing."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {', '.join(SPLITS)}, not {split!r}")
    names = ("validation", "train") if split == "both" else (split,)
    files = [(n, directory / SPLIT_FILES[n.split("-")[0]]) for n in names]
    for _, path in files:
        if not path.is_file():
            raise FileNotFoundError(f"MTS-Dialog file {path} not found")
    return files


def load_mts(directory: Path, split: str = "validation") -> list[MtsDialogue]:
    """Every measured row of the chosen split(s)."""
    dialogues: list[MtsDialogue] = []
    for name, path in split_files(directory, split):
        rows = load_split(path, name.split("-")[0])
        if name in ("train-tune", "train-frozen"):
            rows = [d for d in rows if frozen_row(d.row_id) == (name == "train-frozen")]
        dialogues.extend(rows)
    return dialogues


def export_rows(dialogues: Iterable[MtsDialogue]) -> list[dict[str, Any]]:
    """CONTRACT §1 export rows: one user and one session per row, turns 30 seconds apart."""
    rows: list[dict[str, Any]] = []
    for d in dialogues:
        for i, (role, text) in enumerate(d.turns):
            rows.append({
                "message_id": d.message_id(i),
                "user_id": d.user_id,
                "session_id": d.user_id,
                "ts": (BASE_TS + timedelta(seconds=30 * i)).isoformat(),
                "role": role,
                "text": text[:32_000],
                "lang": "en",
            })
    return rows
