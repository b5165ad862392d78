"""Sharded stages: one Dagster step per user shard, then one step that merges their parts.

A stage after ingest is a graph-backed asset: ``user_shards`` fans out (``DynamicOut``) one
shard number per shard (``shards`` in the settings, ``backfill --shards N``), the stage's
shard op runs once per shard as its own step once the upstream asset is done (in parallel
under the multiprocess executor, or on other machines under dagster-celery / dagster-k8s), and
its merge op collects their counts, writes the lake's files
(:func:`anamnesis.storage.shards.merge_shards`) and then evaluates the asset's checks on them
(the asset's ``check_specs``): a failed blocking check fails the merge's step, so it still stops
everything downstream, and the checks cost no step of their own. After a night both handle only
the users it touched (:mod:`anamnesis.storage.night`). The fan-out itself needs nothing upstream,
so it is no step between one stage and the next: under the multiprocess executor each step's
process costs ~0.3 s of wall on a quiet machine, and the three fan-outs run while ingest does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import dagster as dg
import polars as pl

from anamnesis.storage.lake import Lake
from anamnesis.storage.night import touched_users
from anamnesis.storage.shards import Shard
from assets.resources import CallbackProgress, HomeResource, Progress

#: The ``ins`` of a stage's shard op: it starts after the stage's upstream asset (and its blocking
#: checks), which the fan-out does not wait for.
AFTER_UPSTREAM = {"upstream": dg.In(dg.Nothing)}


@dg.op(out=dg.DynamicOut(int), description="One output per user shard.")
def user_shards(home: HomeResource) -> Iterator[dg.DynamicOutput[int]]:
    for index in range(home.settings().shards):
        yield dg.DynamicOutput(index, mapping_key=f"shard_{index}")


@dataclass(frozen=True, slots=True)
class ShardDone:
    """What one shard's step hands its merge: its counts, and whether it redid only a night's users.

    The merge follows the steps' choice rather than choosing again: once a step wrote an output
    that was missing, the outputs look intact and a fresh choice would differ.
    """

    counts: Any  # the stage's counts dataclass
    night: bool
    metadata: dict[str, object] = field(default_factory=dict)
    usage: list[dict[str, object]] = field(default_factory=list)  # llm_usage rows of the shard's calls


def night_of(lake: Lake, parts: Sequence[ShardDone]) -> pl.Series | None:
    """The users the shards' steps redid (a night's), or ``None`` when they redid everyone."""
    return touched_users(lake) if parts[0].night else None


def shard(home: HomeResource, index: int, only: pl.Series | None) -> Shard:
    """Shard ``index`` of the run's shards, of it ``only`` these users (a night's) if given."""
    return Shard(index, home.settings().shards, only)


def shard_progress(progress: Progress, home: HomeResource, index: int) -> Progress:
    """``progress`` of shard ``index``: its stages named with the shard ("reconcile events [shard
    2/4]"), so each shard's step shows its own count, rate and ETA; unchanged with one shard."""
    count = home.settings().shards
    if count == 1:
        return progress
    return CallbackProgress(
        lambda stage, done, total: progress.update(f"{stage} [shard {index + 1}/{count}]", done, total)
    )


#: The merge op's output that is the stage's asset.
MERGED = "merged"


def merge_outs(checks: Sequence[dg.AssetCheckSpec]) -> dict[str, dg.Out]:
    """The outs of a stage's merge op: its asset (:data:`MERGED`, with the materialization's
    metadata), then one per check it evaluates, each filled by the op's ``AssetCheckResult``."""
    each = {c.get_python_identifier(): dg.Out(dg.Nothing, is_required=False) for c in checks}
    return {MERGED: dg.Out(dg.Nothing), **each}


def sharded_asset(
    *,
    name: str,
    upstream: dg.AssetsDefinition,
    work: dg.OpDefinition,
    merge: dg.OpDefinition,
    checks: Sequence[dg.AssetCheckSpec],
    group_name: str,
    description: str,
) -> dg.AssetsDefinition:
    """The asset ``name``: ``work`` on every shard after ``upstream``, then ``merge`` of their
    results, whose outs are :func:`merge_outs` of ``checks``."""

    def compose(upstream: None) -> dict[str, object]:
        merged = merge(user_shards().map(lambda index: work(index=index, upstream=upstream)).collect())
        outs = [c.get_python_identifier() for c in checks]
        return {"result": getattr(merged, MERGED), **{out: getattr(merged, out) for out in outs}}

    compose.__name__ = name
    return dg.graph_asset(
        compose,
        name=name,
        ins={"upstream": dg.AssetIn(key=upstream.key, dagster_type=dg.Nothing)},
        check_specs=checks,
        group_name=group_name,
        description=description,
    )
