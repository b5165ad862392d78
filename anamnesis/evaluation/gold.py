"""The hand-labelled gold dialogues: loading, checking, and writing them as exports.

One JSON object per line of ``anamnesis/evaluation/data/gold/<lang>.jsonl``::

    {"id": "en-001", "lang": "en", "user_id": "gold-en-001", "tags": ["negation", ...],
     "turns": [{"role": "assistant", "text": "...", "ts": "2026-03-01T09:00:00+00:00"},
               {"role": "user", "text": "...", "ts": "...", "sections": ["medications"]}],
     "events": [{"turn": 1, "section": "medications", "entity": "metformin",
                 "status": "active", "change_type": "first_mention", "dose": "500 mg"}],
     "facts": [{"section": "medications", "entity": "metformin", "status": "active", "dose": "500 mg"}],
     "query": {"text": "...", "relevant": [["medications", "metformin"]]}}

``turn`` indexes ``turns``; a user turn's ``sections`` are the sections it touches (absent:
not labelled); ``facts`` is the expected final ``facts_current`` of the user, ``*`` facts
included. Tags ``question``, ``hypothetical`` and ``other_person`` mark dialogues whose such
turns must give no fact. Any other key of an event or a fact (``dose``, ``relation``,
``value``, ...) or an ``attributes`` object is an expected attribute.

Each dialogue becomes one user; message ids are ``<dialogue id>-t<turn index>``
(:func:`message_id`), so what the pipeline records can be matched back to the turn. A
dialogue may span several chat sessions: a turn's ``session`` (any value) names its session;
without it, a gap of more than :data:`SESSION_GAP` between two turns starts a new one (the
pipeline reads a user message with the assistant turn before it *in the same session*).
Event entries marked ``"conflict": true`` and a top-level ``conflicts`` list are not scored.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from schemas.sections import CHANGE_TYPES, SECTIONS, allowed_statuses

#: Tags whose turns must yield no fact (CONTRACT §1: questions, hypotheticals, other people).
FORBIDDEN_TAGS: tuple[str, ...] = ("question", "hypothetical", "other_person")
#: Timestamp of a turn that has none: this base plus one minute per turn index.
DEFAULT_BASE_TS = datetime.fromisoformat("2026-03-01T09:00:00+00:00")
#: Without explicit sessions, a gap longer than this between two turns starts a new session.
SESSION_GAP = timedelta(hours=2)
_EVENT_KEYS = frozenset({"turn", "section", "entity", "status", "change_type", "attributes"})
_FACT_KEYS = frozenset({"section", "entity", "status", "attributes"})


class GoldFormatError(ValueError):
    """A gold line that does not follow the format; the message names the file and line."""


@dataclass(frozen=True, slots=True)
class GoldTurn:
    role: str
    text: str
    ts: datetime
    #: Gold sections of a user turn; ``None`` when the turn is not labelled.
    sections: tuple[str, ...] | None = None
    #: The chat session (0, 1, ...) within the dialogue.
    session: int = 0


@dataclass(frozen=True, slots=True)
class GoldEvent:
    turn: int
    section: str
    entity: str
    status: str
    change_type: str
    attributes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GoldFact:
    section: str
    entity: str
    status: str
    attributes: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, str]:
        return (self.section, self.entity)


@dataclass(frozen=True, slots=True)
class GoldQuery:
    text: str
    relevant: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class GoldDialogue:
    id: str
    lang: str
    user_id: str
    tags: tuple[str, ...]
    turns: tuple[GoldTurn, ...]
    events: tuple[GoldEvent, ...]
    facts: tuple[GoldFact, ...]
    query: GoldQuery | None
    source: str = ""
    #: User turns whose section-wide denial is expected to give a ``conflicts`` row, not an event.
    conflict_turns: frozenset[int] = frozenset()

    def message_id(self, turn: int) -> str:
        return message_id(self.id, turn)

    @property
    def forbidden_tags(self) -> tuple[str, ...]:
        return tuple(t for t in self.tags if t in FORBIDDEN_TAGS)


def message_id(dialogue_id: str, turn: int) -> str:
    """The export ``message_id`` of turn ``turn`` of a dialogue."""
    return f"{dialogue_id}-t{turn}"


def _attributes(obj: dict[str, Any], known: frozenset[str]) -> dict[str, str]:
    attrs = {k: str(v) for k, v in obj.items() if k not in known and v is not None}
    nested = obj.get("attributes") or {}
    if not isinstance(nested, dict):
        raise ValueError("'attributes' must be an object")
    attrs.update({k: str(v) for k, v in nested.items() if v is not None and k != "mention"})
    return attrs


def _check_fact(section: str, entity: str, status: str) -> None:
    if section not in SECTIONS:
        raise ValueError(f"unknown section {section!r}")
    if not entity or entity != entity.strip() or entity != entity.lower():
        raise ValueError(f"entity {entity!r} is not a canonical (lower-case) name")
    if status not in allowed_statuses(section, entity):
        raise ValueError(f"status {status!r} is not allowed for {section}/{entity}")


def parse_dialogue(obj: dict[str, Any], *, source: str = "") -> GoldDialogue:
    """One gold object to a :class:`GoldDialogue`; ``ValueError`` says what is wrong."""
    for key in ("id", "lang", "turns"):
        if key not in obj:
            raise ValueError(f"missing {key!r}")
    did = str(obj["id"])
    turns: list[GoldTurn] = []
    session, previous = 0, None
    for i, t in enumerate(obj["turns"]):
        role, text = t.get("role"), t.get("text")
        if role not in ("user", "assistant") or not isinstance(text, str):
            raise ValueError(f"turn {i}: needs role user/assistant and a text")
        ts = datetime.fromisoformat(t["ts"]) if t.get("ts") else DEFAULT_BASE_TS + timedelta(minutes=i)
        if ts.tzinfo is None:
            raise ValueError(f"turn {i}: timestamp {t['ts']!r} has no offset")
        sections = t.get("sections")
        if sections is not None:
            if role != "user":
                raise ValueError(f"turn {i}: only user turns carry sections")
            unknown = [s for s in sections if s not in SECTIONS]
            if unknown:
                raise ValueError(f"turn {i}: unknown sections {unknown}")
            sections = tuple(dict.fromkeys(sections))
        marker = t.get("session", t.get("session_id"))
        if i and (marker != previous if marker is not None else ts - turns[-1].ts > SESSION_GAP):
            session += 1
        previous = marker
        turns.append(GoldTurn(role, text, ts, sections, session))
    events: list[GoldEvent] = []
    for e in obj.get("events", []):
        if e.get("conflict"):
            continue
        turn = e.get("turn")
        if not isinstance(turn, int) or not 0 <= turn < len(turns) or turns[turn].role != "user":
            raise ValueError(f"event {e}: 'turn' must index a user turn")
        _check_fact(e["section"], e["entity"], e["status"])
        if e.get("change_type") not in CHANGE_TYPES:
            raise ValueError(f"event {e}: change_type must be one of {CHANGE_TYPES}")
        events.append(GoldEvent(turn, e["section"], e["entity"], e["status"], e["change_type"],
                                _attributes(e, _EVENT_KEYS)))
    facts: list[GoldFact] = []
    for f in obj.get("facts", []):
        _check_fact(f["section"], f["entity"], f["status"])
        facts.append(GoldFact(f["section"], f["entity"], f["status"], _attributes(f, _FACT_KEYS)))
    keys = [f.key for f in facts]
    if len(set(keys)) != len(keys):
        raise ValueError("a (section, entity) appears twice in 'facts'")
    query = None
    if obj.get("query"):
        q = obj["query"]
        relevant = tuple((str(s), str(e)) for s, e in q.get("relevant", []))
        for s, _ in relevant:
            if s not in SECTIONS:
                raise ValueError(f"query: unknown section {s!r}")
        query = GoldQuery(str(q["text"]), relevant)
    return GoldDialogue(
        id=did,
        lang=str(obj["lang"]),
        user_id=str(obj.get("user_id") or f"gold-{did}"),
        tags=tuple(obj.get("tags", ())),
        turns=tuple(turns),
        events=tuple(events),
        facts=tuple(facts),
        query=query,
        source=source,
        conflict_turns=_conflict_turns(obj),
    )


def _conflict_turns(obj: dict[str, Any]) -> frozenset[int]:
    marked = [e for e in obj.get("events", []) if e.get("conflict")]
    return frozenset(int(c["turn"]) for c in [*obj.get("conflicts", ()), *marked] if isinstance(c.get("turn"), int))


def gold_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.glob("*.jsonl") if p.is_file())


def load_gold(directory: Path) -> list[GoldDialogue]:
    """Every dialogue of ``directory/*.jsonl``, in file then line order.

    Raises :class:`GoldFormatError` (with file and line) on a malformed line or a duplicate id,
    and ``FileNotFoundError`` when there is no gold file.
    """
    files = gold_files(directory) if directory.is_dir() else []
    if not files:
        raise FileNotFoundError(f"no gold dialogues (*.jsonl) in {directory}")
    dialogues: list[GoldDialogue] = []
    seen: dict[str, str] = {}
    users: dict[str, str] = {}
    for path in files:
        for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path.name}:{line_no}"
            try:
                d = parse_dialogue(json.loads(line), source=where)
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise GoldFormatError(f"{path}:{line_no}: {exc}") from exc
            for index, value, kind in ((seen, d.id, "id"), (users, d.user_id, "user_id")):
                if value in index:
                    raise GoldFormatError(f"{path}:{line_no}: {kind} {value!r} already used at {index[value]}")
                index[value] = where
            dialogues.append(d)
    return dialogues


def export_rows(dialogues: Iterable[GoldDialogue]) -> list[dict[str, Any]]:
    """The CONTRACT §1 export rows of the dialogues: one user per dialogue, ``<id>-s<n>`` sessions."""
    rows: list[dict[str, Any]] = []
    for d in dialogues:
        for i, t in enumerate(d.turns):
            rows.append({
                "message_id": d.message_id(i),
                "user_id": d.user_id,
                "session_id": f"{d.id}-s{t.session}",
                "ts": t.ts.isoformat(),
                "role": t.role,
                "text": t.text,
                "lang": d.lang,
            })
    return rows


def write_export(rows: Sequence[dict[str, Any]], path: Path) -> Path:
    """Write export rows as one ``.jsonl`` file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return path
