"""The languages the pipeline understands, spelled once (BCP 47 primary tags, CONTRACT §1 ``lang``)."""

from __future__ import annotations

from typing import Final

#: Every language with rules, terminology columns, gold dialogues and synthetic users.
LANGS: Final[tuple[str, ...]] = ("en", "ru", "zh")
