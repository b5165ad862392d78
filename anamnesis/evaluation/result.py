"""The outcome of one evaluation run: inputs, predictions and every observation scored."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from anamnesis.evaluation.bars import Bar, bars
from anamnesis.evaluation.figures import Obs
from anamnesis.evaluation.gold import GoldDialogue
from anamnesis.evaluation.mts import MtsDialogue
from anamnesis.evaluation.predictions import Predictions


@dataclass(slots=True)
class EvalResult:
    """Inputs, what the pipeline produced, and every observation the figures are made of."""

    gold: list[GoldDialogue] | None
    mts: list[MtsDialogue] | None
    split: str | None
    predictions: Predictions
    gold_scores: dict[str, list[Obs]] | None
    mts_scores: dict[str, list[Obs]] | None
    backend: str
    gold_dir: Path | None = None
    mts_dir: Path | None = None
    seconds: dict[str, float] = field(default_factory=dict)
    mts_note: str = "MTS-Dialog was not evaluated"
    #: The frozen test set (``blind``, unseen): scored like the gold set, its errors never listed.
    blind: list[GoldDialogue] | None = None
    blind_scores: dict[str, list[Obs]] | None = None
    blind_dir: Path | None = None
    #: The validation set (unseen text whose aggregate figures the tuners watch): errors never listed.
    validation: list[GoldDialogue] | None = None
    validation_scores: dict[str, list[Obs]] | None = None
    validation_dir: Path | None = None
    #: The dev set: tuned on like the gold set and scored beside it, but no bar applies to it.
    dev: list[GoldDialogue] | None = None
    dev_scores: dict[str, list[Obs]] | None = None
    dev_dir: Path | None = None

    @property
    def bars(self) -> list[Bar]:
        """The gate: the bars on the gold set and MTS-Dialog, the floors on the unseen set."""
        return bars(self.gold_scores, self.mts_scores, blind=self.blind_scores, mts_missing=self.mts_note)

    @property
    def passed(self) -> bool:
        """Every bar of a set that was evaluated holds (what ``anamnesis eval --check`` and
        tests/test_eval_bars.py gate on)."""
        return all(b.passed for b in self.bars if b.evaluated)
