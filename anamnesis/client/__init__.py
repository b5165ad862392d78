"""A typed Python client of the read API, sync and async (httpx), with the server's own models.

    from anamnesis.client import Client
    with Client("http://127.0.0.1:8000", token="secret") as api:
        facts = api.facts("u-en-01", section="medications").facts
        block = api.context("u-en-01", "Can I take ibuprofen?", max_tokens=300).context

User ids are percent-encoded as one path segment, so any id (``/``, ``%``, Unicode) reaches the
server exactly. A non-2xx answer raises :class:`ApiError` with the status and the detail.
"""

from anamnesis.client.client import ApiError, AsyncClient, Client

__all__ = ["ApiError", "AsyncClient", "Client"]
