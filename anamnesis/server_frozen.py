"""Imported last by the run's forkserver: everything it preloaded, out of the cyclic collector's passes.

The server's preload (the rules' vocabularies, MeSH's disease names, the embedding model, the
CLI; for a sharded run Dagster and the job) is millions of objects that live as long as the run.
Every worker forked from the server inherited them as its own oldest generation, so each full
collection in a rules worker walked them again (200,000 messages: 11 % of the rules workers' samples
were the collector, most of it over that preload) and wrote to their headers, copying their pages
out of the memory the workers share. Frozen here, before the server forks anyone, they are in no
worker's generations: the collector walks only what the worker itself allocated. The collector,
paused for the preload by the first one (:mod:`anamnesis.server_exit`), is on again for the workers.
"""

from __future__ import annotations

import gc

gc.freeze()
gc.enable()
