"""A bare denial named by the organ it speaks of: "no cancer" after a prostate biopsy, "no blood"
after burning on peeing.

"had the prostate biopsy, no cancer", "биопсия простаты — рака нет", "做了前列腺穿刺 不是癌": the user
denies a bare "cancer", but the words around it say which one: the organ the test looked at. The
denial is of that cancer (``prostate cancer``), the one a later question about it must find. A
denied cancer, named so or by its organ ("no cancer" to "Any history of breast cancer?"), is a
finding the tests or the history rule out, filed under ``diagnoses`` as the labels file every
ruled-out finding.

"burning when I pee, no blood tho", "стул жидкий, крови нет", "痰里没有血": a bare "no blood" names no
symptom until the site does, in the message or the assistant's question (``hematuria``,
``hematochezia``, ``hemoptysis``); with no site, or several, it gives nothing.

"no numbness, legs arent weak", "слабости нет" to "Есть ли слабость в ногах?", "腿没有无力": a
bare weakness denied of the limbs is ``muscle weakness`` (CONVENTIONS: ``weakness`` is being weak
all over): a denied symptom whose name a row of the data specialises is named by its site too.

"dentist says its an abscess", "стоматолог сказал абсцесс", "牙医说是脓肿": a bare abscess the
user has is named the same way, by the one site its message names (``dental abscess``).

"сделали биопсию, рака нет. аденома", "做了穿刺 不是癌", "had a biopsy, PSA was high": a bare biopsy
the user had is the biopsy of the organ its message names (``prostate biopsy``); a biopsy of no
organ, or of several, names no procedure a reader could look up, and gives no fact.

"биопсию сделали, рака нет" to "Сдавали ПСА?", "上礼拜做了穿刺 不是癌" to "最近有没有查过PSA？": the
question that names the organ asks nothing a reply could answer by yes or no, so it is read for
its sites alone (:func:`site_question`). A biopsy the message names by its organ names the cancer
it ruled out as well ("уролог взял биопсию, рака нет": a urologist's needle is the prostate's).

The sites and their words are data (``data/sites.tsv``). Only what the message says of the user
counts as a site: "my dad had bowel cancer, I never had cancer" names no organ of the user's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from anamnesis.terminology.text import normalise
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.lexicon import SITES_FILE
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause, last_question
from schemas.sections import CONFIRMED_ABSENT

_LANGS = ("en", "ru", "zh")
#: en and ru forms start at a word's start ("colon" is not in "semicolon"); Chinese has no word edges.
_WORD_START = {"en": r"(?<![a-z])", "ru": r"(?<![а-яa-z])", "zh": ""}
#: The sections a user's own illness may be denied in: a relative's stays family history.
_OWN = frozenset({"chronic_conditions", "diagnoses"})
_RULED_OUT = "diagnoses"
_CANCERS = frozenset({"cancer", "tumor"})
#: The bare name of a needle's procedure (procedures.tsv ``biopsy``), named by its organ.
_BIOPSY = "biopsy"
_BLOOD = "blood"
#: Bare names of the user's own illness that the site names whatever their status: the fact's
#: entity, and the words the bare mention is ("abscess", not "furuncle").
_BARE = {"skin abscess": re.compile(r"(?:an |the )?(?:abscess|абсцесс\w*|нарыв\w*|脓肿)")}
#: A bare "no blood": the word for blood denied, and no name of its own after it ("blood pressure").
_NO_BLOOD = {
    "en": re.compile(
        r"\b(?:no|not any|never (?:seen|noticed|had) any|without(?: any)?) blood\b"
        r"(?! ?(?:pressure|sugar|tests?|work|clots?|thinners?|counts?|results?|glucose|type|donation"
        r"|in (?:my|the) (?:urine|stool|poo|pee|wee)))"
    ),
    "ru": re.compile(
        r"(?<![а-я])(?:крови (?:нет|не было|не видел\w*|не замечал\w*|нету)|кровь не (?:видел\w*|замечал\w*|шла|идет)"
        r"|без крови|нет крови|не было крови)(?![а-я])"
    ),
    "zh": re.compile(r"(?:没有|没|无|不带|没带|不见|没见)(?:过|到)?血(?![压糖脂常型管氧检])"),
}


_POLYP = "polyp"
#: A bare "no polyps": a finding the scope looked for and did not see ("колоноскопию сделали, полипов
#: нет", "ENT said sinusitis, no polyps", "肠镜没有息肉"), ruled out as the site's polyps.
_NO_POLYPS = {
    "en": re.compile(r"\b(?:no|not any|without(?: any)?) polyps?\b|\bpolyps? (?:free|clear)\b|\bfound no polyps?\b"),
    "ru": re.compile(
        r"(?<![а-я])(?:полип\w* (?:нет|нету|не нашли|не обнаружил\w*|не выявил\w*|не было)|нет полип\w*"
        r"|без полип\w*|не нашли полип\w*)(?![а-я])"
    ),
    "zh": re.compile(r"(?:没有|没|无|未见|未发现|没发现|没看到|没见)息肉|息肉(?:没有|也没有|都没有)"),
}
#: The bare words denied that name nothing until their site does: their patterns and their section.
_BARE_DENIALS = {_BLOOD: (_NO_BLOOD, "symptoms"), _POLYP: (_NO_POLYPS, _RULED_OUT)}


@dataclass(frozen=True, slots=True)
class _Site:
    """One organ: the specific name, the bare names it specialises, its words per language."""

    entity: str
    general: frozenset[str]
    words: dict[str, re.Pattern[str]]
    by: frozenset[str]


@cache
def _sites() -> tuple[_Site, ...]:
    out: list[_Site] = []
    for line_no, row in read_rows(SITES_FILE, ("entity", "general", *_LANGS)):
        general = frozenset(g.strip() for g in row["general"].split("|") if g.strip())
        if not row["entity"] or not general:
            raise ValueError(f"{SITES_FILE.name}:{line_no}: a row needs its name and the bare names it specialises")
        words = {
            lang: re.compile(_WORD_START[lang] + "(?:" + "|".join(forms) + ")")
            for lang in _LANGS
            if (forms := [f.strip() for f in row[lang].split(" ; ") if f.strip()])
        }
        by = frozenset(b.strip() for b in row.get("by", "").split("|") if b.strip())
        out.append(_Site(row["entity"], general, words, by))
    return tuple(out)


@cache
def _cancers() -> frozenset[str]:
    return frozenset(s.entity for s in _sites() if s.general & _CANCERS)


def _named(general: str, text: str, lang: str, others: list[Clause]) -> set[str]:
    """The specific names ``general`` may stand for by the sites ``text`` names outside the
    clauses in ``others`` (about someone else: "my dad had bowel cancer")."""
    return {
        s.entity
        for s in _sites()
        if general in s.general
        and lang in s.words
        and any(not any(c.start <= m.start() < c.end for c in others) for m in s.words[lang].finditer(text))
    }


def _named_by_facts(general: str, facts: list[Fact]) -> set[str]:
    """The specific names ``general`` may stand for by the user's own facts of the organ ("на
    фокусине", "保列治", "flow much better": the prostate), a relative's never."""
    own = {f.entity for f in facts if f.section != "family_history"}
    return {s.entity for s in _sites() if general in s.general and s.by & own}


def _site(general: str, msg: Message, others: list[Clause], facts: list[Fact] | None = None) -> str | None:
    """The one specific name the message (its words, or its own facts of an organ; when it names no
    site, the question) gives ``general``."""
    named = _named(general, msg.norm, msg.lang, others) | _named_by_facts(general, facts or [])
    if not named and msg.asked is not None and msg.asked.question:
        named = _named(general, msg.asked.question, msg.lang, [])
    return next(iter(named)) if len(named) == 1 else None


def _own_clause(msg: Message, pos: int) -> Clause | None:
    """The clause at ``pos`` when it states the user's own health (no question, doubt or other person)."""
    clause = next((c for c in msg.clauses if c.start <= pos < c.end), None)
    if clause is None or clause.skip or clause.subject != "self" or clause.intent_at <= pos:
        return None
    return clause


@cache
def _site_words(lang: str) -> re.Pattern[str]:
    """Every site's words in ``lang`` as one pattern: whether a text names any site, in one search."""
    return re.compile("|".join(f"(?:{s.words[lang].pattern})" for s in _sites() if lang in s.words) or "(?!)")


@cache
def _generals() -> frozenset[str]:
    """Every bare name a row specialises: a denied symptom of one of them is named by its site."""
    return frozenset(g for s in _sites() for g in s.general)


def name_by_site(facts: list[Fact], msg: Message) -> list[Fact]:
    """``facts`` with each denied bare cancer named by its organ (a denied cancer filed under
    ``diagnoses``), each denied bare symptom by its site, and each bare "no blood" of the user's
    as the denial its site names."""
    others = [c for c in msg.clauses if c.subject in ("family", "other")]
    facts = _biopsies_by_site(facts, msg, others)  # the organ a biopsy names names its cancer too
    for f in facts:
        if (
            f.section == "symptoms"
            and f.status == CONFIRMED_ABSENT
            and f.entity in _generals()
            and (site := _site(f.entity, msg, others)) is not None
        ):
            f.entity = site  # "legs arent weak": muscle weakness
    for f in facts:
        if f.section not in _OWN or f.status != CONFIRMED_ABSENT:
            continue
        if f.entity in _CANCERS and (site := _site(f.entity, msg, others, facts)) is not None:
            f.entity = site
        if f.entity in _cancers():
            f.section = _RULED_OUT
    for f in facts:
        bare = _BARE.get(f.entity)
        if (
            bare is not None
            and f.section in _OWN
            and f.mention is not None
            and bare.fullmatch(f.mention.lower())
            and (site := _site(f.entity, msg, others)) is not None
        ):
            f.entity = site  # "dentist says abscess": the dental abscess
    held = {(f.section, f.entity) for f in facts}
    added: list[Fact] = []
    for general, (patterns, section) in _BARE_DENIALS.items():
        pattern = patterns.get(msg.lang)
        if pattern is None:
            continue
        for m in pattern.finditer(msg.norm):
            clause = _own_clause(msg, m.start())
            site = _site(general, msg, others, facts) if clause is not None else None
            if clause is not None and site is not None and (section, site) not in held:
                held.add((section, site))
                added.append(Fact(m.start(), m.end(), clause.sentence, section, site, CONFIRMED_ABSENT, m[0]))
    return [*facts, *added]


def _biopsies_by_site(facts: list[Fact], msg: Message, others: list[Clause]) -> list[Fact]:
    """``facts`` with each bare biopsy named by the one organ the message gives it, and without
    the bare biopsies it gives none."""
    out: list[Fact] = []
    for f in facts:
        if f.section == "surgeries" and f.entity == _BIOPSY:
            site = _site(_BIOPSY, msg, others, facts)
            if site is None:
                continue
            f.entity = site
        out.append(f)
    return out


def site_question(context: str, lang: str | None) -> Topic | None:
    """The context's last question as a topic that asks nothing but names a site, when it names
    one ("Сдавали ПСА?", "最近有没有查过PSA？"): the reply's bare denial is named by it."""
    norm = normalise(context)
    langs = (lang,) if lang in _LANGS else _LANGS
    if not any(_site_words(lg).search(norm) for lg in langs):
        return None  # most contexts name no site: their sentences are never split
    question = last_question(norm)
    if not question or not any(_site_words(lg).search(question) for lg in langs):
        return None
    return Topic((), (), False, False, False, False, frozenset(), question=question)
