"""Where a session gets a summary, and what each summary covers.

A session is the exports' ``session_id`` (CONTRACT §1: one dialogue) of one user, the unit the
fragments already use. It gets a summary at every ``every``-th user turn and at its last user
turn so far; each covers the session from its start through that turn (a rolling summary), so
the newest summary of a session is all of it. A session continued in a later export simply
gets its later turns' summaries on the next run.

Its health content is the reconciled history: the ``fact_events`` the dialogue's messages set
(each with the fact's status before the session, so "started" and "still takes" can be told
apart) and the measurements they reported.

The spans of a range of users stay frames (:class:`SpanFrames`): which events and readings each
span holds is a polars join, and the rules summary reads those frames whole
(:func:`anamnesis.summaries.text.summaries`). Only a summarizer that reads the dialogue (the LLM's) asks
for one Python object per span (:meth:`SpanFrames.objects`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import orjson
import polars as pl

from anamnesis.summaries.text import CHANGE_COLUMNS, READING_COLUMNS, FactChange, Reading

_KEY = ("user_id", "message_id")


@dataclass(frozen=True, slots=True)
class SessionSpan:
    """The part of one session one summary covers: from its start through one user turn."""

    user_id: str
    session_id: str
    through_message_id: str
    user_turns: int
    valid_from: datetime
    changes: tuple[FactChange, ...]
    readings: tuple[Reading, ...]
    #: (role, text) of every message of the session, shared by its spans, and how many are this span's.
    session_turns: Sequence[tuple[str, str]] = ()
    through: int = 0

    @property
    def turns(self) -> tuple[tuple[str, str], ...]:
        """(role, text) of every message of the span, in order: what an LLM summary reads."""
        return tuple(self.session_turns[: self.through])

    @property
    def fact_ids(self) -> list[str]:
        """The facts the span touched, in the order first said."""
        return list(dict.fromkeys(c.fact_id for c in self.changes))


@dataclass(frozen=True, slots=True)
class SpanFrames:
    """The spans of some users' sessions, and what each holds, as frames.

    ``points``: one row per span, in order (``user_id``, ``session_id``, ``message_id`` it runs
    through, ``turn``: its user turns, ``ts``). ``changes`` and ``readings``: one row per dialogue
    fact event / measurement a span holds, its ``span`` (row of ``points``) first, in span order
    and, within a span, in the order said (:data:`CHANGE_COLUMNS`, :data:`READING_COLUMNS`).
    ``turns``: the messages in session order (with ``text`` when a summarizer reads them).
    """

    points: pl.DataFrame
    changes: pl.DataFrame
    readings: pl.DataFrame
    turns: pl.DataFrame

    def fact_ids(self) -> pl.Series:
        """Each span's facts (a list), in the order first said."""
        firsts = self.changes.unique(["span", "fact_id"], keep="first", maintain_order=True)
        held = firsts.group_by("span", maintain_order=True).agg("fact_id")
        spans = pl.DataFrame({"span": pl.int_range(self.points.height, dtype=pl.UInt32, eager=True)})
        ids = spans.join(held, on="span", how="left", maintain_order="left")["fact_id"]
        return ids.fill_null(pl.lit([], dtype=pl.List(pl.String))).alias("fact_ids")

    def objects(self) -> list[SessionSpan]:
        """One :class:`SessionSpan` per span, with the session's turns if ``turns`` has their text."""
        parsed = {a: orjson.loads(a or "{}") for a in self.changes["attributes"].unique()}  # read, never changed
        changes: list[list[FactChange]] = [[] for _ in range(self.points.height)]
        for span, section, entity, change_type, status, attributes, before, fid in self.changes.select(
            "span", *CHANGE_COLUMNS
        ).iter_rows():
            changes[span].append(FactChange(section, entity, change_type, status, parsed[attributes], before, fid))
        readings: list[list[Reading]] = [[] for _ in range(self.points.height)]
        for span, *reading in self.readings.select("span", *READING_COLUMNS).iter_rows():
            readings[span].append(Reading(*reading))
        texts: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        position: dict[tuple[str, str], int] = {}  # (user, message) → messages of its session through it
        with_turns = "text" in self.turns.columns
        if with_turns:
            for user, session, message_id, role, text in self.turns.select(
                "user_id", "session_id", "message_id", "role", "text"
            ).iter_rows():
                texts[(user, session)].append((role, text))
                position[(user, message_id)] = len(texts[(user, session)])
        return [
            SessionSpan(
                user_id=user,
                session_id=session,
                through_message_id=message_id,
                user_turns=turn,
                valid_from=ts,
                session_turns=texts[(user, session)] if with_turns else (),
                through=position.get((user, message_id), 0),
                changes=tuple(changes[span]),
                readings=tuple(readings[span]),
            )
            for span, (user, session, message_id, turn, ts) in enumerate(self.points.iter_rows())
        ]


def _turns(messages: pl.DataFrame) -> pl.DataFrame:
    """Messages in session order, each with the count of user turns up to it."""
    return messages.sort("user_id", "session_id", "ts", "message_id").with_columns(
        (pl.col("role") == "user").cast(pl.Int32).cum_sum().over("user_id", "session_id").alias("turn")
    )


def _points(turns: pl.DataFrame, every: int) -> pl.DataFrame:
    """The user turns a summary is due at: every ``every``-th, and each session's last."""
    users = turns.filter(pl.col("role") == "user")
    last = pl.col("turn") == pl.col("turn").max().over("user_id", "session_id")
    return users.filter((pl.col("turn") % every == 0) | last)


def _changes(fact_events: pl.DataFrame, turns: pl.DataFrame) -> pl.DataFrame:
    """Dialogue fact events with their session, turn and the fact's status before each."""
    ordered = fact_events.with_columns(pl.col("status").shift(1).over("fact_id").alias("before"))
    located = turns.select(*_KEY, "session_id", "turn").rename({"message_id": "source_message_id"})
    return ordered.filter(pl.col("source") == "dialogue").join(
        located, on=["user_id", "source_message_id"], how="inner", maintain_order="left"
    )


def _readings(measurements: pl.DataFrame, turns: pl.DataFrame) -> pl.DataFrame:
    located = turns.select(*_KEY, "session_id", "turn").rename({"message_id": "source_message_id"})
    return measurements.join(located, on=["user_id", "source_message_id"], how="inner", maintain_order="left")


def span_frames(
    messages: pl.DataFrame, fact_events: pl.DataFrame, measurements: pl.DataFrame, *, every: int
) -> SpanFrames:
    """Every span to summarize, per user and session in order (the sessions of ``messages``).

    ``messages`` need a ``text`` column only for a summarizer that reads the turns.
    """
    turns = _turns(messages)
    points = _points(turns, every).select("user_id", "session_id", "message_id", "turn", "ts")
    changes = _of_spans(points, _changes(fact_events, turns), CHANGE_COLUMNS)
    readings = _of_spans(points, _readings(measurements, turns), READING_COLUMNS)
    return SpanFrames(points, changes, readings, turns)


def session_spans(
    messages: pl.DataFrame, fact_events: pl.DataFrame, measurements: pl.DataFrame, *, every: int
) -> list[SessionSpan]:
    """:func:`span_frames` as one object per span (what an LLM summary reads)."""
    return span_frames(messages, fact_events, measurements, every=every).objects()


def _of_spans(points: pl.DataFrame, located: pl.DataFrame, columns: Sequence[str]) -> pl.DataFrame:
    """``columns`` of the rows of ``located`` each of ``points`` holds (those of its session up to
    its turn), with the span's row: in span order, then in ``located``'s order."""
    spans = points.select("user_id", "session_id", "turn").with_row_index("span")
    rows = located.select("user_id", "session_id", pl.col("turn").alias("at"), *columns).with_row_index("row")
    return (
        spans.join(rows, on=["user_id", "session_id"], how="inner")
        .filter(pl.col("at") <= pl.col("turn"))
        .sort("span", "row")
        .select("span", *columns)
    )
