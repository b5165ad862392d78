"""Every failure of a command ends it with one line on stderr (CONTRACT §5); tracebacks go to the home's log."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import typer

from anamnesis.config import DEFAULT_HOME
from pipelines.cli.output import err, fail

Command = TypeVar("Command", bound=Callable[..., Any])


def one_line_errors(command: Command) -> Command:
    """Any exception the command raises ends it with one line; the traceback goes to the home's log."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        from anamnesis.failures import one_line
        from anamnesis.storage.lock import HomeBusy

        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except HomeBusy as exc:  # the whole story: no traceback to keep
            fail(str(exc))
        except Exception as exc:  # noqa: BLE001 - every failure becomes one line
            home = Path(kwargs.get("home") or os.environ.get("ANAMNESIS_HOME") or DEFAULT_HOME)
            line = one_line(exc, home, command.__name__, getattr(exc, "details", ""))
            err.print(line, markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(1) from None

    return run  # type: ignore[return-value]
