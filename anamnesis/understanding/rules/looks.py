"""A look inside named only as the source of a finding: how the finding was made, no fact.

"The endoscopy showed gastritis", "на гастроскопии нашли гастрит", "гастроскопия показала язву",
"胃镜查出来是胃炎": the user reports the finding; the look (procedures.tsv ``look``: a gastroscopy, a
colonoscopy, a biopsy) is the way it was found, as the gold README labels it. Told as had ("had a
colonoscopy", "сделал фгдс", "做了胃镜", "gastroscopy in december") it is the user's procedure,
``surgeries`` / ``historical`` (CONVENTIONS).
"""

from __future__ import annotations

import re
from functools import cache

from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.facts import Fact

#: Right after the look: it found or showed something ("showed", "показала", "查出来").
_SHOWED_AFTER = re.compile(
    r"\s*(?:(?:has|had|just)\s+)?(?:showed|shows|shown|found|finds|revealed|reveals|confirmed|picked up|said)\b"
    r"|\s*(?:показал\w*|выявил\w*|обнаружил\w*|нашл[аи])(?![а-яё])"
    r"|(?:检查)?(?:查出|显示|提示|发现|看到)"
)
#: Right before it: the finding was made on it or by it ("на гастроскопии", "по данным колоноскопии").
_ON_BEFORE = re.compile(r"(?:(?<![а-яё])(?:на|по|при|по данным|в ходе)\s+)$")
#: A verb that tells the look as had, right before it or right after it: "做了胃镜发现…",
#: "had a colonoscopy, found…", "сделали гастроскопию, нашли…", "сходила на фгдс", "на фгдс сходила"
#: are the user's procedure all the same.
_HAD_BEFORE = re.compile(
    r"(?:\b(?:had|did|got|done)\s+(?:(?:a|an|the|my)\s+)?"
    r"|(?<![а-яё])(?:с?делал\w*|прош[её]л|прошла|прошли)\s+"
    r"|(?<![а-яё])(?:с?ходил[аи]?|был[аи]?)\s+на\s+"
    r"|做了|做过|做的|刚做|去做了?|做个|做了个)$"
)
_HAD_AFTER = re.compile(r"做了|做过|做完|\s+(?:с?ходил[аи]?|с?делал[аи]?)(?![а-яё])")
#: The same inside the look's own words ("做了胃镜" is one of its forms).
_HAD_INSIDE = re.compile(r"做了|做过|做的")


@cache
def looks() -> frozenset[str]:
    """The procedures that look inside and treat nothing (procedures.tsv ``look``)."""
    return frozenset(t.canonical for t in load_terminology().terms if t.kind == "procedure" and t.links.get("look"))


def without_finding_sources(facts: list[Fact], norm: str) -> list[Fact]:
    """``facts`` without the looks named only as where a finding came from."""
    kinds = looks()
    return [
        f
        for f in facts
        if not (
            f.section == "surgeries"
            and f.entity in kinds
            and f.end > f.start
            and (_SHOWED_AFTER.match(norm, f.end) or _ON_BEFORE.search(norm, max(0, f.start - 12), f.start))
            and not _HAD_BEFORE.search(norm, max(0, f.start - 16), f.start)
            and not _HAD_AFTER.match(norm, f.end)
            and not _HAD_INSIDE.search(norm, f.start, f.end)
        )
    ]
