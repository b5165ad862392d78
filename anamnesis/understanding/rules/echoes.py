"""A reply that answers by repeating the question's verb: "сделали" to "Прививку делали?", "出过" to "出过水痘吗？".

Russian, like Chinese (:func:`bare_answers.zh_echo`), often answers yes with the asked verb alone,
in its own person or aspect ("делали?" — "сделали в октябре", "принимаете?" — "принимаю"), and no
"да". The echo says yes only in a short reply that names nothing of its own and denies nothing
("не делали" is a denial the clause reading has already). When the turn asks several questions
("小时候出过水痘吗？有没有什么慢性病？"), the echo answers the one whose verb it repeats.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.bare_answers import zh_echo
from anamnesis.understanding.rules.segment import Hit

_RU_WORD = re.compile(r"[а-яё]+")
#: A Russian verb's ending: past ("делали", "болела", "ставил"), reflexive, present or imperative.
_RU_VERB_END = re.compile(
    r"(?:л|ла|ло|ли|лся|лась|лись|ю|ешь|ет|ем|ете|ит|им|ите|ат|ят|ут|ют|ишь|ется|ются|ится|ятся)$"
)
#: Perfective prefixes that only change the aspect of the asked verb ("делали" — "сделали").
_RU_PREFIX = re.compile(r"^(?:с|по|про|за|на|вы|от|пере)(?=[а-яё]{4})")
#: Letters two forms of one verb share at least ("делал", "приним", "болел").
_RU_STEM = 4
#: The longest short reply an echo answers (it may add when and where: "осенью в поликлинике сделали").
_RU_WORDS = 5
#: Words that may follow the echoed verb without giving it an object of its own: when and where.
_RU_AFTER_ECHO = frozenset(
    "в во на после до уже тоже давно недавно вчера сегодня осенью летом зимой весной году лет года назад"
    " раз один два когда как всё все еще ещё вроде кажется точно конечно".split()
)
#: Cues that make a reply say something of its own rather than echo.
_OWN = frozenset(
    {"term", "neg", "end", "anymore", "question", "hypo", "intent", "uncertain", "person", "third", "family"}
)


def _stem(word: str) -> str:
    return _RU_PREFIX.sub("", word[: -len(m.group())] if (m := _RU_VERB_END.search(word)) else word)


#: Where a reply's first clause ends: "делал в 2023, два полипа нашли" answers with "делал в 2023".
_RU_CLAUSE_END = re.compile(r"[,.;!:]")


def ru_echo(norm: str, question: str, hits: list[Hit]) -> str | None:
    """``yes`` when a short Russian reply repeats the question's verb (:data:`_RU_VERB_END`, one
    stem of :data:`_RU_STEM` letters at least, an aspect prefix aside), names nothing and denies
    nothing; or when the reply's first clause does, and the rest goes on to say more ("делали?" —
    "делал в 2023, два полипа нашли")."""
    answer = _ru_echo(norm, question, hits)
    if answer is None and (cut := _RU_CLAUSE_END.search(norm)) is not None and norm[cut.end() :].strip():
        answer = _ru_echo(norm[: cut.start()], question, [h for h in hits if h[1] <= cut.start()])
    return answer


def _ru_echo(norm: str, question: str, hits: list[Hit]) -> str | None:
    words = _RU_WORD.findall(norm)
    if not question or not words or len(words) > _RU_WORDS or any(lex.cat in _OWN for _, _, lex in hits):
        return None
    asked = [_stem(w) for w in _RU_WORD.findall(question) if _RU_VERB_END.search(w)]
    for m in _RU_WORD.finditer(norm):
        word = m.group()
        if _RU_VERB_END.search(word) is None:
            continue
        stem = _stem(word)
        if len(stem) < _RU_STEM or not any(a[:_RU_STEM] == stem[:_RU_STEM] for a in asked if len(a) >= _RU_STEM):
            continue
        after = _RU_WORD.match(norm, m.end() + 1) if norm[m.end() : m.end() + 1] == " " else None
        if after is None or after.group() in _RU_AFTER_ECHO:
            return "yes"  # "сделали", "делала в октябре"; not "делал анализ": the verb has its own object
    return None


def echo(norm: str, question: str, hits: list[Hit], lang: str) -> str | None:
    """The answer a reply gives by repeating the question's verb, in Chinese or Russian."""
    if lang == "zh":
        return zh_echo(norm, question)
    if lang == "ru":
        return ru_echo(norm, question, hits)
    return None


#: The whole of a Chinese echo reply ("出过", "小时候出过。", "打过了"): the echo up to its end.
_ZH_ONLY = re.compile(r"[\s。.!！~～]*$")


def echoed_question(norm: str, each: tuple[Topic, ...], hits: list[Hit], lang: str) -> Topic | None:
    """The one question of the turn (``each``) a reply that is only an echo answers: the one whose
    verb it repeats ("小时候出过水痘吗？有没有什么慢性病？" — "出过"); ``None`` when it echoes none or
    several of them, or says more."""
    if lang == "zh" and (len(norm) > 8 or any(lex.kind for _, _, lex in hits)):
        return None
    echoed = [one for one in each if echo(norm, one.question, hits, lang) is not None]
    return echoed[0] if len(echoed) == 1 else None
