"""Where the fold left each user, so that a night folds only its users' new messages.

The fold is deterministic per user and carries nothing from one message to the next but the
user's state, so that state after their last folded message, with their later messages folded
onto it, gives the rows a fold from the start gives (:func:`anamnesis.facts.fold.fold_onto`).
The state is ``fact_state`` and the open ``conflicts`` as that fold wrote them, with what
``fact_state`` does not hold (each fact's evidence, confirmations and place in the fold's order)
in the checkpoint, ``lake/fold_checkpoints.parquet`` (:class:`schemas.frames.FoldCheckpoints`).
A night resumes a user only when all of it still holds:

- they have no resolution or correction (an input applies at its own time, anywhere in the
  history, and may settle or rename facts: such a user is folded from the start);
- their events up to the last folded message are the events folded: as many, with the same
  digest (an edited or late message, a re-extraction under another backend change them);
- ``fact_events`` and ``conflicts`` hold as many rows of theirs as that fold wrote (every step of
  a fold writes a row, so a run that stopped between writing the tables and the checkpoint is
  caught).

Every other user is folded from the start, and a stage that redoes everyone (a first run, a
damaged output, a new backend, a review's refold) reads no checkpoint and writes them all anew.
"""

from __future__ import annotations

import polars as pl

from anamnesis.facts.fold_tables import Folded
from schemas.frames import FoldCheckpoints, polars_schema

SCHEMA = polars_schema(FoldCheckpoints)
#: What the digest covers: every column of an event the fold reads.
DIGEST_COLUMNS = (
    "message_id",
    "event_index",
    "valid_from",
    "section",
    "entity",
    "status",
    "attributes",
    "extractor_version",
    "recorded_at",
)
#: Per user, on each of their checkpoint rows.
_USER_COLUMNS = ("events", "digest", "through_valid_from", "through_message_id", "fact_events", "conflicts")


def _digest() -> pl.Expr:
    """An order-free digest of a user's events: the wrapping sum of each row's hash. Polars'
    hash is stable within one polars version: after an upgrade each user is folded from the
    start once."""
    return pl.struct(DIGEST_COLUMNS).hash(seed=16).sum()


def _through() -> list[pl.Expr]:
    """The user's last message in the fold's order (time, then id)."""
    return [
        pl.col("valid_from").max().alias("through_valid_from"),
        pl.col("message_id").sort_by("valid_from", "message_id").last().alias("through_message_id"),
    ]


def _folded_before() -> pl.Expr:
    """Events of messages at or before the user's last folded message (its columns joined in)."""
    at = pl.col("through_valid_from")
    return (pl.col("valid_from") < at) | (
        (pl.col("valid_from") == at) & (pl.col("message_id") <= pl.col("through_message_id"))
    )


def _per_user(frame: pl.DataFrame, name: str) -> pl.DataFrame:
    return frame.group_by("user_id").agg(pl.len().cast(pl.Int64).alias(name))


def resume_points(
    events: pl.DataFrame,
    checkpoints: pl.DataFrame,
    fact_events: pl.DataFrame,
    conflicts: pl.DataFrame,
    reviewed: pl.Series,
) -> pl.DataFrame:
    """``user_id``, ``through_valid_from``, ``through_message_id`` of the users whose fold resumes.

    ``events``: the users' events now; ``checkpoints``, ``fact_events``, ``conflicts``: their rows
    as stored; ``reviewed``: the users with a resolution or correction.
    """
    stored = (
        checkpoints.filter(~pl.col("user_id").is_in(reviewed.implode()))
        .unique("user_id")
        .select("user_id", *_USER_COLUMNS)
    )
    if stored.is_empty():
        return stored.select("user_id", "through_valid_from", "through_message_id")
    now = (
        events.join(stored.select("user_id", "through_valid_from", "through_message_id"), on="user_id")
        .filter(_folded_before())
        .group_by("user_id")
        .agg(pl.len().cast(pl.Int64).alias("events_now"), _digest().alias("digest_now"))
    )
    return (
        stored.join(now, on="user_id")
        .join(_per_user(fact_events, "fact_events_now"), on="user_id", how="left")
        .join(_per_user(conflicts, "conflicts_now"), on="user_id", how="left")
        .filter(
            (pl.col("events") == pl.col("events_now"))
            & (pl.col("digest") == pl.col("digest_now"))
            & (pl.col("fact_events") == pl.col("fact_events_now").fill_null(0))
            & (pl.col("conflicts") == pl.col("conflicts_now").fill_null(0))
        )
        .select("user_id", "through_valid_from", "through_message_id")
        .sort("user_id")
    )


def past_checkpoints(events: pl.LazyFrame, checkpoints: pl.LazyFrame) -> int:
    """How many of ``events`` lie past their user's checkpoint (every event of a user without
    one): the fold's work before :func:`resume_points` checks each checkpoint still holds."""
    points = checkpoints.select("user_id", "through_valid_from", "through_message_id").unique("user_id")
    joined = events.join(points, on="user_id", how="left")
    return joined.filter(pl.col("through_valid_from").is_null() | ~_folded_before()).select(pl.len()).collect().item()


def after(events: pl.DataFrame, points: pl.DataFrame) -> pl.DataFrame:
    """The events a fold resumed at ``points`` still has to fold (every event of another user)."""
    if points.is_empty():
        return events
    joined = events.join(points, on="user_id", how="left", maintain_order="left")
    resumed = pl.col("through_valid_from").is_not_null()
    return joined.filter(~(resumed & _folded_before())).select(events.columns)


def of_users(frame: pl.DataFrame, users: pl.DataFrame) -> pl.DataFrame:
    """The rows of ``frame`` of the users in ``users`` (a frame with ``user_id``)."""
    return frame.filter(pl.col("user_id").is_in(users["user_id"].implode()))


def checkpoint_rows(events: pl.DataFrame, folded: Folded) -> pl.DataFrame:
    """The checkpoint of the users of ``folded`` (their whole rows) after folding all of ``events``."""
    users = (
        events.group_by("user_id")
        .agg(pl.len().cast(pl.Int64).alias("events"), _digest().alias("digest"), *_through())
        .join(_per_user(folded.fact_events, "fact_events"), on="user_id", how="left")
        .join(_per_user(folded.conflicts, "conflicts"), on="user_id", how="left")
        .with_columns(pl.col("fact_events", "conflicts").fill_null(0))
    )
    return folded.evidence.join(users, on="user_id", maintain_order="left").select(list(SCHEMA)).cast(SCHEMA)
