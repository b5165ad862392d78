"""The hand-labelled gold set in ``anamnesis/evaluation/data/gold/``: format, label consistency and coverage.

The gold set is a test set reviewed like code, so these checks keep it honest: every field has
the shape of CONTRACT §2/§3, every event's change type follows from the events before it by the
README's rules (replayed here by a small independent fold), the expected facts are exactly what
those events leave behind, tags that can be derived from the labels agree with them, and each
language covers every section, change type and tag.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import datetime
from itertools import groupby
from typing import Any

import pytest

from anamnesis.evaluation.datasets import bundled

GOLD = bundled("gold")
LANGS = ("en", "ru", "zh")
MIN_DIALOGUES = 50

SECTIONS = (
    "medications", "symptoms", "diagnoses", "chronic_conditions", "demographics", "lifestyle",
    "allergies", "surgeries", "injuries", "vaccinations", "family_history",
)
_EPISODIC = ("active", "resolved", "confirmed_absent")
STATUSES: dict[str, tuple[str, ...]] = {
    "medications": ("active", "stopped", "confirmed_absent"),
    "symptoms": _EPISODIC,
    "diagnoses": _EPISODIC,
    "chronic_conditions": _EPISODIC,
    "injuries": _EPISODIC,
    "allergies": ("active", "confirmed_absent"),
    "family_history": ("active", "confirmed_absent"),
    "surgeries": ("historical", "confirmed_absent"),
    "vaccinations": ("historical", "confirmed_absent"),
    "demographics": ("active",),
    "lifestyle": ("active", "stopped", "confirmed_absent"),
}
#: The status a positive statement gives in each section (the first one of the table).
PRESENT = {s: st[0] for s, st in STATUSES.items()}
#: What a section-wide denial does to a still-present specific fact (README); other sections conflict.
DENIAL_ENDS = {"medications": "stopped", "symptoms": "resolved"}
CHANGE_TYPES = ("first_mention", "confirmation", "change", "negation")
FIXED_ENTITIES = {
    "demographics": ("age", "sex", "height_cm", "weight_kg"),
    "lifestyle": ("smoking", "alcohol", "exercise", "diet", "sleep"),
}
TAGS = (
    "dose_change", "negation", "question", "other_person", "hypothetical", "short_answer", "switch",
    "family", "brand_name", "colloquial", "section_wide", "safety_conflict", "specific_denial",
    "superseded", "resolved", "stopped", "section_conflict", "negation_scope", "units",
)
RELATIONS = {
    "mother", "father", "sister", "brother", "son", "daughter", "grandmother", "grandfather",
    "aunt", "uncle", "cousin",
}
#: Attributes per section, the only ones the gold set labels.
SECTION_ATTRS = {"medications": "dose", "family_history": "relation", "demographics": "value"}
ATTRS = ("dose", "relation", "value")

TOP_KEYS = {"id", "lang", "user_id", "tags", "turns", "events", "facts", "conflicts", "query"}
EVENT_KEYS = {"turn", "section", "entity", "status", "change_type"}
FACT_KEYS = {"section", "entity", "status"}

RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
ENTITY = re.compile(r"^[a-z0-9][a-z0-9_ ,'().\-]*[a-z0-9)]$")
DOSE = re.compile(r"^\d+(\.\d+)? (mg|g|mcg|ml|IU|units)$")
VALUES = {
    "age": re.compile(r"^\d{1,3}$"),
    "sex": re.compile(r"^(female|male)$"),
    "height_cm": re.compile(r"^\d{2,3}$"),
    "weight_kg": re.compile(r"^\d{2,3}(\.\d)?$"),
}
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
CJK = re.compile(r"[\u4e00-\u9fff]")
#: Bare answers that only mean something after the assistant's question.
SHORT_ANSWERS = {"yes", "no", "nope", "да", "нет", "неа", "是", "是的", "对", "没有", "不", "不抽", "吃"}


def load(lang: str) -> list[dict[str, Any]]:
    text = (GOLD / f"{lang}.jsonl").read_text(encoding="utf-8")
    assert text.endswith("\n"), f"{lang}.jsonl must end with a newline"
    return [json.loads(line) for line in text.splitlines()]


ALL_DIALOGUES = [(lang, d) for lang in LANGS for d in load(lang)]


def dialogue_params() -> list[Any]:
    return [pytest.param(lang, d, id=d["id"]) for lang, d in ALL_DIALOGUES]


def attrs_of(row: dict[str, Any]) -> dict[str, str]:
    return {k: row[k] for k in ATTRS if k in row}


# ---------------------------------------------------------------------------------------------
# The fold: the README's change-type rules, replayed over the gold events.
# ---------------------------------------------------------------------------------------------


def replay(d: dict[str, Any]) -> tuple[dict[tuple[str, str], dict[str, Any]], list[str], set[str]]:
    """Return (final state, problems, tags the labels imply)."""
    state: dict[tuple[str, str], dict[str, Any]] = {}
    problems: list[str] = []
    derived: set[str] = set()
    conflicts_by_turn = {t: list(g) for t, g in groupby(d["conflicts"], key=lambda c: c["turn"])}
    events_by_turn = {t: list(g) for t, g in groupby(d["events"], key=lambda e: e["turn"])}

    for turn in sorted(set(events_by_turn) | set(conflicts_by_turn)):
        evs = events_by_turn.get(turn, [])
        where = f"turn {turn}"

        # Conflicts: a section-wide denial meeting facts that are still present, and no '*' fact.
        for c in conflicts_by_turn.get(turn, []):
            key = (c["section"], c["entity"])
            if key not in state or state[key]["status"] != PRESENT[c["section"]]:
                problems.append(f"{where}: conflict on {key} which is not {PRESENT[c['section']]}")
            if any(e["section"] == c["section"] and e["entity"] == "*" for e in evs):
                problems.append(f"{where}: a conflict in {c['section']} must not add a '*' event")
        for section in {c["section"] for c in conflicts_by_turn.get(turn, [])}:
            present = {k[1] for k, f in state.items() if k[0] == section and k[1] != "*"
                       and f["status"] == PRESENT[section]}
            named = {c["entity"] for c in conflicts_by_turn[turn] if c["section"] == section}
            if present != named:
                problems.append(f"{where}: conflicts in {section} name {sorted(named)}, present are {sorted(present)}")

        # Which sections this turn states something present in (for '*' checks).
        stated = {e["section"] for e in evs if e["entity"] != "*" and e["status"] == PRESENT[e["section"]]}
        meds_stopped = {e["entity"] for e in evs if e["section"] == "medications" and e["status"] == "stopped"}
        meds_started = {e["entity"] for e in evs if e["section"] == "medications" and e["status"] == "active"
                        and e["change_type"] in ("first_mention", "change")}
        if meds_stopped and meds_started - meds_stopped:
            derived.add("switch")
        wide_seen: set[str] = set()

        for ev in evs:
            section, entity, status = ev["section"], ev["entity"], ev["status"]
            key = (section, entity)
            prior = state.get(key)
            new_attrs = attrs_of(ev)
            label = f"{where}: {section}/{entity}"

            if entity == "*":
                if status == "superseded":
                    if prior is None or prior["status"] != "confirmed_absent":
                        problems.append(f"{label}: superseded without a confirmed_absent '*' before")
                    if section not in stated:
                        problems.append(f"{label}: superseded without a specific {PRESENT[section]} fact in the turn")
                elif status == "confirmed_absent":
                    wide_seen.add(section)
                    if section in stated:
                        problems.append(f"{label}: '*' denial next to a specific present fact (negation scope)")
                    still = sorted(k[1] for k, f in state.items() if k[0] == section and k[1] != "*"
                                   and f["status"] == PRESENT[section])
                    if still:
                        problems.append(f"{label}: {still} still {PRESENT[section]} at the '*' denial "
                                        f"({'end them first' if section in DENIAL_ENDS else 'expected a conflict'})")
            else:
                if section in wide_seen:
                    problems.append(f"{label}: specific events of a section come before its '*' denial")
                if status == PRESENT[section]:
                    wide = state.get((section, "*"))
                    if wide is not None and wide["status"] == "confirmed_absent":
                        problems.append(f"{label}: the '*' absence must be superseded first in the same turn")

            if prior is None:
                expected = "negation" if status == "confirmed_absent" else "first_mention"
                merged = new_attrs
            else:
                merged = new_attrs if status == "confirmed_absent" else {**prior["attrs"], **new_attrs}
                same_attrs = all(prior["attrs"].get(k) == merged.get(k) for k in ATTRS)
                if status == prior["status"] and same_attrs:
                    expected = "confirmation"
                elif status == "confirmed_absent":
                    expected = "negation"
                else:
                    expected = "change"
                if (section == "medications" and expected == "change" and prior["attrs"].get("dose")
                        and new_attrs.get("dose") and prior["attrs"]["dose"] != new_attrs["dose"]):
                    derived.add("dose_change")
            if ev["change_type"] != expected:
                problems.append(f"{label}: change_type {ev['change_type']!r}, the rules give {expected!r}")
            state[key] = {"status": status, "attrs": merged}

    for ev in d["events"]:
        if ev["change_type"] == "negation":
            derived.add("negation")
            if ev["entity"] != "*":
                derived.add("specific_denial")
        if ev["entity"] == "*":
            derived.add("section_wide")
        if ev["status"] in ("superseded", "resolved", "stopped"):
            derived.add(ev["status"])
        if ev["section"] == "family_history":
            derived.add("family")
    for c in d["conflicts"]:
        derived.add("section_wide")
        derived.add("safety_conflict" if c["section"] == "allergies" else "section_conflict")
    for i, t in enumerate(d["turns"]):
        if t["role"] != "user":
            continue
        if "?" in t["text"] or "？" in t["text"]:
            derived.add("question")
        bare = t["text"].strip().rstrip(".!。！").lower()
        if bare in SHORT_ANSWERS and any(x["turn"] == i for x in d["events"] + d["conflicts"]):
            derived.add("short_answer")
    return state, problems, derived


# ---------------------------------------------------------------------------------------------
# Format
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_file_is_utf8_jsonl_not_ascii_escaped(lang: str) -> None:
    raw = (GOLD / f"{lang}.jsonl").read_bytes()
    text = raw.decode("utf-8")
    assert "\\u04" not in text and "\\u4" not in text, "write with ensure_ascii=False"
    for n, line in enumerate(text.splitlines(), 1):
        assert isinstance(json.loads(line), dict), f"{lang}.jsonl line {n}"


@pytest.mark.parametrize("lang", LANGS)
def test_ids_and_counts(lang: str) -> None:
    dialogues = load(lang)
    assert len(dialogues) >= MIN_DIALOGUES
    ids = [d["id"] for d in dialogues]
    assert len(ids) == len(set(ids))
    for d in dialogues:
        assert re.fullmatch(rf"{lang}-\d{{3}}", d["id"]), d["id"]
        assert d["lang"] == lang
        assert d["user_id"] == f"gold-{d['id']}"
    users = [d["user_id"] for _, d in ALL_DIALOGUES]
    assert len(users) == len(set(users))


@pytest.mark.parametrize(("lang", "d"), dialogue_params())
def test_dialogue_format(lang: str, d: dict[str, Any]) -> None:
    assert set(d) == TOP_KEYS
    assert isinstance(d["tags"], list) and d["tags"], "every dialogue has at least one tag"
    assert len(set(d["tags"])) == len(d["tags"])
    assert set(d["tags"]) <= set(TAGS), set(d["tags"]) - set(TAGS)

    turns = d["turns"]
    assert turns and any(t["role"] == "user" for t in turns)
    last = None
    for t in turns:
        assert t["role"] in ("user", "assistant")
        assert set(t) == ({"role", "text", "ts", "sections"} if t["role"] == "user" else {"role", "text", "ts"})
        assert isinstance(t["text"], str) and t["text"].strip() == t["text"] and t["text"]
        assert RFC3339.match(t["ts"]), t["ts"]
        ts = datetime.fromisoformat(t["ts"])
        assert ts.utcoffset() is not None
        assert last is None or ts > last, f"timestamps must increase: {t['ts']}"
        last = ts
        if t["role"] == "user":
            secs = t["sections"]
            assert isinstance(secs, list) and len(secs) == len(set(secs))
            assert set(secs) <= set(SECTIONS), secs

    user_turns = {i for i, t in enumerate(turns) if t["role"] == "user"}
    previous = -1
    for ev in d["events"]:
        assert EVENT_KEYS <= set(ev) <= EVENT_KEYS | set(ATTRS), ev
        assert ev["turn"] in user_turns, f"event on a non-user turn: {ev}"
        assert ev["turn"] >= previous, "events are in turn order"
        previous = ev["turn"]
        assert ev["section"] in turns[ev["turn"]]["sections"], f"event section not in the turn's sections: {ev}"
        assert ev["change_type"] in CHANGE_TYPES
        check_row(ev)

    keys = [(f["section"], f["entity"]) for f in d["facts"]]
    assert len(keys) == len(set(keys)), "one fact per (section, entity)"
    for f in d["facts"]:
        assert FACT_KEYS <= set(f) <= FACT_KEYS | set(ATTRS), f
        check_row(f)

    for c in d["conflicts"]:
        assert set(c) == {"turn", "section", "entity"}
        assert c["turn"] in user_turns
        assert c["section"] in turns[c["turn"]]["sections"]
        assert c["entity"] != "*"

    q = d["query"]
    assert set(q) == {"text", "relevant"}
    assert isinstance(q["text"], str) and q["text"].strip()
    relevant = [tuple(r) for r in q["relevant"]]
    assert all(len(r) == 2 for r in relevant)
    assert len(relevant) == len(set(relevant))
    assert set(relevant) <= set(keys), f"relevant facts must be expected facts: {set(relevant) - set(keys)}"


def check_row(row: dict[str, Any]) -> None:
    """Section, entity, status and attributes of one event or fact (CONTRACT §3)."""
    section, entity, status = row["section"], row["entity"], row["status"]
    assert section in SECTIONS, section
    if entity == "*":
        assert status in ("confirmed_absent", "superseded"), row
        assert not attrs_of(row), row
        return
    assert entity == entity.lower() and entity.isascii() and ENTITY.match(entity), f"not canonical: {entity!r}"
    assert status in STATUSES[section], row
    if section in FIXED_ENTITIES:
        assert entity in FIXED_ENTITIES[section], row
    for name in ATTRS:
        if name in row:
            assert SECTION_ATTRS.get(section) == name, f"{name} does not belong to {section}: {row}"
    if "dose" in row:
        assert DOSE.match(row["dose"]), row
    if section == "demographics":
        assert "value" in row and VALUES[entity].match(row["value"]), row
    if section == "family_history" and status == "active":
        assert row.get("relation") in RELATIONS, row


@pytest.mark.parametrize(("lang", "d"), dialogue_params())
def test_user_turns_are_in_the_dialogue_language(lang: str, d: dict[str, Any]) -> None:
    texts = [t["text"] for t in d["turns"] if t["role"] == "user"]
    if lang == "en":
        assert not any(CYRILLIC.search(x) or CJK.search(x) for x in texts)
    else:
        script = CYRILLIC if lang == "ru" else CJK
        assert sum(bool(script.search(x)) for x in texts) >= len(texts) - 1


# ---------------------------------------------------------------------------------------------
# Consistency of the labels
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "d"), dialogue_params())
def test_change_types_follow_the_rules(lang: str, d: dict[str, Any]) -> None:
    _, problems, _ = replay(d)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("lang", "d"), dialogue_params())
def test_facts_are_what_the_events_leave(lang: str, d: dict[str, Any]) -> None:
    state, _, _ = replay(d)
    expected = {k: (v["status"], v["attrs"]) for k, v in state.items()}
    labelled = {(f["section"], f["entity"]): (f["status"], attrs_of(f)) for f in d["facts"]}
    assert labelled == expected


@pytest.mark.parametrize(("lang", "d"), dialogue_params())
def test_derivable_tags_match_the_labels(lang: str, d: dict[str, Any]) -> None:
    _, _, derived = replay(d)
    derivable = {
        "dose_change", "negation", "question", "short_answer", "switch", "family", "section_wide",
        "safety_conflict", "specific_denial", "superseded", "resolved", "stopped", "section_conflict",
    }
    tags = set(d["tags"]) & derivable
    assert tags == derived & derivable, f"missing {derived - tags}, unsupported {tags - derived}"


@pytest.mark.parametrize(("lang", "d"), dialogue_params())
def test_safety_conflict_keeps_the_allergy(lang: str, d: dict[str, Any]) -> None:
    facts = {(f["section"], f["entity"]): f["status"] for f in d["facts"]}
    for c in d["conflicts"]:
        if c["section"] == "allergies":
            assert facts[(c["section"], c["entity"])] == "active"
            assert ("allergies", "*") not in facts


@pytest.mark.parametrize(("lang", "d"), dialogue_params())
def test_relevant_facts_of_drug_questions_include_critical_facts(lang: str, d: dict[str, Any]) -> None:
    """When a query's relevant set names a medication or allergy fact, it names all critical ones."""
    relevant = {tuple(r) for r in d["query"]["relevant"]}
    if not any(s in ("medications", "allergies") for s, _ in relevant):
        return
    critical = set()
    for f in d["facts"]:
        key = (f["section"], f["entity"])
        if f["section"] in ("medications", "allergies") and (
            f["status"] == "active" or (f["entity"] == "*" and f["status"] == "confirmed_absent")
        ):
            critical.add(key)
        elif f["section"] == "chronic_conditions" and f["status"] == "active":
            critical.add(key)
    assert critical <= relevant, f"drug question without {critical - relevant}"


# ---------------------------------------------------------------------------------------------
# Coverage
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_section_change_type_and_tag_in_each_language(lang: str) -> None:
    dialogues = load(lang)
    events = [e for d in dialogues for e in d["events"]]
    assert {e["section"] for e in events} == set(SECTIONS)
    assert {s for d in dialogues for t in d["turns"] if t["role"] == "user" for s in t["sections"]} == set(SECTIONS)
    assert {e["change_type"] for e in events} == set(CHANGE_TYPES)
    assert {t for d in dialogues for t in d["tags"]} == set(TAGS)
    for section in SECTIONS:
        assert any(f["section"] == section for d in dialogues for f in d["facts"]), section


@pytest.mark.parametrize("lang", LANGS)
def test_required_scenarios_in_each_language(lang: str) -> None:
    dialogues = load(lang)
    events = [e for d in dialogues for e in d["events"]]

    def has(**want: str) -> bool:
        return any(all(e.get(k) == v for k, v in want.items()) for e in events)

    assert has(section="lifestyle", entity="smoking", status="stopped"), "quitting smoking"
    assert has(section="medications", status="stopped"), "a stopped medication"
    assert has(section="symptoms", status="resolved"), "a symptom that went away"
    for section in ("medications", "allergies", "surgeries"):
        assert has(section=section, entity="*", status="confirmed_absent"), f"section-wide denial of {section}"
    assert has(entity="*", status="superseded")
    assert has(section="allergies", status="confirmed_absent", change_type="negation"), "specific allergy denial"
    assert {e["entity"] for e in events if e["section"] == "demographics"} == set(FIXED_ENTITIES["demographics"])
    assert {e["dose"].split()[1] for e in events if "dose" in e} >= {"mg", "mcg", "ml", "units"}
    assert any(c["section"] == "allergies" for d in dialogues for c in d["conflicts"])
    assert has(section="family_history", relation="mother") and has(section="family_history", relation="father")
    assert any(not d["facts"] for d in dialogues), "a dialogue that must yield no facts at all"
    for entity in ("metformin", "warfarin", "amlodipine", "tamsulosin", "hypertension", "palpitations"):
        assert any(e["entity"] == entity and e["status"] == "active" for e in events), entity


def test_counts_are_balanced() -> None:
    per_lang = Counter(lang for lang, _ in ALL_DIALOGUES)
    assert min(per_lang.values()) >= MIN_DIALOGUES
    assert sum(per_lang.values()) >= 150
