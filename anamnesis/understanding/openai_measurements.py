"""When the ``openai`` backend asks its measurements extractor, and under which schema name.

The classifier routes to the eleven fact sections only; measurements are asked for separately,
and only for a message that names a test, an organ panel or a blood pressure reading in the
catalogue's three languages (``anamnesis.measurements.catalog``), so a chat about a headache
costs no extra call. The answer is the strict :class:`schemas.measurements.MeasurementsOutput`.
"""

from __future__ import annotations

import re

from anamnesis.measurements.catalog import load_catalog

MEASUREMENTS_SCHEMA = "extract_measurements"
_PRESSURE = re.compile(r"\bblood pressure\b|\bbp\b|давлени|\bад\b|血压|\d{2,3}\s*/\s*\d{2,3}", re.IGNORECASE)


def mentions_measurements(text: str) -> bool:
    """Whether ``text`` may report a reading (a test named, or a blood pressure)."""
    return bool(_PRESSURE.search(text)) or bool(load_catalog().find(text))
