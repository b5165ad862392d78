"""From the facts' latest states to the memory rows of every user, with per-user digests.

All users' rows are made in one pass and kept in one frame, contiguous per user, so a build
writes each shard table's changed users as slices instead of assembling them row by row.
"""

from __future__ import annotations

from dataclasses import dataclass

import orjson
import polars as pl
import xxhash

from anamnesis.embeddings import text_hash
from anamnesis.erasure.ownership import user_key
from anamnesis.memory.shards import USER_KEY, shard_of
from anamnesis.memory.texts import TEXT_VERSION, summary_display, undated_text
from anamnesis.summaries.text import NOTHING_SAID

#: The columns of a memory table, in order (the vector is attached at write time).
_FACT = ("fact_id", "section", "entity", "status")
TABLE_COLUMNS = (USER_KEY, *_FACT, "valid_from", "source_message_id", "mention", "text")
_INPUT = ("user_id", *_FACT, "attributes", "valid_from", "source_message_id")
#: The ``section`` and ``status`` of a session summary's row (its ``fact_id`` is the summary's id).
SUMMARY_SECTION = "session_summary"
SUMMARY_STATUS = "summary"


@dataclass(frozen=True, slots=True)
class Memories:
    """Every user's memory.

    ``rows`` has one row per fact, contiguous per ``user_key``, with the user's ``shard`` table,
    its ``embedded`` text and that text's ``text_hash``, and one per session summary, whose
    ``parts`` (the facts its vector is averaged from) are set and ``text_hash`` is null;
    ``digests`` has, per user key, a hash of everything the user's rows hold and of the embedder
    they are built with, so a build can tell which users changed.
    """

    rows: pl.DataFrame
    digests: dict[str, str]


def summary_rows(summaries: pl.DataFrame, fact_state: pl.DataFrame) -> pl.DataFrame:
    """Memory input rows of session summaries (``session_summaries`` of the lake): each session's
    newest summary, which covers all of it, when it found health content.

    Its ``parts`` are the facts it speaks of that the user's table holds: its vector is theirs,
    averaged (:meth:`MemoryStore._vectors`), so a summary costs no embedding call of its own.
    Facts' texts are shared by many users and cached; a summary's text is nearly unique, and
    embedding one per session was measured at about twenty times the facts' embedding work.
    """
    newest = summaries.filter(pl.col("summary") != NOTHING_SAID).sort("valid_from").group_by(
        "user_id", "session_id", maintain_order=True
    ).last()
    held = fact_state.select("user_id", pl.col("fact_id").alias("parts"))
    parts = (
        newest.select("user_id", "summary_id", pl.col("fact_ids").alias("parts"))
        .explode("parts")
        .join(held, on=["user_id", "parts"], how="semi")
        .group_by("user_id", "summary_id", maintain_order=True)
        .agg("parts")
    )
    return newest.join(parts, on=["user_id", "summary_id"], how="inner", maintain_order="left").select(
        "user_id",
        pl.col("summary_id").alias("fact_id"),
        pl.lit(SUMMARY_SECTION).alias("section"),
        pl.col("session_id").alias("entity"),
        pl.lit(SUMMARY_STATUS).alias("status"),
        pl.lit("{}").alias("attributes"),
        "valid_from",
        pl.col("through_message_id").alias("source_message_id"),
        "summary",
        "parts",
    )


def memories(fact_state: pl.DataFrame, embedder: str, summaries: pl.DataFrame | None = None) -> Memories:
    """The memory rows of every user in ``fact_state`` and ``summaries`` (one pass, in user order).

    Column-wise: a fact's texts are made once per distinct section, entity, status and
    attributes (:func:`undated_text`), its date put in by polars; a user's digest hashes the
    rows' fields joined in order, the same bytes a row-by-row loop would feed it.
    """
    frame = fact_state.select(_INPUT).with_columns(
        pl.lit(None, pl.String).alias("summary"), pl.lit(None, pl.List(pl.String)).alias("parts")
    )
    if summaries is not None:
        frame = pl.concat([frame, summary_rows(summaries, fact_state)], how="vertical_relaxed")
    frame = frame.sort("user_id", "fact_id").with_columns(pl.col("attributes").fill_null(""))
    is_fact = pl.col("summary").is_null()
    day = pl.col("valid_from").dt.date().dt.to_string("%Y-%m-%d")
    frame = frame.join(
        _fact_texts(frame.filter(is_fact).select(_TEXT_KEY).unique()), on=list(_TEXT_KEY), how="left",
        maintain_order="left",
    ).with_columns(
        pl.when(is_fact).then(pl.concat_str("before", day, "after")).otherwise(summary_display(day, "summary"))
        .alias("text"),
        pl.when(is_fact).then("embedded").otherwise("summary").alias("embedded"),
    )
    users = _users(frame, embedder)
    hashes = frame.filter(is_fact).select(pl.col("embedded").unique())["embedded"].to_list()
    rows = frame.select(
        "fact_id", "section", "entity", "status", "valid_from", "source_message_id", "parts",
        pl.col("user_id").replace_strict(dict(zip(users["user_id"], users[USER_KEY], strict=True))).alias(USER_KEY),
        pl.col("user_id").replace_strict(dict(zip(users["user_id"], users["shard"], strict=True))).alias("shard"),
        "mention", "text", "embedded",
        # a summary has no text of its own to embed (its vector is its facts')
        pl.when(is_fact).then(pl.col("embedded").replace_strict({t: text_hash(t) for t in hashes}, default=None))
        .alias("text_hash"),
    )  # fmt: skip
    return Memories(rows=rows, digests=dict(zip(users[USER_KEY], users["digest"], strict=True)))


#: What a fact's texts depend on but its date.
_TEXT_KEY = ("section", "entity", "status", "attributes")


def _fact_texts(keys: pl.DataFrame) -> pl.DataFrame:
    """``keys`` (distinct ``_TEXT_KEY``) with the texts of their facts and their ``mention``."""
    made: dict[str, list[str | None]] = {"embedded": [], "before": [], "after": [], "mention": []}
    for section, entity, status, attributes in keys.iter_rows():
        attrs = orjson.loads(attributes) if attributes else {}
        text = undated_text(section, entity, status, attrs)
        made["embedded"].append(text.embedded)
        made["before"].append(text.before)
        made["after"].append(text.after)
        made["mention"].append(None if attrs.get("mention") is None else str(attrs["mention"]))
    return keys.with_columns(pl.Series(name, values, pl.String) for name, values in made.items())


def _users(frame: pl.DataFrame, embedder: str) -> pl.DataFrame:
    """Per user of ``frame`` (its rows in order): their key, shard and the digest of their rows."""
    stamp = pl.col("valid_from")
    iso = "%Y-%m-%dT%H:%M:%S" + ("%:z" if frame.schema["valid_from"].time_zone else "")  # type: ignore[attr-defined]
    fields = pl.concat_str(
        "fact_id", "section", "entity", "status",
        # datetime.isoformat: microseconds only when there are any
        pl.when(stamp.dt.microsecond() == 0).then(stamp.dt.to_string(iso))
        .otherwise(stamp.dt.to_string(iso.replace("%S", "%S%.6f"))),
        "source_message_id", pl.col("mention").fill_null("None"), "text", "embedded",
        separator="\x1f",
    )  # fmt: skip
    parts = pl.when(pl.col("parts").list.len() > 0).then(pl.lit("\x1f") + pl.col("parts").list.join("\x1f"))
    row = pl.concat_str(fields, parts.fill_null(""), pl.lit("\x1e"))
    users = frame.group_by("user_id", maintain_order=True).agg(row.str.join("").alias("rows"))
    prefix = f"{TEXT_VERSION}\x1f{embedder}".encode()
    keys = [user_key(u) for u in users["user_id"]]
    return users.select(
        "user_id",
        pl.Series(USER_KEY, keys, pl.String),
        pl.Series("shard", [shard_of(k) for k in keys], pl.String),
        pl.Series("digest", [xxhash.xxh3_128_hexdigest(prefix + r.encode()) for r in users["rows"]], pl.String),
    )
