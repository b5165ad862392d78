"""The options and arguments several commands take, and the settings they resolve to."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from anamnesis.config import Settings, load_settings

HomeOpt = Annotated[
    str | None,
    typer.Option("--home", help="Home directory or s3://bucket/prefix (default $ANAMNESIS_HOME or ./.anamnesis)."),
]
LogFormatOpt = Annotated[
    str | None, typer.Option("--log-format", help="text or json log lines on stderr (default $ANAMNESIS_LOG_FORMAT).")
]
UserIdArg = Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def settings_with_logging(home: Path | str | None, log_format: str | None) -> Settings:
    """The settings of a long-running command, with its log lines set up (text or JSON)."""

    from anamnesis.logs import configure_logging

    settings = load_settings(home)
    if log_format is not None:
        settings = settings.model_copy(update={"log_format": log_format})
    configure_logging(settings.log_format)
    return settings
