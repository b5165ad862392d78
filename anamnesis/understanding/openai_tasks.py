"""The calls the ``openai`` backend makes: each task's prompt, strict response schema and schema identity.

A task's ``schema_id`` (its name and a digest of its JSON schema) is part of every cache key and
of the backend's fingerprint, so a changed response model asks again instead of reusing answers.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from anamnesis.understanding.prompts import Prompt

CLASSIFIER_SCHEMA = "classifier"


def extractor_schema_name(section: str) -> str:
    return f"extract_{section}"


def response_format(name: str, model: type[BaseModel]) -> dict[str, Any]:
    """The strict ``json_schema`` response format for one response model."""
    return {
        "type": "json_schema",
        "json_schema": {"name": name, "strict": True, "schema": model.model_json_schema()},
    }


@dataclass(frozen=True, slots=True)
class Task:
    """One kind of call: its prompt, its response model and format, its schema's identity."""

    name: str
    prompt: Prompt
    model: type[BaseModel]
    response_format: dict[str, Any]
    schema_id: str

    @classmethod
    def build(cls, name: str, prompt: Prompt, model: type[BaseModel]) -> Task:
        fmt = response_format(name, model)
        schema = json.dumps(fmt["json_schema"]["schema"], sort_keys=True)
        digest = hashlib.sha256(schema.encode("utf-8")).hexdigest()[:12]
        return cls(name=name, prompt=prompt, model=model, response_format=fmt, schema_id=f"{name}:{digest}")
