"""Bytecodes the rules reader executes, by function: a load-independent figure of its Python work.

    python benchmarks/reader_ops.py route [TOP]          # QueryRouter.route over route_prof.py's 2,000 requests
    python benchmarks/reader_ops.py write [TOP] [N]      # RulesBackend.understand, rules_throughput's first N (3,000)

``route`` reads the requests ``benchmarks/route_prof.py`` writes to /tmp/route_questions.json (run
it once first), warms the router up on the first 200, then counts with ``sys.settrace`` every
bytecode of the 2,000 routes. ``write`` counts the backend's bytecodes over the first N synthetic
fragments of seed 0 (its reading cache warm from 300 fragments of another seed, as a worker's is).
Both print the count a route (a fragment) and the TOP functions by their own bytecodes. The
counts are the same at any load for a tree; they are not CPU time (work in C, the regexes and the
automata, counts nothing), so a change that moves work into C shows less here than in time.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import orjson


def _count(run) -> Counter:
    counts: Counter = Counter()

    def local(frame, event, arg):  # noqa: ANN001, ANN202
        if event == "opcode":
            code = frame.f_code
            counts[(code.co_filename.rsplit("/", 1)[-1], code.co_name)] += 1
        return local

    def tracer(frame, event, arg):  # noqa: ANN001, ANN202
        frame.f_trace_opcodes = True
        return local

    sys.settrace(tracer)
    try:
        run()
    finally:
        sys.settrace(None)
    return counts


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "route"
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    if mode == "route":
        from anamnesis.api.routing import QueryRouter

        bodies = orjson.loads(Path("/tmp/route_questions.json").read_bytes())
        questions = [(b["query"], [(t["role"], t["text"]) for t in b.get("recent_turns", [])]) for b in bodies]
        router = QueryRouter()
        router.warm_up()
        for query, turns in questions[:200]:
            router.route(query, turns)
        n = len(questions)
        counts = _count(lambda: [router.route(query, turns) for query, turns in questions])
        unit = "a route"
    else:
        from anamnesis.understanding.rules import RulesBackend
        from benchmarks.rules_throughput import synthetic_fragments

        n = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
        fragments = synthetic_fragments(n, 0)
        backend = RulesBackend()
        list(backend.understand(synthetic_fragments(300, 5)))
        counts = _count(lambda: [None for _ in backend.understand(fragments)])
        unit = "a fragment"
    print(f"bytecodes {unit}: {sum(counts.values()) / n:,.0f}")
    for (file, function), count in counts.most_common(top):
        print(f"{count / n:9.1f}  {file} {function}")


if __name__ == "__main__":
    main()
