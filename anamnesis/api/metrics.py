"""``GET /metrics`` in Prometheus text format (``prometheus-client``), one registry per app.

Labels are the route *template* (``/v1/users/{user_path:path}/facts``), the method and the
status: never a user id, a fact id or a query. Cache and warehouse figures are read from the
reader when Prometheus scrapes, so the request path pays nothing for them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

#: Latency buckets (seconds) around the read path's few milliseconds.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class ApiMetrics:
    """The request counters and latency histograms of one app."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "anamnesis_http_requests", "Requests answered, by route template, method and status.",
            ["route", "method", "status"], registry=self.registry,
        )
        self.latency = Histogram(
            "anamnesis_http_request_duration_seconds", "Time to answer a request, by route template and method.",
            ["route", "method"], buckets=BUCKETS, registry=self.registry,
        )

        # Labelled children by (route, method, status): ``labels()`` costs more than the update.
        self._children: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    def observe(self, route: str, method: str, status: int, seconds: float) -> None:
        key = (route, method, status)
        children = self._children.get(key)
        if children is None:
            children = self._children[key] = (
                self.requests.labels(route, method, str(status)), self.latency.labels(route, method)
            )
        children[0].inc()
        children[1].observe(seconds)


class _ReaderCollector(Collector):
    """Facts-cache hits and misses and the warehouse generation, read at scrape time."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader

    def collect(self) -> Iterator[CounterMetricFamily | GaugeMetricFamily]:
        cache = CounterMetricFamily(
            "anamnesis_facts_cache_lookups", "Lookups of a user's current facts in the server's cache.",
            labels=["result"],
        )
        cache.add_metric(["hit"], self.reader.cache_hits)
        cache.add_metric(["miss"], self.reader.cache_misses)
        yield cache
        yield CounterMetricFamily(
            "anamnesis_warehouse_generations_opened",
            "Warehouse files opened by this server (one more after each backfill or forget).",
            value=self.reader.generations_opened,
        )
        try:
            mtime = os.stat(self.reader.path).st_mtime
        except FileNotFoundError:
            mtime = 0.0
        yield GaugeMetricFamily(
            "anamnesis_warehouse_generation_timestamp_seconds",
            "Modification time of the warehouse file now served (0: none built yet).", value=mtime,
        )


def add_metrics(app: FastAPI, reader: Any, dependencies: list[Any] | None = None) -> ApiMetrics:
    """Serve ``/metrics`` for ``app`` and return the metrics its access middleware feeds."""
    metrics = ApiMetrics()
    metrics.registry.register(_ReaderCollector(reader))

    @app.get("/metrics", include_in_schema=False, dependencies=dependencies or [])
    def prometheus_metrics() -> Response:
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    return metrics
