"""An allergen named as the one that showed a class allergy is no allergy of its own.

"sulfa drugs, I got hives from bactrim once", "на бисептол была сыпь, сказали сульфаниламиды мне
нельзя", "磺胺类过敏 小时候吃复方新诺明起过水疱": the allergy is to the class (sulfonamides); the drug
told with it is the occasion it showed, and a member of the class (its ATC code lies under the
class's code), so it adds no allergy of its own. A drug of another class stays ("allergic to sulfa
and to codeine"). Foods have no such codes: "海鲜过敏，吃虾会起疙瘩", "на морепродукты, креветки",
"allergic to seafood, prawns make my lips swell" hold their members in ``data/allergen_classes.tsv``.
Only active allergies are folded: a member denied beside its class is the user's own word on it; a
food member told before its class ("allergic to shrimp, other seafood is fine") stays its own.
"""

from __future__ import annotations

from functools import cache

from anamnesis.terminology import load_terminology
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.lexicon import ALLERGEN_CLASSES_FILE


@cache
def _codes() -> tuple[dict[str, tuple[str, ...]], frozenset[str]]:
    """(ATC codes of every drug and allergen by canonical name, the allergens that are drug classes)."""
    codes: dict[str, tuple[str, ...]] = {}
    classes: set[str] = set()
    for term in load_terminology().terms:
        atc = tuple(c.removeprefix("ATC:") for c in term.codes if c.startswith("ATC:"))
        if not atc or term.kind not in ("drug", "allergen"):
            continue
        codes[term.canonical] = codes.get(term.canonical, ()) + atc
        if term.kind == "allergen":
            classes.add(term.canonical)
    return codes, frozenset(classes)


@cache
def _food_members() -> dict[str, frozenset[str]]:
    """Allergen class → the allergens it holds (``data/allergen_classes.tsv``)."""
    return {
        row["class"]: frozenset(m.strip() for m in row["members"].split("|") if m.strip())
        for _, row in read_rows(ALLERGEN_CLASSES_FILE, ("class", "members"))
    }


def without_class_members(facts: list[Fact]) -> list[Fact]:
    """The message's facts without the allergies that belong to a class allergy it states."""
    allergies = [f for f in facts if f.section == "allergies" and f.status == "active"]
    if len(allergies) < 2:
        return facts
    codes, classes = _codes()
    stated = [code for f in allergies if f.entity in classes for code in codes.get(f.entity, ())]
    # a food class holds a member told after it ("seafood, prawns make my lips swell"); a member told
    # first is its own allergy ("allergic to shrimp, other seafood is fine")
    held: dict[str, int] = {}
    for f in allergies:
        for m in _food_members().get(f.entity, ()):
            held[m] = min(held.get(m, f.start), f.start)
    members = [
        f
        for f in allergies
        if f.entity in held and f.start > held[f.entity]
        or f.entity not in classes and any(c.startswith(s) for c in codes.get(f.entity, ()) for s in stated)
    ]
    return [f for f in facts if f not in members]
