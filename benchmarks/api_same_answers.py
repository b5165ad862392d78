"""Whether two trees' servers over one home give the same answers, byte for byte.

    nice -n 19 .venv/bin/python benchmarks/api_same_answers.py TREE_A TREE_B HOME [N]

Each tree's ``.venv/bin/python -m pipelines.cli serve`` runs from its directory; every request
goes to both: N `context` requests of `api_latency.requests_for`, and for N/10 random users
`facts` (all, and one section with `limit`), a fact's `history`, `conflicts`, `measurements`,
`memories?query=`, `check`, an unknown user's `context`, and two malformed paths. Prints how
many pairs differed (the first five in full).
"""

import os
import random
import secrets
import subprocess
import sys
import time
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent))
import httpx  # noqa: E402
import orjson  # noqa: E402
from api_latency import OUT, free_port  # noqa: E402
from api_requests import requests_for  # noqa: E402

OUT.mkdir(parents=True, exist_ok=True)
a, b, home = sys.argv[1:4]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 1500
token = secrets.token_urlsafe(16)
procs = []
for tree in (a, b):
    port = free_port()
    p = subprocess.Popen(
        [
            "nice",
            "-n",
            "19",
            f"{tree}/.venv/bin/python",
            "-m",
            "pipelines.cli",
            "serve",
            "--home",
            home,
            "--port",
            str(port),
        ],
        cwd=tree,
        env={**os.environ, "ANAMNESIS_API_TOKENS": token},
        stdout=subprocess.DEVNULL,
        stderr=(OUT / f"same-{port}.log").open("wb"),
    )
    procs.append((p, port))
try:
    for p, port in procs:
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert p.poll() is None, "server exited"
            time.sleep(0.5)
    conns = [HTTPConnection("127.0.0.1", port, timeout=60) for _, port in procs]
    H = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def both(method, path, body=None):
        out = []
        for c in conns:
            c.request(method, path, body=body, headers=H)
            r = c.getresponse()
            out.append((r.status, r.read()))
        return out

    work = [("POST", p, body) for p, body in requests_for(2000, n, 7, 800)]
    rng = random.Random(3)
    for _ in range(max(1, n // 10)):
        u = quote(f"synth-{rng.randrange(1, 2001):06d}", safe="")
        work += [
            ("GET", f"/v1/users/{u}/facts", None),
            ("GET", f"/v1/users/{u}/facts?section=medications&limit=3", None),
            ("GET", f"/v1/users/{u}/conflicts", None),
            ("GET", f"/v1/users/{u}/measurements", None),
            ("GET", f"/v1/users/{u}/memories?query=" + quote("headache and ibuprofen") + "&limit=5", None),
            (
                "POST",
                f"/v1/users/{u}/check",
                orjson.dumps({"drug": rng.choice(["amoxicillin", "ibuprofen", "aspirin", "warfarin"])}),
            ),
            (
                "POST",
                f"/v1/users/{quote('no such user', safe='')}/context",
                orjson.dumps({"query": "can I take aspirin?"}),
            ),
        ]
    work += [("POST", "/v1/users/a%2Fb/context", orjson.dumps({"query": "x"})), ("GET", "/v1/users/a/b/facts", None)]
    diff = 0
    kinds = {}
    for method, path, body in work:
        (s1, b1), (s2, b2) = both(method, path, body)
        kind = method + " " + path.split("?")[0].rsplit("/", 1)[-1]
        kinds[kind] = kinds.get(kind, 0) + 1
        if (s1, b1) != (s2, b2):
            diff += 1
            if diff <= 5:
                print("DIFF", method, path, body, s1, s2, b1[:300], b2[:300], sep="\n  ")
        if method == "GET" and path.endswith("/facts") and s1 == 200:  # history of the first fact
            facts = orjson.loads(b1)["facts"]
            if facts:
                (t1, h1), (t2, h2) = both("GET", f"{path}/{quote(facts[0]['fact_id'], safe='')}/history")
                kinds["GET history"] = kinds.get("GET history", 0) + 1
                if (t1, h1) != (t2, h2):
                    diff += 1
                    print("DIFF history", path)
    print(f"{sum(kinds.values())} request pairs {kinds}; differing: {diff}")
finally:
    for p, _ in procs:
        p.terminate()
        p.wait()
