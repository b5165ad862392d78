"""The ``anamnesis`` command line (CONTRACT §5): the Typer app and its commands, in ``--help`` order.

Every command exits 0 on success, or non-zero with one line on stderr saying why
(:mod:`~pipelines.cli.errors`). Each group of commands is its own module; this one only puts
them on the app.
"""

from __future__ import annotations

import logging
import os
import sys

import typer

from pipelines.cli.backfill import backfill
from pipelines.cli.evaluation import eval_command
from pipelines.cli.forget import forget
from pipelines.cli.review import conflicts, resolve
from pipelines.cli.serve import serve
from pipelines.cli.user_record import facts, plot, timeline

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Long-term medical memory for a chat assistant.")
for _command in (backfill, plot, facts, timeline, forget, conflicts, resolve, serve):
    app.command()(_command)
app.command("eval")(eval_command)

__all__ = ["app", "main"]


def main() -> None:
    """The ``anamnesis`` script (``pyproject.toml``), ended without Python's teardown.

    A backfill's process ends holding about a million objects (Dagster, polars, the stages'
    modules) that the interpreter would collect and free one by one before the OS drops the
    process's memory anyway: ~0.5 s of CPU at the end of every night. Every command has closed
    its files, locks, servers and workers when it returns; the log handlers and the standard
    streams are flushed here, and the exit status is what ``sys.exit`` would give.
    """
    try:
        app()
        status: object = 0
    except SystemExit as done:
        status = done.code
    if status is not None and not isinstance(status, int):
        print(status, file=sys.stderr)  # what the interpreter does with sys.exit("message")
        status = 1
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status or 0)
