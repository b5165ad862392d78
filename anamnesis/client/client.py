"""The client's two faces over one set of request builders: :class:`Client` and :class:`AsyncClient`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel

from anamnesis.api.app import ContextRequest, ContextResponse, FactOut, FactsResponse, HistoryResponse, Turn
from anamnesis.api.memory_routes import MemoriesResponse

M = TypeVar("M", bound=BaseModel)
DEFAULT_TIMEOUT_S = 30.0


class ApiError(RuntimeError):
    """A non-2xx answer: ``status`` and the server's ``detail``."""

    def __init__(self, status: int, detail: object) -> None:
        super().__init__(f"HTTP {status}: {detail}")
        self.status = status
        self.detail = detail


@dataclass(frozen=True, slots=True)
class _Call(Generic[M]):
    """One request, built once for both clients, and the model its answer parses into."""

    method: str
    path: str
    model: type[M]
    params: dict[str, Any] = field(default_factory=dict)
    body: dict[str, Any] | None = None

    def parse(self, response: httpx.Response) -> M:
        if response.status_code >= 300:
            try:
                detail = response.json().get("detail")
            except ValueError:
                detail = response.text
            raise ApiError(response.status_code, detail)
        return self.model.model_validate_json(response.content)


def _user(user_id: str) -> str:
    return "/v1/users/" + quote(user_id, safe="")


def _params(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


class _Health(BaseModel):
    status: str


def _facts(user_id: str, section: str | None, status: str | None, limit: int | None,
           cursor: str | None) -> _Call[FactsResponse]:
    return _Call("GET", f"{_user(user_id)}/facts", FactsResponse,
                 _params(section=section, status=status, limit=limit, cursor=cursor))


def _history(user_id: str, fact_id: str, limit: int | None, cursor: str | None) -> _Call[HistoryResponse]:
    return _Call("GET", f"{_user(user_id)}/facts/{quote(fact_id, safe='')}/history", HistoryResponse,
                 _params(limit=limit, cursor=cursor))


def _context(user_id: str, query: str, recent_turns: Sequence[Turn | tuple[str, str]],
             max_tokens: int) -> _Call[ContextResponse]:
    turns = [t if isinstance(t, Turn) else Turn(role=t[0], text=t[1]) for t in recent_turns]  # type: ignore[arg-type]
    body = ContextRequest(query=query, recent_turns=turns, max_tokens=max_tokens).model_dump()
    return _Call("POST", f"{_user(user_id)}/context", ContextResponse, body=body)


def _memories(user_id: str, query: str, limit: int) -> _Call[MemoriesResponse]:
    return _Call("GET", f"{_user(user_id)}/memories", MemoriesResponse, {"query": query, "limit": limit})


class Client:
    """Blocking client; use as a context manager or call :meth:`close`."""

    def __init__(self, base_url: str, token: str, *, timeout: float = DEFAULT_TIMEOUT_S,
                 transport: httpx.BaseTransport | None = None) -> None:
        self._http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {token}"},
                                  timeout=timeout, transport=transport)

    def _send(self, call: _Call[M]) -> M:
        return call.parse(self._http.request(call.method, call.path, params=call.params, json=call.body))

    def health(self) -> str:
        return self._send(_Call("GET", "/healthz", _Health)).status

    def facts(self, user_id: str, *, section: str | None = None, status: str | None = None,
              limit: int | None = None, cursor: str | None = None) -> FactsResponse:
        return self._send(_facts(user_id, section, status, limit, cursor))

    def iter_facts(self, user_id: str, *, section: str | None = None, status: str | None = None,
                   page_size: int = 100) -> Iterator[FactOut]:
        """Every fact of the user, one page of ``page_size`` at a time."""
        cursor: str | None = None
        while True:
            page = self.facts(user_id, section=section, status=status, limit=page_size, cursor=cursor)
            yield from page.facts
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    def history(self, user_id: str, fact_id: str, *, limit: int | None = None,
                cursor: str | None = None) -> HistoryResponse:
        return self._send(_history(user_id, fact_id, limit, cursor))

    def context(self, user_id: str, query: str, *, recent_turns: Sequence[Turn | tuple[str, str]] = (),
                max_tokens: int = 800) -> ContextResponse:
        return self._send(_context(user_id, query, recent_turns, max_tokens))

    def memories(self, user_id: str, query: str, *, limit: int = 10) -> MemoriesResponse:
        return self._send(_memories(user_id, query, limit))

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


class AsyncClient:
    """The same routes for asyncio; use with ``async with`` or await :meth:`aclose`."""

    def __init__(self, base_url: str, token: str, *, timeout: float = DEFAULT_TIMEOUT_S,
                 transport: httpx.AsyncBaseTransport | None = None) -> None:
        self._http = httpx.AsyncClient(base_url=base_url, headers={"Authorization": f"Bearer {token}"},
                                       timeout=timeout, transport=transport)

    async def _send(self, call: _Call[M]) -> M:
        return call.parse(await self._http.request(call.method, call.path, params=call.params, json=call.body))

    async def health(self) -> str:
        return (await self._send(_Call("GET", "/healthz", _Health))).status

    async def facts(self, user_id: str, *, section: str | None = None, status: str | None = None,
                    limit: int | None = None, cursor: str | None = None) -> FactsResponse:
        return await self._send(_facts(user_id, section, status, limit, cursor))

    async def iter_facts(self, user_id: str, *, section: str | None = None, status: str | None = None,
                         page_size: int = 100) -> AsyncIterator[FactOut]:
        cursor: str | None = None
        while True:
            page = await self.facts(user_id, section=section, status=status, limit=page_size, cursor=cursor)
            for fact in page.facts:
                yield fact
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    async def history(self, user_id: str, fact_id: str, *, limit: int | None = None,
                      cursor: str | None = None) -> HistoryResponse:
        return await self._send(_history(user_id, fact_id, limit, cursor))

    async def context(self, user_id: str, query: str, *, recent_turns: Sequence[Turn | tuple[str, str]] = (),
                      max_tokens: int = 800) -> ContextResponse:
        return await self._send(_context(user_id, query, recent_turns, max_tokens))

    async def memories(self, user_id: str, query: str, *, limit: int = 10) -> MemoriesResponse:
        return await self._send(_memories(user_id, query, limit))

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.aclose()
