"""The gold dialogues' figures: one scorer per figure, each a pure function of the labels and the predictions.

Every scorer returns :class:`~anamnesis.evaluation.figures.Obs` (see there for how a figure is
computed from them); its docstring is the figure's definition in the report.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from anamnesis.evaluation.figures import FN, FP, MISS, OK, TP, Obs, quote
from anamnesis.evaluation.predictions import PredEvent, PredFact, Predictions
from anamnesis.facts.medicine_classes import load_classes
from anamnesis.terminology import load_terminology
from schemas.sections import CONFIRMED_ABSENT, SECTION_WIDE, held_name

if TYPE_CHECKING:
    from anamnesis.evaluation.gold import GoldDialogue, GoldFact


def _norm(value: object) -> str:
    return " ".join(str(value).lower().split())


def section_classification(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Section classification, one unit per (labelled user turn, section).

    For every user turn with gold ``sections`` G and the backend's sections P of that message:
    a section in G and P is a ``tp``, in P only an ``fp``, in G only an ``fn``. Precision and
    recall per section are then the usual ones over turns. Unlabelled turns are not scored.
    """
    out: list[Obs] = []
    for d in dialogues:
        for i, turn in enumerate(d.turns):
            if turn.role != "user" or turn.sections is None:
                continue
            gold, got = set(turn.sections), set(pred.sections.get(d.message_id(i), ()))
            detail = f"t{i} {quote(turn.text)}: gold {sorted(gold)}, got {sorted(got)}"
            for s in sorted(gold | got):
                outcome = TP if s in gold and s in got else FP if s in got else FN
                out.append(Obs(d.lang, s, outcome, d.id, detail))
    return out


def _facts_of(d: GoldDialogue, pred: Predictions) -> dict[tuple[str, str], PredFact]:
    return {(f.section, f.entity): f for f in pred.facts.get(d.user_id, ())}


def _found(d: GoldDialogue, pred: Predictions) -> Iterator[tuple[GoldFact, PredFact]]:
    """The dialogue's gold facts the pipeline found, in gold order, each with its current fact."""
    got = _facts_of(d, pred)
    for g in d.facts:
        if (p := got.get(g.key)) is not None:
            yield g, p


def _source(pred: Predictions, f: PredFact) -> str:
    text = pred.texts.get(f.source_message_id)
    return f" from {f.source_message_id} {quote(text)}" if text is not None else ""


def _compare_facts(
    dialogues: Sequence[GoldDialogue], pred: Predictions, name: Callable[[str], str]
) -> list[Obs]:
    """tp / fp / fn per (section, ``name(entity)``) of each dialogue's gold facts and current facts."""
    out: list[Obs] = []
    for d in dialogues:
        gold = {(g.section, name(g.entity)): g for g in d.facts}
        got = {(p.section, name(p.entity)): p for p in pred.facts.get(d.user_id, ())}
        for key, g in gold.items():
            if key in got:
                out.append(Obs(d.lang, key[0], TP, d.id, f"{key[0]}/{key[1]}"))
            else:
                out.append(Obs(d.lang, key[0], FN, d.id, f"missing {key[0]}/{key[1]}={g.status}"))
        for key, p in got.items():
            if key not in gold:
                out.append(Obs(d.lang, key[0], FP, d.id, f"extra {key[0]}/{key[1]}={p.status}{_source(pred, p)}"))
    return out


def fact_detection(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Fact precision / recall / F1, one unit per fact (section, entity) of a dialogue's user.

    The gold ``facts`` of a dialogue are compared with the user's ``facts_current``: a
    (section, entity) in both is a ``tp`` (whatever the status: that is :func:`status_accuracy`),
    only in ``facts_current`` an ``fp``, only in gold an ``fn``. A fact in the wrong section
    is an ``fp`` and an ``fn``.
    """
    return _compare_facts(dialogues, pred, lambda entity: entity)


def fact_detection_by_concept(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Fact P / R / F1 with names compared as concepts, a diagnostic beside :func:`fact_detection`
    (never gated): each entity, labelled or found, is first replaced by the canonical name of the
    terminology row it is a form of (a label ``myalgia`` listed as a form of ``muscle pain`` counts
    as ``muscle pain``), so the gap between the two figures is the part of the error that is only
    a choice between two names of one concept; the rest is what the text was understood to say."""
    return _compare_facts(dialogues, pred, concept_of)


def concept_of(entity: str) -> str:
    """The canonical name of the terminology row ``entity`` is a form of, else ``entity`` itself:
    the one way the eval compares names as concepts."""
    return load_terminology().canonical(entity) or entity


def status_accuracy(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Status accuracy: over the facts found (the ``tp`` of :func:`fact_detection`), the share
    whose current status equals the gold status."""
    out: list[Obs] = []
    for d in dialogues:
        for g, p in _found(d, pred):
            ok = p.status == g.status
            detail = f"{g.section}/{g.entity}: expected {g.status}, got {p.status}{'' if ok else _source(pred, p)}"
            out.append(Obs(d.lang, g.section, OK if ok else MISS, d.id, detail))
    return out


def negation_accuracy(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Negation accuracy, one unit per fact that gold *or* the pipeline holds ``confirmed_absent``.

    A unit is ``ok`` only when both hold it ``confirmed_absent``. So a denial that was missed
    (no fact), read as present ("I don't take X" → X active), or a statement read as a
    denial (gold active or no gold fact, pipeline ``confirmed_absent``) are all misses. The
    figure is |G∩P| / |G∪P| over the sets of confirmed-absent facts G (gold) and P (pipeline).
    """
    out: list[Obs] = []
    for d in dialogues:
        gold = {f.key: f.status for f in d.facts}
        got = _facts_of(d, pred)
        keys = {k for k, s in gold.items() if s == CONFIRMED_ABSENT}
        keys |= {k for k, p in got.items() if p.status == CONFIRMED_ABSENT}
        for key in sorted(keys):
            g, p = gold.get(key), got.get(key)
            ok = g == CONFIRMED_ABSENT and p is not None and p.status == CONFIRMED_ABSENT
            detail = f"{key[0]}/{key[1]}: expected {g or 'no fact'}, got {p.status if p else 'no fact'}"
            if p is not None and not ok:
                detail += _source(pred, p)
            out.append(Obs(d.lang, key[0], OK if ok else MISS, d.id, detail))
    return out


def attribute_accuracy(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Attribute accuracy: one unit per attribute (dose, relation, value...) a gold fact gives,
    on the facts found; ``ok`` when the current fact has the same value (case and spacing
    ignored)."""
    out: list[Obs] = []
    for d in dialogues:
        for g, p in _found(d, pred):
            for name, value in sorted(g.attributes.items()):
                have = p.attributes.get(name)
                ok = have is not None and _norm(have) == _norm(value)
                detail = f"{g.section}/{g.entity}.{name}: expected {value!r}, got {have!r}"
                out.append(Obs(d.lang, g.section, OK if ok else MISS, d.id, detail))
    return out


def _matching_events(d: GoldDialogue, pred: Predictions, turn: int, section: str, entity: str) -> list[PredEvent]:
    return [e for e in pred.fact_events.get(d.message_id(turn), ()) if e.section == section and e.entity == entity]


def event_recall(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Event recall: over gold events, the share with a ``fact_events`` row of the same
    (section, entity) whose source is the gold event's turn."""
    out: list[Obs] = []
    for d in dialogues:
        for e in d.events:
            found = _matching_events(d, pred, e.turn, e.section, e.entity)
            got = sorted({(x.section, x.entity) for x in pred.fact_events.get(d.message_id(e.turn), ())})
            detail = (f"t{e.turn} {quote(d.turns[e.turn].text)}: expected {e.section}/{e.entity}={e.status}"
                      f" ({e.change_type}), got {got}")
            out.append(Obs(d.lang, e.section, OK if found else MISS, d.id, detail))
    return out


def change_type_accuracy(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Change-type accuracy: over the gold events found (see :func:`event_recall`), the share
    whose ``fact_events.change_type`` equals the gold one (any of them, if one turn recorded
    the same fact twice)."""
    out: list[Obs] = []
    for d in dialogues:
        for e in d.events:
            found = _matching_events(d, pred, e.turn, e.section, e.entity)
            if not found:
                continue
            ok = any(x.change_type == e.change_type for x in found)
            got = ", ".join(f"{x.change_type}→{x.status}" for x in found)
            detail = (f"t{e.turn} {quote(d.turns[e.turn].text)} {e.section}/{e.entity}: "
                      f"expected {e.change_type}, got {got}")
            out.append(Obs(d.lang, e.section, OK if ok else MISS, d.id, detail))
    return out


def forbidden_facts(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Facts where there must be none: one unit per user turn of a dialogue tagged
    ``question``, ``hypothetical`` or ``other_person``, and per user turn with no gold event
    anywhere (acknowledgements, small talk, text addressed to the system, normal lab values).

    A turn is a ``miss`` when the backend proposed (``extracted_events``, before
    reconciliation, so nothing is hidden by a later merge) an event that answers to no gold
    event of that turn: its entity is neither a gold event's entity nor shares a word with
    one (in any section). The word rule keeps a misnamed real fact ("diabetes" for gold
    "type 2 diabetes") out of this figure: it is already a fact error. A turn whose
    section-wide denial is labelled as a conflict is left out. The bar is zero misses.
    A proposed ``^`` event (the fact last discussed) counts as the facts the fold resolved it
    to in that message; dropped as ambiguous, it made no fact.
    """
    out: list[Obs] = []
    for d in dialogues:
        tags = d.forbidden_tags
        with_events = {e.turn for e in d.events}
        for i, turn in enumerate(d.turns):
            if turn.role != "user" or i in d.conflict_turns or not (tags or i not in with_events):
                continue
            allowed = [e.entity for e in d.events if e.turn == i]
            bad = [e for e in _proposed(pred, d.message_id(i)) if not _answers_to(e.entity, allowed)]
            unit_tags = tags or ("no_event",)
            if bad:
                got = ", ".join(f"{e.section}/{e.entity}={e.status}" for e in bad)
                out.append(Obs(d.lang, bad[0].section, MISS, d.id, f"t{i} {quote(turn.text)} → {got}", unit_tags))
            else:
                out.append(Obs(d.lang, "", OK, d.id, "", unit_tags))
    return out


def _proposed(pred: Predictions, message_id: str) -> list[PredEvent]:
    """A message's proposed events, each reference as the facts the fold resolved it to: a
    ``^`` one, and a class of medicines that is no fact of its own there ("finished the
    antibiotics": the user's antibiotics, or nothing) (:mod:`anamnesis.facts.medicine_classes`)."""
    out: list[PredEvent] = []
    proposed = pred.extracted.get(message_id, ())
    recorded = pred.fact_events.get(message_id, ())
    classes = load_classes()
    for e in proposed:
        refers = held_name(e.entity) is not None or (
            e.entity in classes and not any(x.section == e.section and x.entity == e.entity for x in recorded)
        )
        if not refers:
            out.append(e)
            continue
        named = {x.entity for x in proposed if x.section == e.section}
        out += [x for x in recorded if x.section == e.section and x.entity not in named]
    return out


def _words(entity: str) -> set[str]:
    return {w for w in entity.replace("/", " ").replace("-", " ").split() if len(w) > 2 or w == SECTION_WIDE}


def _answers_to(entity: str, gold_entities: Sequence[str]) -> bool:
    """Whether a proposed entity is one of the gold entities, or shares a word with one."""
    if entity in gold_entities:
        return True
    words = _words(entity)
    return any(words & _words(g) for g in gold_entities)


def context_recall(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Context recall: one unit per gold-relevant (section, entity) of a dialogue's query;
    ``ok`` when the read API's ``POST /context`` for the query returned that fact."""
    out: list[Obs] = []
    for d in dialogues:
        if d.query is None:
            continue
        got = set(map(tuple, pred.context.get(d.id, ())))
        for s, e in d.query.relevant:
            ok = (s, e) in got
            detail = f"{quote(d.query.text)}: {s}/{e} {'returned' if ok else f'not returned (got {sorted(got)})'}"
            out.append(Obs(d.lang, s, OK if ok else MISS, d.id, detail))
    return out


#: Gold figures: name → (scorer, kind, label).
GOLD_METRICS: dict[str, tuple[Callable[[Sequence[GoldDialogue], Predictions], list[Obs]], str, str]] = {
    "sections": (section_classification, "prf", "section classification"),
    "facts": (fact_detection, "prf", "facts"),
    "concepts": (fact_detection_by_concept, "prf", "facts, names compared as concepts"),
    "status": (status_accuracy, "ratio", "status accuracy"),
    "negation": (negation_accuracy, "ratio", "negation accuracy"),
    "attributes": (attribute_accuracy, "ratio", "attribute accuracy"),
    "events": (event_recall, "ratio", "event recall"),
    "change_type": (change_type_accuracy, "ratio", "change-type accuracy"),
    "forbidden": (forbidden_facts, "ratio", "turns free of forbidden facts"),
    "context": (context_recall, "ratio", "context recall"),
}


def score_gold(dialogues: Sequence[GoldDialogue], pred: Predictions) -> dict[str, list[Obs]]:
    """Every gold figure's observations, by metric name (:data:`GOLD_METRICS`)."""
    return {name: scorer(dialogues, pred) for name, (scorer, _, _) in GOLD_METRICS.items()}
