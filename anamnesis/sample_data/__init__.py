"""The sample exports bundled with the package: the default input of ``anamnesis backfill``."""

from pathlib import Path

SAMPLE_EXPORTS = Path(__file__).parent / "exports"
