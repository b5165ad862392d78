"""Embeddings from any OpenAI-compatible server (``ANAMNESIS_EMBEDDINGS=openai``)."""

from __future__ import annotations

import numpy as np
import openai

from anamnesis.config import Settings
from anamnesis.embeddings.base import l2_normalise
from anamnesis.openai_retry import RetryPolicy

#: Inputs per request: well under every server's limit, few enough round trips for a backfill.
BATCH_SIZE = 256


class OpenAIEmbedder:
    """The embeddings API of ``OPENAI_BASE_URL`` with ``ANAMNESIS_EMBEDDING_MODEL``."""

    def __init__(self, settings: Settings) -> None:
        if not settings.embedding_model:
            raise ValueError("ANAMNESIS_EMBEDDINGS=openai needs ANAMNESIS_EMBEDDING_MODEL (the model name)")
        self._model = settings.embedding_model
        self._client = openai.OpenAI(
            base_url=settings.openai_base_url,
            api_key=settings.openai_api_key or "not-needed",
            timeout=settings.llm_timeout_s,
            max_retries=0,  # anamnesis.openai_retry is the one policy
        )
        self._retry = RetryPolicy.from_settings(settings)
        self._dim: int | None = None

    @property
    def name(self) -> str:
        return f"openai:{self._model}"

    @property
    def dim(self) -> int:
        """The model's dimension, learned from its first answer (one probe call if none yet)."""
        if self._dim is None:
            self.embed(["dimension probe"])
        assert self._dim is not None
        return self._dim

    def warm_up(self) -> None:
        """Nothing to load: the model lives on the server."""

    def embed(self, texts: list[str]) -> np.ndarray:
        rows: list[list[float]] = []
        for start in range(0, len(texts), BATCH_SIZE):
            batch = texts[start : start + BATCH_SIZE]
            response = self._retry.call(
                lambda batch=batch: self._client.embeddings.create(model=self._model, input=batch), what="embeddings"
            )
            ordered = sorted(response.data, key=lambda item: item.index)
            if len(ordered) != len(batch):
                raise RuntimeError(f"embeddings server returned {len(ordered)} vectors for {len(batch)} inputs")
            rows.extend(item.embedding for item in ordered)
        if not rows:
            return np.empty((0, self._dim or 0), dtype=np.float32)
        vectors = l2_normalise(np.asarray(rows, dtype=np.float32))
        self._dim = vectors.shape[1]
        return vectors
