"""A part said to be fine denies the illness of it the assistant asked about.

"Any kidney problems?" — "kidneys are fine"; "Давление в норме?" — "да, давление нормальное";
"你有心跳慢吗？" — "心跳也正常": the user answers with the part or function, not the illness, and
says it is fine. That denies the asked illness of that part, and only an asked one: "bp's fine"
after a question about smoking says nothing of hypertension. The parts and the illnesses they may
deny are data (``data/fine_parts.tsv``); the words of "fine" are language cues here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.lexicon import FINE_PARTS_FILE
from anamnesis.understanding.rules.reading import Message
from schemas.sections import CONFIRMED_ABSENT

_LANGS = ("en", "ru", "zh")
_WORD_START = {"en": r"(?<![a-z])", "ru": r"(?<![а-яa-z])", "zh": ""}
#: What says the part is fine, after it in its phrase.
_FINE = {
    "en": re.compile(
        r"\b(?:fine|ok|okay|normal|good|alright|all right|no problems?|no issues?|unremarkable|perfect|great|stable)\b"
    ),
    "ru": re.compile(
        r"(?<![а-я])(?:в норме|нормальн\w*|норм|в порядке|хорош\w*|ок|стабильн\w*|не меня\w*|стоит)(?![а-я])"
    ),
    "zh": re.compile(r"正常|没问题|没事|还好|挺好|不错|稳定|没变|没掉"),
}
#: A denial between the part and "fine": "bp isn't fine", "давление не в норме", "血压不正常".
_NOT = {
    "en": re.compile(r"\b(?:not|never|no longer)\b|n't\b"),
    "ru": re.compile(r"(?<![а-я])не(?![а-я])"),
    "zh": re.compile(r"[不没]"),
}
#: Where the part's phrase ends.
_PHRASE_END = re.compile(r"[,;.!?，。；！？]|\bbut\b|(?<![а-я])но(?![а-я])|但|可是")
#: How far after the part its "fine" may stand ("kidneys have always been fine").
_REACH = 32


@dataclass(frozen=True, slots=True)
class _Part:
    items: frozenset[str]
    words: dict[str, re.Pattern[str]]


@cache
def _parts() -> tuple[_Part, ...]:
    out: list[_Part] = []
    for line_no, row in read_rows(FINE_PARTS_FILE, ("items", *_LANGS)):
        items = frozenset(i.strip() for i in row["items"].split("|") if i.strip())
        if not items:
            raise ValueError(f"{FINE_PARTS_FILE.name}:{line_no}: a row needs the illnesses it may deny")
        words = {
            lang: re.compile(_WORD_START[lang] + "(?:" + "|".join(forms) + ")")
            for lang in _LANGS
            if (forms := [f.strip() for f in row[lang].split(" ; ") if f.strip()])
        }
        out.append(_Part(items, words))
    return tuple(out)


def _fine_spans(norm: str, lang: str, asked: Topic) -> list[tuple[int, int, tuple[str, str]]]:
    """(start, end, asked item) of each part the message says is fine whose row lists the item."""
    fine, negated = _FINE.get(lang), _NOT.get(lang)
    if fine is None or negated is None:
        return []
    out: list[tuple[int, int, tuple[str, str]]] = []
    for part in _parts():
        asked_here = [item for item in asked.items if item[1] in part.items]
        pattern = part.words.get(lang)
        if not asked_here or pattern is None:
            continue
        for m in pattern.finditer(norm):
            stop = _PHRASE_END.search(norm, m.end())
            limit = min(m.end() + _REACH, stop.start() if stop is not None else len(norm))
            said = fine.search(norm, m.end(), limit)
            if said is None or negated.search(norm, m.end(), said.start()):
                continue
            out.extend((m.start(), said.end(), item) for item in asked_here)
    return out


def says_fine(norm: str, lang: str, asked: Topic) -> bool:
    """The message says a part is fine whose illness the question asked about: worth reading
    although it names no term ("bp is fine")."""
    return bool(_fine_spans(norm, lang, asked))


def fine_parts(msg: Message) -> None:
    """Deny each asked illness whose part the message, of the user now, says is fine."""
    if msg.asked is None or not msg.asked.items:
        return
    have = {(f.section, f.entity) for f in msg.facts}
    for start, end, (section, entity) in _fine_spans(msg.norm, msg.lang, msg.asked):
        clause = next((c for c in msg.clauses if c.start <= start < c.end), None)
        if clause is None or clause.skip or clause.subject != "self" or (section, entity) in have:
            continue
        have.add((section, entity))
        msg.facts.append(Fact(start, end, clause.sentence, section, entity, CONFIRMED_ABSENT, msg.norm[start:end]))
