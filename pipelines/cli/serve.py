"""``anamnesis serve``: the read API (CONTRACT §4) on uvicorn, from a home or a replica of an ``s3://`` one."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from pipelines.cli.errors import one_line_errors
from pipelines.cli.options import HomeOpt, LogFormatOpt, settings_with_logging
from pipelines.cli.output import err


@one_line_errors
def serve(
    home: HomeOpt = None,
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535)] = 8000,
    log_format: LogFormatOpt = None,
) -> None:
    """Serve the read API (CONTRACT §4); tokens from ANAMNESIS_API_TOKENS or config.toml."""
    import logging

    import uvicorn

    from anamnesis.api.app import create_app
    from anamnesis.storage.object_home import Follower, home_url, readable_home

    url = home_url(home)
    if url is not None:  # a replica: a mirror of the current generation, kept on the newest
        mirror = readable_home(url)
        Follower(url, mirror).start()
        home = os.environ["ANAMNESIS_HOME"] = str(mirror)
    settings = settings_with_logging(home, log_format)
    if url is not None and settings.review_tokens:
        # A replica's writes would land in its cache, never in the bucket: reviewers read here
        # and record clarifications with `anamnesis resolve` against the home.
        settings = settings.model_copy(update={"api_tokens": settings.api_tokens + settings.review_tokens,
                                               "review_tokens": ()})
        err.print("anamnesis: warning: review writes are not served from an s3:// home; reviewer tokens read only",
                  markup=False)
    if not settings.api_tokens:
        err.print("anamnesis: warning: no API tokens configured; every /v1 request will get 401", markup=False)
    application = create_app(settings, replica_of=url)
    # One start-up line here, one "ready" line when the models and the hot set are loaded, then
    # one access line per request (anamnesis.api.access_log: a user digest, never the id or text).
    logging.getLogger("anamnesis.api").info("serving %s on http://%s:%d", url or settings.home, host, port)
    uvicorn.run(application, host=host, port=port, log_level="warning", access_log=False, log_config=None)
