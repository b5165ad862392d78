"""What the pipeline produced, read back for scoring: the warehouse, the lake and the read API."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson


@dataclass(frozen=True, slots=True)
class PredFact:
    """One row of ``facts_current``."""

    section: str
    entity: str
    status: str
    attributes: Mapping[str, str] = field(default_factory=dict)
    source_message_id: str = ""


@dataclass(frozen=True, slots=True)
class PredEvent:
    """One proposed event (``extracted_events``: no change type) or one ``fact_events`` row."""

    section: str
    entity: str
    status: str
    change_type: str | None = None


@dataclass(slots=True)
class Predictions:
    """What one pipeline run made of the dialogues, keyed the way the metrics look it up."""

    #: message id → the sections the backend gave that user message's fragment
    sections: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: message id → the events the backend proposed for it (before reconciliation)
    extracted: Mapping[str, Sequence[PredEvent]] = field(default_factory=dict)
    #: message id → the ``fact_events`` whose source it is
    fact_events: Mapping[str, Sequence[PredEvent]] = field(default_factory=dict)
    #: user id → ``facts_current``
    facts: Mapping[str, Sequence[PredFact]] = field(default_factory=dict)
    #: dialogue id → (section, entity) of the facts the read API chose for the gold query
    context: Mapping[str, Sequence[tuple[str, str]]] = field(default_factory=dict)
    #: message id → text, for readable error details
    texts: Mapping[str, str] = field(default_factory=dict)


def read_predictions(settings: Any) -> tuple[Predictions, str]:
    """Everything the metrics need, from the warehouse and the lake's understood fragments."""

    from anamnesis.storage.deltas import scan_table
    from anamnesis.storage.lake import Lake
    from anamnesis.storage.warehouse import connect
    from anamnesis.understanding.fragments import build_fragments

    con = connect(settings.warehouse_path)
    try:
        messages = con.sql(
            "select message_id, user_id, session_id, ts, role, text, lang, content_hash from messages"
        ).pl()
        extracted = con.execute(
            "select message_id, section, entity, status, extractor_version from extracted_events"
            " order by user_id, valid_from, message_id, event_index"
        ).fetchall()
        fact_events = con.execute(
            "select source_message_id, section, entity, status, change_type from fact_events"
            " order by user_id, valid_from, source_message_id, recorded_at"
        ).fetchall()
        facts = con.execute(
            "select user_id, section, entity, status, attributes::varchar, source_message_id from facts_current"
            " order by user_id, section, entity"
        ).fetchall()
    finally:
        con.close()
    pred = Predictions()
    lake = Lake(settings.lake)
    sections: dict[str, tuple[str, ...]] = {}
    if lake.understood.exists() and messages.height:
        understood = scan_table(lake, "understood").select("fragment_key", "sections").collect().unique("fragment_key")
        fragments = build_fragments(messages).select("fragment_key", "message_id")
        for message_id, secs in fragments.join(understood, on="fragment_key", how="left").select(
            "message_id", "sections"
        ).iter_rows():
            sections[message_id] = tuple(secs or ())
    pred.sections = sections
    pred.texts = dict(zip(messages["message_id"].to_list(), messages["text"].to_list(), strict=True))
    ext: dict[str, list[PredEvent]] = {}
    versions: set[str] = set()
    for message_id, section, entity, status, version in extracted:
        ext.setdefault(message_id, []).append(PredEvent(section, entity, status))
        versions.add(version)
    pred.extracted = ext
    fev: dict[str, list[PredEvent]] = {}
    for message_id, section, entity, status, change_type in fact_events:
        fev.setdefault(message_id, []).append(PredEvent(section, entity, status, change_type))
    pred.fact_events = fev
    cur: dict[str, list[PredFact]] = {}
    for user_id, section, entity, status, attributes, source in facts:
        attrs = {k: str(v) for k, v in (orjson.loads(attributes) if attributes else {}).items() if v is not None}
        cur.setdefault(user_id, []).append(PredFact(section, entity, status, attrs, source))
    pred.facts = cur
    backend = ", ".join(sorted(versions)) or settings.llm
    if settings.llm == "openai":  # one version per section's prompt: name the model and the prompt set
        prompts = hashlib.sha256("\n".join(sorted(versions)).encode()).hexdigest()[:8]
        backend = f"openai:{settings.llm_model} (prompt set {prompts})"
    return pred, backend


def ask_context(settings: Any, token: str, queries: list[tuple[str, str, str]]) -> dict[str, list[tuple[str, str]]]:
    """(section, entity) of the facts ``POST /v1/users/{id}/context`` returns for each query."""
    from urllib.parse import quote

    from fastapi.testclient import TestClient

    from anamnesis.api.app import create_app

    out: dict[str, list[tuple[str, str]]] = {}
    if not queries:
        return out
    headers = {"Authorization": f"Bearer {token}"}
    with TestClient(create_app(settings)) as client:
        for dialogue_id, user_id, text in queries:
            response = client.post(
                f"/v1/users/{quote(user_id, safe='')}/context", json={"query": text}, headers=headers
            )
            response.raise_for_status()
            out[dialogue_id] = [(f["section"], f["entity"]) for f in response.json()["facts"]]
    return out
