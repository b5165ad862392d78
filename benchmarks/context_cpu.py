"""CPU per `POST .../context` through the whole ASGI app, one request at a time, in process.

    nice -n 19 .venv/bin/python benchmarks/context_cpu.py HOME [N [CLIENTS]]     # from the tree to measure

No sockets, so the figure hardly depends on the machine's load: the process's CPU time (every
thread: the app, the embedding thread, the in-process client) over N requests of
`api_latency.requests_for` after 200 warm-up, twice. CLIENTS (default 1) in-process clients
send them, each waiting for its answer before sending the next (a closed loop, like
`api_latency.py`'s); with one, each question is embedded alone. Prints a digest of the second
pass's answers, in request order: two trees (or two client counts) that answer alike print the
same digest.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())  # the tree it is run from, not necessarily this script's
sys.path.insert(1, str(Path(__file__).resolve().parent))

import httpx  # noqa: E402
from api_requests import requests_for  # noqa: E402

WARMUP = 200


async def measure(home: str, n: int, clients: int) -> None:
    from anamnesis.api.app import create_app
    from anamnesis.config import load_settings

    os.environ["ANAMNESIS_API_TOKENS"] = token = "context-cpu"
    app = create_app(load_settings(home))
    work = requests_for(2000, WARMUP + n, 1, 800)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://app", headers=headers) as client:
            async def send(requests: list[tuple[int, tuple[str, bytes]]]) -> None:
                queue = iter(requests)

                async def one_client() -> None:
                    for i, (path, body) in queue:
                        response = await client.post(path, content=body)
                        response.raise_for_status()
                        answers[i] = response.content

                await asyncio.gather(*(one_client() for _ in range(clients)))

            for number in (1, 2):
                answers: list[bytes] = [b""] * len(work)
                await send(list(enumerate(work))[:WARMUP])
                started = time.process_time()
                await send(list(enumerate(work))[WARMUP:])
                cpu = time.process_time() - started
                print(f"pass {number}: {cpu / n * 1000:.3f} ms CPU per request (process, all threads), "
                      f"{n:,} requests, {clients} client(s)")
    print("answers sha256", hashlib.sha256(b"".join(answers)).hexdigest()[:16])


if __name__ == "__main__":
    asyncio.run(measure(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1000,
                        int(sys.argv[3]) if len(sys.argv) > 3 else 1))
