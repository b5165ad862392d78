"""``/docs`` (Swagger UI) and ``/redoc`` served from packaged assets, so they work with no network.

FastAPI's default pages load their JavaScript from a CDN: behind a hospital firewall or offline
they are blank. The files come from the ``fastapi-standalone-docs`` wheel (Swagger UI 5, ReDoc 2,
FastAPI's favicon) and are served by this app; the pages name no other host.
"""

from __future__ import annotations

from pathlib import Path

import fastapi_standalone_docs
from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(fastapi_standalone_docs.__path__[0]) / "static"
#: Swagger UI options: no call to the public validator, the token kept across reloads.
SWAGGER_PARAMETERS = {"validatorUrl": None, "persistAuthorization": True}


def add_offline_docs(app: FastAPI, *, docs_url: str = "/docs", redoc_url: str = "/redoc") -> None:
    """Serve Swagger UI at ``docs_url`` and ReDoc at ``redoc_url`` (create the app with both ``None``)."""
    openapi_url = app.openapi_url or "/openapi.json"
    app.mount(f"{docs_url}/assets", StaticFiles(directory=STATIC / "swagger"), name="swagger-assets")
    app.mount(f"{docs_url}/fastapi", StaticFiles(directory=STATIC / "fastapi"), name="docs-favicon")
    # ReDoc fetches its logo from "<page path>/logo-mini.svg" (patched so in the packaged bundle).
    app.mount(redoc_url, StaticFiles(directory=STATIC / "redoc"), name="redoc-assets")

    @app.get(docs_url, include_in_schema=False)
    def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return get_swagger_ui_html(
            openapi_url=root + openapi_url,
            title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{root}{docs_url}/assets/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{docs_url}/assets/swagger-ui.css",
            swagger_favicon_url=f"{root}{docs_url}/fastapi/favicon.png",
            oauth2_redirect_url=None,
            swagger_ui_parameters=SWAGGER_PARAMETERS,
        )

    @app.get(redoc_url, include_in_schema=False)
    def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return get_redoc_html(
            openapi_url=root + openapi_url,
            title=f"{app.title} - ReDoc",
            redoc_js_url=f"{root}{redoc_url}/redoc.standalone.js",
            redoc_favicon_url=f"{root}{docs_url}/fastapi/favicon.png",
            with_google_fonts=False,
        )
