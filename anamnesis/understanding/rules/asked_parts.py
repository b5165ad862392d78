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
from functools import lru_cache
from itertools import pairwise
from typing import TypeVar

from anamnesis.understanding.rules.answers import Topic, scan
from anamnesis.understanding.rules.clause_cuts import in_and_also
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact, status_for
from anamnesis.understanding.rules.others import EN_THE_REST, ZH_OTHERS
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

T = TypeVar("T")
#: Where a reply's answers part: punctuation and contrasts ("swelling yes, pain not really").
_CUTS = re.compile(r"[,;.!?]|\b(?:but|though|although|and|while)\b|(?<![а-яё])(?:а|но|зато)(?![а-яё])")
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
    "mild slight slightly sometimes occasionally ever now anymore any more either neither too also so to for "
    "thats correct right unfortunately sadly fortunately thankfully luckily afraid".split()
)
_RU_WORD = re.compile(r"[а-яё]+")
#: Russian words of answering, having, noticing, degree and pointing, which say how, not what
#: ("крови не видел", "отёков тоже нет"), and the prepositions of a name ("кровь в моче").
_RU_NOT_NAMES = frozenset(
    "а и но да нет не ни ну у в во на при с со по от до за из к о об без для я мне меня у меня мой моя мои "
    "есть был была было были бывает бывают бывало будет вроде кажется точно тоже также уже ещё еще пока "
    "сейчас совсем вообще особо особых особенно почти немного чуть слегка иногда редко часто никогда так "
    "такого такое это этого этом то того всё все ничего никаких никакой видел видела видели видно замечал "
    "замечала замечаю заметил заметила чувствую чувствовал чувствовала беспокоит беспокоят".split()
)
#: Words of a question's item that name no particular thing ("any pain in your chest").
_NOT_ITEM_WORDS = frozenset("any your you in of on the a with when do have or and".split())
#: Answer cues and the state they give: a denial wins over nothing, a yes, or an amount.
_POSITIVE = frozenset({"yes", "some", "sev", "freq"})


def answered_by_part(msg: Message, asked: Topic) -> None:
    """Add a fact for each asked item that a piece of the reply answers by a word of its name or by
    its place; it replaces what the whole reply said of it ("первое нет, второе да")."""
    found, opens_by_part = _answers(msg, asked)
    answered = {(f.section, f.entity) for f in found}
    # a reply that opens by pointing at one thing ("yes to the second one", "жжения нет") says
    # nothing of the others
    unsaid = set(asked.items) - answered if found and opens_by_part else set()
    # what the reply names itself ("no to the first two, yes to palpitations") is said
    msg.facts[:] = [f for f in msg.facts if (f.section, f.entity) not in answered and not _unsaid(f, unsaid)] + found
    _named_as_asked(msg, asked)


#: Sections whose names a reply shortens: a complaint or an illness ("sweats", "the cancer"); a
#: shorter drug name is another drug ("paracetamol" to "co-codamol?").
_SHORTENED = frozenset({"symptoms", "diagnoses", "chronic_conditions", "family_history", "injuries"})


def _named_as_asked(msg: Message, asked: Topic) -> None:
    """A fact the reply names by part of an asked thing's name ("no sweats" to "Any fever or night
    sweats?", "no cancer" to "Any bowel cancer in the family?", "不喘" to "有没有喘息？") is of the
    asked thing: the reply shortens the question's name, it does not widen it. A part two asked
    things share ("没出血" to "牙龈出血、鼻出血？") says neither."""
    if not asked.items or not asked.question or msg.lang not in _FINE:
        return
    said = {(f.section, f.entity) for f in msg.facts}
    names: dict[tuple[str, str], frozenset[str]] | None = None
    for fact in msg.facts:
        if fact.mention is None or fact.section not in _SHORTENED or (fact.section, fact.entity) in asked.items:
            continue
        if names is None:
            names = item_words(asked, msg.lang)
        words = name_words(msg.norm, fact.start, fact.end, msg.lang)
        matches = [item for item, name in names.items() if item[0] == fact.section and words and words <= name]
        if len(matches) == 1 and matches[0] not in said:
            fact.entity = matches[0][1]
            said.add(matches[0])


def _unsaid(fact: Fact, unsaid: set[tuple[str, str]]) -> bool:
    """The fact is the whole reply's answer (no span of its own) about an item no piece answered."""
    return fact.sentence == -1 and (fact.section, fact.entity) in unsaid


def answers_by_part(msg: Message, asked: Topic) -> list[Fact]:
    """A fact for each asked item, not yet stated, that a piece of the reply answers by a word of its name."""
    return _answers(msg, asked)[0]


def _names_itself(msg: Message, start: int, end: int, item: tuple[str, str]) -> bool:
    """The piece names the item by its own term ("没有咳嗽"), not by a word of what was asked of it ("没发")."""
    return any(start <= s and e <= end and lex.value == item[1] for s, e, lex in msg.hits)


def _answers(msg: Message, asked: Topic) -> tuple[list[Fact], bool]:
    """:func:`answers_by_part`'s facts, and whether the reply's first piece answers asked things
    by their place or a word of their name ("yes to the second one", "жжения нет")."""
    if msg.lang not in ("en", "zh", "ru") or not asked.items or asked.family or asked.allergy or not asked.question:
        return [], False
    names = item_words(asked, msg.lang)
    if not names and _PLACES.search(msg.norm) is None:
        return [], False
    items = list(dict.fromkeys(asked.items))
    # what the clauses stated; the whole reply's answer (no span of its own) to a question of
    # several things a piece may replace ("жжения нет" answers one of them, not all)
    stated = {(f.section, f.entity) for f in msg.facts if f.sentence != -1 or len(items) < 2}
    answered: set[tuple[str, str]] = set()  # by a piece of this reply
    out: list[Fact] = []
    opens_by_part = False
    named: tuple[int, set[str]] | None = None  # an English piece of only naming words, awaiting its answer
    for n, (start, end) in enumerate(_pieces(msg.norm, msg.lang)):
        placed = pointed(msg.norm, start, end, items, msg.lang)
        the_rest = None if placed or not (stated or answered) else _the_rest(msg.norm, start, end, msg.lang)
        rest = the_rest is not None
        words = name_words(msg.norm, start, end, msg.lang) if names else set()
        # "nothing else", "别的没有": the cue table keeps the phrase from denying on its own
        state = "neg" if the_rest is not None and the_rest.group("denied") else _state(msg, start, end)
        fine = None if state is not None or placed or rest or not names else _fine(msg, start, end)
        if fine is not None:  # "breathing's fine", "сон в норме", "视力正常": the rest names the item
            words = name_words(msg.norm, start, fine.start(), msg.lang)
            words |= name_words(msg.norm, fine.end(), end, msg.lang)
            state = "neg"
        if not (words or placed or rest) and named is not None:
            start, words = named  # "cholesterol, yes": the bare answer is of the piece before
        named = None
        if not words and not placed and not rest:
            continue
        if state is None and msg.lang == "en" and not (placed or rest) and _only_words(msg, start, end):
            named = (start, words)
        # a place alone ("only the first one") says yes, as a Chinese piece that is only a word of the name ("晕")
        if state is None and not placed and not (msg.lang == "zh" and _only_words(msg, start, end)):
            continue
        if placed:
            matches = [item for item in placed if item not in answered]  # its place says which
        elif rest:
            matches = [item for item in items if item not in stated | answered]  # "the cough yes, the rest no"
        else:
            matches = [item for item, name in names.items() if words <= name]
            if len(matches) != 1 or matches[0] in stated:
                continue
            if fine is not None and matches[0] in asked.presumes:
                continue  # "How is your cough?" — "the cough is ok now": better, not absent
            if state == "neg" and matches[0] in asked.presumes and not _names_itself(msg, start, end, matches[0]):
                continue  # "最近痛风发作过吗？" — "没发": no attack, the gout is not denied
        clause = next((c for c in msg.clauses if c.start <= start < c.end), None)
        if clause is None or clause.skip or clause.subject != "self":
            continue
        listed = _listed_with(msg, clause) if placed and state is None else None
        for section, entity in matches:
            status = listed if listed is not None else status_for(section, state or "pos")
            out.append(Fact(start, end, clause.sentence, section, entity, status))
            stated.add((section, entity))
            answered.add((section, entity))
        opens_by_part = opens_by_part or (n == 0 and bool(matches))
    return out, opens_by_part


#: Words that point at asked things by their place in the question's list, in the order of
#: :data:`_PLACE_INDEX`: "the first two no", "前两个没有", "первые два нет"; "第一个没有", "the first
#: one no", "no to the first", "первое нет", "second yes", "второе да", "后面那个有点", "the latter";
#: "the latter" / "后者" / "the last" / "последнее" is the last of however many were asked.
_PLACES = re.compile(
    r"(前两个|前两样|前两种|前面两个|\b(?:(?:to|for) )?(?:the )?first (?:two|2)(?: (?:ones|things))?\b"
    r"|(?<![а-яё])перв(?:ые|ых) (?:два|две|двух)(?![а-яё]))"
    r"|(第一个|第一种|第一样|前一个|前面(?:那|这)?个|前者"
    r"|\b(?:(?:to|for) )?(?:the )?(?:first|former|1st)(?: (?:one|thing|part))?\b"
    r"|(?<![а-яё])перв(?:ое|ый|ая|ого|ую|ому)(?![а-яё]))"
    r"|(第二个|第二种|第二样|\b(?:(?:to|for) )?(?:the )?(?:second|2nd)(?: (?:one|thing|part))?\b"
    r"|(?<![а-яё])втор(?:ое|ой|ая|ого|ую|ому)(?![а-яё]))"
    r"|(第三个|第三种|第三样|\b(?:(?:to|for) )?(?:the )?(?:third|3rd)(?: (?:one|thing|part))?\b"
    r"|(?<![а-яё])трет(?:ье|ий|ья|ьего|ью|ьему)(?![а-яё]))"
    r"|(后两个|后面两个|\b(?:(?:to|for) )?(?:the )?(?:last|other) (?:two|2)(?: (?:ones|things))?\b)"
    r"|(最后一个|最后(?:那|这)个|后一个|后面(?:那|这)?个|后者"
    r"|\b(?:(?:to|for) )?(?:the )?(?:latter|last)(?: (?:one|thing|part))?\b"
    r"|(?<![а-яё])последн(?:ее|ий|яя|его|юю|ему)(?![а-яё]))"
    r"|(\b(?:(?:to|for) )?(?:both(?: of (?:them|those|these))?|all (?:of (?:them|those|these)|two|three|four|[2-4]))\b)"
)
#: The stretch of the list each group of :data:`_PLACES` stands for.
_PLACE_INDEX = (slice(0, 2), slice(0, 1), slice(1, 2), slice(2, 3), slice(-2, None), slice(-1, None), slice(None))


def _listed_with(msg: Message, clause: Clause) -> str | None:
    """The one status of the facts its clause lists beside a place with no word of its own ("阿司匹林、
    华法林、还有第三个，都没有", "aspirin, warfarin and the third one, none of them"): the place is one
    more item of that list, so it takes the list's status rather than a bare yes."""
    listed = {f.status for f in msg.facts if clause.start <= f.start < clause.end}
    return listed.pop() if len(listed) == 1 else None


def pointed(norm: str, start: int, end: int, items: list[T], lang: str) -> list[T]:
    """The asked items a piece points at by their place, when the question asked of two or more and
    the place is the piece's only naming words ("no, first time" names a time, no place)."""
    if len(items) < 2:
        return []
    m = _PLACES.search(norm, start, end)
    if m is None or not _alone(norm, m, start, end, lang):
        return []
    return items[_PLACE_INDEX[m.lastindex - 1]]


#: Words for the asked things a reply has not yet answered: "the rest no", "其他都没有"; group
#: ``denied``, the phrases that are the rest and its denial at once ("nothing else", "otherwise
#: no", "别的没有", "没有其他"), which the cue table keeps from denying anything on their own.
_REST = re.compile(
    r"(?P<denied>\b(?:nothing (?:else|more|other)|none (?:else|other)|no (?:others?|other (?:ones|things))"
    r"|none of the (?:others|rest)|otherwise (?:no|none|nothing|not)|apart from that no)\b"
    rf"|{ZH_OTHERS}(?:的)?(?:都|也)?(?:没有|没|不)|没有?{ZH_OTHERS})"
    rf"|{EN_THE_REST}\b|{ZH_OTHERS}"
)


def points_by_place(norm: str, asked: Topic) -> bool:
    """The reply names a place in a question that asked of two or more things ("only the first one",
    "all of them"): an answer even with no answer word."""
    return len(set(asked.items)) > 1 and _PLACES.search(norm) is not None


def _the_rest(norm: str, start: int, end: int, lang: str) -> re.Match[str] | None:
    """The piece's "the rest" (:data:`_REST`), when it is the piece's only naming words."""
    m = _REST.search(norm, start, end)
    return m if m is not None and _alone(norm, m, start, end, lang) else None


#: A piece's word for "it is as it should be", which denies the asked item the piece's other words
#: name ("breathing's fine", "skin's normal", "сон в норме", "дышу нормально", "视力正常", "说话还行").
_FINE = {
    "en": re.compile(r"\b(?:fine|ok|okay|normal|alright|all right|good|no (?:problems?|issues?|trouble))\b"),
    "ru": re.compile(r"(?<![а-яё])(?:нормальн[а-яё]*|норм|в норме|в порядке|хорош[а-яё]*)(?![а-яё])"),
    "zh": re.compile(r"还好|还行|正常|没事|没问题|挺好|不错"),
}


def _fine(msg: Message, start: int, end: int) -> re.Match[str] | None:
    """The piece's :data:`_FINE` word, when the piece names no term and denies nothing."""
    if any(start <= s < end and (lex.kind or lex.cat == "neg") for s, _, lex in msg.hits):
        return None
    return _FINE[msg.lang].search(msg.norm, start, end)


def _alone(norm: str, m: re.Match[str], start: int, end: int, lang: str) -> bool:
    """The match is the piece's only naming words (no other word of the piece may name something)."""
    return not name_words(norm, start, m.start(), lang) and not name_words(norm, m.end(), end, lang)


def name_words(norm: str, start: int, end: int, lang: str) -> set[str]:
    """The piece's words that may name something: English stems, Chinese characters."""
    if lang == "zh":
        return {ch for ch in norm[start:end] if _ZH_CHAR.match(ch) and ch not in _ZH_NOT_NAMES}
    if lang == "ru":
        return {_ru_stem(w) for w in _RU_WORD.findall(norm, start, end) if w not in _RU_NOT_NAMES}
    return {_stem(w) for w in _WORD.findall(norm, start, end) if w not in _NOT_NAMES}


def _only_words(msg: Message, start: int, end: int) -> bool:
    """The piece has no cue at all: only words (of a name)."""
    return not any(start <= s < end for s, _, _ in msg.hits)


@lru_cache(maxsize=4_096)
def item_words(asked: Topic, lang: str) -> dict[tuple[str, str], frozenset[str]]:
    """The words of each asked item's name: as the question says it and as its canonical name
    (kept per question: every reply to it reads them; callers only read the dict)."""
    out: dict[tuple[str, str], frozenset[str]] = {}
    question = asked.question
    for start, end, lex in scan(question):
        if not lex.kind or lex.kind not in KIND_SECTION:
            continue
        item = ("family_history" if asked.family else KIND_SECTION[lex.kind], lex.value)
        if item not in asked.items:
            continue
        if lang == "zh":
            name = frozenset(question[start:end])
        elif lang == "ru":
            name = frozenset(_ru_stem(w) for w in _RU_WORD.findall(question, start, end) if w not in _RU_NOT_NAMES)
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


#: Russian case and number endings (the leftmost that reaches the word's end is taken): "крови"
#: meets "кровь", "жжения" "жжение".
_RU_ENDINGS = re.compile(
    r"(?:иями|иях|иям|ами|ями|ого|его|ому|ему|ыми|ими|ия|ие|ию|ии|ье|ья|ью|ьи|ой|ей|ий|ый|ая|яя|ое|ее|ые|ых|их"
    r"|ов|ев|ам|ям|ах|ях|ом|ем|ую|юю|а|я|о|е|ы|и|у|ю|ь|й)$"
)


def _ru_stem(word: str) -> str:
    """A Russian word without its case ending, keeping at least three letters."""
    m = _RU_ENDINGS.search(word)
    return word[: m.start()] if m is not None and m.start() >= 3 else word


def _pieces(norm: str, lang: str) -> list[tuple[int, int]]:
    """The spans between the reply's cuts, a run of denials cut before each of its denial words."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in (_ZH_CUTS if lang == "zh" else _CUTS).finditer(norm):
        if m.start() > start:
            out += _denial_run(norm, start, m.start())
        start = m.end()
    if start < len(norm):
        out += _denial_run(norm, start, len(norm))
    return out


#: A denial word that opens a piece of a run-on list: "no bleeding no pain", "нет боли нет крови".
_RUN_DENIAL = re.compile(r"(?<![\w-])(?:no|нет|ни)\s+(?=\w)")


def _denial_run(norm: str, start: int, end: int) -> list[tuple[int, int]]:
    """``(start, end)``, or, when it opens with a denial word that comes again later ("no bleeding no
    pain"), one span from each denial word: every "no" of the run answers its own thing."""
    opening = _RUN_DENIAL.match(norm, start + len(norm[start:end]) - len(norm[start:end].lstrip()))
    if opening is None:
        return [(start, end)]
    cuts = [m.start() for m in _RUN_DENIAL.finditer(norm, opening.end(), end)]
    bounds = [start, *cuts, end]
    return list(pairwise(bounds))


def _state(msg: Message, start: int, end: int) -> str | None:
    """The state a piece's answer gives ("pos", "neg" or "end"); ``None`` when it names a term of
    its own, has no answer word, or answers both ways. A Chinese 是 inside the piece is a copula
    ("闷倒是不闷"), no answer."""
    cats = set()
    denied_at = -1  # where the last denial ended: a "yes" word right after it is its verb ("не было")
    for s, e, lex in msg.hits:
        if start <= s < end:
            if lex.kind == "body_part":
                continue  # "а глаза нет": a body part names no fact of its own
            if lex.kind:
                return None
            if lex.cat == "yes" and denied_at >= 0 and not msg.norm[denied_at:s].strip():
                continue
            if msg.lang == "zh" and lex.cat in ("yes", "still") and in_and_also(msg.norm, (s, e, lex)):
                continue  # "还有第三个": the "还有" adds one more item to a list, it answers nothing
            if not (msg.lang == "zh" and s > start and msg.norm[s:e] == "是"):
                cats.add(lex.cat)
            if lex.cat == "neg":
                denied_at = e
    denied = "neg" in cats
    if denied and "yes" in cats:
        return None
    if denied:
        return "end" if cats & {"end", "anymore"} else "neg"
    return "pos" if cats & _POSITIVE else None
