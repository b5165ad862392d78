"""One line per test for the context block: its readings, oldest to newest.

``alanine aminotransferase: 98 U/L high (2026-03-02) → 41 U/L normal (2026-06-10)``. A reading
with only a judgement shows the judgement ("high (2026-04-01)"); a long series keeps its last
:data:`MAX_READINGS` readings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MAX_READINGS = 6


def _reading(m: dict[str, Any]) -> str:
    parts = []
    if m.get("value") is not None:
        parts.append(f"{m['value']:.4g} {m['unit']}")
    if m.get("flag"):
        parts.append(m["flag"])
    return f"{' '.join(parts)} ({str(m['valid_from'])[:10]})"


def trend_lines(measurements: Sequence[dict[str, Any]]) -> list[str]:
    """One line per test (in the order tests first appear), readings oldest first."""
    by_test: dict[str, list[dict[str, Any]]] = {}
    for m in sorted(measurements, key=lambda m: str(m["valid_from"])):
        by_test.setdefault(m["test"], []).append(m)
    lines = []
    for test, readings in by_test.items():
        shown = [_reading(m) for m in readings[-MAX_READINGS:]]
        lead = "… → " if len(readings) > MAX_READINGS else ""
        lines.append(f"{test}: {lead}{' → '.join(shown)}")
    return lines
