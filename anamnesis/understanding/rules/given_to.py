"""A medicine the user gives to someone else: "i gave him calpol", "я даю ей нурофен".

The user is the grammatical subject, but the medicine goes into the other person, so the
clause is about whoever receives it, and the drug is no fact of the user's (CONVENTIONS: a
drug given to a child is no event). Chinese says it with 给 before the receiver, which
``segment._zh_for_another`` reads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from anamnesis.understanding.rules.clause_cuts import is_relative
from anamnesis.understanding.rules.lexicon import Lex

Hit = tuple[int, int, Lex]

#: Right after the user's "i": a verb of giving, then the receiver, an object pronoun (group 1),
#: which no cue names, or "my" / "our" before the relative or person the next cue names.
_EN_GIVES = re.compile(
    r"\s+(?:(?:just|also|then|already|have|had|'ve|ve|usually|always|sometimes)\s+)*"
    r"(?:gave|give|giving|given|gives)\s+(?:(him|her|them|the (?:baby|kids?|little one|little ones))\b|(?:my|our)\s)"
)
#: Right after "я": a verb of giving or giving to drink ("даю", "дала", "поила"); the receiver is
#: the next cue ("ему", "ей", "сыну", "ребёнку").
_RU_GIVES = re.compile(
    r"\s+(?:(?:сама?|тоже|ещё|еще|уже|сейчас|теперь|вчера|сегодня|только)\s+)*"
    r"(?:даю|даём|даем|дала?|давала?|давали|дадим|дам|пою|поила?|напоила?)\s+"
)
#: The cue categories of a receiver: a pronoun of the third person, someone not of the family.
_RECEIVERS = frozenset({"third", "person"})

#: What :func:`given_to` says: the receiver is a pronoun no cue names, or the next cue.
PRONOUN = "pronoun"
NAMED = "named"


def given_to(norm: str, hits: Sequence[Hit], n: int, lang: str) -> str | None:
    """Whether the user's "i" / "я" at ``hits[n]`` gives something to another person: ``PRONOUN``
    ("i gave him calpol": the person spoken of before), ``NAMED`` (the next cue is the receiver:
    "i gave my son nurofen", "я даю ему зиртек"), ``None`` when the user does not give."""
    end = hits[n][1]
    if lang == "en":
        m = _EN_GIVES.match(norm, end)
        if m is None:
            return None
        if m.group(1):
            return PRONOUN
    elif lang == "ru":
        m = _RU_GIVES.match(norm, end)
        if m is None:
            return None
    else:
        return None
    if n + 1 >= len(hits):
        return None
    start, _, lex = hits[n + 1]
    if start - m.end() > 1:  # the receiver stands right after the verb (and "my")
        return None
    return NAMED if lex.cat in _RECEIVERS or is_relative(lex) else None
