"""Contracts of measurements (CONTRACT §7.3): what a backend proposes, and the lake's frame.

A backend proposes :class:`MeasurementProposal` objects (the ``openai`` backend answers with
:class:`MeasurementsOutput`, its strict response model); code then normalises units, resolves
dates against the message's time and checks each value against the test's possible range
(``anamnesis.measurements.frame``). The pandera model :class:`Measurements` is the relation's
single definition of columns.
"""

from __future__ import annotations

import re
from typing import Literal

import pandera.polars as pa
import polars as pl
from pandera.typing.polars import Series
from pydantic import BaseModel, ConfigDict, Field, model_validator

FLAGS: tuple[str, ...] = ("high", "low", "normal", "abnormal")
FLAG_SOURCES: tuple[str, ...] = ("user", "reference", "typical")
Flag = Literal["high", "low", "normal", "abnormal"]
#: ``when``: an ISO date, ``-Nd`` (N days before the message) or ``last-<weekday>`` (mon..sun).
WHEN_PATTERN = re.compile(r"^(?:\d{4}-\d{2}-\d{2}|-\d{1,4}d|last-(?:mon|tue|wed|thu|fri|sat|sun))$")


class MeasurementProposal(BaseModel):
    """One reading the user reports about themselves: a value, a judgement, or both."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    test: str = Field(min_length=1, max_length=200, description="the test's name, canonical English if known")
    value: float | None = Field(default=None, description="the number said, as said (before any conversion)")
    unit: str | None = Field(default=None, max_length=40, description="the unit, UCUM code or as written")
    flag: Flag | None = Field(default=None, description="the user's own judgement: high, low, normal, abnormal")
    reference_low: float | None = None
    reference_high: float | None = None
    when: str | None = Field(default=None, description="YYYY-MM-DD, -Nd (N days ago) or last-<mon..sun>")
    mention: str | None = Field(default=None, max_length=2000)

    @model_validator(mode="after")
    def _says_something(self) -> MeasurementProposal:
        if self.value is None and self.flag is None:
            raise ValueError("a measurement needs a value or a judgement")
        if self.when is not None and not WHEN_PATTERN.match(self.when):
            raise ValueError(f"when {self.when!r} is not YYYY-MM-DD, -Nd or last-<weekday>")
        return self


class _StrictMeasurement(BaseModel):
    """The strict form OpenAI's structured outputs need: every field present, nullable."""

    model_config = ConfigDict(extra="forbid")

    test: str
    value: float | None
    unit: str | None
    flag: Flag | None
    reference_low: float | None
    reference_high: float | None
    when: str | None
    mention: str | None


class MeasurementsOutput(BaseModel):
    """What the measurements prompt returns: ``{"measurements": [...]}``."""

    model_config = ConfigDict(extra="forbid")

    measurements: list[_StrictMeasurement]


_TS = {"dtype_kwargs": {"time_unit": "us", "time_zone": "UTC"}}


class Measurements(pa.DataFrameModel):
    """CONTRACT §7.3 ``measurements``: one row per reading, blood pressure as two rows.

    ``value`` and ``unit`` are in the test's canonical UCUM unit; ``original_value`` and
    ``original_unit`` are what the user said (the unit null when none was said).
    ``flag_source`` says whose judgement ``flag`` is: the user's, the reference range they
    quoted, or the catalogue's typical adult range.
    """

    measurement_id: Series[str]
    user_id: Series[str]
    test: Series[str] = pa.Field(str_length={"min_value": 1})
    code: Series[str] = pa.Field(nullable=True)
    value: Series[pl.Float64] = pa.Field(nullable=True)
    unit: Series[str] = pa.Field(nullable=True)
    flag: Series[str] = pa.Field(nullable=True, isin=list(FLAGS))
    flag_source: Series[str] = pa.Field(nullable=True, isin=list(FLAG_SOURCES))
    original_value: Series[pl.Float64] = pa.Field(nullable=True)
    original_unit: Series[str] = pa.Field(nullable=True)
    reference_low: Series[pl.Float64] = pa.Field(nullable=True)
    reference_high: Series[pl.Float64] = pa.Field(nullable=True)
    mention: Series[str] = pa.Field(nullable=True)
    dated: Series[bool]
    valid_from: Series[pl.Datetime] = pa.Field(**_TS)
    recorded_at: Series[pl.Datetime] = pa.Field(**_TS)
    source_message_id: Series[str]
    extractor_version: Series[str]

    class Config:
        strict = True
        unique = ["measurement_id"]
