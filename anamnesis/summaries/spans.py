"""Where a session gets a summary, and what each summary covers.

A session is the exports' ``session_id`` (CONTRACT §1: one dialogue) of one user, the unit the
fragments already use. It gets a summary at every ``every``-th user turn and at its last user
turn so far; each covers the session from its start through that turn (a rolling summary), so
the newest summary of a session is all of it. A session continued in a later export simply
gets its later turns' summaries on the next run.

Its health content is the reconciled history: the ``fact_events`` the dialogue's messages set
(each with the fact's status before the session, so "started" and "still takes" can be told
apart) and the measurements they reported.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import orjson
import polars as pl

from anamnesis.summaries.text import FactChange, Reading

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


def session_spans(
    messages: pl.DataFrame, fact_events: pl.DataFrame, measurements: pl.DataFrame, *, every: int,
    with_turns: bool = True,
) -> list[SessionSpan]:
    """Every span to summarize, per user and session in order (the sessions of ``messages``).

    ``with_turns=False`` leaves out the messages' texts (the rules summary never reads them;
    ``messages`` then need no ``text`` column). Which events and readings each span holds is a
    polars join; Python only makes each event's object once and hands each span its tuple of them.
    """
    turns = _turns(messages)
    points = _points(turns, every).select("user_id", "session_id", "message_id", "turn", "ts")
    columns = ("section", "entity", "change_type", "status", "attributes", "before", "fact_id")
    changes = _changes(fact_events, turns)
    parsed = {a: orjson.loads(a or "{}") for a in changes["attributes"].unique()}  # read, never changed
    made = [
        FactChange(section, entity, change_type, status, parsed[attributes], before, fact_id)
        for section, entity, change_type, status, attributes, before, fact_id in changes.select(columns).iter_rows()
    ]
    readings = _readings(measurements, turns)
    read = [Reading(*row) for row in readings.select("test", "value", "unit", "flag").iter_rows()]
    texts: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    position: dict[tuple[str, str], int] = {}  # (user, message) → messages of its session through it
    if with_turns:
        for user, session, message_id, role, text in turns.select(
            "user_id", "session_id", "message_id", "role", "text"
        ).iter_rows():
            texts[(user, session)].append((role, text))
            position[(user, message_id)] = len(texts[(user, session)])
    change_ids = _of_spans(points, changes)
    reading_ids = _of_spans(points, readings)
    return [
        SessionSpan(
            user_id=user,
            session_id=session,
            through_message_id=message_id,
            user_turns=turn,
            valid_from=ts,
            session_turns=texts[(user, session)] if with_turns else (),
            through=position.get((user, message_id), 0),
            changes=tuple(made[i] for i in in_span) if in_span else (),
            readings=tuple(read[i] for i in readings_in_span) if readings_in_span else (),
        )
        for (user, session, message_id, turn, ts), in_span, readings_in_span in zip(
            points.iter_rows(), change_ids, reading_ids, strict=True
        )
    ]


def _of_spans(points: pl.DataFrame, located: pl.DataFrame) -> list[list[int]]:
    """For each of ``points`` (in order), the rows of ``located`` (its positions, in order) of its
    session up to its turn."""
    if located.is_empty():
        return [[] for _ in range(points.height)]
    spans = points.select("user_id", "session_id", "turn").with_row_index("span")
    rows = located.select("user_id", "session_id", pl.col("turn").alias("at")).with_row_index("row")
    held = (
        spans.join(rows, on=["user_id", "session_id"], how="inner")
        .filter(pl.col("at") <= pl.col("turn"))
        .group_by("span")
        .agg(pl.col("row").sort())
    )
    return spans.join(held, on="span", how="left").sort("span")["row"].to_list()
