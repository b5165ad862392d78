"""Units: from the way a user writes them to UCUM, and values converted to a test's own unit.

Written forms ("ммоль/л", "毫米汞柱", "bpm") map to UCUM codes through ``data/units.tsv``; a
proposal may also carry a UCUM code itself (the ``openai`` backend is asked for one). The
arithmetic is pint's, over the UCUM definitions of ``ucumvert``: a unit converts to another of
the same dimension, and mass to substance concentration (mg/dL ↔ mmol/L for glucose or
cholesterol) through the test's molar mass. Only the units a test lists are accepted for it, so
two units of one dimension that mean different things (HbA1c in % and in mmol/mol) never mix.
Every conversion is affine (°F → °C) or linear, so pint is asked twice per pair of units. The
registry takes a second or more of CPU to load, so the (a, b) of every pair the catalogue's tests
may need is computed once and kept in the derived cache (:mod:`anamnesis.derived_cache`); pint
is loaded only to build it, or for a test the catalogue does not list.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from anamnesis.derived_cache import cached, digest_of
from anamnesis.measurements.catalog import DATA_DIR, TestDef, load_catalog
from anamnesis.measurements.catalog import data_files as catalog_files
from anamnesis.terminology.text import normalise
from anamnesis.terminology.tsv import read_rows

UNITS_FILE = DATA_DIR / "units.tsv"


class UnitError(ValueError):
    """A unit that is not UCUM, or not one the test may be given in."""


def _compact(form: str) -> str:
    return "".join(normalise(form).split()).replace("µ", "u").replace("μ", "u")


@cache
def unit_forms(path: Path = UNITS_FILE) -> dict[str, str]:
    """Every written form (compacted: lower case, no spaces) → its UCUM code."""
    forms: dict[str, str] = {}
    for line_no, row in read_rows(path, ("ucum", "forms")):
        for form in (row["ucum"], *row["forms"].split("|")):
            key = _compact(form)
            if key and forms.setdefault(key, row["ucum"]) != row["ucum"]:
                raise ValueError(f"{path.name}:{line_no}: {form!r} already means {forms[key]!r}")
    return forms


def to_ucum(written: str) -> str | None:
    """The UCUM code of a unit as written (``"мг/дл"`` → ``"mg/dL"``), or None if unknown."""
    stripped = written.strip()
    if not stripped:
        return None
    return unit_forms().get(_compact(stripped)) or (stripped if _is_ucum(stripped) else None)


@cache
def _registry() -> Any:
    from ucumvert import PintUcumRegistry

    return PintUcumRegistry()


@cache
def _is_ucum(code: str) -> bool:
    if code in unit_forms().values():
        return True
    try:
        _registry().from_ucum(code)
    except Exception:
        return False
    return True


@cache
def _affine(source: str, target: str, molar_mass: float | None) -> tuple[float, float]:
    """(a, b) with ``target value = a * source value + b``, computed by pint."""
    registry = _registry()
    # a UCUM code may carry a factor ("500.g", the Chinese jin): pint gives it as the magnitude
    to_code, from_code = registry.from_ucum(target), registry.from_ucum(source)
    to_unit, to_factor = to_code.units, float(to_code.magnitude)
    from_unit, from_factor = from_code.units, float(from_code.magnitude)

    def convert(x: float) -> float:
        quantity = registry.Quantity(x * from_factor, from_unit)
        if quantity.is_compatible_with(to_unit):
            return float(quantity.to(to_unit).magnitude) / to_factor
        if molar_mass is None:
            raise UnitError(f"{source} does not convert to {target}")
        mass = registry.Quantity(molar_mass, "g/mol")
        for candidate in (quantity / mass, quantity * mass):
            if candidate.is_compatible_with(to_unit):
                return float(candidate.to(to_unit).magnitude) / to_factor
        raise UnitError(f"{source} does not convert to {target} even with a molar mass")

    offset = convert(0.0)
    return convert(1.0) - offset, offset


#: (source unit, target unit, molar mass) → (a, b) of the conversion, or why there is none.
Conversions = dict[tuple[str, str, float | None], tuple[float, float] | str]


def build_conversions() -> Conversions:
    """Every conversion a test of the catalogue may need, computed by pint."""
    out: Conversions = {}
    for test in load_catalog().tests.values():
        for unit in test.accepted_units[1:]:
            pair = (unit, test.unit, test.molar_mass)
            try:
                out[pair] = _affine(*pair)
            except UnitError as exc:
                out[pair] = str(exc)
    return out


@cache
def conversions() -> Conversions:
    """The catalogue's conversions, from the derived cache (built once per change of its sources)."""
    versions = (metadata.version("pint"), metadata.version("ucumvert"))
    key = digest_of((Path(__file__), *catalog_files(), UNITS_FILE), *versions)
    return cached("unit-conversions", key, build_conversions)


def normalise_value(value: float, unit: str, test: TestDef) -> float:
    """``value`` given in ``unit`` (UCUM), expressed in the test's canonical unit."""
    if test.unit is None:
        raise UnitError(f"{test.test} is not measured in units")
    if unit not in test.accepted_units:
        raise UnitError(f"unit {unit} is not known for {test.test} (expected {', '.join(test.accepted_units)})")
    if unit == test.unit:
        return value
    pair = (unit, test.unit, test.molar_mass)
    known = conversions().get(pair)
    if isinstance(known, str):
        raise UnitError(known)
    a, b = known if known is not None else _affine(*pair)
    return a * value + b


def possible(test: TestDef, level: float) -> bool:
    """Whether a level in the test's canonical unit lies in its physiologically possible range."""
    return (test.minimum is None or level >= test.minimum) and (test.maximum is None or level <= test.maximum)


def canonical_level(value: float, unit: str | None, test: TestDef) -> float | None:
    """``value`` in the test's canonical unit: in ``unit`` when one was written, else in the first
    of the test's units that makes it possible ("LDL 190" is mg/dL, "LDL 4.9" mmol/L); None when
    the result is not possible. One reading of a value for the warehouse's judge and the rules'
    findings, so a row's flag and a finding never disagree on the same words.

    Raises :class:`UnitError` when a unit cannot express the test.
    """
    for candidate in (unit,) if unit else test.accepted_units:
        level = normalise_value(value, candidate, test)
        if possible(test, level):
            return level
    return None


def range_side(level: float, low: float | None, high: float | None) -> str:
    """``high``, ``low`` or ``normal`` against a range whose either end may be unknown."""
    if high is not None and level > high:
        return "high"
    if low is not None and level < low:
        return "low"
    return "normal"
