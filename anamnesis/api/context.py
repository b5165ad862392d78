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

from collections.abc import Callable, Collection, Sequence
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


class _Entry:
    """One live fact of a :class:`UserFacts`: its section, whether it is important, and its
    lines and their token counts once worked out (each at most once while the facts live)."""

    __slots__ = ("fact", "section", "important", "line", "cost", "related", "related_cost")

    def __init__(self, fact: dict[str, Any], section: str, important: bool) -> None:
        self.fact = fact
        self.section = section
        self.important = important
        self.line: str | None = None  # "- IMPORTANT: ..." for an important fact, else "- ..."
        self.cost = 0
        self.related: str | None = None  # "- Related: ..."
        self.related_cost = 0


class UserFacts:
    """One user's current facts, arranged once for every context block drafted from them.

    What a :class:`Draft` needs of the facts whatever the question: the live ones (neither
    decayed nor superseded) by id; the important ones by critical section, newest first; the
    confirmed absences; the others, newest first; the sections ever discussed; and each fact's
    lines and their token counts, worked out on first need. The server keeps one per user and
    warehouse file (for as long as the cached list of facts it was made from), so a request
    only picks the sections it needs. The ``render`` and ``count_tokens`` given to the line
    methods must give the same answer every time (they may remember).
    """

    __slots__ = (
        "facts", "by_id", "discussed", "_by_fact_id", "_important", "_absent", "_rest", "_by_section", "_cheapest",
    )  # fmt: skip

    def __init__(self, facts: Sequence[dict[str, Any]]) -> None:
        self.facts = facts
        live = [f for f in facts if not f.get("decayed") and f["status"] != SUPERSEDED]
        self.by_id = {f["fact_id"]: f for f in live}
        self.discussed = {f["section"] for f in facts}
        self._by_fact_id: dict[str, _Entry] = {}
        self._important: dict[str, list[_Entry]] = {}  # critical section -> its important facts, newest first
        self._absent: list[_Entry] = []  # confirmed absences in critical sections, in the facts' order
        self._by_section: dict[str, list[_Entry]] = {}
        entries = []
        for f in live:
            section, status = f["section"], f["status"]
            e = _Entry(f, section, _important(f))
            entries.append(e)
            self._by_section.setdefault(section, []).append(e)
            if section in CRITICAL_SECTIONS and status == CONFIRMED_ABSENT and not e.important:
                self._absent.append(e)
        self._by_fact_id = {e.fact["fact_id"]: e for e in entries}
        newest = sorted(entries, key=_newest_key, reverse=True)
        for e in newest:
            if e.important:
                self._important.setdefault(e.section, []).append(e)
        absent = set(map(id, self._absent))
        self._rest = [e for e in newest if not e.important and id(e) not in absent]  # the others, newest first
        self._cheapest: dict[str, int] = {}  # section -> the fewest tokens a "Related" line of it costs

    def chosen(self, relevant: Collection[str]) -> list[_Entry]:
        """The facts of the ``relevant`` sections in the block's order: important, absent, the rest."""
        chosen = [e for s in CRITICAL_SECTIONS if s in relevant for e in self._important.get(s, ())]
        chosen += [e for e in self._absent if e.section in relevant]
        chosen += [e for e in self._rest if e.section in relevant]
        return chosen

    def entry(self, fact_id: str) -> _Entry:
        return self._by_fact_id[fact_id]

    @staticmethod
    def line(e: _Entry, render: Callable[[dict[str, Any]], str], count: Callable[[str], int]) -> tuple[str, int]:
        """The fact's own line in the block and its count (with the newline before it)."""
        if e.line is None:
            line = f"- IMPORTANT: {render(e.fact)}" if e.important else f"- {render(e.fact)}"
            e.cost = count("\n" + line)
            e.line = line
        return e.line, e.cost

    def all_lines(self, render: Callable[[dict[str, Any]], str], count: Callable[[str], int]) -> None:
        """Work out every live fact's own line and its count now."""
        for e in self._by_fact_id.values():
            self.line(e, render, count)

    @staticmethod
    def related(e: _Entry, render: Callable[[dict[str, Any]], str], count: Callable[[str], int]) -> tuple[str, int]:
        """The fact's line as a related memory and its count (with the newline before it)."""
        if e.related is None:
            line = f"- Related: {render(e.fact)}"
            e.related_cost = count("\n" + line)
            e.related = line
        return e.related, e.related_cost

    def unchosen_fits(
        self,
        relevant: Collection[str],
        budget: int,
        render: Callable[[dict[str, Any]], str],
        count: Callable[[str], int],
    ) -> bool:
        """Whether a live fact outside the ``relevant`` sections would fit in ``budget`` as a related line."""
        for section, entries in self._by_section.items():
            if section in relevant:
                continue
            cheapest = self._cheapest.get(section)
            if cheapest is None:
                cheapest = self._cheapest[section] = min(self.related(e, render, count)[1] for e in entries)
            if cheapest <= budget:
                return True
        return False


def _newest_key(e: _Entry) -> tuple[str, str]:
    return str(e.fact["valid_from"]), e.fact["entity"]


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
        prepared: UserFacts | None = None,
    ) -> None:
        """``render``: :func:`render_fact`, or a function giving the same lines (remembered ones).
        ``prepared``: ``facts`` as a :class:`UserFacts`, when the caller keeps one (every draft
        from it with the same ``render`` and ``count_tokens``: it remembers their lines); else
        one is made here."""
        self._count = count_tokens
        self._render = render
        if prepared is None or prepared.facts is not facts:
            prepared = UserFacts(facts)
        self._prepared = prepared
        self.sections = list(
            dict.fromkeys([*(DRUG_QUESTION_SECTIONS if drug_question else ()), *sections, *EVERY_QUESTION_SECTIONS])
        )
        relevant = set(self.sections)
        self._relevant = relevant
        self.conflicts = [c for c in conflicts if c["section"] in relevant]
        self._by_id = prepared.by_id
        discussed = prepared.discussed
        self.not_discussed = [s for s in self.sections if s not in discussed]
        self._lines: list[str] = [HEADER]
        self._chosen: list[dict[str, Any]] = []
        self._budget_left = max_tokens - count_tokens(HEADER)
        for conflict in self.conflicts:
            self._add(f"- {conflict['question']}")
        self._summaries = [
            {k: v for k, v in chat.items() if k != "line"} for chat in recalled if self._add(f"- {chat['line']}")
        ]
        for entry in prepared.chosen(relevant):
            self._take(*prepared.line(entry, render, count_tokens), entry)
        # a fact not chosen is one of a section the question does not need
        self.wants_memories = prepared.unchosen_fits(relevant, self._budget_left, render, count_tokens)

    def _add(self, line: str) -> bool:
        """A line of no fact (a conflict, a summary, a gap), if it fits."""
        return self._take(line, self._count("\n" + line), None)

    def _take(self, line: str, cost: int, entry: _Entry | None) -> bool:
        """``line`` (costing ``cost`` with its newline), and ``entry``'s fact among the chosen, if it fits."""
        if cost > self._budget_left:
            return False
        self._budget_left -= cost
        self._lines.append(line)
        if entry is not None:
            self._chosen.append({**entry.fact, "important": entry.important})
        return True

    def finish(self, memories: Sequence[Memory] = ()) -> Context:
        """The block: the chosen facts, then up to five related ones from ``memories``, then gaps."""
        by_id, relevant = self._by_id, self._relevant
        related = [
            by_id[m.fact_id]
            for m in sorted(memories, key=lambda m: -m.score)
            if m.fact_id in by_id and by_id[m.fact_id]["section"] not in relevant
        ]
        for fact in related[:5]:
            entry = self._prepared.entry(fact["fact_id"])
            self._take(*self._prepared.related(entry, self._render, self._count), entry)
        if self.not_discussed:
            self._add("- Never discussed: " + ", ".join(NOT_DISCUSSED[s] for s in self.not_discussed))
        if len(self._lines) == 1:
            self._add("- Nothing relevant on record.")
        text = "\n".join(self._lines) if self._budget_left >= 0 else ""
        return Context(
            sections=self.sections,
            facts=self._chosen,
            not_discussed=self.not_discussed,
            context=text,
            conflicts=self.conflicts,
            summaries=self._summaries,
        )
