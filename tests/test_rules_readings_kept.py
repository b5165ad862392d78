"""The rules backend keeps each reading by (text, what the context asks, language).

A stage reads each distinct (text, context) once; the same words after another context read
alike when that context asks the same thing, or nothing. These tests pin that the kept reading
is the one a fresh read gives, that a context asking something else is never taken for it,
and that callers can never change a kept reading through the events they were given.
"""

from __future__ import annotations

from datetime import UTC, datetime

from anamnesis.understanding.rules import RulesBackend
from anamnesis.understanding.rules.answers import topic
from anamnesis.understanding.rules.lexicon import load_lexicon
from anamnesis.understanding.rules.message import understand_text
from schemas.events import Fragment

TS = datetime(2026, 3, 1, tzinfo=UTC)


def _read(pairs: list[tuple[str, str | None]]) -> list[tuple[tuple[str, ...], list[dict[str, str]]]]:
    fragments = [Fragment(f"f-{i}", "u-1", f"m-{i}", TS, text, ctx, None) for i, (text, ctx) in enumerate(pairs)]
    return [(u.sections, u.events) for u in RulesBackend().understand(fragments)]


def test_two_contexts_that_ask_the_same_read_a_message_alike() -> None:
    first, second = "Thanks for that. Do you have any allergies?", "I see. Do you have any allergies?"
    assert topic(first) == topic(second)
    kept = _read([("no", first), ("no", second)])
    fresh = [understand_text("no", context, None, load_lexicon()) for context in (first, second)]
    assert kept == fresh
    assert ("allergies", "*", "confirmed_absent") in {(e["section"], e["entity"], e["status"]) for e in kept[1][1]}


def test_a_context_asking_something_else_is_read_for_itself() -> None:
    pairs = [("no", "Do you have any allergies?"), ("no", "Do you smoke?"), ("no", "Thanks for telling me.")]
    kept = _read(pairs)
    assert kept == [understand_text(text, context, None, load_lexicon()) for text, context in pairs]
    sections = [sections for sections, _ in kept]
    assert sections[0] != sections[1]
    assert kept[2] == ((), [])  # a statement asks nothing: "no" states nothing


def test_changing_the_events_given_out_never_changes_the_kept_reading() -> None:
    pair = ("I take metformin 500 mg twice a day", None)
    (first,) = _read([pair])
    first[1][0]["entity"] = "changed by a caller"
    first[1].clear()
    (again,) = _read([pair])
    assert again == understand_text(*pair, None, load_lexicon())
    assert again[1] and again[1][0]["entity"] == "metformin"
