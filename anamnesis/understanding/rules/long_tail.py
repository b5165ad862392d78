"""English drugs and diseases the curated terminology does not know, looked up in DrugBank and MeSH.

Only a clause that reads as taking a medicine ("I'm on Xeljanz") and names no curated drug asks
DrugBank; only a clause of the user's own that reads as having something ("diagnosed with ...")
and names no curated condition asks MeSH. The gates keep the long-tail lookups rare and their
false hits out of small talk.
"""

from __future__ import annotations

from anamnesis.understanding.rules import drugbank, mesh
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: Curated kinds a "have"/"diagnosed with" clause may name besides a disease MeSH knows
#: ("I take metformin for ..."); any other curated mention is what the clause says one has.
_NOT_HAD = frozenset({"drug", "lifestyle"})
#: Cues that make an English clause read as taking a medication: worth asking DrugBank
#: about a drug the curated terminology does not know ("I'm on Xeljanz").
TAKING = frozenset({"start", "still"})
#: "end" cue words that speak of a medicine ("came off Xeljanz"), not of a habit or illness
_TAKING_ENDS = frozenset(
    {"stop taking", "came off", "come off", "taken off", "weaned off", "took me off", "taking me off", "discontinued"}
)


def reads_as_taking(norm: str, clause: Clause) -> bool:
    if not clause.cats.isdisjoint(TAKING):
        return True
    return "end" in clause.cats and any(lex.cat == "end" and norm[s:e] in _TAKING_ENDS for s, e, lex in clause.hits)


def names_no_drug(clause: Clause, mentions: list[Mention]) -> bool:
    """No curated drug, and not a denial of all medications ("I don't take any medication")."""
    if clause.has("neg") and clause.has("s:medications"):
        return False
    return not any(m.kind == "drug" for m in mentions)


def with_drugbank(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` plus the drugs DrugBank finds among the words no curated term took."""
    taken = [(s, e) for s, e, lex in clause.hits if lex.cat == "term"]
    found = drugbank.find(norm, clause.start, clause.end, taken)
    if not found:
        return mentions
    return sorted([*mentions, *(Mention(s, e, "drug", name) for s, e, name in found)], key=lambda m: (m.start, m.end))


def may_have(norm: str, clause: Clause, lang: str) -> bool:
    """An English clause of the user's own that reads as having, or being diagnosed with, something."""
    return (
        lang == "en"
        and clause.subject == "self"
        and not clause.skip
        and mesh.HAVING.search(norm, clause.start, clause.end) is not None
    )


def names_no_condition(mentions: list[Mention]) -> bool:
    """Nothing curated that the clause may be saying the user has: no condition, diagnosis or
    symptom, nor a vaccine, procedure, injury, allergen or section ("I've never had surgery")."""
    return all(m.kind in _NOT_HAD for m in mentions)


def with_mesh(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` plus the diseases MeSH finds among the words no curated term took:
    chronic conditions when the clause says they are long-standing, diagnoses otherwise."""
    taken = [(s, e) for s, e, _ in clause.hits]  # cues too: "allergies" is no MeSH "hypersensitivity"
    found = mesh.find(norm, clause.start, clause.end, taken)
    if not found:
        return mentions
    kind = "condition" if mesh.CHRONIC.search(norm, clause.start, clause.end) else "diagnosis"
    return sorted([*mentions, *(Mention(s, e, kind, name) for s, e, name in found)], key=lambda m: (m.start, m.end))
