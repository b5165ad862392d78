"""Running a backend over the fragments that are new since the last run.

The store of what was understood is keyed by fragment (content of the message and of its
context) and by the backend's fingerprint, so an unchanged re-run asks the backend nothing,
a new export asks only about its messages, and a changed prompt or rule set asks again (an
LLM backend then answers unchanged calls from its response cache).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import orjson
import polars as pl

from anamnesis.fragments import iter_fragments
from anamnesis.understanding.backend import Backend
from anamnesis.understanding.validate import validate_proposals
from schemas.frames import Events, Rejects, empty, polars_schema
from schemas.sections import SECTIONS

UNDERSTOOD_SCHEMA: dict[str, pl.DataType] = {
    "fragment_key": pl.String(),
    "user_id": pl.String(),
    "fingerprint": pl.String(),
    "sections": pl.List(pl.String()),
    "events": pl.String(),
    "rejects": pl.String(),
    "understood_at": pl.Datetime("us", "UTC"),
}
CHUNK = 2_000


@dataclass(slots=True)
class RunCounts:
    fragments: int = 0
    reused: int = 0
    understood: int = 0
    failed: int = 0


def understand_new(
    fragments: pl.DataFrame,
    previous: pl.DataFrame,
    backend: Backend,
    *,
    now: datetime,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame, RunCounts]:
    """Return (store, failures, counts): the updated store and this run's failed fragments.

    Failed fragments are not stored, so the next run tries them again.
    """
    fingerprint = backend.fingerprint()
    keys = fragments.select("fragment_key").unique()
    kept = previous.filter(pl.col("fingerprint") == fingerprint).join(keys, on="fragment_key", how="semi")
    todo = fragments.join(kept.select("fragment_key"), on="fragment_key", how="anti").unique(
        "fragment_key", keep="first", maintain_order=True
    )
    counts = RunCounts(fragments=fragments.height, reused=fragments.height - todo.height)
    rows: dict[str, list] = {k: [] for k in UNDERSTOOD_SCHEMA}
    failures: dict[str, list] = {k: [] for k in polars_schema(Rejects)}
    done = 0
    for start in range(0, todo.height, CHUNK):
        chunk = todo.slice(start, CHUNK)
        by_key = {f.fragment_id: f for f in iter_fragments(chunk)}
        for result in backend.understand(by_key.values()):
            fragment = by_key[result.fragment_id]
            if result.error is not None:
                counts.failed += 1
                failures["user_id"].append(fragment.user_id)
                failures["message_id"].append(fragment.message_id)
                failures["section"].append(None)
                failures["reason"].append(result.error[:300])
                failures["proposal"].append(None)
                failures["extractor_version"].append(f"{backend.name}-{fingerprint}")
                failures["recorded_at"].append(now)
                continue
            events, rejects = validate_proposals(result.events)
            rows["fragment_key"].append(result.fragment_id)
            rows["user_id"].append(fragment.user_id)
            rows["fingerprint"].append(fingerprint)
            rows["sections"].append(sorted(set(result.sections)))
            rows["events"].append(orjson.dumps(events).decode())
            rows["rejects"].append(orjson.dumps(rejects).decode())
            rows["understood_at"].append(now)
            counts.understood += 1
        done += chunk.height
        if on_progress:
            on_progress(done, todo.height)
    new = pl.DataFrame(rows, schema=UNDERSTOOD_SCHEMA)
    store = pl.concat([kept.select(list(UNDERSTOOD_SCHEMA)), new], how="vertical")
    return store, pl.DataFrame(failures, schema=polars_schema(Rejects)), counts


_EVENT_LIST = pl.List(
    pl.Struct({"section": pl.String, "entity": pl.String, "status": pl.String, "attributes": pl.String})
)
_REJECT_LIST = pl.List(pl.Struct({"section": pl.String, "reason": pl.String, "proposal": pl.String}))


def events_frame(fragments: pl.DataFrame, store: pl.DataFrame, backend: Backend) -> pl.DataFrame:
    """The validated events of every current fragment, one row each (``Events`` schema)."""
    joined = fragments.select("fragment_key", "user_id", "message_id", "ts").join(
        store.select("fragment_key", "events", "understood_at"), on="fragment_key", how="inner"
    )
    if joined.height == 0:
        return empty(Events)
    exploded = (
        joined.with_columns(pl.col("events").str.json_decode(_EVENT_LIST))
        .with_columns(pl.int_ranges(pl.col("events").list.len()).alias("event_index"))
        .explode(["events", "event_index"])
        .drop_nulls("events")
        .unnest("events")
    )
    versions = {s: backend.extractor_version(s) for s in exploded["section"].unique().to_list()}
    return exploded.select(
        "user_id",
        "message_id",
        pl.col("event_index").cast(pl.Int32),
        pl.col("ts").alias("valid_from"),
        "section",
        "entity",
        "status",
        "attributes",
        pl.col("section").replace_strict(versions, return_dtype=pl.String).alias("extractor_version"),
        pl.col("understood_at").alias("recorded_at"),
    ).sort(["user_id", "valid_from", "message_id", "event_index"])


def rejects_frame(
    fragments: pl.DataFrame, store: pl.DataFrame, failures: pl.DataFrame, backend: Backend
) -> pl.DataFrame:
    """Stored per-event rejects of current fragments, plus this run's failed fragments."""
    joined = fragments.select("fragment_key", "user_id", "message_id").join(
        store.select("fragment_key", "rejects", "understood_at"), on="fragment_key", how="inner"
    )
    stored = (
        joined.with_columns(pl.col("rejects").str.json_decode(_REJECT_LIST))
        .explode("rejects")
        .drop_nulls("rejects")
        .unnest("rejects")
    )
    stored = stored.select(
        "user_id",
        "message_id",
        "section",
        "reason",
        "proposal",
        pl.col("section")
        .map_elements(lambda s: backend.extractor_version(s) if s in SECTIONS else None, return_dtype=pl.String)
        .fill_null(f"{backend.name}-{backend.fingerprint()}")
        .alias("extractor_version"),
        pl.col("understood_at").alias("recorded_at"),
    )
    return pl.concat([stored.cast(polars_schema(Rejects)), failures], how="vertical")
