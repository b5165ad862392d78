"""What the summary prompt of the ``openai`` backend returns: one short line."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

#: Longest summary accepted from a model (the prompt asks for 40 words).
MAX_SUMMARY_CHARS = 600


class SummaryOutput(BaseModel):
    """``{"summary": "..."}``: a session's health content in one line of English."""

    model_config = ConfigDict(extra="forbid")

    summary: str = Field(min_length=1, max_length=MAX_SUMMARY_CHARS)
