"""The prompt set of the ``openai`` backend: plain files, versioned by the hash of their text.

The bundled set lives in ``anamnesis/prompts/``; ``ANAMNESIS_PROMPTS`` names a directory that
replaces it as a whole, so a missing file there is an error rather than a silent fallback to a
bundled prompt of another version.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from schemas.sections import SECTIONS

BUNDLED_PROMPTS_DIR = Path(__file__).resolve().parent.parent / "prompts"
CLASSIFIER_FILE = "classifier.md"


class MissingPromptError(FileNotFoundError):
    """A prompt directory lacks one of the files the backend needs."""


def prompt_version(text: str) -> str:
    """A short, stable hash of a prompt's text: changing the text changes the version."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class Prompt:
    """One prompt file's text and version."""

    path: Path
    text: str
    version: str


@dataclass(frozen=True, slots=True)
class PromptSet:
    """The classifier prompt and one extractor prompt per section."""

    directory: Path
    classifier: Prompt
    extractors: dict[str, Prompt]


def extractor_file(section: str) -> str:
    return f"extract/{section}.md"


def _read(directory: Path, relative: str) -> Prompt:
    path = directory / relative
    if not path.is_file():
        raise MissingPromptError(f"prompt directory {directory}: missing {relative}")
    text = path.read_text(encoding="utf-8")
    if not text.strip():
        raise MissingPromptError(f"prompt directory {directory}: {relative} is empty")
    return Prompt(path=path, text=text, version=prompt_version(text))


MEASUREMENTS_FILE = "extract/measurements.md"


def load_measurements_prompt(directory: Path | None = None) -> Prompt:
    """The measurements extractor's prompt (CONTRACT §7.3), from the same directory as the rest."""
    return _read(Path(directory) if directory is not None else BUNDLED_PROMPTS_DIR, MEASUREMENTS_FILE)


SUMMARY_FILE = "summary.md"


def load_summary_prompt(directory: Path | None = None) -> Prompt:
    """The session summary prompt (:mod:`anamnesis.summaries`), from the same directory as the rest."""
    return _read(Path(directory) if directory is not None else BUNDLED_PROMPTS_DIR, SUMMARY_FILE)


def load_prompts(directory: Path | None = None) -> PromptSet:
    """Load the set from ``directory`` (e.g. ``Settings.prompts_dir``) or the bundled one."""
    root = Path(directory) if directory is not None else BUNDLED_PROMPTS_DIR
    if not root.is_dir():
        raise MissingPromptError(f"prompt directory {root} does not exist")
    return PromptSet(
        directory=root,
        classifier=_read(root, CLASSIFIER_FILE),
        extractors={s: _read(root, extractor_file(s)) for s in SECTIONS},
    )
