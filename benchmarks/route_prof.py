"""Route the benchmark's questions in-process; print CPU per route and the top cumulative functions."""
import cProfile, pstats, sys, time, orjson
import os, pathlib
CACHE = pathlib.Path("/tmp/route_questions.json")
if not CACHE.exists():
    sys.path.insert(0, "/work/main/benchmarks")
    from api_requests import requests_for
    CACHE.write_bytes(orjson.dumps([orjson.loads(b) for _, b in requests_for(2000, 2000, 7, 400)]))
from anamnesis.api.routing import QueryRouter
bodies = orjson.loads(CACHE.read_bytes())
r = QueryRouter(); r.warm_up()
qs = [(b["query"], [(t["role"], t["text"]) for t in b.get("recent_turns", [])]) for b in bodies]
for q, t in qs[:200]: r.route(q, t)
t0 = time.process_time()
for q, t in qs: r.route(q, t)
print("route CPU ms", (time.process_time() - t0) / len(qs) * 1000)
if len(sys.argv) > 1:
    p = cProfile.Profile(); p.enable()
    for q, t in qs: r.route(q, t)
    p.disable(); pstats.Stats(p).sort_stats("tottime").print_stats(25)
