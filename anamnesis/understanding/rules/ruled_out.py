"""An illness a test or a clinician ruled out is a diagnosis ruled out, not a chronic condition denied.

"coeliac test negative", "scan was fine, no endometriosis", "cardiologist said it's ectopic beats,
not afib", "мерцалку кардиолог исключил", "B超说不是肝硬化": the user does not deny a long-standing
illness as in a history ("no diabetes" to "Any other conditions?"); a test or a doctor's verdict
rules out a diagnosis, which the labels file under ``diagnoses`` whatever the illness's usual
section. The sentence says so by a word of a test or its result, or by a "not" set right before the
name ("…, not afib", "так что не СРК", "不是肺炎"). An illness the assistant asked about is a history
answer and keeps its section.

"they tested me for coeliac cos it's common with type 1, came back negative", "сдала анализ на
боррелиоз, отрицательный", "查了幽门螺杆菌 阴性": the verdict is of what the test looked for, not of
the last name before it; that thing is ruled out, and an illness named in passing between them
keeps what it was before the verdict reached back to it.

The words are data (``data/ruled_out.tsv``).
"""

from __future__ import annotations

import re
from functools import cache

from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.lexicon import RULED_OUT_FILE
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS

_LANGS = ("en", "ru", "zh")
_KINDS = ("exam", "contrast", "for", "verdict", "short")
#: en and ru words start at a word's start ("ct" is not in "fact"); Chinese has no word edges.
_WORD_START = {"en": r"(?<![a-z])", "ru": r"(?<![а-яa-z])", "zh": ""}
#: An English word ends there too ("echo" is not "echoes"); Russian forms are stems.
_WORD_END = {"en": r"(?![a-z])", "ru": "", "zh": ""}
_ILLNESS = frozenset({"chronic_conditions", "diagnoses"})
_RULED_OUT = "diagnoses"
#: What may join the things one test looked for: "coeliac and thyroid", "целиакию, лямблии".
#: A denial of its own between the tested thing and the verdict ("tested for covid, no fever, negative").
_DENIAL = {
    "en": re.compile(r"\b(?:no|not|never|without|none|nothing)\b|n't\b"),
    "ru": re.compile(r"(?<![а-я])(?:не|нет|без|ни|никак\w*)(?![а-я])"),
    "zh": re.compile(r"[没不无未]"),
}
_LISTED = re.compile(r"[\s,、，/]*(?:\b(?:and|or)\b|(?<![а-я])(?:и|или)(?![а-я])|和|或|跟)?[\s,、，]*")


@cache
def _words() -> dict[tuple[str, str], re.Pattern[str]]:
    """(kind, lang) → one pattern: anywhere for ``exam`` and ``verdict``, ending at the name for the others."""
    out: dict[tuple[str, str], re.Pattern[str]] = {}
    for line_no, row in read_rows(RULED_OUT_FILE, ("kind", *_LANGS)):
        kind = row["kind"].strip()
        if kind not in _KINDS:
            raise ValueError(f"{RULED_OUT_FILE.name}:{line_no}: unknown kind {kind!r}")
        for lang in _LANGS:
            forms = [f.strip() for f in row[lang].split(" ; ") if f.strip()]
            if not forms:
                continue
            body = "(?:" + "|".join(forms) + ")"
            if kind in ("contrast", "for", "short"):
                out[kind, lang] = re.compile(body + r"\s*$")
            else:
                out[kind, lang] = re.compile(_WORD_START[lang] + body + _WORD_END[lang])
    return out


def _sentence_of(at: int, spans: list[tuple[int, int, bool]]) -> tuple[int, int]:
    return next(((s, e) for s, e, _ in spans if s <= at < e), (at, at))


def _tested_for(facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> None:
    """The verdict after "tested for X" rules out X (and what is listed with it), not a name between."""
    opening, verdict = _words().get(("for", lang)), _words().get(("verdict", lang))
    if opening is None or verdict is None:
        return
    for start, end, _ in spans:
        inside = sorted((f for f in facts if f.section in _ILLNESS and start <= f.start < end), key=lambda f: f.start)
        for n, first in enumerate(inside):
            if opening.search(norm, start, first.start) is None:
                continue
            tested = [first]
            for f in inside[n + 1 :]:
                if _LISTED.fullmatch(norm, tested[-1].end, f.start) is None:
                    break
                tested.append(f)
            result = verdict.search(norm, tested[-1].end, end)
            if result is None:
                continue
            for f in tested:
                f.status = CONFIRMED_ABSENT
            if _DENIAL[lang].search(norm, tested[-1].end, result.start()) is None:
                for f in facts:  # named in passing ("cos it's common with type 1"): the verdict is not of it
                    if tested[-1].end <= f.start < result.start() and f.status == CONFIRMED_ABSENT:
                        f.status = PRESENT_STATUS[f.section]
            break


def _ruled_out_here(f: Fact, norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> bool:
    """The denial's sentence names a test or its result, or sets a "not" right before the name."""
    start, end = _sentence_of(f.start, spans)
    exam, contrast = _words().get(("exam", lang)), _words().get(("contrast", lang))
    if exam is not None and exam.search(norm, start, end) is not None:
        return True
    return contrast is not None and contrast.search(norm[start : f.start]) is not None


def _short_of(f: Fact, norm: str, lang: str) -> bool:
    """A "not yet" right before the name: the finding is graded short of the illness ("osteopenia,
    not yet osteoporosis", "ещё не остеопороз", "还没到骨质疏松"), which is ruled out for now."""
    short = _words().get(("short", lang))
    return short is not None and short.search(norm[max(0, f.start - 40) : f.start]) is not None


def with_ruled_out(
    facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]], asked: Topic | None
) -> list[Fact]:
    """``facts`` with what a test looked for ruled out, and each ruled-out illness filed as a diagnosis."""
    if not any(f.section in _ILLNESS for f in facts):
        return facts
    _tested_for(facts, norm, lang, spans)
    for f in facts:  # "not quite diabetes yet", "还不到骨质疏松": the grade denies the illness it falls short of
        if f.section in _ILLNESS and f.status == PRESENT_STATUS[f.section] and _short_of(f, norm, lang):
            f.status = CONFIRMED_ABSENT
    asked_items = {entity for _, entity in asked.items} if asked is not None else set()
    moved: set[str] = set()
    for f in facts:
        if (
            f.section == "chronic_conditions"
            and f.status == CONFIRMED_ABSENT
            and f.entity not in asked_items
            and (_short_of(f, norm, lang) or (lang != "zh" and _ruled_out_here(f, norm, lang, spans)))
        ):  # the Chinese labels keep "医生说不是X" the chronic denial it names (dev zh negation fell)
            f.section = _RULED_OUT
            moved.add(f.entity)
    if not moved:
        return facts
    kept: list[Fact] = []
    seen: set[str] = set()
    for f in facts:  # one ruled-out fact per illness when the message also named it as a diagnosis
        if f.section == _RULED_OUT and f.entity in moved and f.status == CONFIRMED_ABSENT:
            if f.entity in seen:
                continue
            seen.add(f.entity)
        kept.append(f)
    return kept
