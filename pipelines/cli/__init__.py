"""The ``anamnesis`` command line (CONTRACT §5): the Typer app and its commands, in ``--help`` order.

Every command exits 0 on success, or non-zero with one line on stderr saying why
(:mod:`~pipelines.cli.errors`). Each group of commands is its own module; this one only puts
them on the app.
"""

from __future__ import annotations

import typer

from pipelines.cli.backfill import backfill
from pipelines.cli.evaluation import eval_command
from pipelines.cli.forget import forget
from pipelines.cli.quick_exit import end_with
from pipelines.cli.review import conflicts, resolve
from pipelines.cli.serve import serve
from pipelines.cli.user_record import facts, plot, timeline

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Long-term medical memory for a chat assistant.")
for _command in (backfill, plot, facts, timeline, forget, conflicts, resolve, serve):
    app.command()(_command)
app.command("eval")(eval_command)

__all__ = ["app", "main"]


def main() -> None:
    """The ``anamnesis`` script (``pyproject.toml``); the process then ends without freeing its heap."""
    try:
        app()  # Click ends every command, a successful one too, with SystemExit
    except SystemExit as done:
        end_with(done.code)
        raise
