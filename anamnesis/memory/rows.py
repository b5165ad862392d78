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
from anamnesis.memory.texts import TEXT_VERSION, memory_text

#: The columns of a memory table, in order (the vector is attached at write time).
_FACT = ("fact_id", "section", "entity", "status")
TABLE_COLUMNS = (USER_KEY, *_FACT, "valid_from", "source_message_id", "mention", "text")
_INPUT = ("user_id", *_FACT, "attributes", "valid_from", "source_message_id")


@dataclass(frozen=True, slots=True)
class Memories:
    """Every user's memory.

    ``rows`` has one row per fact, contiguous per ``user_key``, with the user's ``shard`` table,
    its ``embedded`` text and that text's ``text_hash``; ``digests`` has, per user key, a hash of
    everything the user's rows hold and of the embedder they are built with, so a build can tell
    which users changed.
    """

    rows: pl.DataFrame
    digests: dict[str, str]


def memories(fact_state: pl.DataFrame, embedder: str) -> Memories:
    """The memory rows of every user in ``fact_state`` (one pass, in user order)."""
    frame = fact_state.select(_INPUT).sort("user_id", "fact_id")
    keys: list[str] = []
    shards: list[str] = []
    mentions: list[str | None] = []
    texts: list[str] = []
    embedded: list[str] = []
    digests: dict[str, str] = {}
    current: str | None = None
    digest = xxhash.xxh3_128()
    for user_id, fid, section, entity, status, attributes, valid_from, source in frame.iter_rows():
        if user_id != current:
            if current is not None:
                digests[keys[-1]] = digest.hexdigest()
            current, key = user_id, user_key(user_id)
            shard = shard_of(key)
            digest = xxhash.xxh3_128(f"{TEXT_VERSION}\x1f{embedder}".encode())
        attrs = orjson.loads(attributes) if attributes else {}
        text = memory_text(section, entity, status, attrs, valid_from)
        mention = None if attrs.get("mention") is None else str(attrs["mention"])
        keys.append(key)
        shards.append(shard)
        mentions.append(mention)
        texts.append(text.display)
        embedded.append(text.embedded)
        stored = (fid, section, entity, status, valid_from.isoformat(), source, str(mention), text.display)
        digest.update("\x1f".join((*stored, text.embedded)).encode() + b"\x1e")
    if current is not None:
        digests[keys[-1]] = digest.hexdigest()
    rows = frame.drop("user_id", "attributes").with_columns(
        pl.Series(USER_KEY, keys, pl.String),
        pl.Series("shard", shards, pl.String),
        pl.Series("mention", mentions, pl.String),
        pl.Series("text", texts, pl.String),
        pl.Series("embedded", embedded, pl.String),
        pl.Series("text_hash", [text_hash(t) for t in embedded], pl.String),
    )
    return Memories(rows=rows, digests=digests)
