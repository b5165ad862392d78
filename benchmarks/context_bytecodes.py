"""Bytecode instructions a `POST .../context` request costs the event loop, by package: a
load-independent figure of the read path's Python work, for a machine too busy to time.

    uv run python benchmarks/context_bytecodes.py --write-requests /tmp/reqs.json        # once, in this tree
    cd TREE && .venv/bin/python /path/to/context_bytecodes.py HOME /tmp/reqs.json [N]    # in each tree

The app runs in process (as ``context_cpu.py``: one in-process client, no sockets); after 200
warm-up requests ``sys.settrace`` counts every bytecode the loop's thread executes over the next N
(default 500), grouped by the package of the code executing it. The count is deterministic for
a tree, a home and the requests, whatever the load. It is not CPU time: work in C (the embedding's
BLAS, the tokenizer, regexes, the automata, orjson, DuckDB, socket writes) counts nothing, and
threads other than the loop's (the embedding's batcher, the thread pool) are not traced. The
requests are read from a JSON file so that another tree (whose ``benchmarks/`` may lack
``api_requests``) runs the very same ones; the script imports the app of the working directory's
tree. Prints a digest of the answers (the same in two trees that answer alike).
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
from collections import Counter
from pathlib import Path

WARMUP = 200

#: (a path fragment, its group), the first that occurs in a code object's file names its group.
GROUPS = (
    ("/anamnesis/understanding/rules/", "the rules reader"),
    ("/anamnesis/terminology/", "the terminology"),
    ("/anamnesis/api/", "anamnesis.api"),
    ("/anamnesis/", "anamnesis, the rest"),
    ("/schemas/", "schemas"),
    ("/fastapi/", "fastapi"),
    ("/starlette/", "starlette"),
    ("/pydantic", "pydantic"),
    ("/httpx/", "httpx (the in-process client)"),
    ("/asyncio/", "asyncio"),
    ("/prometheus_client/", "prometheus_client"),
    ("/logging/", "logging"),
)


def _group(filename: str) -> str:
    return next((name for part, name in GROUPS if part in filename), "the rest")


def count(home: str, requests: list[tuple[str, str]], n: int) -> None:
    counts: Counter[str] = Counter()
    groups: dict[str, str] = {}

    def local(frame, event, arg):  # type: ignore[no-untyped-def]
        if event == "opcode":
            filename = frame.f_code.co_filename
            group = groups.get(filename)
            if group is None:
                group = groups[filename] = _group(filename)
            counts[group] += 1
        return local

    def tracer(frame, event, arg):  # type: ignore[no-untyped-def]
        frame.f_trace_opcodes = True
        return local

    async def run() -> list[bytes]:
        import httpx

        from anamnesis.api.app import create_app
        from anamnesis.config import load_settings

        os.environ["ANAMNESIS_API_TOKENS"] = token = "context-bytecodes"
        app = create_app(load_settings(home))
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        answers = []
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://app", headers=headers) as client:
                for path, body in requests[:WARMUP]:
                    (await client.post(path, content=body)).raise_for_status()
                sys.settrace(tracer)
                try:
                    for path, body in requests[WARMUP : WARMUP + n]:
                        response = await client.post(path, content=body)
                        response.raise_for_status()
                        answers.append(response.content)
                finally:
                    sys.settrace(None)
        return answers

    answers = asyncio.run(run())
    digest = hashlib.sha256(b"".join(answers)).hexdigest()[:16]
    print(
        f"bytecodes a request: {sum(counts.values()) / n:,.0f}; answers {sum(map(len, answers)) / n:,.0f} bytes "
        f"on average, sha256 {digest}"
    )
    for group, c in counts.most_common():
        print(f"  {group:32s} {c / n:9,.0f}")


def main() -> None:
    if sys.argv[1:2] == ["--write-requests"]:
        import orjson

        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from api_requests import requests_for

        work = requests_for(2000, 1200, 1, 800)
        Path(sys.argv[2]).write_bytes(orjson.dumps([(path, body.decode()) for path, body in work]))
        print(f"{len(work):,} requests written to {sys.argv[2]}")
        return
    home, requests_file = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    sys.path.insert(0, os.getcwd())  # the tree it is run from, not necessarily this script's
    import orjson

    work = [(path, body.encode()) for path, body in orjson.loads(Path(requests_file).read_bytes())]
    count(home, work, n)


if __name__ == "__main__":
    main()
