"""A denial of a noun no term names stays with that noun: "кашляю, крови нет", "stings when I pee, no blood".

A denial finds what it denies among the clause's mentions; when the word it governs is a noun of
its own that no term names ("крови", "blood", "problems"), it denies that noun and reaches no
mention across the pause before it: the cough and the stinging are there. (What the noun itself
says is another module's business: ``named_by_site`` names "no blood" by its site.)

- Russian puts the denial after its noun: "<noun> нет", "<noun> не было", with a pause (comma,
  dash) between the noun and every mention before it;
- English puts "no" before its noun: "no <noun>", with no mention after it in its phrase.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention

#: A Russian denial after what it denies: "крови нет", "крови не было".
_RU_POSTPOSED = re.compile(r"(?:нет|нету|не было)(?![а-я])")
#: The Russian word right before the denial.
_RU_WORD_BEFORE = re.compile(r"([а-я]+)\s*$")
#: Russian words before a postposed "нет" that are no noun of their own: when, how much, how sure.
_RU_NO_NOUN = frozenset(
    "тоже также уже больше еще пока сейчас теперь давно совсем вообще точно вроде кажется почти особо"
    " сегодня вчера утром днем вечером ночью никогда практически такого этого того ничего их его ее"
    " меня у там тут здесь ну да а и но вот".split()
)
#: An English "no" and the word it governs.
_EN_NO_WORD = re.compile(r"no\s+([a-z]+)\b")
#: Words after "no" that are no noun of their own ("no more", "no longer" end what was named).
_EN_NO_NOUN = frozenset({"more", "longer", "and", "or", "not", "never", "no", "nope", "thanks", "thank", "i"})
#: A pause between two phrases of a clause.
_PAUSE = re.compile(r"[,;:.!?—–]|\s-\s")


def denies_its_own_noun(norm: str, s: int, mentions: list[Mention]) -> bool:
    """The denial cue at ``s`` governs a noun that no mention covers, and so no mention."""
    if _RU_POSTPOSED.match(norm, s):
        m = _RU_WORD_BEFORE.search(norm, 0, s)
        if m is None or m.group(1) in _RU_NO_NOUN or _covered(m.start(), mentions):
            return False
        before = [x for x in mentions if x.end <= m.start()]
        return bool(before) and _PAUSE.search(norm, max(x.end for x in before), m.start()) is not None
    m = _EN_NO_WORD.match(norm, s)
    if m is None or m.group(1) in _EN_NO_NOUN or _covered(m.start(1), mentions):
        return False
    pause = _PAUSE.search(norm, m.end())
    stop = pause.start() if pause is not None else len(norm)
    return not any(m.end() <= x.start < stop for x in mentions)


def _covered(pos: int, mentions: list[Mention]) -> bool:
    return any(x.start <= pos < x.end for x in mentions)
