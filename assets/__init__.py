"""Dagster assets: orchestration of the pure logic in ``anamnesis``, one folder per stage."""

import warnings

import dagster as dg

# Single-run backfills over partition ranges are what nightly ingest needs; the API is marked beta.
warnings.filterwarnings("ignore", category=dg.BetaWarning)
warnings.filterwarnings("ignore", category=dg.PreviewWarning)
