"""Embeddings behind one interface: offline USE (default) or an OpenAI-compatible server."""

from __future__ import annotations

from anamnesis.config import Settings
from anamnesis.embeddings.base import Embedder, l2_normalise
from anamnesis.embeddings.cache import EmbeddingCache, text_hash
from anamnesis.embeddings.use import USEEmbedder

__all__ = ["Embedder", "EmbeddingCache", "USEEmbedder", "l2_normalise", "make_embedder", "text_hash"]


def make_embedder(settings: Settings) -> Embedder:
    """The embedder named by ``ANAMNESIS_EMBEDDINGS``: ``use`` (offline default) or ``openai``."""
    if settings.embeddings == "openai":
        from anamnesis.embeddings.openai_embedder import OpenAIEmbedder

        return OpenAIEmbedder(settings)
    return USEEmbedder()
