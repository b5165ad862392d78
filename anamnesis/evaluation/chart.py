"""The evaluation chart: horizontal bars of figures in [0, 1], each with its bar (threshold).

With matplotlib installed the chart is drawn by it; without, by a small built-in renderer
(numpy for the pixels, a 5×7 bitmap font, ``zlib`` for the PNG), so ``anamnesis eval``
needs no plotting dependency.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np


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
    """Draw ``rows`` into a PNG at ``path`` (matplotlib if available, else the built-in renderer)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        path.write_bytes(render_png(rows, title=title))
    else:
        _matplotlib_chart(rows, path, title=title)
    return path


def _matplotlib_chart(rows: Sequence[Row], path: Path, *, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

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
        ax.text(1.01, y, text + (f"  {row.note}" if row.note else ""), va="center", fontsize=8,
                transform=ax.get_yaxis_transform())
        if row.threshold is not None and 0 <= row.threshold <= 1:
            ax.plot([row.threshold, row.threshold], [y - 0.45, y + 0.45], color="black", linewidth=1.5)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_yticks([])
    ax.set_xticks([0, 0.25, 0.5, 0.75, 0.9, 1.0])
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title, fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# -- the built-in renderer ------------------------------------------------------------------
#: 5×7 glyphs, one string of 7 rows of 5 pixels per character ("#" on).
_GLYPHS: dict[str, str] = {
    " ": ".....|.....|.....|.....|.....|.....|.....",
    "A": ".###.|#...#|#...#|#####|#...#|#...#|#...#",
    "B": "####.|#...#|#...#|####.|#...#|#...#|####.",
    "C": ".###.|#...#|#....|#....|#....|#...#|.###.",
    "D": "####.|#...#|#...#|#...#|#...#|#...#|####.",
    "E": "#####|#....|#....|####.|#....|#....|#####",
    "F": "#####|#....|#....|####.|#....|#....|#....",
    "G": ".###.|#...#|#....|#.###|#...#|#...#|.####",
    "H": "#...#|#...#|#...#|#####|#...#|#...#|#...#",
    "I": ".###.|..#..|..#..|..#..|..#..|..#..|.###.",
    "J": "..###|...#.|...#.|...#.|...#.|#..#.|.##..",
    "K": "#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#",
    "L": "#....|#....|#....|#....|#....|#....|#####",
    "M": "#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#",
    "N": "#...#|#...#|##..#|#.#.#|#..##|#...#|#...#",
    "O": ".###.|#...#|#...#|#...#|#...#|#...#|.###.",
    "P": "####.|#...#|#...#|####.|#....|#....|#....",
    "Q": ".###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#",
    "R": "####.|#...#|#...#|####.|#.#..|#..#.|#...#",
    "S": ".####|#....|#....|.###.|....#|....#|####.",
    "T": "#####|..#..|..#..|..#..|..#..|..#..|..#..",
    "U": "#...#|#...#|#...#|#...#|#...#|#...#|.###.",
    "V": "#...#|#...#|#...#|#...#|#...#|.#.#.|..#..",
    "W": "#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.",
    "X": "#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#",
    "Y": "#...#|#...#|.#.#.|..#..|..#..|..#..|..#..",
    "Z": "#####|....#|...#.|..#..|.#...|#....|#####",
    "0": ".###.|#...#|#..##|#.#.#|##..#|#...#|.###.",
    "1": "..#..|.##..|..#..|..#..|..#..|..#..|.###.",
    "2": ".###.|#...#|....#|...#.|..#..|.#...|#####",
    "3": "#####|...#.|..#..|...#.|....#|#...#|.###.",
    "4": "...#.|..##.|.#.#.|#..#.|#####|...#.|...#.",
    "5": "#####|#....|####.|....#|....#|#...#|.###.",
    "6": "..##.|.#...|#....|####.|#...#|#...#|.###.",
    "7": "#####|....#|...#.|..#..|.#...|.#...|.#...",
    "8": ".###.|#...#|#...#|.###.|#...#|#...#|.###.",
    "9": ".###.|#...#|#...#|.####|....#|...#.|.##..",
    ".": ".....|.....|.....|.....|.....|.##..|.##..",
    ",": ".....|.....|.....|.....|.##..|..#..|.#...",
    ":": ".....|.##..|.##..|.....|.##..|.##..|.....",
    "-": ".....|.....|.....|#####|.....|.....|.....",
    "_": ".....|.....|.....|.....|.....|.....|#####",
    "/": ".....|....#|...#.|..#..|.#...|#....|.....",
    "(": "...#.|..#..|.#...|.#...|.#...|..#..|...#.",
    ")": ".#...|..#..|...#.|...#.|...#.|..#..|.#...",
    "=": ".....|.....|#####|.....|#####|.....|.....",
    "<": "...#.|..#..|.#...|#....|.#...|..#..|...#.",
    ">": ".#...|..#..|...#.|....#|...#.|..#..|.#...",
    "%": "##...|##..#|...#.|..#..|.#...|#..##|...##",
    "+": ".....|..#..|..#..|#####|..#..|..#..|.....",
    "*": ".....|..#..|#.#.#|.###.|#.#.#|..#..|.....",
    "'": ".##..|..#..|.#...|.....|.....|.....|.....",
    "?": ".###.|#...#|....#|...#.|..#..|.....|..#..",
    "#": ".#.#.|.#.#.|#####|.#.#.|#####|.#.#.|.#.#.",
    "&": ".##..|#..#.|#.#..|.#...|#.#.#|#..#.|.##.#",
}
_BITMAPS = {c: np.array([[ch == "#" for ch in r] for r in g.split("|")], dtype=bool) for c, g in _GLYPHS.items()}
_SCALE = 2
_ADVANCE = 6 * _SCALE


def _text(img: np.ndarray, x: int, y: int, text: str, colour: tuple[int, int, int] = INK) -> int:
    """Draw ``text`` (upper-cased) with its top-left at (x, y); return the x after it."""
    h, w, _ = img.shape
    for ch in text.upper():
        glyph = _BITMAPS.get(ch, _BITMAPS["?"])
        big = np.kron(glyph, np.ones((_SCALE, _SCALE), dtype=bool))
        gh, gw = big.shape
        if 0 <= x and x + gw <= w and 0 <= y and y + gh <= h:
            img[y:y + gh, x:x + gw][big] = colour
        x += _ADVANCE
    return x


def _rect(img: np.ndarray, x0: int, y0: int, x1: int, y1: int, colour: tuple[int, int, int]) -> None:
    img[max(y0, 0):max(y1, 0), max(x0, 0):max(x1, 0)] = colour


def render_png(rows: Sequence[Row], *, title: str) -> bytes:
    """The chart as PNG bytes, drawn with numpy only."""
    row_h, top, bottom = 24, 50, 40
    label_w = max([len(r.label) for r in rows] + [10]) * _ADVANCE + 20
    bar_w = 500
    note_w = (7 + max([len(r.note) + 2 for r in rows if r.note] + [0])) * _ADVANCE + 10
    width = label_w + bar_w + note_w
    height = top + row_h * len(rows) + bottom
    img = np.full((height, width, 3), 255, dtype=np.uint8)
    _text(img, 10, 14, title[: (width - 20) // _ADVANCE])
    x0 = label_w
    for tick in (0.0, 0.25, 0.5, 0.75, 0.9, 1.0):
        x = x0 + round(tick * bar_w)
        _rect(img, x, top - 6, x + 1, height - bottom + 4, (225, 225, 225))
        label = f"{tick:g}"
        if tick != 0.9:
            _text(img, x - len(label) * _ADVANCE // 2, height - bottom + 10, label, GREY)
    for i, row in enumerate(rows):
        y = top + i * row_h
        if row.group:
            _text(img, 10, y + 5, row.label)
            continue
        _text(img, label_w - 10 - len(row.label) * _ADVANCE, y + 5, row.label)
        if row.value is not None:
            length = round(min(max(row.value, 0.0), 1.0) * bar_w)
            _rect(img, x0, y + 3, x0 + max(length, 1), y + row_h - 3, _colour(row))
        if row.threshold is not None and 0 <= row.threshold <= 1:
            x = x0 + round(row.threshold * bar_w)
            _rect(img, x - 1, y, x + 2, y + row_h, INK)
        value = "n/a" if row.value is None else f"{row.value:.3f}"
        _text(img, x0 + bar_w + 10, y + 5, value + (f"  {row.note}" if row.note else ""))
    return _png(img)


def _png(img: np.ndarray) -> bytes:
    h, w, _ = img.shape
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
