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

    ``with_turns=False`` leaves out the messages' texts (the rules summary never reads them).
    """
    turns = _turns(messages)
    by_session: dict[tuple[str, str], list[tuple[int, FactChange]]] = defaultdict(list)
    columns = ("user_id", "session_id", "turn", "section", "entity", "change_type", "status", "attributes", "before",
               "fact_id")  # fmt: skip
    for user, session, turn, section, entity, change_type, status, attributes, before, fact_id in (
        _changes(fact_events, turns).select(columns).iter_rows()
    ):
        change = FactChange(section, entity, change_type, status, orjson.loads(attributes or "{}"), before, fact_id)
        by_session[(user, session)].append((turn, change))
    read: dict[tuple[str, str], list[tuple[int, Reading]]] = defaultdict(list)
    for user, session, turn, test, value, unit, flag in _readings(measurements, turns).select(
        "user_id", "session_id", "turn", "test", "value", "unit", "flag"
    ).iter_rows():
        read[(user, session)].append((turn, Reading(test, value, unit, flag)))
    texts: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    position: dict[tuple[str, str], int] = {}  # (user, message) → messages of its session through it
    texts_of = turns if with_turns else turns.clear()
    for user, session, message_id, role, text in texts_of.select(
        "user_id", "session_id", "message_id", "role", "text"
    ).iter_rows():
        texts[(user, session)].append((role, text))
        position[(user, message_id)] = len(texts[(user, session)])
    spans = []
    for user, session, message_id, turn, ts in _points(turns, every).select(
        "user_id", "session_id", "message_id", "turn", "ts"
    ).iter_rows():
        key = (user, session)
        spans.append(
            SessionSpan(
                user_id=user,
                session_id=session,
                through_message_id=message_id,
                user_turns=turn,
                valid_from=ts,
                session_turns=texts[key],
                through=position.get((user, message_id), 0),
                changes=tuple(c for t, c in by_session[key] if t <= turn),
                readings=tuple(r for t, r in read[key] if t <= turn),
            )
        )
    return spans
