"""Importing this module loads the offline embedder's model: a forkserver imports it once
(:mod:`anamnesis.worker_server`) and every embedding worker forked from it starts with the model."""

from __future__ import annotations

from anamnesis.embeddings.use import USEEmbedder

USEEmbedder().warm_up()
