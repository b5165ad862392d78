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
from anamnesis.understanding.backend import Backend
from anamnesis.understanding.entity_codes import entity_codes
from anamnesis.understanding.llm_context import CONTEXT_COLUMNS
from anamnesis.understanding.parallel import FRAGMENT_COLUMNS, RESULT_SCHEMA, FragmentReader
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


def _same_text_together(candidates: pl.DataFrame) -> pl.DataFrame:
    """``candidates`` in an order that puts every fragment of one text next to the others.

    A pure backend may read a text after two contexts alike (the rules: when neither asks
    anything, or both ask the same), and it keeps its readings per process; a batch of adjacent
    candidates then goes to one worker, which reads such a text once. Ordered by a hash of the
    text, not the text itself, so each batch still holds a like mix of languages and lengths
    (200,000 synthetic messages: 31,658 readings in two workers before, 29,553 after, one per
    distinct reading; batches of 7,360-7,407 readings, 7,663-8,659 in arrival order). Answers are
    joined back by their reading key, so the order changes no result.
    """
    return candidates.sort(pl.col("text").hash(), maintain_order=True)


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
    columns = [
        *FRAGMENT_COLUMNS,
        *(c for c in CONTEXT_COLUMNS if c in todo.columns),
    ]  # what an LLM backend reads besides
    candidates = todo.unique(reading, keep="first", maintain_order=True).select(*reading, *columns)
    earlier = reader.readings if pure else []
    if earlier:
        candidates = candidates.join(pl.concat(earlier).select(reading), on=reading, how="anti", maintain_order="left")
    if pure:
        candidates = _same_text_together(candidates)
    counts.read = candidates.height
    size = reader.batch_size(counts.read, getattr(backend, "chunk", None) or CHUNK)  # batch mode: larger
    batches = [candidates.slice(i, size) for i in range(0, counts.read, size)]
    del candidates
    read = [todo.select(reading).clear().hstack(pl.DataFrame(schema=RESULT_SCHEMA))]  # typed when nothing is read
    done = 0
    for batch, results in zip(batches, reader.read([b.select(columns) for b in batches]), strict=True):
        read.append(batch.select(reading).hstack(results))
        done += batch.height
        crash_point("understanding")
        if on_progress:
            on_progress(done, counts.read)
    del batches
    answers = pl.concat([*earlier, *read], how="vertical").drop("fragment_key")
    if pure:
        reader.readings.append(pl.concat(read, how="vertical"))
    answered = todo.select("fragment_key", "user_id", "message_id", *reading).join(
        answers, on=reading, how="left", maintain_order="left"
    )
    failed = pl.col("error").is_not_null()
    rejects_schema = polars_schema(Rejects)
    failures = answered.filter(failed).select(
        "user_id",
        "message_id",
        pl.lit(None, pl.String).alias("section"),
        pl.col("error").str.slice(0, 300).alias("reason"),
        pl.lit(None, pl.String).alias("proposal"),
        pl.lit(f"{backend.name}-{fingerprint}").alias("extractor_version"),
        pl.lit(now).cast(rejects_schema["recorded_at"]).alias("recorded_at"),
    )
    new = answered.filter(~failed).select(
        "fragment_key",
        "user_id",
        pl.lit(fingerprint).alias("fingerprint"),
        pl.col("sections").str.json_decode(UNDERSTOOD_SCHEMA["sections"]),
        "events",
        "rejects",
        pl.lit(now).cast(UNDERSTOOD_SCHEMA["understood_at"]).alias("understood_at"),
        "measurements",
    )
    counts.failed = failures.height
    counts.understood = new.height
    store = pl.concat([kept.select(list(UNDERSTOOD_SCHEMA)), new], how="vertical")
    return store, failures.select(list(rejects_schema)).cast(rejects_schema), counts


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
    codes = entity.replace_strict(entity_codes(), default=None, return_dtype=pl.String)
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
