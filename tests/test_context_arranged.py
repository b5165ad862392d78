"""The context block drafted from a user's arranged facts (``UserFacts``, kept by the server per
user and warehouse file) is the block the facts gave before they were arranged: the same lines,
facts and gaps for any sections, budget and memory hits, and for every draft of one arrangement."""

from __future__ import annotations

import random
from typing import Any

from anamnesis.api.context import HEADER, NOT_DISCUSSED, Draft, Memory, UserFacts, render_fact
from schemas.sections import (
    CONFIRMED_ABSENT,
    CRITICAL_SECTIONS,
    DRUG_QUESTION_SECTIONS,
    EVERY_QUESTION_SECTIONS,
    PRESENT_STATUS,
    SECTIONS,
    SUPERSEDED,
)


def _important(f: dict[str, Any]) -> bool:
    return f["section"] in CRITICAL_SECTIONS and f["status"] == PRESENT_STATUS[f["section"]]


def _reference(facts, sections, max_tokens, count, drug_question, memories):  # noqa: ANN001, ANN202
    """The block as ``Draft`` chose it before ``UserFacts`` (its algorithm, line for line)."""
    chosen_sections = list(
        dict.fromkeys([*(DRUG_QUESTION_SECTIONS if drug_question else ()), *sections, *EVERY_QUESTION_SECTIONS])
    )
    live = [f for f in facts if not f.get("decayed") and f["status"] != SUPERSEDED]
    by_id = {f["fact_id"]: f for f in live}
    discussed = {f["section"] for f in facts}
    relevant = chosen_sections

    def newest_first(items):  # noqa: ANN001, ANN202
        return sorted(items, key=lambda f: (str(f["valid_from"]), f["entity"]), reverse=True)

    important = newest_first([f for f in live if f["section"] in relevant and _important(f)])
    important.sort(key=lambda f: CRITICAL_SECTIONS.index(f["section"]))
    absent = [f for f in live if f["section"] in relevant and f["section"] in CRITICAL_SECTIONS
              and f["status"] == CONFIRMED_ABSENT]
    rest = newest_first([f for f in live if f["section"] in relevant and f not in important and f not in absent])
    chosen_ids = {f["fact_id"] for f in (*important, *absent, *rest)}
    not_discussed = [s for s in relevant if s not in discussed]
    lines, chosen, left = [HEADER], [], [max_tokens - count(HEADER)]

    def add(line, fact):  # noqa: ANN001, ANN202
        cost = count("\n" + line)
        if cost > left[0]:
            return
        left[0] -= cost
        lines.append(line)
        if fact is not None:
            chosen.append({**fact, "important": _important(fact)})

    for f in important:
        add(f"- IMPORTANT: {render_fact(f)}", f)
    for f in (*absent, *rest):
        add(f"- {render_fact(f)}", f)
    unchosen = [f for f in live if f["fact_id"] not in chosen_ids]
    wants = any(count(f"\n- Related: {render_fact(f)}") <= left[0] for f in unchosen)
    related = [by_id[m.fact_id] for m in sorted(memories, key=lambda m: -m.score)
               if m.fact_id in by_id and m.fact_id not in chosen_ids]
    for f in related[:5]:
        add(f"- Related: {render_fact(f)}", f)
    if not_discussed:
        add("- Never discussed: " + ", ".join(NOT_DISCUSSED[s] for s in not_discussed), None)
    if len(lines) == 1:
        add("- Nothing relevant on record.", None)
    return wants, chosen, not_discussed, "\n".join(lines) if left[0] >= 0 else ""


def _facts(rng: random.Random, n: int) -> list[dict[str, Any]]:
    statuses = ("active", "resolved", "historical", CONFIRMED_ABSENT, SUPERSEDED, "stopped")
    return [
        {"fact_id": f"f{i}", "section": rng.choice(SECTIONS), "entity": rng.choice(("aspirin", "asthma", "*", "age")),
         "status": rng.choice(statuses), "attributes": {"dose": "5 mg"} if rng.random() < 0.3 else {},
         "valid_from": f"2026-0{rng.randint(1, 9)}-0{rng.randint(1, 9)}", "decayed": rng.random() < 0.1}
        for i in range(n)
    ]


def test_drafts_from_one_arrangement_match_the_facts_unarranged() -> None:
    rng = random.Random(14)
    count = lambda s: len(s.split())  # noqa: E731
    for _ in range(300):
        facts = _facts(rng, rng.randint(0, 30))
        prepared = UserFacts(facts)
        for _ in range(4):
            sections = rng.sample(SECTIONS, rng.randint(0, 4))
            drug_question = rng.random() < 0.5
            max_tokens = rng.choice((10, 40, 80, 200, 800))
            memories = [Memory(f"f{rng.randint(0, 35)}", rng.random()) for _ in range(rng.randint(0, 8))]
            wants, chosen, not_discussed, text = _reference(facts, sections, max_tokens, count, drug_question, memories)
            for kept in (prepared, None):
                draft = Draft(facts, sections, max_tokens=max_tokens, count_tokens=count,
                              drug_question=drug_question, prepared=kept)
                assert draft.wants_memories == wants
                result = draft.finish(memories)
                assert (result.facts, result.not_discussed, result.context) == (chosen, not_discussed, text)
