"""A medicine after "without" / "без" tells a circumstance, not whether the user takes it.

"засыпаю в 11 без всяких таблеток", "давление 150, пока без таблеток", "my BP is 150 without the
tablets", "I can't sleep without zopiclone", "без отривина не могу уснуть": the sentence says how
something else goes (sleep, the pressure) with or without the medicine. It neither denies that the
user takes medicines (a section-wide ``*`` absence would stop every medicine they take) nor that they
take this one. So the "without" is taken out of the hits, and a drug it governs too: a medicine the
message names elsewhere keeps its own reading. Who cannot do without a drug ("can't sleep without
zopiclone", "без отривина не могу уснуть") takes it: that drug stays, as taken. A "without" after a
verb of managing ("обхожусь без таблеток", "I manage without painkillers") does say none are taken,
and keeps its denial; so does a "without" before a complaint ("headache without nausea").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.segment import Hit

#: The "without" words of the cue table, and the determiners that may stand before the medicine.
_WITHOUT = re.compile(
    r"(?:\bwithout|(?<![а-яё])без)"
    r"(?:\s+(?:any|my|the|a|an|all|those|these|its|his|her|всяких|каких-либо|каких-то|своих|моих|этих|этого|своего|моего))*"
    r"\s+$"
)
#: A verb of managing right before "without": the user gets by with none.
_MANAGING = re.compile(
    r"(?:\b(?:manage|managing|managed|cope|coping|coped|get by|getting by|got by|live|living|do|doing|did)"
    r"|(?<![а-яё])(?:обхожусь|обходилась|обходился|обходимся|справляюсь|справлялась|справлялся|живу|жила|жил))"
    r"\s+(?:fine\s+|well\s+|ok\s+|хорошо\s+|нормально\s+)?$"
)


#: Not being able to do without it: "can't sleep without zopiclone", "без отривина не могу уснуть".
_CANNOT = re.compile(
    r"\b(?:can't|cant|cannot|can not|couldn't|couldnt|unable)\b"
    r"|(?<![а-яё])(?:не могу|не может|не могла|не мог|не смогу|никак|не обойтись|не обхожусь)(?![а-яё])"
)
_SENTENCE_END = re.compile(r"[.!?;]")


def _medicine(hit: Hit) -> bool:
    lex = hit[2]
    return (lex.cat == "term" and lex.kind == "drug") or (lex.cat == "section" and lex.value == "medications")


def without_medicine_circumstances(norm: str, hits: list[Hit]) -> list[Hit]:
    """The hits without each "without" / "без" that governs a medicine, and without the medicine, but
    a named drug the user cannot do without (then it is taken, and stays as named)."""
    if "without" not in norm and "без" not in norm:
        return hits
    dropped: set[int] = set()
    for n, (start, _, lex) in enumerate(hits[:-1]):
        if lex.cat != "neg" or norm[start : start + 3] not in ("wit", "без"):
            continue
        medicine = hits[n + 1]
        if not _medicine(medicine) or _WITHOUT.fullmatch(norm, start, medicine[0]) is None:
            continue
        if _MANAGING.search(norm, max(0, start - 24), start):
            continue  # "обхожусь без таблеток": none taken
        dropped.add(n)
        if medicine[2].cat != "term" or not _cannot_do_without(norm, start):
            # "BP is 150 without the tablets": nothing said of taking them, and no other cue of the
            # clause ("sleeping fine now without any pills") may reach the noun once "without" is gone
            dropped.add(n + 1)
    return [h for n, h in enumerate(hits) if n not in dropped] if dropped else hits


def _cannot_do_without(norm: str, at: int) -> bool:
    """The sentence of the "without" at ``at`` says the user cannot do without the medicine."""
    start = max((m.end() for m in _SENTENCE_END.finditer(norm, 0, at)), default=0)
    end = next((m.start() for m in _SENTENCE_END.finditer(norm, at)), len(norm))
    return _CANNOT.search(norm, start, end) is not None
