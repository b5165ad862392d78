"""A cancer told without its organ is the cancer of the organ its message or question names.

"Biopsy of the prostate, no cancer", "сделали биопсию простаты, рака нет", "做了前列腺穿刺 不是癌":
the user speaks of prostate cancer; so does "no cancer, PSA 3.2" (a prostate test), and "no clots,
no cancer" after "Any history of blood clots or breast cancer?". The organ's cancer is the body
part's ``cancer`` column in ``anatomy.tsv``; a test's organ (``tests.tsv``) names a body part too.
Only one organ may be named: "breast and bowel screening, no cancer" stays a cancer. The named
cancer takes the section of its own kind (a prostate cancer is a diagnosis, as the labels file it).
"""

from __future__ import annotations

from functools import cache

from anamnesis.measurements.catalog import load_catalog
from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact
from anamnesis.understanding.rules.segment import Hit

#: The canonical of a cancer with no organ.
_ANY_CANCER = "cancer"
#: Sections of the user's own illnesses (a relative's "cancer" is family history, told apart).
_OWN = frozenset({"diagnoses", "chronic_conditions"})


@cache
def _section_of() -> dict[str, str]:
    """Each organ cancer's own section, by its kind (a prostate cancer is a diagnosis, as labelled)."""
    kinds = {t.canonical: t.kind for t in load_terminology().terms if t.kind in ("condition", "diagnosis")}
    return {name: KIND_SECTION[kinds[name]] for name in _cancer_of().values() if name in kinds}


@cache
def _cancer_of() -> dict[str, str]:
    """Body part → the cancer of that part (``anatomy.tsv``'s ``cancer`` column)."""
    return {
        t.canonical: t.links["cancer"] for t in load_terminology().terms if t.kind == "body_part" and "cancer" in t.links
    }


def _part_cancers(hits: list[Hit]) -> list[tuple[int, int, str]]:
    """(start, end, that organ's cancer) of each body part ``hits`` name that has a cancer."""
    cancer_of = _cancer_of()
    return [
        (s, e, cancer_of[lex.term.canonical])
        for s, e, lex in hits
        if lex.kind == "body_part" and lex.term is not None and lex.term.canonical in cancer_of
    ]


def _named_cancers(text: str, hits: list[Hit], asked: Topic | None) -> set[str]:
    """The organ cancers the message names by a body part or a test of an organ, else its question."""
    cancer_of = _cancer_of()
    named = {cancer for _, _, cancer in _part_cancers(hits)}
    catalog = load_catalog()
    named |= {cancer_of[o] for _, _, test in catalog.find(text) for o in catalog.tests[test].organs if o in cancer_of}
    if not named and asked is not None:
        organ_cancers = set(cancer_of.values())
        named = {entity for _, entity in (*asked.items, *asked.presumes) if entity in organ_cancers}
    return named


#: How far from a relative's "cancer" its organ may be named: "у отца рак кишки", "my mum's
#: cancer was in the breast"; further away the organ is another phrase's.
_RELATIVE_REACH = 16


def _relatives_organ_cancer(facts: list[Fact], hits: list[Hit]) -> None:
    """A relative's "cancer" with exactly one organ named right beside it is that organ's cancer:
    "у отца рак кишки был" is a father's colorectal cancer. Only beside it: a relative's illness
    and the user's own organ share a message ("мама с раком, а у меня желудок болит")."""
    parts = None
    for f in facts:
        if f.entity != _ANY_CANCER or f.section != "family_history" or f.end <= f.start:
            continue
        parts = _part_cancers(hits) if parts is None else parts
        organs = {
            cancer for s, e, cancer in parts if f.start - _RELATIVE_REACH <= e and s <= f.end + _RELATIVE_REACH
        }
        if len(organs) == 1:
            (f.entity,) = organs


def with_organ_cancer(facts: list[Fact], text: str, hits: list[Hit], asked: Topic | None) -> list[Fact]:
    """``facts`` with the user's own "cancer" named by its organ, when exactly one is named, and a
    relative's when its organ is named beside it."""
    _relatives_organ_cancer(facts, hits)
    if not any(f.entity == _ANY_CANCER and f.section in _OWN for f in facts):
        return facts
    named = _named_cancers(text, hits, asked)
    if len(named) != 1:
        return facts
    (name,) = named
    if any(f.entity == name and f.section in _OWN for f in facts):  # "prostate cancer ... no cancer": one fact
        return [f for f in facts if not (f.entity == _ANY_CANCER and f.section in _OWN)]
    for f in facts:
        if f.entity == _ANY_CANCER and f.section in _OWN:
            f.entity = name
            if not (f.section == "diagnoses" and f.status == "resolved"):  # a past episode stays one
                f.section = _section_of().get(name, f.section)
    return facts
