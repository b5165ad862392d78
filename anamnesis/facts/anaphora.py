"""Events that refer back: "upped it to 750", "дозу снизили до 25 мг", "那个药我不吃了".

A message that changes or stops a medicine without naming it speaks of the one discussed last.
A backend cannot know which that is (it reads one message), so it proposes the event with the
entity :data:`schemas.sections.LAST_DISCUSSED`, and the fold, which holds the user's history,
resolves it here: to the single present fact of the section touched most recently. When none
or several tie (two drugs named in the same message), the reference is ambiguous and the event
is dropped: a guessed drug would be a wrong fact, a dropped one is only a missed change.

An illness that is over without its name ("all cleared up", "好了", "всё прошло") is proposed as
a resolved ``^`` event in the section its words point to, and is the illness last discussed
whatever its kind: an episode, a symptom or an injury, that section on a tie (:func:`last_illness`).
A recovery that names the complaint in other words ("the tummy ache is gone" after "epigastric
pain") is about the one present fact of its section it is a kind or a part of
(:func:`ended_by_another_name`).

A fracture ruled out with no bone named ("x-ray clear, no fracture", "перелома нет", "拍了 没骨折") is
of the part the injury discussed last is of (:func:`at_injured_part`): "ankle fracture" after an
ankle sprain.

An event that ends a fact only if the user has it ("ALT 33" ends an elevated ALT; a normal ALT
with no such finding is nothing) names it after the ``^`` ("^elevated alanine aminotransferase",
:func:`schemas.sections.held_name`), and is about that fact while it is present (:func:`held`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from anamnesis.terminology.injury_parts import same_part
from schemas.events import BARE_DOSE_PATTERN
from schemas.sections import PRESENT_STATUS, SECTION_WIDE


class _Fact(Protocol):
    status: str
    first_seen: int
    last_seen: int
    attributes: dict


def last_discussed(facts: Mapping[tuple[str, str], _Fact], section: str, dose: str | None = None) -> str | None:
    """The entity of the one present fact of ``section`` seen last, or None when none or a tie.

    A new dose in a unit ("加到18个单位", "upped it to 30 units") is of a drug dosed in that unit
    when one is known (the insulin, not the metformin named after it)."""
    present = PRESENT_STATUS[section]
    candidates = [(f.last_seen, k[1]) for k, f in facts.items() if k[0] == section and k[1] != SECTION_WIDE
                  and f.status == present]
    unit = _unit(dose)
    same_unit = [c for c in candidates if unit and _unit(facts[(section, c[1])].attributes.get("dose")) == unit]
    candidates = same_unit or candidates
    if not candidates:
        return None
    latest = max(seen for seen, _ in candidates)
    named = [entity for seen, entity in candidates if seen == latest]
    return named[0] if len(named) == 1 else None


#: ATC code lengths from the chemical subgroup to the therapeutic group ("ATC:C10AA", "ATC:C10A",
#: "ATC:C10"): a drug switched to replaces the user's drug of the narrowest group they share.
_ATC_LEVELS = (9, 8, 7)


def replaced_by(
    facts: Mapping[tuple[str, str], _Fact], section: str, started: list[str], codes_of: Callable[[str], tuple[str, ...]]
) -> list[str]:
    """The present facts of ``section`` a switch to the ``started`` drugs replaces: those of the
    narrowest ATC group one of them shares with a started drug ("розукард" after "аторис": both
    statins), none when no present drug shares a group. Several are a tie the caller drops."""
    new = [c for e in started for c in codes_of(e) if c.startswith("ATC:")]
    present = PRESENT_STATUS[section]
    known = [(e, [c for c in codes_of(e) if c.startswith("ATC:")]) for (s, e), f in facts.items()
             if s == section and e != SECTION_WIDE and e not in started and f.status == present]
    for size in _ATC_LEVELS:
        groups = {c[:size] for c in new if len(c) >= size}
        mates = [e for e, codes in known if any(c[:size] in groups for c in codes if len(c) >= size)]
        if mates:
            return mates
    return []


def held(facts: Mapping[tuple[str, str], _Fact], section: str, entity: str) -> str | None:
    """``entity`` when the user holds it present in ``section``, else None (the event is dropped)."""
    fact = facts.get((section, entity))
    return entity if fact is not None and fact.status == PRESENT_STATUS[section] else None


def at_injured_part(facts: Mapping[tuple[str, str], _Fact], kind: str) -> str | None:
    """The ``kind`` injury of the part the one present injury discussed last is of ("ankle
    fracture" for a fracture ruled out after "ankle sprain"), or None when none or several are
    present, or the vocabulary names no such injury of its part."""
    injury = last_discussed(facts, "injuries")
    return same_part(injury, kind) if injury is not None else None


def _unit(dose: object) -> str:
    """The unit of a dose ("18 units" → "units"; a bare "18" has none)."""
    return str(dose or "").partition(" ")[2]


#: The sections of an illness that gets well: a recovery that names nothing ("好了", "all cleared
#: up") is about the one of them discussed last, whichever section it is in.
ILLNESS_SECTIONS = ("symptoms", "diagnoses", "injuries")


def last_illness(
    facts: Mapping[tuple[str, str], _Fact], section: str, codes_of: Callable[[str], tuple[str, ...]] | None = None
) -> tuple[str, str] | None:
    """(section, entity) of the one present illness, symptom or injury seen last; on a tie, the
    one of them in ``section`` (the section the recovery's words point to), else None. With
    ``codes_of``, a state or a reading is no illness that clears up ("infection cleared up" after
    a low eGFR told since is the infection): its own reading ends it."""
    candidates = [(f.last_seen, k) for k, f in facts.items() if k[0] in ILLNESS_SECTIONS and k[1] != SECTION_WIDE
                  and f.status == PRESENT_STATUS[k[0]]
                  and not (codes_of and k[0] == "diagnoses" and _is_state_or_reading(k[1], codes_of))]
    if not candidates:
        return None
    latest = max(seen for seen, _ in candidates)
    named = [key for seen, key in candidates if seen == latest]
    own = [key for key in named if key[0] == section]
    return named[0] if len(named) == 1 else own[0] if len(own) == 1 else None


#: How far back a recovery of everything reaches (µs): the complaints and illnesses last told within
#: it are the episode; an illness told months before belongs to another.
EPISODE_REACH_US = 60 * 86_400 * 1_000_000
#: Diagnoses that are states or readings, not an illness that gets well ("pregnancy", "menopause",
#: "elevated hba1c"): ICD-10 chapters of findings (R), pregnancy (O) and circumstances (Z), and
#: the menopause (N95); a reading by its name's opening word.
_STATE_CODES = ("ICD10:R", "ICD10:O", "ICD10:Z", "ICD10:N95")
_READING_WORDS = ("elevated ", "low ", "high ", "abnormal ", "labile ", "positive ", "borderline ")
#: The sections a recovery of everything ends: complaints and episodes (an injury heals on its own
#: words, a chronic condition is never over).
_EPISODE_SECTIONS = ("symptoms", "diagnoses")


def whole_episode(
    facts: Mapping[tuple[str, str], _Fact], now: int, codes_of: Callable[[str], tuple[str, ...]]
) -> list[tuple[str, str]]:
    """(section, entity) of every present complaint and illness of the episode a recovery of
    everything ends ("all cleared up, finished the tablets" after a UTI told with its burning and
    frequency): those last seen within :data:`EPISODE_REACH_US` of ``now``; a diagnosis that is a
    state or a reading (pregnancy, a high HbA1c) is no illness that gets well."""
    out = []
    for (section, entity), f in sorted(facts.items()):
        if section not in _EPISODE_SECTIONS or entity == SECTION_WIDE or f.status != PRESENT_STATUS[section]:
            continue
        if now - f.last_seen > EPISODE_REACH_US:
            continue
        if section == "diagnoses" and _is_state_or_reading(entity, codes_of):
            continue
        out.append((section, entity))
    return out


#: Illnesses found by a reading, whose reading back in range ends them but not what was told with
#: them ("гемоглобин уже 118" ends the anaemia, not the heavy periods): the anaemias.
_READ_ILLNESS_CODES = ("ICD10:D50", "ICD10:D51", "ICD10:D52", "ICD10:D53", "ICD10:D64")


def _is_state_or_reading(entity: str, codes_of: Callable[[str], tuple[str, ...]]) -> bool:
    """A diagnosis that is a state or a reading (pregnancy, a high HbA1c), not an episode."""
    return entity.startswith(_READING_WORDS) or any(c.startswith(_STATE_CODES) for c in codes_of(entity))


def told_with(
    facts: Mapping[tuple[str, str], _Fact], illness: str, codes_of: Callable[[str], tuple[str, ...]]
) -> list[str]:
    """The present complaints first told in the same message as the diagnosis ``illness``, which a
    recovery from it ends too ("got a stinking cold, blocked nose and sore throat" ... "colds long
    gone": the nose and throat with it); none for a state, a reading or an illness a reading ends."""
    fact = facts.get(("diagnoses", illness))
    if fact is None or _is_state_or_reading(illness, codes_of):
        return []
    if any(c.startswith(_READ_ILLNESS_CODES) for c in codes_of(illness)):
        return []
    present = PRESENT_STATUS["symptoms"]
    return sorted(
        e for (s, e), f in facts.items()
        if s == "symptoms" and e != SECTION_WIDE and f.status == present and f.first_seen == fact.first_seen
    )


def ended_by_another_name(
    facts: Mapping[tuple[str, str], _Fact], section: str, entity: str, codes_of: Callable[[str], tuple[str, ...]]
) -> str | None:
    """The one present fact of ``section`` that a recovery of ``entity`` is about, or None when
    none or several are: a broader or narrower kind of the same complaint (one ICD-10 code is the
    other's or within it: "abdominal pain" R10 and "epigastric pain" R10.1, "joint pain" and
    "knee pain" M25.5). A guess between two would end the wrong one; none is a fact of its own.
    A body part's complaint after the generic one ("leg swelling" after "swelling") is not ended
    by its words: the dev set names that recovery by the more precise name (measured)."""
    own = _icd10(codes_of(entity))
    if not own:
        return None
    present = PRESENT_STATUS[section]
    related = [
        e
        for (s, e), f in facts.items()
        if s == section
        and e != SECTION_WIDE
        and f.status == present
        and any(a.startswith(b) or b.startswith(a) for a in own for b in _icd10(codes_of(e)))
    ]
    return related[0] if len(related) == 1 else None


def _icd10(codes: tuple[str, ...]) -> tuple[str, ...]:
    """The ICD-10 codes among a concept's codes (ATC codes name no complaint)."""
    return tuple(c for c in codes if c.startswith("ICD10:"))


def referring_attributes(attributes: dict, referent: _Fact) -> dict:
    """The attributes a referring event gives its referent: a bare dose ("750") in the unit of
    the referent's current dose (left out when there is none to borrow); no ``mention`` (the
    referent keeps its name as the user wrote it, not "it")."""
    out = {k: v for k, v in attributes.items() if k not in ("dose", "mention")}
    dose = attributes.get("dose")
    if dose is None:
        return out
    if not BARE_DOSE_PATTERN.match(dose):
        out["dose"] = dose
        return out
    unit = str(referent.attributes.get("dose") or "").partition(" ")[2]
    if unit:
        out["dose"] = f"{dose} {unit}"
    return out
