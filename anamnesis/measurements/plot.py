"""A readable time-series chart of one user's readings of one test, as a PNG (matplotlib).

Points are the readings in the test's canonical unit, coloured by flag; the catalogue's typical
adult range is shaded when it has one. Readings with only a judgement ("high") have no value and
are marked along the bottom edge. Blood pressure asked as one test ("blood pressure") draws the
systolic and diastolic series together.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from anamnesis.measurements.catalog import TestDef

COLOURS = {"high": "#c0392b", "low": "#2471a3", "normal": "#1e8449", "abnormal": "#b9770e", None: "#555555"}


def plot_series(tests: Sequence[TestDef], measurements: Sequence[dict[str, Any]], out: Path, *, title: str) -> int:
    """Draw ``measurements`` of ``tests`` into ``out``; return the number of readings drawn."""
    import matplotlib

    matplotlib.use("Agg")  # no display: a file is all we make
    import matplotlib.dates as mdates
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5), dpi=120)
    drawn = 0
    for test in tests:
        readings = [m for m in measurements if m["test"] == test.test]
        valued = [m for m in readings if m["value"] is not None]
        when = [datetime.fromisoformat(m["valid_from"]) for m in valued]
        values = [m["value"] for m in valued]
        if valued:
            ax.plot(when, values, "-", color="#999999", linewidth=1.2, zorder=1)
            ax.scatter(when, values, c=[COLOURS.get(m["flag"], COLOURS[None]) for m in valued], s=42, zorder=2,
                       label=test.test)  # fmt: skip
            for x, y in zip(when, values, strict=True):
                ax.annotate(f"{y:.3g}", (x, y), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=8)
        if test.low is not None and test.high is not None and len(tests) == 1:
            ax.axhspan(test.low, test.high, color="#1e8449", alpha=0.08, label="typical range")
        judged = [m for m in readings if m["value"] is None]
        for m in judged:
            at = (datetime.fromisoformat(m["valid_from"]), 0)
            ax.annotate(m["flag"] or "?", at, xycoords=("data", "axes fraction"), xytext=(0, 4),
                        textcoords="offset points", ha="center", fontsize=8,
                        color=COLOURS.get(m["flag"], COLOURS[None]))  # fmt: skip
        drawn += len(readings)
    unit = tests[0].unit or ""
    ax.set_title(title)
    ax.set_ylabel(unit)
    ax.grid(True, alpha=0.3)
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%Y-%m-%d"))
    fig.autofmt_xdate()
    if drawn:
        ax.legend(loc="best", fontsize=8)
    else:
        ax.text(0.5, 0.5, "no readings", ha="center", va="center", transform=ax.transAxes)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, format="png")
    plt.close(fig)
    return drawn
