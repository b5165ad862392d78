"""What a clause says about each of its entities: present (``pos``), denied (``neg``) or ended (``end``).

A cue governs the entities after it ("no fever or cough", "stopped lisinopril") until the
next cue; "started"/"take" after an entity resets a denial ("stopped aspirin and started
clopidogrel") but not right after it ("don't take any"). A cue with no entity after it
looks back ("my headache is gone", "температуры нет", "对青霉素不过敏") to the last entity
and those joined to it by "and"/"or". Two opposite cues in a row cancel ("hasn't gone").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

_STATUS_CUES = frozenset({"neg", "end", "start", "except"})
_CUES = _STATUS_CUES | {"anymore", "switch", "instead"}
_COORDINATED = re.compile(r"^[\s,、，/&+]*(?:and|or|nor|и|или|ни|和|跟|与|及|或者|或|还有|以及)?[\s,、，]*$")
_FROM = re.compile(r"(?:from|off|с|со|从|把)\s*$")
_TO = re.compile(r"(?:to|onto|on|на|成|为)\s*$")


def _combine(state: str | None, cue: str, fresh: bool) -> str | None:
    """The state after ``cue``; ``fresh``: no entity since the last cue."""
    if cue == "except":
        return "pos"
    if cue == "start":
        return "pos" if (not fresh or state is None) else state
    if fresh and state in ("neg", "end") and state != cue:
        return "pos"  # "hasn't stopped", "не прошла... нет"
    return cue


def assign_states(mentions: list[Mention], clause: Clause, norm: str, zh_ended: bool) -> None:
    """Set ``state`` on every mention of the clause."""
    if not mentions:
        return
    if clause.cats.isdisjoint(_CUES):
        return  # no cue: every mention is simply present
    cues = [(s, lex.cat) for s, _, lex in clause.hits if lex.cat in _STATUS_CUES]
    timeline: list[tuple[int, int, str | Mention]] = [(s, 0, cat) for s, cat in cues]
    timeline += [(m.key, 1, m) for m in mentions]
    timeline.sort(key=lambda t: (t[0], t[1]))
    state: str | None = None
    fresh = True
    for _, is_mention, obj in timeline:
        if is_mention:
            obj.state = state  # type: ignore[union-attr]
            fresh = False
        else:
            state = _combine(state, obj, fresh)  # type: ignore[arg-type]
            fresh = True
    if cues:
        _look_back(mentions, cues, norm)
    if "anymore" in clause.cats or zh_ended:
        for m in mentions:
            if m.state == "neg":
                m.state = "end"
    if "switch" in clause.cats or "instead" in clause.cats:
        _switches(mentions, clause, norm)


def _look_back(mentions: list[Mention], cues: list[tuple[int, str]], norm: str) -> None:
    last = max(m.key for m in mentions)
    if cues[-1][0] <= last:
        return
    trailing: str | None = None
    fresh = True
    for s, cat in cues:
        if s > last and cat in ("neg", "end"):
            trailing = _combine(trailing, cat, fresh)
            fresh = True
    if trailing is None:
        return
    ordered = sorted(mentions, key=lambda m: m.key)
    target = ordered[-1]
    target.state = trailing
    for before in reversed(ordered[:-1]):
        if before.state is not None or not _COORDINATED.match(norm[before.end : target.start]):
            break
        before.state = trailing
        target = before


def _switches(mentions: list[Mention], clause: Clause, norm: str) -> None:
    """ "switched from aspirin to clopidogrel", "перевели с аспирина на клопидогрел", "把阿司匹林换成氯吡格雷"."""
    drugs = [m for m in mentions if m.kind == "drug"]
    if not drugs:
        return
    for s, e, lex in clause.hits:
        if lex.cat == "instead":  # "clopidogrel instead of aspirin": the one after it is stopped
            after = [d for d in drugs if d.start >= e]
            if after:
                for d in drugs:
                    d.state = "end" if d is after[0] else "pos"
            return
        if lex.cat == "switch" and len(drugs) >= 2:
            before = [d for d in drugs if d.end <= s]
            if before and len(before) < len(drugs):  # "把阿司匹林换成氯吡格雷": before the verb is the old drug
                for d in drugs:
                    d.state = "end" if d in before else "pos"
                return
            sides = [_side(norm, d) for d in drugs]
            if "end" not in sides:  # "заменили аспирин на клопидогрел": the old one is the first unmarked
                sides[sides.index(None) if None in sides else 0] = "end"
            for d, side in zip(drugs, sides, strict=True):
                d.state = side or "pos"
            return


def _side(norm: str, drug: Mention) -> str | None:
    """ "end" after "from"/"с"/"从", "pos" after "to"/"на"/"成", else ``None``."""
    before = norm[max(0, drug.start - 8) : drug.start]
    if _FROM.search(before):
        return "end"
    if _TO.search(before):
        return "pos"
    return None
