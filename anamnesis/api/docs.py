"""``/docs`` with no network (CONTRACT §7.1): Swagger UI served from the installed
``swagger-ui-bundle`` package instead of FastAPI's default CDN links; ReDoc (CDN only) is off."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = "/docs-assets"


def mount_offline_docs(app: FastAPI) -> None:
    """Serve ``/docs`` and its scripts and styles from this server only."""
    import swagger_ui_bundle

    app.mount(ASSETS, StaticFiles(directory=swagger_ui_bundle.swagger_ui_path), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title} API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon-32x32.png",
        )
