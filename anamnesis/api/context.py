"""Assembling the context block for one question: the few facts that matter, within a budget.

Order of importance: critical facts (allergies, active medications, chronic conditions) marked
important; then what the user confirmed absent in those sections ("No known allergies
(confirmed 2026-03-02)"); then the other facts of the sections the question needs, newest
first; then the nearest memories by vector search; then the relevant sections never
discussed. Lines are added in that order until ``max_tokens`` (counted with a real BPE
tokenizer) would be exceeded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from anamnesis.memory.texts import LABELS, NOTHING
from schemas.sections import CONFIRMED_ABSENT, CRITICAL_SECTIONS, PRESENT_STATUS, SECTION_WIDE, SUPERSEDED

HEADER = "Patient memory (what the user told us in earlier chats):"
NOT_DISCUSSED = {s: LABELS[s].lower() for s in LABELS}


@dataclass(frozen=True, slots=True)
class Memory:
    """A vector-search hit: the fact it points to and its similarity."""

    fact_id: str
    score: float


@dataclass(slots=True)
class Context:
    sections: list[str]
    facts: list[dict[str, Any]] = field(default_factory=list)
    not_discussed: list[str] = field(default_factory=list)
    context: str = ""


def render_fact(fact: dict[str, Any]) -> str:
    """One line a model can read: label, entity, details, status and date."""
    section, entity, status = fact["section"], fact["entity"], fact["status"]
    attrs = fact.get("attributes") or {}
    since = str(fact["valid_from"])[:10]
    if entity == SECTION_WIDE:
        return f"{NOTHING[section]} (confirmed {since})"
    if status == CONFIRMED_ABSENT:
        return f"{LABELS[section]}: not {entity} (confirmed {since})"
    if section == "demographics":
        return f"{entity.replace('_', ' ')}: {attrs.get('value', '?')} (as of {since})"
    details = [
        attrs[k] for k in ("dose", "frequency", "relation", "value", "reaction", "severity", "when") if attrs.get(k)
    ]
    said = attrs.get("mention")
    text = f"{LABELS[section]}: {entity}"
    if details:
        text += " " + ", ".join(details)
    if said and said.lower() != entity:
        text += f' (said as "{said}")'
    verb = {"active": "since", "historical": "on record since"}.get(status, f"{status} since")
    return f"{text}, {verb} {since}"


def _important(fact: dict[str, Any]) -> bool:
    return fact["section"] in CRITICAL_SECTIONS and fact["status"] == PRESENT_STATUS[fact["section"]]


def assemble(
    facts: Sequence[dict[str, Any]],
    sections: Sequence[str],
    memories: Sequence[Memory] | Callable[[], Sequence[Memory]],
    *,
    max_tokens: int,
    count_tokens: Callable[[str], int],
    drug_question: bool,
) -> Context:
    """Choose and render the facts of ``sections`` (plus critical ones for drug questions).

    ``memories`` may be a function: it is called (a vector search) only when its answer can
    change the result, i.e. when some fact not chosen yet would still fit in the budget.
    """
    relevant = list(dict.fromkeys([*(CRITICAL_SECTIONS if drug_question else ()), *sections]))
    live = [f for f in facts if not f.get("decayed") and f["status"] != SUPERSEDED]
    by_id = {f["fact_id"]: f for f in live}
    discussed = {f["section"] for f in facts}

    def newest_first(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return sorted(items, key=lambda f: (str(f["valid_from"]), f["entity"]), reverse=True)

    important = newest_first([f for f in live if f["section"] in relevant and _important(f)])
    important.sort(key=lambda f: CRITICAL_SECTIONS.index(f["section"]))
    absent = [
        f
        for f in live
        if f["section"] in relevant and f["section"] in CRITICAL_SECTIONS and f["status"] == CONFIRMED_ABSENT
    ]
    rest = newest_first([f for f in live if f["section"] in relevant and f not in important and f not in absent])
    chosen_ids = {f["fact_id"] for f in (*important, *absent, *rest)}
    not_discussed = [s for s in relevant if s not in discussed]

    lines: list[str] = [HEADER]
    chosen: list[dict[str, Any]] = []
    budget_left = max_tokens - count_tokens(HEADER)

    def add(line: str, fact: dict[str, Any] | None) -> bool:
        nonlocal budget_left
        cost = count_tokens("\n" + line)
        if cost > budget_left:
            return False
        budget_left -= cost
        lines.append(line)
        if fact is not None:
            chosen.append({**fact, "important": _important(fact)})
        return True

    for fact in important:
        add(f"- IMPORTANT: {render_fact(fact)}", fact)
    for fact in (*absent, *rest):
        add(f"- {render_fact(fact)}", fact)
    if callable(memories):
        unchosen = [f for f in live if f["fact_id"] not in chosen_ids]
        fits = any(count_tokens(f"\n- Related: {render_fact(f)}") <= budget_left for f in unchosen)
        memories = memories() if fits else ()
    related = [
        by_id[m.fact_id]
        for m in sorted(memories, key=lambda m: -m.score)
        if m.fact_id in by_id and m.fact_id not in chosen_ids
    ]
    for fact in related[:5]:
        add(f"- Related: {render_fact(fact)}", fact)
    if not_discussed:
        add("- Never discussed: " + ", ".join(NOT_DISCUSSED[s] for s in not_discussed), None)
    if len(lines) == 1:
        add("- Nothing relevant on record.", None)
    text = "\n".join(lines) if budget_left >= 0 else ""
    return Context(sections=relevant, facts=chosen, not_discussed=not_discussed, context=text)
