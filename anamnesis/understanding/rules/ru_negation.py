"""Where a Russian "не" stands: inside a two-word term, or before a bare infinitive.

- "голова больше не кружится", "глаза не чешутся", "в груди не давит": the denial is put between the
  words of a term ("голова кружится", dizziness; "в груди давит", chest pain). When dropping it joins
  a known term, the denial moves in front of the term (the text keeps its length), where the clause
  rules read it.
- "спина болит так, что не разогнуться", "кашель, не уснуть": "не" + infinitive says what the
  complaint keeps the user from doing; the complaint is there. Such a "не" is taken out of the
  hits, so no denial looks back to the term before it. An infinitive that is itself a term
  ("не курить") keeps its "не".
- "нет у меня никаких аллергий вроде", "хронических нет вроде": a denial the user volunteers with
  "вроде" is a guess, and a confirmed absence is too strong a claim to record from a guess (an
  allergy it hid would be missed); a hedged positive statement ("вроде гастрит был", "да вроде")
  still counts. A hedged bare answer to the assistant's question ("нет вроде" to "Аллергия на
  лекарства есть?") is the way a "no" is said, as "I don't think so" and "好像没有" are, and denies;
  so does a hedged denial of what the assistant asked about ("аллергии вроде нет" to "Аллергия на
  лекарства?").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Hit
from schemas.sections import CONFIRMED_ABSENT

#: "не" and the next word, an infinitive ("разогнуться", "уснуть", "встать", "лечь", "идти").
_NOT_INFINITIVE = re.compile(r"(?<![а-я])не\s+([а-я]+(?:ть|ться|чь|чься|ти|тись))(?![а-я])")
#: A word (maybe after its preposition), a denial, a word: "голова больше не кружится", "в груди не давит".
_INSIDE = re.compile(
    r"(?<![а-я])((?:(?:в|во|на|за|под|у) )?[а-я]+) ((?:больше |уже |совсем |почти )?не) ([а-я]+)(?![а-я])"
)


def ru_negation_inside_terms(norm: str, hits: list[Hit], scan: Callable[[str], list[Hit]]) -> tuple[str, list[Hit]]:
    """``голова не кружится`` → ``не голова кружится``: a denial put inside a two-word term."""
    if "не " not in norm:
        return norm, hits
    text = norm
    for match in _INSIDE.finditer(norm):
        first, denial, second = match.group(1, 2, 3)
        # "в груди давит" is a term with its preposition; "голова кружится" one without
        prep, _, word = first.rpartition(" ")
        heads = [(match.start(), first)] + ([(match.start(1) + len(prep) + 1, word)] if prep else [])
        for start, head in heads:
            joined = f"{head} {second}"
            if any(lex.cat == "term" and s == 0 and e == len(joined) for s, e, lex in scan(joined)):
                text = text[:start] + f"{denial} {joined}" + text[match.end() :]
                break
    return (text, scan(text)) if text != norm else (norm, hits)


#: A word, an adverb of degree, and a denied verb: "запахов вообще не чувствую", "вкуса совсем не чувствую".
_ADVERB_INSIDE = re.compile(
    r"(?<![а-я])([а-я]+) ((?:вообще|совсем|совершенно|абсолютно|почти|практически|никак) )(не [а-я]+)(?![а-я])"
)


def ru_adverbs_out_of_terms(norm: str, hits: list[Hit], scan: Callable[[str], list[Hit]]) -> tuple[str, list[Hit]]:
    """``запахов вообще не чувствую`` → ``вообще запахов не чувствую``: an adverb of degree inside a
    term told with its denial ("запахов не чувствую", anosmia) moves before it (the text keeps its
    length), so the term is read whole and its "не" denies nothing before it ("ломит всё тело,
    запахов вообще не чувствую" has the aches)."""
    if "не " not in norm:
        return norm, hits
    text = norm
    for match in _ADVERB_INSIDE.finditer(norm):
        word, adverb, denied = match.group(1, 2, 3)
        joined = f"{word} {denied}"
        if any(lex.cat == "term" and s == 0 and e == len(joined) for s, e, lex in scan(joined)):
            text = text[: match.start()] + adverb + joined + text[match.end() :]
    return (text, scan(text)) if text != norm else (norm, hits)


def without_infinitive_denials(norm: str, hits: list[Hit]) -> list[Hit]:
    """The hits without each "не" that negates a bare infinitive."""
    if "не " not in norm:
        return hits
    dropped: set[int] = set()
    for match in _NOT_INFINITIVE.finditer(norm):
        verb_start = match.start(1)
        if not any(s == verb_start for s, _, _ in hits):  # the infinitive is no term or cue of its own
            dropped.add(match.start())
    if not dropped:
        return hits
    return [h for h in hits if not (h[0] in dropped and h[2].cat == "neg")]



_GUESS = re.compile(r"(?<![а-я])вроде(?![а-я])")


def without_guessed_absences(
    facts: list[Fact], norm: str, spans: list[tuple[int, int, bool]], asked_sections: frozenset[str] = frozenset()
) -> list[Fact]:
    """The facts without the absences of a sentence that hedges with "вроде", but those of a section the
    assistant asked about: "Операции были? Аллергия на лекарства?" — "аппендицит вырезали. аллергии вроде
    нет" answers the question, as "нет вроде" does."""
    if not any(f.status == CONFIRMED_ABSENT for f in facts):
        return facts
    guessed = {n for n, (start, end, _) in enumerate(spans) if _GUESS.search(norm, start, end)}
    if not guessed:
        return facts
    # an answer to the assistant's question (sentence -1) is kept: "нет вроде" to "Аллергия есть?" says
    # no as "I don't think so" and "好像没有" do; only a denial the user volunteers is a guess
    return [
        f
        for f in facts
        if not (f.status == CONFIRMED_ABSENT and f.sentence in guessed and f.section not in asked_sections)
    ]


#: "больше не", "уже не": a denial that says something has stopped.
_NO_LONGER = re.compile(r"(?<![а-я])(?:больше|уже) не(?![а-я])")
#: What may join two denials of one list: a comma, an "и" or "а", the next "не".
_LIST_JOIN = re.compile(r"^[^,;.!?]*,\s*(?:и\s+|а\s+)?(?:не\s+)?$")
_OWN_TIME = re.compile(r"(?<![а-я])(?:никогда|не было|ни разу|с детства|давно)(?![а-я])")
_PHRASE_END = frozenset(",;.!?")


def no_longer_carries(facts: list[Fact], norm: str) -> None:
    """ "сердце больше не колотится, руки не трясутся": the "больше не" of a list's first denial
    says the next bare denial in the list has ended too (resolved), not that it never was."""
    if "не" not in norm or _NO_LONGER.search(norm) is None:
        return
    ordered = sorted((f for f in facts if f.section == "symptoms"), key=lambda f: f.start)
    for before, fact in zip(ordered, ordered[1:], strict=False):
        if fact.status != CONFIRMED_ABSENT or before.status != "resolved" or before.sentence != fact.sentence:
            continue
        if not _LIST_JOIN.match(norm[before.end : fact.start]):
            continue
        lo = max((norm.rfind(ch, 0, before.start) for ch in _PHRASE_END), default=-1) + 1
        comma = norm.find(",", before.end)
        hi = min((i for i in (norm.find(ch, fact.end) for ch in _PHRASE_END) if i >= 0), default=len(norm))
        if _NO_LONGER.search(norm, lo, comma) and not _OWN_TIME.search(norm, comma, hi):
            fact.status = "resolved"


#: "никакого", "никаких": a determiner that denies the noun beside it.
_NONE_OF = re.compile(r"никак(?:ого|ой|ая|ое|ие|их|им)(?![а-я])")


def denies_no_mention(norm: str, s: int, e: int, mentions: list[Mention]) -> bool:
    """ "бросила, толку от него никакого": a "никакого" with no mention just before or after it
    (only spaces between) denies its own noun, not an entity of the clause."""
    if not _NONE_OF.match(norm, s):
        return False
    return not any(
        (m.end <= s and not norm[m.end : s].strip()) or (m.start >= e and not norm[e : m.start].strip())
        for m in mentions
    )
