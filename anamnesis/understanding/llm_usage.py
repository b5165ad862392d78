"""What the LLM costs: calls, cache hits and tokens per task, and their price from the config's table.

The ``openai`` backend counts every call and cache hit here, per task (``classifier`` or a
section); a run appends its counts to ``lake/llm_usage.parquet`` (the warehouse's ``llm_usage``),
shows them in the ``backfill`` summary and in the understanding asset's Dagster metadata.
The totals of :class:`~anamnesis.understanding.backend.BackendStats` are kept by the same calls,
so there is one count of each thing.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass
from datetime import datetime

import polars as pl

from anamnesis.config import Settings
from anamnesis.storage.atomic import read_parquet, write_parquet
from anamnesis.storage.lake import Lake
from anamnesis.understanding.backend import BackendStats
from schemas.frames import LLMUsage, polars_schema

USAGE_SCHEMA = polars_schema(LLMUsage)


def task_of(schema_name: str) -> str:
    """``classifier`` or the section a call extracts (``extract_allergies`` → ``allergies``)."""
    return schema_name.removeprefix("extract_")


@dataclass(slots=True)
class TaskUsage:
    """One task's counts in one run."""

    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


class UsageLedger:
    """Thread-safe counts per task; every call also adds to the backend's totals (``stats``)."""

    def __init__(self, stats: BackendStats) -> None:
        self.stats = stats
        self._tasks: dict[str, TaskUsage] = {}
        self._lock = threading.Lock()

    def call(self, schema_name: str, prompt_tokens: int = 0, completion_tokens: int = 0) -> None:
        """One request sent (tokens as the server reported them, 0 when it reports none)."""
        with self._lock:
            usage = self._tasks.setdefault(task_of(schema_name), TaskUsage())
            usage.calls += 1
            usage.prompt_tokens += prompt_tokens
            usage.completion_tokens += completion_tokens
            self.stats.calls += 1
            self.stats.prompt_tokens += prompt_tokens
            self.stats.completion_tokens += completion_tokens

    def hit(self, schema_name: str) -> None:
        """One answer taken from the response cache instead of a request."""
        with self._lock:
            self._tasks.setdefault(task_of(schema_name), TaskUsage()).cache_hits += 1
            self.stats.cache_hits += 1

    def tasks(self) -> dict[str, TaskUsage]:
        """A copy of the counts, by task name."""
        with self._lock:
            return {name: TaskUsage(**asdict(u)) for name, u in sorted(self._tasks.items())}


def estimated_cost(
    settings: Settings, model: str, mode: str, prompt_tokens: int, completion_tokens: int
) -> float | None:
    """USD for these tokens at the config's price of ``model``; None for a model not in the table.

    Batch requests (and a dry run's estimate of a batch run) get ``llm_batch_discount`` off.
    """
    price = settings.llm_prices.get(model)
    if price is None:
        return None
    full = (prompt_tokens * price.input_per_1m + completion_tokens * price.output_per_1m) / 1_000_000
    return full * (1 - settings.llm_batch_discount) if mode == "batch" else full


def usage_rows(
    tasks: dict[str, TaskUsage], settings: Settings, *, model: str, mode: str, run_id: str, now: datetime
) -> list[dict[str, object]]:
    """One ``llm_usage`` row per task, with its estimated cost."""
    return [
        {
            "run_id": run_id,
            "task": name,
            "mode": mode,
            **asdict(usage),
            "estimated_cost_usd": estimated_cost(settings, model, mode, usage.prompt_tokens, usage.completion_tokens),
            "model": model,
            "created_at": now,
        }
        for name, usage in tasks.items()
    ]


def run_usage(backend: object, settings: Settings, *, run_id: str, now: datetime) -> list[dict[str, object]]:
    """The ``llm_usage`` rows of a backend's run so far; none for a backend that calls no LLM."""
    ledger = getattr(backend, "usage", None)
    if not isinstance(ledger, UsageLedger):
        return []
    model, mode = str(getattr(backend, "model", "")), str(getattr(backend, "mode", "sync"))
    return usage_rows(ledger.tasks(), settings, model=model, mode=mode, run_id=run_id, now=now)


def combine_usage(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """One row per (run, task, mode, model) from the rows of several shards' backends of one run.

    Prices are linear in tokens, so the sum of the shards' costs is the cost of the summed tokens.
    """
    combined: dict[tuple[object, ...], dict[str, object]] = {}
    for row in rows:
        key = (row["run_id"], row["task"], row["mode"], row["model"])
        if (into := combined.get(key)) is None:
            combined[key] = dict(row)
            continue
        for name in ("calls", "cache_hits", "prompt_tokens", "completion_tokens"):
            into[name] = int(into[name]) + int(row[name])  # type: ignore[call-overload]
        if isinstance(cost := row["estimated_cost_usd"], int | float):
            into["estimated_cost_usd"] = float(into["estimated_cost_usd"] or 0.0) + cost  # type: ignore[arg-type]
    return sorted(combined.values(), key=lambda r: str(r["task"]))


def ensure_usage(lake: Lake) -> None:
    """An empty ``llm_usage`` file where no run wrote one yet (the warehouse copies it)."""
    if not lake.llm_usage.exists():
        lake.llm_usage.parent.mkdir(parents=True, exist_ok=True)
        write_parquet(pl.DataFrame(schema=USAGE_SCHEMA), lake.llm_usage)


def append_usage(lake: Lake, rows: list[dict[str, object]]) -> None:
    """Append one run's rows; the caller (the understanding asset) holds the home's writer lock."""
    if not rows:
        return
    ensure_usage(lake)
    frame = pl.concat([read_parquet(lake.llm_usage, USAGE_SCHEMA), pl.DataFrame(rows, schema=USAGE_SCHEMA)])
    LLMUsage.validate(frame)
    write_parquet(frame, lake.llm_usage)


def total_cost(rows: list[dict[str, object]]) -> float | None:
    """The sum of the rows' estimated costs; None when no row has a price."""
    costs = [float(c) for r in rows if isinstance(c := r.get("estimated_cost_usd"), int | float)]
    return sum(costs) if costs else None
