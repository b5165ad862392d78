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
    "conflicts": "Contradictions, open until clarified (e.g. 'no allergies' after a penicillin allergy).",
    "measurements": "Lab results and vital signs the user reported: one row per reading (blood pressure is two).",
    "resolutions": "Input written by people: how a conflict was clarified (replayed by the fold).",
    "corrections": "Input written by reviewers: a correction or retraction of one fact (replayed by the fold).",
    "session_summaries": "A short summary of each session's health content, every N user turns and at its last turn.",
    "llm_usage": "What each run's LLM calls cost: one row per run and task (classifier, each section); counts only.",
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
    "conflict_id": "Stable id of one conflict: a hash of user, fact and the later message.",
    "note": "Why, in the words of the person who wrote it.",
    "reviewer": "Who wrote it (a clinician's or support person's name), as given.",
    "created_at": "When the input was recorded (UTC).",
    "source": "Where the event came from: dialogue, clarification (a resolved conflict) or review (a correction).",
    "source_ref": "The resolution_id or correction_id behind a clarification or review event; NULL for dialogue.",
    "confidence": "How far the fact can be relied on, in [0, 1] (rule in the README: statement 0.8, answer 0.6, ...).",
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
        "status": "open until a clarification resolves it, then resolved.",
        "resolved_at": "When the clarification was recorded (UTC); NULL while open.",
        "resolution": "earlier_stands or later_stands; NULL while open.",
        "earlier_status": "The status the earlier statement gave the fact.",
        "later_status": "The status the later, contradicting statement would give.",
        "later_entity": "The entity the later statement names ('*' for a section-wide denial).",
        "earlier_valid_from": "When the earlier statement was made (UTC).",
        "later_valid_from": "When the later statement was made (UTC).",
    },
    "measurements": {
        "measurement_id": "Stable id of one reading: a hash of user, message, test and position.",
        "test": "Canonical English test name, lower case (alanine aminotransferase, hba1c, ...).",
        "code": "LOINC code of the test (LOINC:1742-6), NULL when unknown.",
        "value": "The reading in the test's canonical UCUM unit; NULL when only a judgement was said.",
        "unit": "UCUM unit of value (U/L, %, mmol/L, mm[Hg], /min).",
        "flag": "high, low, normal or abnormal: the user's own judgement, else from the range; NULL when unknown.",
        "flag_source": "Where flag comes from: user (said so), reference (the range given) or typical (adult range).",
        "original_value": "The value as the user gave it, before unit conversion.",
        "original_unit": "The unit as the user gave it (UCUM), before conversion.",
        "reference_low": "Lower end of a reference range the user quoted, in unit; NULL when none.",
        "reference_high": "Upper end of a reference range the user quoted, in unit; NULL when none.",
        "mention": "The words the reading was read from.",
        "dated": "True when the user said when the test was done (valid_from is that date, not the message time).",
        "valid_from": "When the reading was taken: the date said, else the message time (UTC).",
    },
    "resolutions": {
        "resolution_id": "Stable id of one clarification.",
        "outcome": "earlier_stands or later_stands.",
        "source": "Who clarified: user or clinician.",
    },
    "corrections": {
        "correction_id": "Stable id of one correction.",
        "change": "JSON of what the reviewer changed: status, entity, attributes, or retract.",
    },
    "session_summaries": {
        "summary_id": "Stable id of one summary: xxh3-128 of user, session and through_message_id.",
        "session_id": "The chat session summarized (as in the exports).",
        "through_message_id": "The user message the summary runs through (from the session's start).",
        "user_turns": "User turns of the session up to and including through_message_id.",
        "summary": "What the session held of the user's health, in English; 'No health details discussed.' if none.",
        "valid_from": "Timestamp of through_message_id (UTC).",
        "source": "Who wrote it: rules-<version>, or openai:<model>:<summary prompt version>.",
        "fact_ids": "The facts (fact_id) the summarized span's events touched, in the order first said.",
    },
    "llm_usage": {
        "run_id": "The Dagster run that made the calls.",
        "task": "classifier, or the section an extractor call read (medications, ..., measurements).",
        "mode": "sync (Chat Completions) or batch (the Batch API, at its discount).",
        "calls": "Requests sent to the server for this task (retries and batch items included).",
        "cache_hits": "Answers taken from the response cache instead of a request.",
        "prompt_tokens": "Prompt (input) tokens the server reported for these calls.",
        "completion_tokens": "Completion (output) tokens the server reported for these calls.",
        "estimated_cost_usd": "The tokens at the config's price of model (llm_prices), batch discount applied; "
        "NULL when the model has no price.",
        "model": "The model the calls went to.",
        "created_at": "When the run recorded the row (UTC).",
    },
    "retention_policy": {"retention_days": "Days after last_seen at which the section's facts decay; NULL: never."},
}


def column_doc(relation: str, column: str) -> str | None:
    """The description of ``relation.column``, or None if it has none."""
    return COLUMNS.get(relation, {}).get(column) or COMMON.get(column)
