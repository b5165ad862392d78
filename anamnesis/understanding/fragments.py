"""Fragments: each user message with the assistant turn just before it in the same session.

The context is what makes "No." after "Any allergies?" mean something. Only ``role = user``
messages become fragments; assistant turns are never a source of facts. When the user asked back
before that turn ("Any allergies?" — "Me?" — "Yes." — "No."), the assistant's reply answers the
user, not the user's health: the context is then the question asked back about and the reply,
joined by a line break (the rules read the reply first, ``rules.answers.asked_in``).
"""

from __future__ import annotations

import polars as pl

from schemas.frames import Fragments, polars_schema

FRAGMENT_SCHEMA = polars_schema(Fragments)
#: A user's turn that asks back: its question mark, full-width too, or a Chinese 吗 ends it ("我吗？", "是问我吗").
_ASKS_BACK = r"[?？吗]\s*$"
#: A user's turn that only holds the answer off ("我想想", "稍等", "let me think"): the next turn answers
#: the assistant's question before it.
_HOLDS = (
    r"(?i)^\s*(?:我想想|想一下|我想一下|让我想想|等一下|等等|稍等|嗯+|呃+|额|hmm+|um+|let me think|one sec(?:ond)?"
    r"|hold on|подождите|секунду|сейчас вспомню|дайте подумать)[\s.。…,，!！~]*$"
)

#: An assistant's turn that only asks the user to name what they just said they have ("What kind?",
#: "Which one?", "Какие именно?", "哪种？"): it asks on in the question before it, so the user's reply
#: answers both, as after a question asked back.
_FOLLOWS_UP = (
    r"(?i)^\s*(?:(?:and|ok(?:ay)?|so|alright|right|oh)[,.!]?\s+)*"
    r"(?:(?:what|which)\s+(?:kind|kinds|type|types|sort|one|ones|was it|were they|was that|were those)"
    r"(?:\s+(?:was it|were they))?|like what|such as"
    r"|как(?:ие|ой|ая|ую)(?:\s+именно)?|что\s+именно|(?:哪|什么)(?:一)?(?:种|个|些|样的))\s*[?？]+\s*$"
)

#: An assistant's turn that only guesses the name the user is looking for ("Any drug allergies?" —
#: "I'm allergic to... what's it called." — "Naprosyn?", "Was it penicillin?"): a name or two and
#: a question mark, no word of its own; the reply answers the question before it too.
_GUESSES = r"(?i)^\s*(?:(?:was it|is it|you mean|do you mean|maybe|perhaps)\s+)?[a-z][\w-]*(?:\s+[\w-]+){0,2}\s*\?\s*$"
#: ... which is no guess when it opens with a word of its own ("Really?", "Any others?", "Why?").
_NO_GUESS = (
    r"(?i)^\s*(?:really|seriously|right|yes|yeah|no|nope|okay|ok|sorry|pardon|what|huh|hmm|and|so|why|how|when"
    r"|where|who|which|anything|any|other|others|correct|sure|true|me|you)\b"
)


def _same_session(back: int) -> pl.Expr:
    return (pl.col("user_id") == pl.col("user_id").shift(back)) & (
        pl.col("session_id") == pl.col("session_id").shift(back)
    )


def build_fragments(messages: pl.DataFrame) -> pl.DataFrame:
    """One row per user message; ``fragment_key`` changes when its text or context changes.

    Sorted by session and time, a message's context is simply the row before it when that row
    is an assistant turn of the same user and session (a plain shift, cheaper than a window);
    after a question asked back (the user's turn before it ends with "?", "？" or "吗"), the assistant
    turn before that question too, as after the assistant's bare follow-up ("Any surgeries?" — "Yes,
    one." — "What kind?") or guess at a name ("Naprosyn?"); after a turn that only holds the answer off ("我想想"), the
    assistant turn before it.
    """
    ordered = messages.sort(["user_id", "session_id", "ts", "message_id"])
    after_assistant = _same_session(1) & (pl.col("role").shift(1) == "assistant")
    asked_back = (
        after_assistant
        & _same_session(3)
        & (pl.col("role").shift(2) == "user")
        & (pl.col("role").shift(3) == "assistant")
        & pl.col("text").shift(2).str.contains(_ASKS_BACK)
    )
    followed_up = (
        after_assistant
        & _same_session(3)
        & (pl.col("role").shift(2) == "user")
        & (pl.col("role").shift(3) == "assistant")
        & (
            pl.col("text").shift(1).str.contains(_FOLLOWS_UP)
            | (pl.col("text").shift(1).str.contains(_GUESSES) & ~pl.col("text").shift(1).str.contains(_NO_GUESS))
        )
    )
    asked_back = asked_back | followed_up
    held = (
        _same_session(2)
        & (pl.col("role").shift(1) == "user")
        & (pl.col("role").shift(2) == "assistant")
        & pl.col("text").shift(1).str.contains(_HOLDS)
    )
    with_context = ordered.with_columns(
        pl.when(asked_back)
        .then(pl.col("text").shift(3) + "\n" + pl.col("text").shift(1))
        .when(after_assistant)
        .then(pl.col("text").shift(1))
        .when(held)
        .then(pl.col("text").shift(2))
        .otherwise(None)
        .alias("context"),
        pl.when(asked_back)
        .then(pl.col("content_hash").shift(3) + "+" + pl.col("content_hash").shift(1))
        .when(after_assistant)
        .then(pl.col("content_hash").shift(1))
        .when(held)
        .then(pl.col("content_hash").shift(2))
        .otherwise(pl.lit(""))
        .alias("_ctx_hash"),
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
