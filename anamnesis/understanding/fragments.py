"""Fragments: each user message with the assistant turn just before it in the same session.

The context is what makes "No." after "Any allergies?" mean something. Only ``role = user``
messages become fragments; assistant turns are never a source of facts.
"""

from __future__ import annotations

import polars as pl

from schemas.frames import Fragments, polars_schema

FRAGMENT_SCHEMA = polars_schema(Fragments)


def build_fragments(messages: pl.DataFrame) -> pl.DataFrame:
    """One row per user message; ``fragment_key`` changes when its text or context changes.

    Sorted by session and time, a message's context is simply the row before it when that row
    is an assistant turn of the same user and session (a plain shift, cheaper than a window).
    """
    ordered = messages.sort(["user_id", "session_id", "ts", "message_id"])
    after_assistant = (
        (pl.col("user_id") == pl.col("user_id").shift(1))
        & (pl.col("session_id") == pl.col("session_id").shift(1))
        & (pl.col("role").shift(1) == "assistant")
    )
    with_context = ordered.with_columns(
        pl.when(after_assistant).then(pl.col("text").shift(1)).otherwise(None).alias("context"),
        pl.when(after_assistant).then(pl.col("content_hash").shift(1)).otherwise(pl.lit("")).alias("_ctx_hash"),
    ).filter(pl.col("role") == "user")
    return with_context.select(
        (pl.col("content_hash") + ":" + pl.col("_ctx_hash")).alias("fragment_key"),
        "user_id",
        "message_id",
        "ts",
        "text",
        "context",
        "lang",
    )
