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
from anamnesis.memory.texts import TEXT_VERSION, MemoryText, memory_text, summary_memory_text
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
    """The memory rows of every user in ``fact_state`` and ``summaries`` (one pass, in user order)."""
    frame = fact_state.select(_INPUT).with_columns(
        pl.lit(None, pl.String).alias("summary"), pl.lit(None, pl.List(pl.String)).alias("parts")
    )
    if summaries is not None:
        frame = pl.concat([frame, summary_rows(summaries, fact_state)], how="vertical_relaxed")
    frame = frame.sort("user_id", "fact_id")
    keys: list[str] = []
    shards: list[str] = []
    mentions: list[str | None] = []
    texts: list[str] = []
    embedded: list[str] = []
    digests: dict[str, str] = {}
    current: str | None = None
    digest = xxhash.xxh3_128()
    for user_id, fid, section, entity, status, attributes, valid_from, source, summary, parts in frame.iter_rows():
        if user_id != current:
            if current is not None:
                digests[keys[-1]] = digest.hexdigest()
            current, key = user_id, user_key(user_id)
            shard = shard_of(key)
            digest = xxhash.xxh3_128(f"{TEXT_VERSION}\x1f{embedder}".encode())
        attrs = orjson.loads(attributes) if attributes else {}
        text: MemoryText = (
            memory_text(section, entity, status, attrs, valid_from)
            if summary is None
            else summary_memory_text(summary, valid_from)
        )
        mention = None if attrs.get("mention") is None else str(attrs["mention"])
        keys.append(key)
        shards.append(shard)
        mentions.append(mention)
        texts.append(text.display)
        embedded.append(text.embedded)
        stored = (fid, section, entity, status, valid_from.isoformat(), source, str(mention), text.display)
        digest.update("\x1f".join((*stored, text.embedded, *(parts or ()))).encode() + b"\x1e")
    if current is not None:
        digests[keys[-1]] = digest.hexdigest()
    rows = frame.drop("user_id", "attributes", "summary").with_columns(
        pl.Series(USER_KEY, keys, pl.String),
        pl.Series("shard", shards, pl.String),
        pl.Series("mention", mentions, pl.String),
        pl.Series("text", texts, pl.String),
        pl.Series("embedded", embedded, pl.String),
        pl.Series("text_hash", [text_hash(t) for t in embedded], pl.String),
    ).with_columns(pl.when(pl.col("parts").is_null()).then("text_hash").alias("text_hash"))  # a summary: none
    return Memories(rows=rows, digests=digests)
