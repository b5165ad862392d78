"""Every figure of ``anamnesis eval``, as pure functions of the gold labels and the pipeline's output.

Each scorer turns gold and predictions into a list of :class:`Obs`, one per scored unit, with
its language, section and outcome: ``tp`` / ``fp`` / ``fn`` for detection figures, ``ok`` /
``miss`` for accuracies and recalls. A figure is then the same formula over any subset of
them, so "per section" and "per language" are the same figure over :func:`group`-ed
observations (micro-averaged: counts are summed, never averages of averages):

- :class:`PRF`: precision = tp / (tp + fp), recall = tp / (tp + fn), F1 = 2PR / (P + R);
- :class:`Ratio`: ok / (ok + miss).

A figure with an empty denominator is ``None`` ("n/a"), never 0 or 1.

Facts are identified by (user, section, entity); ``*`` is an entity like any other.
"Present" statuses are every status but ``confirmed_absent`` and ``superseded``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from schemas.langs import LANGS
from schemas.sections import CONFIRMED_ABSENT, LAST_DISCUSSED, SECTION_WIDE, SUPERSEDED

if TYPE_CHECKING:
    from anamnesis.evaluation.gold import GoldDialogue
    from anamnesis.evaluation.mts import MtsDialogue

TP, FP, FN, OK, MISS = "tp", "fp", "fn", "ok", "miss"
ABSENT_STATUSES = frozenset({CONFIRMED_ABSENT, SUPERSEDED})


# -- what the pipeline produced -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PredFact:
    """One row of ``facts_current``."""

    section: str
    entity: str
    status: str
    attributes: Mapping[str, str] = field(default_factory=dict)
    source_message_id: str = ""


@dataclass(frozen=True, slots=True)
class PredEvent:
    """One proposed event (``extracted_events``: no change type) or one ``fact_events`` row."""

    section: str
    entity: str
    status: str
    change_type: str | None = None


@dataclass(slots=True)
class Predictions:
    """What one pipeline run made of the dialogues, keyed the way the metrics look it up."""

    #: message id → the sections the backend gave that user message's fragment
    sections: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: message id → the events the backend proposed for it (before reconciliation)
    extracted: Mapping[str, Sequence[PredEvent]] = field(default_factory=dict)
    #: message id → the ``fact_events`` whose source it is
    fact_events: Mapping[str, Sequence[PredEvent]] = field(default_factory=dict)
    #: user id → ``facts_current``
    facts: Mapping[str, Sequence[PredFact]] = field(default_factory=dict)
    #: dialogue id → (section, entity) of the facts the read API chose for the gold query
    context: Mapping[str, Sequence[tuple[str, str]]] = field(default_factory=dict)
    #: message id → text, for readable error details
    texts: Mapping[str, str] = field(default_factory=dict)


# -- scored units and figures ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Obs:
    """One scored unit: a (turn, section), a fact, an event, a named item..."""

    lang: str
    section: str
    outcome: str
    item: str
    detail: str = ""
    tags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PRF:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass(frozen=True, slots=True)
class Ratio:
    ok: int = 0
    total: int = 0

    @property
    def value(self) -> float | None:
        return self.ok / self.total if self.total else None

    @property
    def misses(self) -> int:
        return self.total - self.ok


def prf(obs: Iterable[Obs]) -> PRF:
    tp = fp = fn = 0
    for o in obs:
        tp += o.outcome == TP
        fp += o.outcome == FP
        fn += o.outcome == FN
    return PRF(tp, fp, fn)


def ratio(obs: Iterable[Obs]) -> Ratio:
    ok = total = 0
    for o in obs:
        if o.outcome in (OK, MISS):
            total += 1
            ok += o.outcome == OK
    return Ratio(ok, total)


def group(obs: Iterable[Obs], key: Callable[[Obs], str]) -> dict[str, list[Obs]]:
    """Observations by ``key`` (e.g. ``lambda o: o.lang``), keys in first-seen order."""
    out: dict[str, list[Obs]] = {}
    for o in obs:
        out.setdefault(key(o), []).append(o)
    return out


def by_lang(obs: Iterable[Obs]) -> dict[str, list[Obs]]:
    return group(obs, lambda o: o.lang)


def by_section(obs: Iterable[Obs]) -> dict[str, list[Obs]]:
    return group(obs, lambda o: o.section)


def errors(obs: Iterable[Obs]) -> list[Obs]:
    """The observations that count against a figure (fp, fn, miss)."""
    return [o for o in obs if o.outcome in (FP, FN, MISS)]


def is_present(status: str) -> bool:
    return status not in ABSENT_STATUSES


def _norm(value: object) -> str:
    return " ".join(str(value).lower().split())


def _quote(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


# -- gold dialogues -------------------------------------------------------------------------
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
            detail = f"t{i} {_quote(turn.text)}: gold {sorted(gold)}, got {sorted(got)}"
            for s in sorted(gold | got):
                outcome = TP if s in gold and s in got else FP if s in got else FN
                out.append(Obs(d.lang, s, outcome, d.id, detail))
    return out


def _facts_of(d: GoldDialogue, pred: Predictions) -> dict[tuple[str, str], PredFact]:
    return {(f.section, f.entity): f for f in pred.facts.get(d.user_id, ())}


def _source(pred: Predictions, f: PredFact) -> str:
    text = pred.texts.get(f.source_message_id)
    return f" from {f.source_message_id} {_quote(text)}" if text is not None else ""


def fact_detection(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Fact precision / recall / F1, one unit per fact (section, entity) of a dialogue's user.

    The gold ``facts`` of a dialogue are compared with the user's ``facts_current``: a
    (section, entity) in both is a ``tp`` (whatever the status: that is :func:`status_accuracy`),
    only in ``facts_current`` an ``fp``, only in gold an ``fn``. A fact in the wrong section
    is an ``fp`` and an ``fn``.
    """
    out: list[Obs] = []
    for d in dialogues:
        gold = {f.key: f for f in d.facts}
        got = _facts_of(d, pred)
        for key, g in gold.items():
            if key in got:
                out.append(Obs(d.lang, key[0], TP, d.id, f"{key[0]}/{key[1]}"))
            else:
                out.append(Obs(d.lang, key[0], FN, d.id, f"missing {key[0]}/{key[1]}={g.status}"))
        for key, p in got.items():
            if key not in gold:
                out.append(Obs(d.lang, key[0], FP, d.id, f"extra {key[0]}/{key[1]}={p.status}{_source(pred, p)}"))
    return out


def status_accuracy(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Status accuracy: over the facts found (the ``tp`` of :func:`fact_detection`), the share
    whose current status equals the gold status."""
    out: list[Obs] = []
    for d in dialogues:
        got = _facts_of(d, pred)
        for g in d.facts:
            p = got.get(g.key)
            if p is None:
                continue
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
        got = _facts_of(d, pred)
        for g in d.facts:
            p = got.get(g.key)
            if p is None:
                continue
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
            detail = (f"t{e.turn} {_quote(d.turns[e.turn].text)}: expected {e.section}/{e.entity}={e.status}"
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
            detail = (f"t{e.turn} {_quote(d.turns[e.turn].text)} {e.section}/{e.entity}: "
                      f"expected {e.change_type}, got {got}")
            out.append(Obs(d.lang, e.section, OK if ok else MISS, d.id, detail))
    return out


def forbidden_facts(dialogues: Sequence[GoldDialogue], pred: Predictions) -> list[Obs]:
    """Facts where there must be none: one unit per user turn of a dialogue tagged
    ``question``, ``hypothetical`` or ``other_person``, and per user turn with no gold event
    anywhere (acknowledgements, small talk, text addressed to the system, bare lab values).

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
                out.append(Obs(d.lang, bad[0].section, MISS, d.id, f"t{i} {_quote(turn.text)} → {got}", unit_tags))
            else:
                out.append(Obs(d.lang, "", OK, d.id, "", unit_tags))
    return out


def _proposed(pred: Predictions, message_id: str) -> list[PredEvent]:
    """A message's proposed events, each ``^`` one as the facts the fold resolved it to."""
    out: list[PredEvent] = []
    for e in pred.extracted.get(message_id, ()):
        if e.entity != LAST_DISCUSSED:
            out.append(e)
            continue
        named = {x.entity for x in pred.extracted.get(message_id, ()) if x.section == e.section}
        out += [x for x in pred.fact_events.get(message_id, ()) if x.section == e.section and x.entity not in named]
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
            detail = f"{_quote(d.query.text)}: {s}/{e} {'returned' if ok else f'not returned (got {sorted(got)})'}"
            out.append(Obs(d.lang, s, OK if ok else MISS, d.id, detail))
    return out


#: Gold figures: name → (scorer, kind, label).
GOLD_METRICS: dict[str, tuple[Callable[[Sequence[GoldDialogue], Predictions], list[Obs]], str, str]] = {
    "sections": (section_classification, "prf", "section classification"),
    "facts": (fact_detection, "prf", "facts"),
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


# -- MTS-Dialog -----------------------------------------------------------------------------
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
        detail = (f"{d.header} expects {d.expectation} ({_quote(d.section_text, 70)}): {d.section} {_show(fs)}"
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


# -- the bars -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Bar:
    """One figure the issue sets a bar for; ``value`` is ``None`` when it could not be measured."""

    name: str
    value: float | None
    threshold: float
    #: ``>=``: the figure must reach the threshold; ``<=``: it must not exceed it (a count).
    op: str
    detail: str = ""
    #: False when the set it belongs to was not run (no MTS-Dialog here): shown, never gated.
    evaluated: bool = True

    @property
    def passed(self) -> bool:
        if self.value is None:
            return False
        return self.value >= self.threshold if self.op == ">=" else self.value <= self.threshold


FACT_F1_BAR = 0.90
NEGATION_BAR = 0.95
#: Gold queries whose relevant facts the context block must return (the read path's recall).
CONTEXT_RECALL_BAR = 0.95
MTS_PRESENCE_BAR = 0.90
MTS_NAMED_BAR = 0.80
#: Issue 11's targets on data nobody tuned on (the blind set): reported, not reached yet.
UNSEEN_FACT_F1_BAR = 0.92
UNSEEN_NEGATION_BAR = 0.95
UNSEEN_STATUS_BAR = 0.92
UNSEEN_DOSE_BAR = 0.90
#: The gate on the unseen set: floors a little under the figures measured when they were last
#: raised, so a change that loses generalization fails. Raise them when the figures rise; never
#: lower them to pass. Measured 2026-12-01 (third session's merged tree) on blind batches 1, 2
#: and 4: F1 en 0.863 / ru 0.810 / zh 0.834, negation 0.585, status 0.906, dose 0.875, 37 of 534
#: turns with a forbidden fact.
UNSEEN_FLOORS: dict[str, float] = {
    "fact F1 (en)": 0.84,
    "fact F1 (ru)": 0.79,
    "fact F1 (zh)": 0.81,
    "negation accuracy": 0.56,
    "status accuracy": 0.89,
    "dose accuracy": 0.85,
}
#: Turns of the unseen set that may yield a fact where there must be none (the target is 0).
UNSEEN_FORBIDDEN_CEILING = 40


def dose_obs(obs: Iterable[Obs]) -> list[Obs]:
    """The attribute units that are medication doses (dose accuracy)."""
    return [o for o in obs if o.section == "medications"]


def _against_target(value: float | None, target: float, op: str) -> str:
    reached = value is not None and (value >= target if op == ">=" else value <= target)
    return f"target {op} {target:g} (issue 11) {'reached' if reached else 'not reached'}"


def unseen_bars(blind: Mapping[str, list[Obs]], *, langs: Sequence[str] = LANGS) -> list[Bar]:
    """The unseen set's gate, :data:`UNSEEN_FLOORS` and :data:`UNSEEN_FORBIDDEN_CEILING`; each
    detail says whether issue 11's target (fact F1 ≥ 0.92 per language, negation ≥ 0.95, status
    ≥ 0.92, dose ≥ 0.90, no fact where there must be none) is reached."""
    out: list[Bar] = []
    facts = by_lang(blind["facts"])
    for lang in langs:
        f = prf(facts.get(lang, []))
        name = f"fact F1 ({lang})"
        detail = f"{_against_target(f.f1, UNSEEN_FACT_F1_BAR, '>=')}; tp {f.tp}, fp {f.fp}, fn {f.fn}"
        out.append(Bar(f"unseen {name}", f.f1, UNSEEN_FLOORS[name], ">=", detail))
    for name, obs, target in (("negation accuracy", blind["negation"], UNSEEN_NEGATION_BAR),
                              ("status accuracy", blind["status"], UNSEEN_STATUS_BAR),
                              ("dose accuracy", dose_obs(blind["attributes"]), UNSEEN_DOSE_BAR)):
        r = ratio(obs)
        detail = f"{_against_target(r.value, target, '>=')}; {r.ok} of {r.total}"
        out.append(Bar(f"unseen {name}", r.value, UNSEEN_FLOORS[name], ">=", detail))
    forb = ratio(blind["forbidden"])
    detail = f"{_against_target(forb.misses, 0, '<=')}; {forb.misses} of {forb.total} turns"
    out.append(Bar("unseen turns with a fact where there must be none", float(forb.misses),
                   UNSEEN_FORBIDDEN_CEILING, "<=", detail))
    return out


def bars(
    gold: Mapping[str, list[Obs]] | None,
    mts: Mapping[str, list[Obs]] | None,
    *,
    blind: Mapping[str, list[Obs]] | None = None,
    langs: Sequence[str] = LANGS,
    mts_missing: str = "MTS-Dialog was not evaluated",
) -> list[Bar]:
    """The issue's bars: gold fact F1 ≥ 0.90 in each language, negation accuracy ≥ 0.95, context
    recall ≥ 0.95, no
    fact from a question / hypothetical / other person; on MTS-Dialog presence ≥ 0.90 and
    named-item recall ≥ 0.80."""
    out: list[Bar] = []
    if gold is not None:
        facts = by_lang(gold["facts"])
        for lang in langs:
            f = prf(facts.get(lang, []))
            detail = f"tp {f.tp}, fp {f.fp}, fn {f.fn}" if facts.get(lang) else f"no {lang} facts in the gold set"
            out.append(Bar(f"gold fact F1 ({lang})", f.f1, FACT_F1_BAR, ">=", detail))
        n = ratio(gold["negation"])
        out.append(Bar("gold negation accuracy", n.value, NEGATION_BAR, ">=", f"{n.ok} of {n.total}"))
        c = ratio(gold.get("context", []))
        if c.total:
            out.append(Bar("gold context recall", c.value, CONTEXT_RECALL_BAR, ">=", f"{c.ok} of {c.total}"))
        forb = ratio(gold["forbidden"])
        detail = f"{forb.misses} of {forb.total} turns" if forb.total else "no tagged dialogue in the gold set"
        out.append(Bar("gold turns with a fact from a question / hypothetical / other person",
                       float(forb.misses) if forb.total else None, 0, "<=", detail))
    else:
        out.append(Bar("gold set", None, 0, ">=", "gold set was not evaluated", evaluated=False))
    if mts is not None:
        p, r = ratio(mts["presence"]), ratio(mts["named"])
        out.append(Bar("MTS presence / confirmed absence", p.value, MTS_PRESENCE_BAR, ">=", f"{p.ok} of {p.total}"))
        out.append(Bar("MTS named-item recall", r.value, MTS_NAMED_BAR, ">=", f"{r.ok} of {r.total}"))
    else:
        out.append(Bar("MTS presence / confirmed absence", None, MTS_PRESENCE_BAR, ">=", mts_missing, False))
        out.append(Bar("MTS named-item recall", None, MTS_NAMED_BAR, ">=", mts_missing, False))
    if blind is not None:
        out += unseen_bars(blind, langs=langs)
    return out
