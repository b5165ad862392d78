"""The signs of an episode are that episode's, not symptoms of their own.

"前天半夜低血糖了一次，手抖出冷汗" is one hypo, not a hypo, a tremor and sweating; "a couple, shaky
and sweaty" to "Do you get any hypos?" tells the hypos by their signs. Which symptoms are the signs
of which episode is data (``data/episode_signs.tsv``).
"""

from __future__ import annotations

from functools import cache

from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.lexicon import EPISODES_FILE
from anamnesis.understanding.rules.reading import Message


@cache
def _episode_of() -> dict[str, str]:
    """Sign canonical → the episode it is a sign of."""
    rows = read_rows(EPISODES_FILE, ("episode", "signs"))
    return {sign: row["episode"] for _, row in rows for sign in row["signs"].split("|")}


def signs_of_episodes(msg: Message) -> None:
    """Signs of an episode the message names, or the assistant's question asks about, go into
    that episode: dropped beside it, or read as it when the answer tells it only by its signs."""
    episode_of = _episode_of()
    if not any(f.section == "symptoms" and f.entity in episode_of for f in msg.facts):
        return
    named = {f.entity for f in msg.facts if f.section == "symptoms"}
    asked = {entity for section, entity in msg.asked.items if section == "symptoms"} if msg.asked else set()
    kept: list[Fact] = []
    for f in msg.facts:
        episode = episode_of.get(f.entity) if f.section == "symptoms" else None
        if episode is not None and episode in named:
            continue
        if episode is not None and episode in asked:
            f.entity = episode
            named.add(episode)
        kept.append(f)
    msg.facts[:] = kept
