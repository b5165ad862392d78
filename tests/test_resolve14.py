"""A recovery named in other words ends the one known complaint it is about (issue 11).

"my stomach hurts" then "the epigastric pain has settled", "колени болят" then "боль в суставах прошла",
"关节疼" then "膝盖不疼了": the later message names the complaint by a broader or narrower
name (one ICD-10 code within the other), and the fold resolves the known fact instead of filing a
second, resolved one beside it. Each case is (earlier message, later message, the complaint's (entity, status) after
both); the sentences are new, written for this mechanism, not copied from any evaluation set.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import polars as pl
import pytest

from anamnesis.facts.fold import fold
from schemas.frames import Events, polars_schema
from tests.test_rules_backend import understand

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)


def symptoms_after(*texts: str) -> set[tuple[str, str]]:
    """The (entity, status) of every symptom once the messages, a day apart, are folded."""
    rows = [
        {
            "user_id": "u",
            "message_id": f"m{day}",
            "event_index": index,
            "valid_from": T0 + timedelta(days=day),
            "section": e["section"],
            "entity": e["entity"],
            "status": e["status"],
            "attributes": json.dumps({k: v for k, v in e.items() if k not in ("section", "entity", "status")}),
            "extractor_version": "test-1",
            "recorded_at": T0 + timedelta(days=100),
        }
        for day, text in enumerate(texts)
        for index, e in enumerate(understand(text).events)
    ]
    _, state, _ = fold(pl.DataFrame(rows, schema=polars_schema(Events)))
    symptoms = state.filter(pl.col("section") == "symptoms")
    return set(zip(symptoms["entity"], symptoms["status"], strict=True))


# fmt: off
CASES: list[tuple[str, str, set[tuple[str, str]]]] = [
    # a broader kind of the same complaint (ICD-10 R10 over R10.1)
    ("pain in the upper stomach for a week", "the tummy ache is gone now", {("epigastric pain", "resolved")}),
    ("my stomach has been hurting for two days", "the epigastric pain has settled", {("abdominal pain", "resolved")}),
    # a joint named for the joints (one ICD-10 code)
    ("my joints ache", "my knee doesn't hurt anymore", {("joint pain", "resolved")}),
    ("my knee hurts", "the joint pain is gone", {("knee pain", "resolved")}),
    ("желудок болит", "живот больше не болит", {("epigastric pain", "resolved")}),
    ("у меня болит живот", "боли в желудке прошли", {("abdominal pain", "resolved")}),
    ("колени болят", "боль в суставах прошла", {("knee pain", "resolved")}),
    ("суставы болят", "колено больше не болит", {("joint pain", "resolved")}),
    ("胃部疼痛", "肚子不疼了", {("epigastric pain", "resolved")}),
    ("上腹痛一周了", "胃不疼了", {("epigastric pain", "resolved")}),
    ("膝盖疼了一周", "关节不疼了", {("knee pain", "resolved")}),
    ("关节疼", "膝盖不疼了", {("joint pain", "resolved")}),
]
# fmt: on


@pytest.mark.parametrize(("earlier", "later", "expected"), CASES)
def test_a_recovery_in_other_words_ends_the_known_complaint(earlier: str, later: str, expected: set) -> None:
    assert symptoms_after(earlier, later) == expected


def test_an_unrelated_recovery_is_a_fact_of_its_own() -> None:
    # heartburn (R12) is no abdominal pain (R10): both stay, each with its own state
    assert symptoms_after("my stomach has been hurting", "the heartburn is gone") == {
        ("abdominal pain", "active"),
        ("heartburn", "resolved"),
    }


def test_a_body_part_complaint_never_ends_the_generic_one_by_its_words() -> None:
    # "leg swelling" is no kind of "swelling" by code (R22.4, R60): the user named it more
    # precisely, a fact of its own, and the generic one is left as it was
    assert ("leg swelling", "resolved") in symptoms_after("I've had some swelling", "the leg swelling is gone now")


def test_two_related_complaints_are_never_guessed_between() -> None:
    # "tummy" could be the epigastric pain or the lower abdominal pain: the earlier one is not ended
    # (until "желудок" became a name of the epigastric pain, "желудок болит" was the second one here)
    assert ("epigastric pain", "active") in symptoms_after(
        "pain in the upper stomach", "pain in my lower tummy", "the tummy ache is gone now"
    )


def test_a_denial_that_is_no_recovery_changes_nothing_related() -> None:
    # "живот не болит" says the belly does not hurt now, not that the stomach pain is over
    assert ("epigastric pain", "active") in symptoms_after("желудок болит", "живот не болит")
