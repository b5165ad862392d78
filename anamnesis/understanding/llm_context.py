"""What an LLM request says about one fragment: its earlier turns, the facts known before it, the text.

"I stopped it" or "is it fine with the other one?" can only be read with what came before, so
the ``openai`` backend sends, besides the user's message and the assistant turn right before it:

- ``earlier_turns``: up to ``Settings.llm_context_turns`` turns of the same session before the
  message (counting that assistant turn), oldest first, each with its role;
- ``known_facts`` (extractor calls only): the user's facts of the section being extracted as
  they stood before the message, entity and status only.

Known facts come from the lake's fact history as it was before this run (``fact_events`` with
``valid_from`` before the message), not from this run's own answers: every request of a run is
then independent of the others, so the calls of one user's messages run side by side (or go in
one Batch API file) instead of one after another, and re-reading a fragment later sends the same
facts, which keeps its cached answers valid. The cost: the first backfill of a history has no
known facts yet; the earlier turns still carry the references within a session.

The payload never carries the user id: the model needs the words, not who wrote them. The LLM
cache key hashes the rendered payload, so any change of this context is a new request.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import polars as pl

from schemas.events import Fragment

#: Known facts of one section sent with an extractor call, the most recently changed first kept.
MAX_KNOWN_FACTS = 20
#: Fact statuses that say nothing about the present (a ``*`` absence a later fact ended).
_NOT_CURRENT = frozenset({"superseded"})
TURN_TYPE = pl.List(pl.Struct({"role": pl.String, "text": pl.String}))
FACT_TYPE = pl.List(pl.Struct({"section": pl.String, "entity": pl.String, "status": pl.String}))
CONTEXT_COLUMNS = ("earlier", "known_facts")


def with_llm_context(
    fragments: pl.DataFrame, messages: pl.DataFrame, fact_events: pl.DataFrame, *, turns: int
) -> pl.DataFrame:
    """``fragments`` plus ``earlier`` and ``known_facts`` (the ``Fragment`` fields of those names).

    ``messages``: the same users' messages (``Messages`` schema); ``fact_events``: their fact
    history before this run (``FactEvents`` schema, possibly empty).
    """
    earlier = _earlier_turns(messages, turns)
    out = fragments.join(earlier, on=["user_id", "message_id"], how="left", maintain_order="left")
    out = out.with_columns(pl.col("earlier").fill_null(pl.lit([], dtype=TURN_TYPE)))
    return out.with_columns(pl.Series("known_facts", _known_before(out, fact_events), dtype=FACT_TYPE))


def _earlier_turns(messages: pl.DataFrame, turns: int) -> pl.DataFrame:
    """(user_id, message_id, earlier) for every user message: the session's ``turns`` turns before it."""
    ordered = messages.sort(["user_id", "session_id", "ts", "message_id"])
    if turns == 0:
        return ordered.filter(pl.col("role") == "user").select(
            "user_id", "message_id", pl.lit([], dtype=TURN_TYPE).alias("earlier")
        )
    turn = pl.struct(pl.col("role"), pl.col("text"))
    same_session = ["user_id", "session_id"]
    shifted = [turn.shift(k).over(same_session) for k in range(turns, 0, -1)]  # oldest first
    return (
        ordered.with_columns(pl.concat_list(shifted).list.drop_nulls().alias("earlier"))
        .filter(pl.col("role") == "user")
        .select("user_id", "message_id", pl.col("earlier").cast(TURN_TYPE))
    )


def _known_before(fragments: pl.DataFrame, fact_events: pl.DataFrame) -> list[list[dict[str, str]]]:
    """For each fragment (in its row order), the latest status of each fact strictly before its ``ts``."""
    history: dict[str, list[tuple[Any, str, str, str]]] = {}
    for user_id, valid_from, section, entity, status in (
        fact_events.sort(["user_id", "valid_from", "recorded_at"])
        .select("user_id", "valid_from", "section", "entity", "status")
        .iter_rows()
    ):
        history.setdefault(user_id, []).append((valid_from, section, entity, status))
    out: list[list[dict[str, str]]] = [[] for _ in range(fragments.height)]
    if not history:
        return out
    order = fragments.select("user_id", "ts").with_row_index("row").sort(["user_id", "ts"])
    user: str | None = None
    state: dict[tuple[str, str], str] = {}
    events: list[tuple[Any, str, str, str]] = []
    done = 0
    for row, user_id, ts in order.iter_rows():
        if user_id != user:
            user, state, events, done = user_id, {}, history.get(user_id, []), 0
        while done < len(events) and events[done][0] < ts:
            _, section, entity, status = events[done]
            state.pop((section, entity), None)  # re-inserted last: dict order is recency
            state[(section, entity)] = status
            done += 1
        out[row] = [{"section": s, "entity": e, "status": st} for (s, e), st in state.items() if st not in _NOT_CURRENT]
    return out


def render_input(fragment: Fragment, section: str | None = None) -> str:
    """The user message of one request: labelled context and text, never the user id.

    ``section``: the extractor's section, whose known facts are included; ``None`` for the
    classifier and the measurements extractor, which get the turns only.
    """
    payload: dict[str, Any] = {}
    earlier = _turns_before_context(fragment.earlier, fragment.context)
    if earlier:
        payload["earlier_turns"] = earlier
    if section is not None:
        known = _known_of(fragment.known_facts, section)
        if known:
            payload["known_facts"] = known
    if fragment.context:
        payload["assistant_previous_turn"] = fragment.context
    payload["user_message"] = fragment.text
    return json.dumps(payload, ensure_ascii=False, indent=2)


def _turns_before_context(earlier: Sequence[Mapping[str, str]], context: str | None) -> list[dict[str, str]]:
    """The earlier turns without the one sent as ``assistant_previous_turn`` (it is the last; after a
    question asked back, the context ends with it)."""
    turns = [{"role": t["role"], "text": t["text"]} for t in earlier]
    if context and turns and turns[-1]["role"] == "assistant" and context.endswith(turns[-1]["text"]):
        turns.pop()
    return turns


def _known_of(facts: Sequence[Mapping[str, str]], section: str) -> list[dict[str, str]]:
    mine = [{"entity": f["entity"], "status": f["status"]} for f in facts if f["section"] == section]
    return mine[-MAX_KNOWN_FACTS:]
