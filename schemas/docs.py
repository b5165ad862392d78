"""What every warehouse relation and column means: the one text behind ``COMMENT ON`` in the
warehouse (so ``DESCRIBE`` and the DuckDB UI explain them) and the Dagster column schemas.

A column used by several relations is described once in :data:`COMMON` and may be overridden
per relation.
"""

from __future__ import annotations

RELATIONS: dict[str, str] = {
    "messages": "Clean, deduplicated input messages: the newest version of each (user_id, message_id).",
    "quarantine": "Export lines that broke the input contract, kept with the reason and the raw line.",
    "supersessions": "Messages re-exported with other content: the older and the newer version.",
    "extracted_events": "Every validated event the backend proposed, before reconciliation.",
    "rejects": "Proposals that failed validation and fragments the backend could not read, with the reason.",
    "fact_events": "The append-only history: one row per event that touched a fact, in message time.",
    "fact_state": "Each fact's latest state as the fold left it (facts_current adds decay and typed values).",
    "facts_current": "One row per fact with its latest state; decayed is computed at query time.",
    "conflicts": "Contradictions waiting for clarification (e.g. 'no allergies' after a penicillin allergy).",
    "retention_policy": "Days after last_seen at which a section's facts count as decayed (NULL: never).",
}

COMMON: dict[str, str] = {
    "user_id": "The user's id exactly as in the exports.",
    "message_id": "The message's id within its user (identity is (user_id, message_id)).",
    "fact_id": "Stable id of one (user, section, entity) fact: xxh3-128 of the three.",
    "event_id": "Stable id of one fact event: xxh3-128 of fact_id, source message and extractor version.",
    "section": "One of the eleven memory sections (medications, allergies, ...).",
    "entity": "Canonical English name of the thing the fact is about; '*' for the whole section.",
    "status": "The fact's status; the allowed values depend on the section (active, stopped, confirmed_absent, ...).",
    "attributes": "JSON of the fact's attributes as said (dose, frequency, value, relation, mention, codes).",
    "valid_from": "When the state began: the timestamp of the source message (UTC), never the run time.",
    "recorded_at": "When a run first recorded this row (UTC); unchanged by re-runs.",
    "source_message_id": "The message that set this state.",
    "extractor_version": "Backend and rules/prompt version that proposed the event.",
    "first_seen": "Timestamp of the first message that mentioned the fact (UTC).",
    "last_seen": "Timestamp of the last message that mentioned the fact (UTC).",
    "source_file": "The export file the line came from.",
    "line_no": "1-based line number in source_file (0 when the file itself could not be read).",
    "export_day": "The export day (ingest partition) of source_file: YYYY-MM-DD.",
    "reason": "Why the row is here, in words.",
    "change_type": "first_mention, confirmation, change or negation (see the README).",
    "decayed": "True when last_seen is older than the section's retention window (computed at query time).",
    "dose_value": "The dose as a number (e.g. 30 for '30 mg'); NULL when no dose or not numeric.",
    "dose_unit": "The dose's unit as said, lower case (mg, ml, iu, ...); NULL when none.",
    "value_number": "A demographics/lifestyle value as a number when it is one (age 61, weight 82.5); else NULL.",
}

COLUMNS: dict[str, dict[str, str]] = {
    "messages": {
        "session_id": "The chat session the message belongs to.",
        "ts": "When the message was sent (UTC).",
        "role": "user or assistant.",
        "text": "The message text (medical data: never logged).",
        "lang": "Language tag from the export, if any.",
        "content_hash": "Hash of the message content; a new hash for the same id is a supersession.",
    },
    "quarantine": {"raw": "The raw line as read (truncated), for debugging the export."},
    "supersessions": {
        "old_content_hash": "content_hash of the replaced version.",
        "new_content_hash": "content_hash of the version kept.",
        "old_source_file": "Export file of the replaced version.",
        "new_source_file": "Export file of the version kept.",
    },
    "extracted_events": {
        "event_index": "Position of the event among those proposed for the message.",
        "valid_from": "Timestamp of the message the event was read from (UTC).",
    },
    "rejects": {"proposal": "The rejected proposal as JSON, or the fragment's failure."},
    "conflicts": {
        "source_message_id": "The message that set the fact now contradicted.",
        "conflicting_message_id": "The message that contradicts it.",
        "detected_at": "When a run first detected the conflict (UTC).",
    },
    "retention_policy": {"retention_days": "Days after last_seen at which the section's facts decay; NULL: never."},
}


def column_doc(relation: str, column: str) -> str | None:
    """The description of ``relation.column``, or None if it has none."""
    return COLUMNS.get(relation, {}).get(column) or COMMON.get(column)
