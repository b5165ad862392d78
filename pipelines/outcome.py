"""What a finished run says: failed checks, the failing step, materialization metadata.

Only Dagster's public result and event API is read here (``get_asset_check_evaluations``,
``get_step_failure_events``, ``asset_materializations_for_node``).
"""

from __future__ import annotations

import dagster as dg

#: An in-process run's result, or a multiprocess one's (a sharded backfill).
RunResult = dg.ExecuteInProcessResult | dg.JobExecutionResult


def failed_checks(result: RunResult) -> list[str]:
    """``asset:check`` of every check that ran and did not pass, sorted."""
    return sorted(
        f"{e.asset_key.to_user_string()}:{e.check_name}" for e in result.get_asset_check_evaluations() if not e.passed
    )


def failure_detail(result: RunResult) -> tuple[str, str]:
    """One line (the first failed step and the last line of its root error) and the full account."""
    for event in result.get_step_failure_events():
        error = event.step_failure_data.error
        if error is not None:
            cause = error.cause or error
            return f"{event.step_key}: {_last_line(cause.message)}", error.to_string()
    return "the run failed without an error (see `dagster dev`)", ""


def _last_line(message: str) -> str:
    """``module.Error: text`` as ``Error: text``: the reason, without Dagster's framing."""
    line = message.strip().splitlines()[-1] if message.strip() else "unknown error"
    name, sep, text = line.partition(": ")
    return f"{name.rsplit('.', 1)[-1]}{sep}{text}" if sep and " " not in name else line


def materialization_metadata(result: RunResult) -> dict[str, dict[str, object]]:
    """Each materialized asset's metadata as plain values, by asset key."""
    out: dict[str, dict[str, object]] = {}
    for node in result.job_def.nodes:
        for mat in result.asset_materializations_for_node(node.name):
            out[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    return out
