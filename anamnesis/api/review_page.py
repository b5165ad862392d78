"""The /review page (being written)."""

from __future__ import annotations

from fastapi import APIRouter


def page_router(settings, reader, roles) -> APIRouter:  # noqa: ANN001
    return APIRouter()
