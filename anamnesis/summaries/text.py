"""The deterministic summary of a session: what its reconciled events say, in short English phrases.

English whatever the dialogue's language: the context block the assistant reads is English
(its header, its fact lines, the canonical entity names of CONTRACT §3), so a summary line in
it reads like the lines around it, and one template per event kind is exact where Russian or
Chinese templates would need case and measure-word grammar to say a dose right. The assistant
answers the user in their language anyway.

"Takes metformin 850 mg twice daily; cough (3 days); denied allergies; ALT 98 U/L (high)":
one phrase per fact the session touched (its state at the end of the span summarized, said the
way the span changed it), then the readings, in the order they were first said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
import polars as pl

from schemas.sections import CONFIRMED_ABSENT, SECTION_WIDE, SUPERSEDED

#: Bump when a phrase below changes: every rules summary is then written again (its source changes).
TEXT_VERSION = "1"
#: Phrases in one summary at most; the rest are counted ("and 3 more").
MAX_PHRASES = 12
#: What a session without any health content says.
NOTHING_SAID = "No health details discussed."

#: A section-wide denial (entity ``*``).
DENIED: dict[str, str] = {
    "medications": "takes no medications",
    "symptoms": "no symptoms",
    "diagnoses": "no diagnoses",
    "chronic_conditions": "no chronic conditions",
    "demographics": "no demographic details",
    "lifestyle": "no lifestyle habits",
    "allergies": "denied allergies",
    "surgeries": "no surgeries",
    "injuries": "no injuries",
    "vaccinations": "no vaccinations",
    "family_history": "no known family history",
}
_UNITS = {"height_cm": ("height", " cm"), "weight_kg": ("weight", " kg")}
#: Readings a demographics fact of the same span already says ("weight 80 kg").
_SAID_AS_DEMOGRAPHICS = {"body weight": "weight_kg", "body height": "height_cm"}
#: UCUM units as a reader writes them.
_UNIT_TEXT = {"Cel": "°C", "mm[Hg]": "mmHg", "[degF]": "°F"}
#: The columns of a dialogue fact event a summary reads, in :class:`FactChange`'s order.
CHANGE_COLUMNS = ("section", "entity", "change_type", "status", "attributes", "before", "fact_id")
#: The columns of a measurement a summary reads, in :class:`Reading`'s order.
READING_COLUMNS = ("test", "value", "unit", "flag")
#: What a fact's phrase depends on.
_STATE = CHANGE_COLUMNS[:-1]
_CHANGES_SCHEMA = {"span": pl.UInt32, **dict.fromkeys(CHANGE_COLUMNS, pl.String)}
_READINGS_SCHEMA = {"span": pl.UInt32, "test": pl.String, "value": pl.Float64, "unit": pl.String, "flag": pl.String}


@dataclass(frozen=True, slots=True)
class FactChange:
    """One fact event of the session: the fact's state after it, and its state before the session."""

    section: str
    entity: str
    change_type: str
    status: str
    attributes: dict[str, Any] = field(default_factory=dict)
    #: The fact's status before the session began (None: the session first mentioned it).
    before: str | None = None
    fact_id: str = ""


@dataclass(frozen=True, slots=True)
class Reading:
    """One measurement the session reported."""

    test: str
    value: float | None
    unit: str | None
    flag: str | None


def _said(attributes: dict[str, Any], *names: str) -> str:
    return "".join(f" {attributes[n]}" for n in names if attributes.get(n))


def _bracketed(attributes: dict[str, Any], *names: str) -> str:
    said = [str(attributes[n]) for n in names if attributes.get(n)]
    return f" ({', '.join(said)})" if said else ""


def _medication(change: FactChange) -> str | None:
    name, a = change.entity, change.attributes
    if change.status == "stopped":
        return f"stopped {name}"
    if change.status == CONFIRMED_ABSENT:
        return f"does not take {name}"
    dose = _said(a, "dose", "frequency")
    if change.before is None:
        return f"takes {name}{dose}"
    if change.before != "active":
        return f"started {name}{dose}"
    if change.change_type == "change":
        return f"{name} now{dose}" if dose else f"takes {name}"
    return f"still takes {name}{dose}"


def _condition(change: FactChange, new: str) -> str | None:
    name = change.entity
    if change.status == "resolved":
        return f"{name} resolved"
    if change.status == CONFIRMED_ABSENT:
        return f"no {name}"
    details = _bracketed(change.attributes, "severity", "when")
    return f"{new}{name}{details}" if change.before is None else f"{name}{details}"


def _lifestyle(change: FactChange) -> str | None:
    name, value = change.entity, change.attributes.get("value")
    if change.status == "stopped":
        return f"stopped {name}"
    if change.status == CONFIRMED_ABSENT:
        return f"no {name}"
    return f"{name}: {value}" if value else name


def _demographic(change: FactChange) -> str | None:
    value = change.attributes.get("value")
    if not value:
        return None
    label, unit = _UNITS.get(change.entity, (change.entity, ""))
    return f"{label} {value}{unit}"


def phrase(change: FactChange) -> str | None:
    """The words for one fact event, or None when it says nothing on its own (a ``superseded``)."""
    if change.status == SUPERSEDED:
        return None
    if change.entity == SECTION_WIDE:
        return DENIED[change.section] if change.status == CONFIRMED_ABSENT else None
    section, name, a = change.section, change.entity, change.attributes
    if section == "medications":
        return _medication(change)
    if section in ("symptoms", "injuries"):
        return _condition(change, "")
    if section == "chronic_conditions":
        return _condition(change, "has ")
    if section == "diagnoses":
        return _condition(change, "diagnosed with ")
    if section == "lifestyle":
        return _lifestyle(change)
    if section == "demographics":
        return _demographic(change)
    if change.status == CONFIRMED_ABSENT:
        return {"allergies": f"not allergic to {name}", "family_history": f"no family history of {name}"}.get(
            section, f"no {name}"
        )
    if section == "allergies":
        return f"allergic to {name}{_bracketed(a, 'reaction', 'severity')}"
    if section == "family_history":
        return f"family history of {name}{_bracketed(a, 'relation')}"
    if section == "surgeries":
        return f"had {name}{_bracketed(a, 'when')}"
    if section == "vaccinations":
        return f"vaccinated: {name}{_bracketed(a, 'when')}"
    return name


def reading_phrase(reading: Reading) -> str:
    """"ALT 98 U/L (high)", "hba1c high": the reading as said, with its flag."""
    value = "" if reading.value is None else f" {reading.value:g}"
    unit = f" {_UNIT_TEXT.get(reading.unit, reading.unit)}" if reading.value is not None and reading.unit else ""
    flag = reading.flag or ""
    if reading.value is None:
        return f"{reading.test} {flag}".strip()
    return f"{reading.test}{value}{unit}" + (f" ({flag})" if flag else "")


def _facts(changes: pl.DataFrame) -> pl.DataFrame:
    """``span`` and ``phrase`` of one change per fact of each span, in the order first said: its
    last state in the span, its status before the session, and ``change`` if any event of the
    span changed it; facts that say nothing on their own left out. Each distinct state is put
    in words once."""
    merged = changes.group_by("span", "section", "entity", maintain_order=True).agg(
        pl.when((pl.col("change_type") == "change").any())
        .then(pl.lit("change"))
        .otherwise(pl.col("change_type").last())
        .alias("change_type"),
        pl.col("status").last(),
        pl.col("attributes").last(),
        pl.col("before").first(),
    )
    states = merged.select(_STATE).unique()
    parsed = {a: orjson.loads(a or "{}") for a in states["attributes"].unique()}  # read, never changed
    words = [phrase(FactChange(s, e, c, st, parsed[a], b)) for s, e, c, st, a, b in states.iter_rows()]
    states = states.with_columns(pl.Series("phrase", words, dtype=pl.String))
    merged = merged.join(states, on=list(_STATE), how="left", nulls_equal=True, maintain_order="left")
    return merged.filter(pl.col("phrase").str.len_bytes() > 0)


def _readings(readings: pl.DataFrame, changes: pl.DataFrame) -> pl.DataFrame:
    """``span`` and ``phrase`` of each reading, but those a demographics fact of its span says already."""
    demographics = changes.filter(pl.col("section") == "demographics").select("span", pl.col("entity").alias("as"))
    said_as = pl.col("test").replace_strict(_SAID_AS_DEMOGRAPHICS, default=None, return_dtype=pl.String).alias("as")
    kept = readings.with_columns(said_as).join(demographics.unique(), on=["span", "as"], how="anti",
                                               maintain_order="left")  # fmt: skip
    words = [reading_phrase(Reading(*row)) for row in kept.select(READING_COLUMNS).iter_rows()]
    return kept.select("span", pl.Series("phrase", words, dtype=pl.String))


def summaries(changes: pl.DataFrame, readings: pl.DataFrame, spans: int) -> list[str]:
    """The summary of each of ``spans`` spans, or :data:`NOTHING_SAID` for one without health content.

    ``changes`` and ``readings`` hold the fact events and readings of the spans (``span``, their
    span's number, then :data:`CHANGE_COLUMNS` / :data:`READING_COLUMNS`), in span order and,
    within a span, in the order said: one phrase per fact, then the readings, each phrase once.
    """
    said = pl.concat([_facts(changes).select("span", "phrase"), _readings(readings, changes)])
    said = said.sort("span", maintain_order=True)
    shown = (
        said.unique(["span", "phrase"], keep="first", maintain_order=True)
        .group_by("span", maintain_order=True)
        .agg(pl.col("phrase").head(MAX_PHRASES).str.join("; "), (pl.len().cast(pl.Int64) - MAX_PHRASES).alias("more"))
        .select("span", pl.when(pl.col("more") > 0)
                .then(pl.format("{}; and {} more", "phrase", "more")).otherwise("phrase").alias("text"))
    )  # fmt: skip
    texts = [NOTHING_SAID] * spans
    for span, text in shown.iter_rows():
        texts[span] = text[0].upper() + text[1:]
    return texts


def summary_text(changes: Sequence[FactChange], readings: Sequence[Reading] = ()) -> str:
    """The summary of one span (:func:`summaries` of it alone)."""
    change_rows = [
        (0, c.section, c.entity, c.change_type, c.status, orjson.dumps(c.attributes).decode(), c.before, c.fact_id)
        for c in changes
    ]
    reading_rows = [(0, r.test, r.value, r.unit, r.flag) for r in readings]
    return summaries(
        pl.DataFrame(change_rows, schema=_CHANGES_SCHEMA, orient="row"),
        pl.DataFrame(reading_rows, schema=_READINGS_SCHEMA, orient="row"),
        1,
    )[0]
