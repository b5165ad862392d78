"""The scored units of ``anamnesis eval`` and the two figures made of them.

Each scorer (:mod:`~anamnesis.evaluation.gold_scoring`, :mod:`~anamnesis.evaluation.mts_scoring`)
turns gold and predictions into a list of :class:`Obs`, one per scored unit, with
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

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from schemas.sections import CONFIRMED_ABSENT, SUPERSEDED

TP, FP, FN, OK, MISS = "tp", "fp", "fn", "ok", "miss"
ABSENT_STATUSES = frozenset({CONFIRMED_ABSENT, SUPERSEDED})


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


def quote(text: str, limit: int = 90) -> str:
    """A unit's text in its error detail: one line, at most ``limit`` characters."""
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
