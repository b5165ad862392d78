"""The evaluation chart: horizontal bars of figures in [0, 1], each with its bar (threshold), by matplotlib.

Green bars pass their threshold, red ones miss it, blue ones have none; the black tick is the
threshold. The legend says so on the chart itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, never a window
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402


@dataclass(frozen=True, slots=True)
class Row:
    """One bar; a row with ``group=True`` is a heading and draws no bar."""

    label: str
    value: float | None = None
    threshold: float | None = None
    #: ``>=``: passing means reaching the threshold; ``<=``: not exceeding it.
    op: str = ">="
    group: bool = False
    note: str = ""

    @property
    def passed(self) -> bool | None:
        if self.threshold is None or self.value is None:
            return None
        return self.value >= self.threshold if self.op == ">=" else self.value <= self.threshold


PASS = (44, 160, 44)
FAIL = (214, 39, 40)
PLAIN = (31, 119, 180)
GREY = (160, 160, 160)
INK = (30, 30, 30)


def _colour(row: Row) -> tuple[int, int, int]:
    p = row.passed
    return PLAIN if p is None else PASS if p else FAIL


def write_chart(rows: Sequence[Row], path: Path, *, title: str) -> Path:
    """Draw ``rows`` into a PNG at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _matplotlib_chart(rows, path, title=title)
    return path


def _matplotlib_chart(rows: Sequence[Row], path: Path, *, title: str) -> None:
    n = len(rows)
    fig, ax = plt.subplots(figsize=(10, 0.32 * n + 1.2))
    for i, row in enumerate(rows):
        y = n - 1 - i
        if row.group:
            ax.text(-0.02, y, row.label, ha="right", va="center", fontweight="bold", transform=ax.get_yaxis_transform())
            continue
        colour = tuple(c / 255 for c in _colour(row))
        if row.value is not None:
            ax.barh(y, min(max(row.value, 0.0), 1.0), color=colour, height=0.7)
        ax.text(-0.02, y, row.label, ha="right", va="center", transform=ax.get_yaxis_transform(), fontsize=9)
        text = "n/a" if row.value is None else f"{row.value:.3f}"
        ax.text(
            1.01,
            y,
            text + (f"  {row.note}" if row.note else ""),
            va="center",
            fontsize=8,
            transform=ax.get_yaxis_transform(),
        )
        if row.threshold is not None and 0 <= row.threshold <= 1:
            ax.plot([row.threshold, row.threshold], [y - 0.45, y + 0.45], color="black", linewidth=1.5)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_yticks([])
    ax.set_xticks([0, 0.25, 0.5, 0.75, 0.9, 1.0])
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title, fontsize=11)
    rgb = {name: tuple(c / 255 for c in colour) for name, colour in (("pass", PASS), ("fail", FAIL), ("plain", PLAIN))}
    ax.legend(
        handles=[
            Patch(color=rgb["pass"], label="meets its bar"),
            Patch(color=rgb["fail"], label="misses its bar"),
            Patch(color=rgb["plain"], label="no bar (reported only)"),
            Line2D([], [], color="black", linewidth=1.5, label="bar (threshold)"),
        ],
        loc="upper center",
        bbox_to_anchor=(0.5, -0.04 if n > 8 else -0.12),
        ncol=4,
        fontsize=8,
        frameon=False,
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
