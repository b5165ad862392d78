"""Two running servers, the same `POST .../context` requests, interleaved: a fair comparison on a
loaded machine, where back-to-back runs see different moments of the other jobs' load.

Start both servers on one copy of the data each (the same token), then:

    uv run python benchmarks/api_ab.py --token T --clients 4 after=http://127.0.0.1:47991 before=http://127.0.0.1:47992

Each client thread sends every request to both servers in turn (which goes first alternates),
so both see the same moments; requests come from ``api_latency.requests_for`` (the same users
and questions as that benchmark), the first ``--warmup`` are not counted.
"""

from __future__ import annotations

import argparse
import threading
import time
from http.client import HTTPConnection
from urllib.parse import urlsplit

from api_latency import percentile
from api_requests import requests_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("servers", nargs=2, metavar="NAME=URL")
    parser.add_argument("--token", required=True)
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--users", type=int, default=2000)
    args = parser.parse_args()
    servers = dict(s.split("=", 1) for s in args.servers)
    work = requests_for(args.users, args.warmup + args.requests, 1, 800)
    headers = {"Authorization": f"Bearer {args.token}", "content-type": "application/json"}
    latencies: dict[str, list[float]] = {name: [] for name in servers}

    def client(first: int) -> None:
        connections = {name: HTTPConnection(urlsplit(u).hostname, urlsplit(u).port) for name, u in servers.items()}
        for i in range(first, len(work), args.clients):
            path, body = work[i]
            for name in (list(servers) if i % 2 else list(reversed(servers))):
                started = time.perf_counter()
                connections[name].request("POST", path, body=body, headers=headers)
                response = connections[name].getresponse()
                response.read()
                if response.status != 200:
                    raise SystemExit(f"{name}: HTTP {response.status}")
                if i >= args.warmup:
                    latencies[name].append((time.perf_counter() - started) * 1000)

    threads = [threading.Thread(target=client, args=(c,)) for c in range(args.clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for name, values in latencies.items():
        values.sort()
        print(f"{name}: {len(values):,} requests, p50 {percentile(values, 50):.1f}  p95 {percentile(values, 95):.1f}  "
              f"p99 {percentile(values, 99):.1f}  max {values[-1]:.1f} ms")


if __name__ == "__main__":
    main()
