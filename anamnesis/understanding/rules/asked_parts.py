"""Replies that answer each asked thing by a word of its name: "diabetes no, blood pressure yes".

A question names its items in full ("Do you have diabetes or high blood pressure?", "Any shortness
of breath or chest pain?"); a reply that answers them one by one often keeps only a word of each
("blood pressure yes", "a bit breathless but no pain"). Such a piece names no term, so neither the
clause reading nor the bare-answer reading (which wants the answer word first) finds it. Here a
piece of an English reply, cut at commas and contrasts, that holds an answer word and no term of
its own, and whose other words all belong to the name of exactly one asked item, answers that item;
so does one whose only naming words are the item's place in the question ("yes the first, not the
second", "第一个没有"). A Chinese reply does the same with characters ("有没有恶心或者呕吐？" — "恶心有点，
没吐过"; "头晕、头疼有吗？" — "晕，不疼"), where a bare verb of the name answers yes ("晕").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.answers import Topic, scan
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact, status_for
from anamnesis.understanding.rules.reading import Message

#: Where a reply's answers part: punctuation and contrasts ("swelling yes, pain not really").
_CUTS = re.compile(r"[,;.!?]|\b(?:but|though|although|and|while)\b")
_WORD = re.compile(r"[a-z]+")
#: Where a Chinese reply's answers part: punctuation and contrasts ("不晕，就是有点疼").
_ZH_CUTS = re.compile(r"[\s,.;!?，。；！？、~～…]|但是|不过|可是|就是|只是")
_ZH_CHAR = re.compile(r"[\u4e00-\u9fff]")
#: Chinese characters of answering, degree, time and pointing, which say how, not what.
_ZH_NOT_NAMES = frozenset(
    "没有不无未别过了着的得地很太挺好都也还就才又再一点些儿时候偶尔经常老总是特别厉害严重轻微稍微会吧啊呢吗嗯"
    "对是我倒这那个样种两俩多少怎么么啥什哦呀嘛哈现在最近以前从来已经早"
)
#: Words of answering and of degree, which say how, not what.
_NOT_NAMES = frozenset(
    "a an the my any some bit little lot really not no yes yeah yep yup nope nah never none at all that is "
    "it its s there i im do dont does doesnt did didnt have havent has had get got just only much very "
    "mild slight slightly sometimes occasionally ever now anymore any more either neither too also so "
    "thats correct right".split()
)
#: Words of a question's item that name no particular thing ("any pain in your chest").
_NOT_ITEM_WORDS = frozenset("any your you in of on the a with when do have or and".split())
#: Answer cues and the state they give: a denial wins over nothing, a yes, or an amount.
_POSITIVE = frozenset({"yes", "some", "sev", "freq"})


def answered_by_part(msg: Message, asked: Topic) -> None:
    """Add a fact for each asked item that a piece of the reply answers by a word of its name."""
    msg.facts.extend(answers_by_part(msg, asked))


def answers_by_part(msg: Message, asked: Topic) -> list[Fact]:
    """A fact for each asked item, not yet stated, that a piece of the reply answers by a word of its name."""
    if msg.lang not in ("en", "zh") or not asked.items or asked.family or asked.allergy or not asked.question:
        return []
    names = _item_words(asked, msg.lang)
    if not names:
        return []
    stated = {(f.section, f.entity) for f in msg.facts}
    out: list[Fact] = []
    items = list(dict.fromkeys(asked.items))
    for start, end in _pieces(msg.norm, msg.lang):
        pointed = _pointed(msg.norm, start, end, items, msg.lang)
        words = _words(msg.norm, start, end, msg.lang)
        if not words and pointed is None:
            continue
        state = _state(msg, start, end)
        if state is None and not (msg.lang == "zh" and _only_words(msg, start, end)):
            continue  # a Chinese piece that is only a word of the name says yes ("晕")
        matches = [pointed] if pointed is not None else [item for item, name in names.items() if words <= name]
        if len(matches) != 1 or matches[0] in stated:
            continue
        clause = next((c for c in msg.clauses if c.start <= start < c.end), None)
        if clause is None or clause.skip or clause.subject != "self":
            continue
        section, entity = matches[0]
        out.append(Fact(start, end, clause.sentence, section, entity, status_for(section, state or "pos")))
        stated.add(matches[0])
    return out


#: Words that point at an asked thing by its place in the question's list, in the order of
#: :data:`_PLACE_INDEX`: "第一个没有", "the first one no", "no to the first", "second yes", "后面那个有点",
#: "the latter"; "the latter" / "后者" / "the last" is the last of however many were asked.
_PLACES = re.compile(
    r"(第一个|第一种|第一样|前一个|前面(?:那|这)?个|前者"
    r"|\b(?:(?:to|for) )?(?:the )?(?:first|former|1st)(?: (?:one|thing|part))?\b)"
    r"|(第二个|第二种|第二样|\b(?:(?:to|for) )?(?:the )?(?:second|2nd)(?: (?:one|thing|part))?\b)"
    r"|(第三个|第三种|第三样|\b(?:(?:to|for) )?(?:the )?(?:third|3rd)(?: (?:one|thing|part))?\b)"
    r"|(最后一个|最后(?:那|这)个|后一个|后面(?:那|这)?个|后者"
    r"|\b(?:(?:to|for) )?(?:the )?(?:latter|last)(?: (?:one|thing|part))?\b)"
)
#: The list index each group of :data:`_PLACES` stands for.
_PLACE_INDEX = (0, 1, 2, -1)


def _pointed(norm: str, start: int, end: int, items: list[tuple[str, str]], lang: str) -> tuple[str, str] | None:
    """The asked item a piece points at by its place, when the question asked of two or more and
    the place is the piece's only naming words ("no, first time" names a time, no place)."""
    if len(items) < 2:
        return None
    m = _PLACES.search(norm, start, end)
    if m is None or _words(norm, start, m.start(), lang) or _words(norm, m.end(), end, lang):
        return None
    index = _PLACE_INDEX[m.lastindex - 1]
    return items[index] if index < len(items) else None


def _words(norm: str, start: int, end: int, lang: str) -> set[str]:
    """The piece's words that may name something: English stems, Chinese characters."""
    if lang == "zh":
        return {ch for ch in norm[start:end] if _ZH_CHAR.match(ch) and ch not in _ZH_NOT_NAMES}
    return {_stem(w) for w in _WORD.findall(norm, start, end) if w not in _NOT_NAMES}


def _only_words(msg: Message, start: int, end: int) -> bool:
    """The piece has no cue at all: only words (of a name)."""
    return not any(start <= s < end for s, _, _ in msg.hits)


def _item_words(asked: Topic, lang: str) -> dict[tuple[str, str], frozenset[str]]:
    """The words of each asked item's name: as the question says it and as its canonical name."""
    out: dict[tuple[str, str], frozenset[str]] = {}
    question = asked.question
    for start, end, lex in scan(question):
        if not lex.kind or lex.kind not in KIND_SECTION:
            continue
        item = (KIND_SECTION[lex.kind], lex.value)
        if item not in asked.items:
            continue
        if lang == "zh":
            name = frozenset(question[start:end])
        else:
            words = _WORD.findall(question, start, end) + _WORD.findall(lex.value)
            name = frozenset(_stem(w) for w in words if w not in _NOT_ITEM_WORDS)
        out[item] = name | out.get(item, frozenset())
    return out


def _stem(word: str) -> str:
    """A word without its English ending, so "breathing" meets "breath" and "headaches" "headache"."""
    for ending in ("ing", "es", "ed", "s"):
        if len(word) > len(ending) + 3 and word.endswith(ending):
            return word[: -len(ending)]
    return word


def _pieces(norm: str, lang: str) -> list[tuple[int, int]]:
    """The spans between the reply's cuts."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in (_ZH_CUTS if lang == "zh" else _CUTS).finditer(norm):
        if m.start() > start:
            out.append((start, m.start()))
        start = m.end()
    if start < len(norm):
        out.append((start, len(norm)))
    return out


def _state(msg: Message, start: int, end: int) -> str | None:
    """The state a piece's answer gives ("pos", "neg" or "end"); ``None`` when it names a term of
    its own, has no answer word, or answers both ways. A Chinese 是 inside the piece is a copula
    ("闷倒是不闷"), no answer."""
    cats = set()
    for s, e, lex in msg.hits:
        if start <= s < end:
            if lex.kind:
                return None
            if not (msg.lang == "zh" and s > start and msg.norm[s:e] == "是"):
                cats.add(lex.cat)
    denied = "neg" in cats
    if denied and "yes" in cats:
        return None
    if denied:
        return "end" if cats & {"end", "anymore"} else "neg"
    return "pos" if cats & _POSITIVE else None
