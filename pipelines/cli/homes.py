"""Commands run on a local home: the directory given, or a mirror of an ``s3://`` home."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from anamnesis.config import load_settings
from pipelines.cli.errors import Command


def on_home(*, writes: bool) -> Callable[[Command], Command]:
    """Run the command on a local home: the directory given, or a mirror of an ``s3://`` home.

    A writing command's mirror is committed to the bucket as a new generation when it succeeds
    (:mod:`anamnesis.storage.object_home`); a reading one reads the current generation.
    """

    def wrap(command: Command) -> Command:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            from anamnesis.storage.object_home import home_url, readable_home, writable_home

            url = home_url(kwargs.get("home"))
            if url is None:
                return command(*args, **kwargs)
            if not writes:
                return in_home(command, readable_home(url), *args, **kwargs)
            with writable_home(url) as local:
                return in_home(command, local, *args, **kwargs)

        return run  # type: ignore[return-value]

    return wrap


def in_home(command: Command, local: Path, *args: Any, **kwargs: Any) -> Any:
    """Run ``command`` on the mirror ``local``: the ``--home`` it gets and ``$ANAMNESIS_HOME``
    for everything the command loads (the Dagster definitions read the variable)."""
    if load_settings(local).warehouse_layout == "views":
        raise ValueError(
            "warehouse_layout = views reads the lake's files where they lie: it needs a directory home, "
            "not an s3:// one (use warehouse_layout = copy)"
        )
    saved = os.environ.get("ANAMNESIS_HOME")
    os.environ["ANAMNESIS_HOME"] = str(local)
    try:
        return command(*args, **{**kwargs, "home": str(local)})
    finally:
        if saved is None:
            del os.environ["ANAMNESIS_HOME"]
        else:
            os.environ["ANAMNESIS_HOME"] = saved
