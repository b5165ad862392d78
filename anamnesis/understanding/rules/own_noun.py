"""A denial of a noun no term names stays with that noun: "кашляю, крови нет", "no lows since".

A denial finds what it denies among the clause's mentions; when the word it governs is a noun of
its own that no term names ("крови", "blood", "lows", "spots"), it denies that noun and reaches no
mention across the pause before it: the cough is there, the insulin is still taken. (What the
noun itself says is another module's business: ``named_by_site`` names "no blood" by its site.)

- Russian puts the denial after its noun: "<noun> нет", "<noun> не было", with a pause (comma,
  dash) between the noun and every mention before it;
- English puts "no" (or "no more") before its noun: "no <noun>", with no term after it in its
  phrase ("no night hypos" still denies the hypos). A function word after it ("no i don't", "no
  just the inhaler", "no it's fine") leaves it the answer word it is.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Hit

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
#: An English "no" (or "no more") and the word after it (letters only: "no, ..." and "no 5 mg" are other things).
_EN_NO_WORD = re.compile(r"no (?:more )?([a-z][a-z'’]*)")
#: Words after an answer's "no" that are no noun of its own.
_EN_FUNCTION = frozenset(
    "i i'm im i've ive we it it's its that thats that's this not never one the a an my just only "
    "thanks thank sorry really way worries need nothing none neither nor but and or so because "
    "cause as since at all any to for of in on with more longer no nope".split()
)
#: Hits that name a thing of the user's ("no regular meds": the section noun).
_NAMING = frozenset({"section", "allergy", "pain", "compound"})
#: A pause between two phrases of a clause.
_PAUSE = re.compile(r"[,;:.!?—–]|\s-\s")


def denies_its_own_noun(norm: str, s: int, mentions: list[Mention], hits: list[Hit]) -> bool:
    """The denial cue at ``s`` governs a noun that no term names, and so no mention."""
    if _RU_POSTPOSED.match(norm, s):
        m = _RU_WORD_BEFORE.search(norm, 0, s)
        if m is None or m.group(1) in _RU_NO_NOUN or any(x.start <= m.start() < x.end for x in mentions):
            return False
        before = [x for x in mentions if x.end <= m.start()]
        return bool(before) and _PAUSE.search(norm, max(x.end for x in before), m.start()) is not None
    return _en_own_noun(norm, s, hits)


def _en_own_noun(norm: str, start: int, hits: list[Hit]) -> bool:
    """The English "no" or "no more" at ``start`` is the determiner of an unknown noun right after
    it: no term or cue starts there, and no term follows in its phrase."""
    m = _EN_NO_WORD.match(norm, start)
    if m is None or m.group(1) in _EN_FUNCTION:
        return False
    pause = _PAUSE.search(norm, m.end(1))
    until = pause.start() if pause else len(norm)
    return not any(
        s == m.start(1)
        or (m.start(1) <= s < until and (lex.kind or lex.cat in _NAMING))
        or (s < m.start(1) < e and lex.kind)  # "no temp": a term that holds the "no" names the noun
        for s, e, lex in hits
    )


def ends_own_noun(norm: str, start: int, hits: list[Hit]) -> bool:
    """ "no more spots": an English "no more" before a noun no vocabulary knows ends that noun."""
    return norm.startswith("no more ", start) and _en_own_noun(norm, start, hits)


def ends_own_object(norm: str, ends: list[int]) -> bool:
    """Every English ending at ``ends`` is a "no more" with a word of its own after it ("no more
    INR checks", "no more spots"): a clause that names nothing ends that, not the drug before it."""
    return bool(ends) and all(
        norm.startswith("no more ", s)
        and (m := _EN_NO_WORD.match(norm, s)) is not None
        and m.group(1) not in _EN_FUNCTION
        for s in ends
    )
