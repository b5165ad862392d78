"""A home of this tree whose readings are another home's: the read path's data apart from its code.

    uv run python benchmarks/home_with_readings_of.py --readings /tmp/home378 --input EXPORTS --home OUT

Another tree's home (e.g. 378e698's, built by its own, smaller rules) cannot be served by this
tree's server: the warehouse and the memory tables changed shape since. Its understanding store
(``lake/understood.parquet``: each fragment's sections and events) can be: this script writes a
store for ``--home`` holding the other home's sections and events for every fragment key both
know (and this tree's own reading for the rest, taken from ``--like``, a home this tree built from
the same exports), stamped with this tree's rules fingerprint, then runs ``anamnesis backfill``
over ``--input``. Every fragment is then *reused*, not read again, so the fold, the warehouse and
the memory tables are this tree's, built from the other tree's facts. Serving that home with this
tree's server (``api_latency.py --home OUT``) against the other tree on its own home separates what
the larger home costs a request from what the code does.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readings", type=Path, required=True, help="the home whose readings to take")
    parser.add_argument("--like", type=Path, required=True, help="a home this tree built from the same exports")
    parser.add_argument("--input", type=Path, required=True, help="the exports both homes were built from")
    parser.add_argument("--home", type=Path, required=True, help="the home to build (must not exist)")
    args = parser.parse_args()

    import duckdb

    from anamnesis.understanding.rules import RulesBackend

    store = args.home / "lake" / "understood.parquet"
    store.parent.mkdir(parents=True)
    fingerprint = RulesBackend().fingerprint()
    ours, theirs = args.like / "lake" / "understood.parquet", args.readings / "lake" / "understood.parquet"
    con = duckdb.connect()
    con.execute(
        f"""copy (
            select o.fragment_key, o.user_id, ? as fingerprint,
                   coalesce(t.sections, o.sections) as sections, coalesce(t.events, o.events) as events,
                   o.rejects, o.understood_at, o.measurements
            from '{ours}' o left join '{theirs}' t using (fragment_key)
        ) to '{store}' (format parquet)""",
        [fingerprint],
    )
    taken, total = con.execute(
        f"select count(t.fragment_key), count(*) from '{ours}' o left join '{theirs}' t using (fragment_key)"
    ).fetchone()  # type: ignore[misc]
    print(f"{taken:,} of {total:,} fragments take {args.readings}'s reading (fingerprint {fingerprint})")
    subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(args.input), "--home", str(args.home)],
        check=True,
        cwd=ROOT,
    )


if __name__ == "__main__":
    main()
