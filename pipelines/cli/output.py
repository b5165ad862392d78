"""Where commands write: stdout for what was asked for, stderr for progress, notes and the one-line failure."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

err = Console(stderr=True)
out = Console()


def fail(message: str, code: int = 1) -> NoReturn:
    """End the command with one ``anamnesis: error:`` line on stderr and exit ``code``."""
    err.print(f"anamnesis: error: {message}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(code)
