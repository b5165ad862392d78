"""Progress for unattended runs (stderr piped to a file, cron, a container log).

Where the rich display draws nothing (no terminal), this writes one plain log line when a stage
starts and when it ends, and one per running stage every ``interval_s`` seconds: stage,
done/total, rate and ETA. Only counts are logged, never message text or user ids.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from types import TracebackType

log = logging.getLogger("anamnesis.progress")


@dataclass(slots=True)
class _Stage:
    started: float
    done: int = 0
    total: int | None = None
    finished: bool = False


class LineProgress:
    """A progress callback (``CallbackProgress``) that logs lines instead of drawing a bar."""

    def __init__(self, interval_s: float = 30.0) -> None:
        self.interval_s = interval_s
        self._stages: dict[str, _Stage] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker = threading.Thread(target=self._tick, name="progress-lines", daemon=True)

    def __enter__(self) -> LineProgress:
        self._ticker.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop.set()
        self._ticker.join(timeout=5)

    def update(self, stage: str, done: int, total: int | None = None) -> None:
        with self._lock:
            state = self._stages.get(stage)
            if state is None:
                state = self._stages[stage] = _Stage(started=time.monotonic(), done=done, total=total)
                self._emit("start", stage, state)
            state.done, state.total = done, total
            if total is not None and done >= total and not state.finished:
                state.finished = True
                self._emit("done", stage, state)

    def _tick(self) -> None:
        started = time.monotonic()
        while not self._stop.wait(self.interval_s):
            with self._lock:
                running = [(stage, state) for stage, state in self._stages.items() if not state.finished]
                for stage, state in running:
                    self._emit("running", stage, state)
                if not running:  # between stages (a step that reports no counts): still a sign of life
                    last = next(reversed(self._stages), None)
                    log.info(
                        "working: %d stages done, last %s, elapsed %.0fs",
                        len(self._stages), last or "none", time.monotonic() - started,
                        extra={"event": "working", "stages_done": len(self._stages), "last_stage": last},
                    )

    @staticmethod
    def _emit(event: str, stage: str, state: _Stage) -> None:
        elapsed = max(time.monotonic() - state.started, 1e-9)
        rate = state.done / elapsed
        eta: float | None = None
        if state.total is not None and rate > 0:
            eta = max(state.total - state.done, 0) / rate
        total = "?" if state.total is None else str(state.total)
        eta_text = "?" if eta is None else f"{eta:.0f}s"
        log.info(
            "%s %s: %d/%s, %.1f/s, elapsed %.0fs, eta %s",
            stage, event, state.done, total, rate, elapsed, eta_text,
            extra={"stage": stage, "event": event, "done": state.done, "total": state.total,
                   "rate_per_s": round(rate, 2), "elapsed_s": round(elapsed, 1),
                   "eta_s": None if eta is None else round(eta, 1)},
        )
