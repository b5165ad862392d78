"""Session summaries in the context block, when the question is about earlier chats.

"What did we talk about last time?", "О чём мы говорили в прошлый раз?", "我们上次聊了什么？":
such a question routes to no section (it names no drug, symptom or condition), so the facts
alone would leave the block empty. It gets the newest session's summary instead ("Last chat,
2026-05-03: ..."), and, when that chat held no health content, the newest one that did.
"""

from __future__ import annotations

import re
from typing import Any

import duckdb

from anamnesis.summaries.text import NOTHING_SAID
from anamnesis.understanding.rules.gate import Gated

#: Ways to ask about earlier chats, in every language the pipeline reads (CJK needs no boundaries).
_RECALL = re.compile(
    r"\b(last|previous|earlier|past)\s+(time|chat|session|conversation|visit|talk)s?\b"
    r"|\bwhat\s+(did|have)\s+(we|i)\s+(talk|discuss|say|tell|mention)"
    r"|\b(talked|discussed|spoke|chatted)\s+about\b.*\b(before|last|earlier|previously)\b"
    r"|\bremind\s+me\s+what\b"
    r"|прошл\w*\s+(раз|разговор\w*|бесед\w*|чат\w*|сесси\w*|консультаци\w*)"
    r"|предыдущ\w*\s+(раз|разговор\w*|бесед\w*|чат\w*|сесси\w*|консультаци\w*)"
    r"|последн\w*\s+(раз|разговор\w*|бесед\w*)"
    r"|о\s+ч[её]м\s+мы\s+(говорили|разговаривали|беседовали)"
    r"|что\s+мы\s+(обсуждали|обсудили)"
    r"|напомни\w*,?\s+(что|о\s+ч[её]м)"
    r"|上次|上一次|上回|之前聊|之前说|之前谈|我们聊了什么|我们谈了什么|我们说了什么|聊过什么|谈过什么",
    re.IGNORECASE,
)
#: Every match of ``_RECALL`` holds one of these (a word of each alternative's first or last group).
_ASKS = Gated(
    _RECALL,
    (
        "last", "previous", "earlier", "past", "talk", "discuss", "say", "tell", "mention", "spoke", "chatted",
        "remind", "прошл", "предыдущ", "последн", "говорили", "разговаривали", "беседовали", "обсуждали",
        "обсудили", "напомни", "上次", "上一次", "上回", "之前聊", "之前说", "之前谈", "我们聊了什么",
        "我们谈了什么", "我们说了什么", "聊过什么", "谈过什么",
    ),
)  # fmt: skip
#: The newest summary of each of the user's sessions, newest session first.
_NEWEST = """
select session_id, summary_id, summary, valid_from from (
    select *, row_number() over (partition by session_id order by valid_from desc, user_turns desc) as newest
    from session_summaries where user_id = ?
) where newest = 1 order by valid_from desc, session_id limit ?
"""
#: Sessions looked at for one with health content.
_LOOK_BACK = 20


def asks_about_earlier_chats(query: str) -> bool:
    """Whether ``query`` asks what earlier chats were about (English, Russian or Chinese)."""
    # the pattern, tried at every position, cost ~13 µs a question, and almost none asks this
    return _ASKS.matches_lowered(query)


def recalled_chats(con: duckdb.DuckDBPyConnection, user_id: str) -> list[dict[str, Any]]:
    """The summaries the block offers: the last chat's, then the newest with health content if
    the last had none. Each has ``session_id``, ``summary_id``, ``summary``, ``valid_from`` and
    the block's ``line``. Empty for a warehouse built before summaries existed."""
    try:
        rows = con.execute(_NEWEST, [user_id, _LOOK_BACK]).fetchall()
    except duckdb.CatalogException:
        return []
    chosen = rows[:1]
    if chosen and chosen[0][2] == NOTHING_SAID:
        chosen += [row for row in rows[1:] if row[2] != NOTHING_SAID][:1]
    recalled = []
    labels = ("Last chat", "Earlier chat")
    for label, (session_id, summary_id, summary, valid_from) in zip(labels, chosen, strict=False):
        day = valid_from.date().isoformat()
        recalled.append(
            {"session_id": session_id, "summary_id": summary_id, "summary": summary,
             "valid_from": valid_from.isoformat(), "line": f"{label}, {day}: {summary}"}
        )  # fmt: skip
    return recalled
