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

import polars as pl

from anamnesis.storage.crashpoints import crash_point
from anamnesis.terminology import load_terminology
from anamnesis.understanding.backend import Backend
from anamnesis.understanding.llm_context import CONTEXT_COLUMNS
from anamnesis.understanding.parallel import FragmentReader, FragmentRow, ResultRow
from schemas.frames import Events, Rejects, Understood, empty, polars_schema
from schemas.sections import SECTIONS

UNDERSTOOD_SCHEMA: dict[str, pl.DataType] = polars_schema(Understood)
CHUNK = 2_000


@dataclass(slots=True)
class RunCounts:
    fragments: int = 0
    reused: int = 0
    understood: int = 0
    failed: int = 0
    #: Fragments given to the backend (a pure backend reads identical fragments once).
    read: int = 0

    def add(self, other: RunCounts) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _reading(frame: pl.DataFrame, pure: bool) -> tuple[pl.DataFrame, list[str]]:
    """``frame`` with the columns that say which fragments read alike, and their names.

    A pure backend reads only text, context and language, so fragments equal in those read
    alike: they are keyed by two 64-bit hashes of the three (one 128-bit key), and the texts
    need not be kept to recognise them again. Any other backend reads each fragment.
    """
    if not pure:
        return frame.with_columns(pl.col("fragment_key").alias("_reading_0")), ["_reading_0"]
    content = pl.struct("text", "context", "lang")
    return frame.with_columns(content.hash(0).alias("_reading_0"), content.hash(1).alias("_reading_1")), [
        "_reading_0",
        "_reading_1",
    ]


def understand_new(
    fragments: pl.DataFrame,
    previous: pl.DataFrame,
    backend: Backend,
    *,
    now: datetime,
    reader: FragmentReader,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame, RunCounts]:
    """Return (store, failures, counts): the updated store and this run's failed fragments.

    Failed fragments are not stored, so the next run tries them again. What a pure backend
    made of a fragment is remembered by ``reader`` for the whole run, so a fragment that reads
    like one of an earlier range of users is not read again.
    """
    fingerprint = backend.fingerprint()
    if "measurements" not in previous.collect_schema().names():  # a store written before measurements
        previous = previous.with_columns(pl.lit("[]").alias("measurements"))
    keys = fragments.select("fragment_key").unique()
    kept = previous.filter(pl.col("fingerprint") == fingerprint).join(keys, on="fragment_key", how="semi")
    todo = fragments.join(kept.select("fragment_key"), on="fragment_key", how="anti").unique(
        "fragment_key", keep="first", maintain_order=True
    )
    counts = RunCounts(fragments=fragments.height, reused=fragments.height - todo.height)
    pure = bool(getattr(backend, "pure", False))
    todo, reading = _reading(todo, pure)
    answers: dict[tuple, ResultRow] = reader.readings if pure else {}
    columns = ["fragment_key", "user_id", "message_id", "ts", "text", "context", "lang"]
    columns += [c for c in CONTEXT_COLUMNS if c in todo.columns]  # what an LLM backend reads besides
    candidates = todo.unique(reading, keep="first", maintain_order=True).select(*reading, *columns)
    pending: list[tuple[tuple, FragmentRow]] = []
    for row in candidates.iter_rows():
        if row[: len(reading)] not in answers:
            pending.append((row[: len(reading)], row[len(reading) :]))
    del candidates
    counts.read = len(pending)
    size = reader.batch_size(len(pending), getattr(backend, "chunk", None) or CHUNK)  # batch mode: larger
    batches = [pending[i : i + size] for i in range(0, len(pending), size)]
    done = 0
    for batch, batch_results in zip(batches, reader.read([[row for _, row in b] for b in batches]), strict=True):
        for (key, _), result in zip(batch, batch_results, strict=True):
            answers[key] = result
        done += len(batch)
        crash_point("understanding")
        if on_progress:
            on_progress(done, counts.read)
    del pending, batches
    rows: dict[str, list[str]] = {
        k: [] for k in ("fragment_key", "user_id", "sections", "events", "rejects", "measurements")
    }
    failures: dict[str, list] = {k: [] for k in polars_schema(Rejects)}
    for key, user_id, message_id, *reads_as in todo.select(
        "fragment_key", "user_id", "message_id", *reading
    ).iter_rows():
        _, sections, events, rejects, error, measurements = answers[tuple(reads_as)]
        if error is not None:
            counts.failed += 1
            for name, value in (
                ("user_id", user_id),
                ("message_id", message_id),
                ("section", None),
                ("reason", error[:300]),
                ("proposal", None),
                ("extractor_version", f"{backend.name}-{fingerprint}"),
                ("recorded_at", now),
            ):
                failures[name].append(value)
            continue
        for name, value in (
            ("fragment_key", key),
            ("user_id", user_id),
            ("sections", sections),
            ("events", events),
            ("rejects", rejects),
            ("measurements", measurements),
        ):
            rows[name].append(value)
        counts.understood += 1
    new = pl.DataFrame(rows, schema=dict.fromkeys(rows, pl.String())).select(
        "fragment_key",
        "user_id",
        pl.lit(fingerprint).alias("fingerprint"),
        pl.col("sections").str.json_decode(UNDERSTOOD_SCHEMA["sections"]),
        "events",
        "rejects",
        pl.lit(now).cast(UNDERSTOOD_SCHEMA["understood_at"]).alias("understood_at"),
        "measurements",
    )
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
    exploded = exploded.with_columns(_with_codes(pl.col("entity"), pl.col("attributes")))
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


def _with_codes(entity: pl.Expr, attributes: pl.Expr) -> pl.Expr:
    """``attributes`` plus ``codes`` (ATC / ICD-10) where the terminology knows the entity.

    Added here, when the stored events are read, so codes follow the terminology without
    asking any backend again.
    """
    terminology = load_terminology()
    known = {t.canonical: ",".join(terminology.codes_of(t.canonical)) for t in terminology.terms}
    codes = entity.replace_strict({k: v for k, v in known.items() if v}, default=None, return_dtype=pl.String)
    tail = pl.concat_str([pl.lit('"codes":"'), codes, pl.lit('"}')])
    return (
        pl.when(codes.is_null())
        .then(attributes)
        .when(attributes == "{}")
        .then(pl.lit("{") + tail)
        .otherwise(attributes.str.strip_suffix("}") + pl.lit(",") + tail)
        .alias("attributes")
    )


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
    return pl.concat([stored.cast(polars_schema(Rejects)), failures], how="vertical").sort(
        ["user_id", "message_id"], maintain_order=True
    )
