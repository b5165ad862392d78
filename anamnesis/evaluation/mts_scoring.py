"""MTS-Dialog's figures: what the reference's clinical-note sections say, against the user's current facts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from anamnesis.evaluation.figures import MISS, OK, Obs, is_present, quote
from anamnesis.evaluation.predictions import PredFact
from schemas.sections import CONFIRMED_ABSENT, SECTION_WIDE

if TYPE_CHECKING:
    from anamnesis.evaluation.mts import MtsDialogue


def _section_facts(facts: Mapping[str, Sequence[PredFact]], user_id: str, sections: Iterable[str]) -> list[PredFact]:
    wanted = set(sections)
    return [f for f in facts.get(user_id, ()) if f.section in wanted]


def _show(facts: Sequence[PredFact]) -> str:
    return "[" + ", ".join(f"{f.section}/{f.entity}={f.status}" for f in facts) + "]"


def mts_presence(dialogues: Sequence[MtsDialogue], facts: Mapping[str, Sequence[PredFact]]) -> list[Obs]:
    """Presence or confirmed absence in the right section, one unit per evaluable MTS dialogue
    of a presence header whose reference expects something.

    Reference "absent": ``ok`` when the section holds the ``*`` fact ``confirmed_absent`` and
    no present fact. Reference "present": ``ok`` when the section holds at least one present
    fact (any entity; status active, historical, stopped or resolved).
    """
    out: list[Obs] = []
    for d in dialogues:
        if d.section is None or not d.evaluable or d.expectation not in ("absent", "present"):
            continue
        fs = _section_facts(facts, d.user_id, [d.section])
        present = [f for f in fs if is_present(f.status)]
        if d.expectation == "absent":
            ok = not present and any(f.entity == SECTION_WIDE and f.status == CONFIRMED_ABSENT for f in fs)
        else:
            ok = bool(present)
        others = [f for f in facts.get(d.user_id, ()) if f.section != d.section]
        detail = (f"{d.header} expects {d.expectation} ({quote(d.section_text, 70)}): {d.section} {_show(fs)}"
                  + ("" if ok or not others else f"; elsewhere {_show(others)}"))
        out.append(Obs("en", d.section, OK if ok else MISS, d.user_id, detail, (d.header,)))
    return out


def mts_named_recall(dialogues: Sequence[MtsDialogue], facts: Mapping[str, Sequence[PredFact]]) -> list[Obs]:
    """Named-item recall, one unit per item named by the reference of an evaluable MTS dialogue
    of a presence header: ``ok`` when the user has a fact (any status) on that canonical
    entity in the header's section."""
    out: list[Obs] = []
    for d in dialogues:
        if d.section is None or not d.evaluable:
            continue
        entities = {f.entity for f in _section_facts(facts, d.user_id, [d.section])}
        for entity, kind in d.named:
            ok = entity in entities
            detail = f"{d.header} {kind} {entity!r}"
            if not ok:
                elsewhere = [f.section for f in facts.get(d.user_id, ()) if f.entity == entity]
                detail += f" not in {d.section}" + (f" (found in {', '.join(elsewhere)})" if elsewhere else "")
            out.append(Obs("en", d.section, OK if ok else MISS, d.user_id, detail, (d.header,)))
    return out


def mts_placement(dialogues: Sequence[MtsDialogue], facts: Mapping[str, Sequence[PredFact]]) -> list[Obs]:
    """Section placement of the other headers (informational): one unit per evaluable dialogue
    of a placement header, ``ok`` when the user has any fact in one of its sections."""
    out: list[Obs] = []
    for d in dialogues:
        if not d.placement or not d.evaluable:
            continue
        ok = bool(_section_facts(facts, d.user_id, d.placement))
        detail = f"{d.header} → {'/'.join(d.placement)}: all facts {_show(facts.get(d.user_id, ()))}"
        out.append(Obs("en", d.placement[0], OK if ok else MISS, d.user_id, detail, (d.header,)))
    return out


MTS_METRICS: dict[str, tuple[Callable[[Sequence[MtsDialogue], Mapping[str, Sequence[PredFact]]], list[Obs]], str]] = {
    "presence": (mts_presence, "presence or confirmed absence"),
    "named": (mts_named_recall, "named-item recall"),
    "placement": (mts_placement, "section placement (other headers)"),
}


def score_mts(dialogues: Sequence[MtsDialogue], facts: Mapping[str, Sequence[PredFact]]) -> dict[str, list[Obs]]:
    return {name: scorer(dialogues, facts) for name, (scorer, _) in MTS_METRICS.items()}
