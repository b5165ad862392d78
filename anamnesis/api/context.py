"""Assembling the context block for one question: the few facts that matter, within a budget.

Order of importance: the open conflicts of the chosen sections, each stated as unclear, to be
confirmed with the user; then, for a question about earlier chats, their summaries ("Last chat,
2026-05-03: ...", :mod:`anamnesis.summaries.recall`); then critical facts (allergies, active
medications, chronic conditions) marked important; then what the user confirmed absent in
those sections ("No known allergies (confirmed 2026-03-02)"); then the other facts of the
sections the question needs, newest first; then the nearest memories by vector search; then
the relevant sections never discussed. Lines are added in that order until ``max_tokens`` (counted with a real BPE
tokenizer) would be exceeded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from anamnesis.facts.confidence import LOW
from anamnesis.memory.texts import LABELS, NOTHING
from schemas.sections import (
    CONFIRMED_ABSENT,
    CRITICAL_SECTIONS,
    DRUG_QUESTION_SECTIONS,
    EVERY_QUESTION_SECTIONS,
    PRESENT_STATUS,
    SECTION_WIDE,
    SUPERSEDED,
)

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
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    #: Session summaries the block states (each without its ``line``).
    summaries: list[dict[str, Any]] = field(default_factory=list)


def render_fact(fact: dict[str, Any]) -> str:
    """One line a model can read: label, entity, details, status and date."""
    section, entity, status = fact["section"], fact["entity"], fact["status"]
    attrs = fact.get("attributes") or {}
    since = str(fact["valid_from"])[:10]
    if entity == SECTION_WIDE:
        return f"{NOTHING[section]} (confirmed {since}){_low(fact)}"
    if status == CONFIRMED_ABSENT:
        return f"{LABELS[section]}: not {entity} (confirmed {since}){_low(fact)}"
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
    return f"{text}, {verb} {since}{_low(fact)}"


def _low(fact: dict[str, Any]) -> str:
    conf = fact.get("confidence")
    return " (low confidence)" if conf is not None and conf < LOW else ""


def _important(fact: dict[str, Any]) -> bool:
    return fact["section"] in CRITICAL_SECTIONS and fact["status"] == PRESENT_STATUS[fact["section"]]


class Draft:
    """A context block with its facts chosen, waiting only for the vector search's hits.

    ``wants_memories`` says whether the search can still change the result (some fact not
    chosen yet would fit in what is left of the budget); when it cannot, it need not run.
    """

    def __init__(
        self,
        facts: Sequence[dict[str, Any]],
        sections: Sequence[str],
        *,
        max_tokens: int,
        count_tokens: Callable[[str], int],
        drug_question: bool,
        conflicts: Sequence[dict[str, Any]] = (),
        recalled: Sequence[dict[str, Any]] = (),
        render: Callable[[dict[str, Any]], str] = render_fact,
    ) -> None:
        """``render``: :func:`render_fact`, or a function giving the same lines (remembered ones)."""
        self._count = count_tokens
        self._render = render
        self.sections = list(
            dict.fromkeys([*(DRUG_QUESTION_SECTIONS if drug_question else ()), *sections, *EVERY_QUESTION_SECTIONS])
        )
        self.conflicts = [c for c in conflicts if c["section"] in self.sections]
        live = [f for f in facts if not f.get("decayed") and f["status"] != SUPERSEDED]
        self._by_id = {f["fact_id"]: f for f in live}
        discussed = {f["section"] for f in facts}
        relevant = self.sections

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
        self._chosen_ids = {f["fact_id"] for f in (*important, *absent, *rest)}
        self.not_discussed = [s for s in relevant if s not in discussed]
        self._lines: list[str] = [HEADER]
        self._chosen: list[dict[str, Any]] = []
        self._budget_left = max_tokens - count_tokens(HEADER)
        for conflict in self.conflicts:
            self._add(f"- {conflict['question']}", None)
        self._summaries = [
            {k: v for k, v in chat.items() if k != "line"} for chat in recalled if self._add(f"- {chat['line']}", None)
        ]
        for fact in important:
            self._add(f"- IMPORTANT: {render(fact)}", fact)
        for fact in (*absent, *rest):
            self._add(f"- {render(fact)}", fact)
        unchosen = [f for f in live if f["fact_id"] not in self._chosen_ids]
        self.wants_memories = any(
            count_tokens(f"\n- Related: {render(f)}") <= self._budget_left for f in unchosen
        )

    def _add(self, line: str, fact: dict[str, Any] | None) -> bool:
        cost = self._count("\n" + line)
        if cost > self._budget_left:
            return False
        self._budget_left -= cost
        self._lines.append(line)
        if fact is not None:
            self._chosen.append({**fact, "important": _important(fact)})
        return True

    def finish(self, memories: Sequence[Memory] = ()) -> Context:
        """The block: the chosen facts, then up to five related ones from ``memories``, then gaps."""
        related = [
            self._by_id[m.fact_id]
            for m in sorted(memories, key=lambda m: -m.score)
            if m.fact_id in self._by_id and m.fact_id not in self._chosen_ids
        ]
        for fact in related[:5]:
            self._add(f"- Related: {self._render(fact)}", fact)
        if self.not_discussed:
            self._add("- Never discussed: " + ", ".join(NOT_DISCUSSED[s] for s in self.not_discussed), None)
        if len(self._lines) == 1:
            self._add("- Nothing relevant on record.", None)
        text = "\n".join(self._lines) if self._budget_left >= 0 else ""
        return Context(
            sections=self.sections,
            facts=self._chosen,
            not_discussed=self.not_discussed,
            context=text,
            conflicts=self.conflicts,
            summaries=self._summaries,
        )
