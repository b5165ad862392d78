"""A cancer ruled out is named by its organ, and is a diagnosis ruled out, not a chronic condition.

"had the prostate biopsy, no cancer", "биопсия простаты — рака нет", "做了前列腺穿刺 不是癌": the user
denies a bare "cancer", but the words around it say which one: the organ the test looked at. The
denial is of that cancer (``prostate cancer``), the one a later question about it must find. And a
denied cancer, named so or by its organ ("no cancer" to "Any history of breast cancer?"), is a
finding the tests or the history rule out, filed under ``diagnoses`` as the labels file every ruled-out
finding. The sites and their words are data (``data/cancer_sites.tsv``); a message or question that
names no site, or several, keeps the bare name and its section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.lexicon import CANCER_SITES_FILE as SITES_FILE
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import CONFIRMED_ABSENT

_LANGS = ("en", "ru", "zh")
#: en and ru forms start at a word's start ("colon" is not in "semicolon"); Chinese has no word edges.
_WORD_START = {"en": r"(?<![a-z])", "ru": r"(?<![а-яa-z])", "zh": ""}
#: The sections a user's own illness may be denied in: a relative's stays family history.
_OWN = frozenset({"chronic_conditions", "diagnoses"})
_RULED_OUT = "diagnoses"


@dataclass(frozen=True, slots=True)
class _Site:
    """One organ: the specific cancer, the bare names it specialises, its words per language."""

    cancer: str
    general: frozenset[str]
    words: dict[str, re.Pattern[str]]


@cache
def _sites() -> tuple[_Site, ...]:
    out: list[_Site] = []
    for line_no, row in read_rows(SITES_FILE, ("cancer", "general", *_LANGS)):
        general = frozenset(g.strip() for g in row["general"].split("|") if g.strip())
        if not row["cancer"] or not general:
            raise ValueError(f"{SITES_FILE.name}:{line_no}: a row needs its cancer and the bare names it specialises")
        words = {
            lang: re.compile(_WORD_START[lang] + "(?:" + "|".join(forms) + ")")
            for lang in _LANGS
            if (forms := [f.strip() for f in row[lang].split(" ; ") if f.strip()])
        }
        out.append(_Site(row["cancer"], general, words))
    return tuple(out)


@cache
def _cancers() -> frozenset[str]:
    return frozenset(s.cancer for s in _sites())


def _named(entity: str, text: str, lang: str, others: list[Clause]) -> set[str]:
    """The specific cancers ``entity`` (a bare name) may stand for by the sites ``text`` names
    outside the clauses in ``others`` (about someone else: "my dad had bowel cancer")."""
    return {
        s.cancer
        for s in _sites()
        if entity in s.general
        and lang in s.words
        and any(not any(c.start <= m.start() < c.end for c in others) for m in s.words[lang].finditer(text))
    }


def with_cancer_site(facts: list[Fact], msg: Message) -> None:
    """Name each of the user's denied bare cancers by the one organ the message (or, when it names
    none, the assistant's question) names of the user, and file every denied specific cancer under
    ``diagnoses``."""
    others = [c for c in msg.clauses if c.subject in ("family", "other")]
    question = msg.asked.question if msg.asked is not None else ""
    for f in facts:
        if f.section not in _OWN or f.status != CONFIRMED_ABSENT:
            continue
        named = _named(f.entity, msg.norm, msg.lang, others) or (question and _named(f.entity, question, msg.lang, []))
        site = next(iter(named)) if named and len(named) == 1 else None
        if site is not None:
            f.entity = site
        if f.entity in _cancers():
            f.section = _RULED_OUT
