"""One event per (section, entity) of a message: the last statement wins, relatives are joined.

Also the `*` rule: a section-wide denial gives way to a specific present fact of its section.
"""

from __future__ import annotations

import re

from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.clause_facts import joined_relation
from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.others import NOTHING_ELSE
from anamnesis.understanding.rules.reading import Message
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS, SECTION_WIDE


def merge_facts(msg: Message) -> list[Fact]:
    """One event per (section, entity), the last statement winning; then the `*` rule.

    Family history is one fact per condition: relatives named in several statements are
    joined ("father, mother"), and a relative who has it outweighs one who has not.
    """
    if not msg.facts:
        return []  # a message that states nothing (half the questions a router reads)
    merged: dict[tuple[str, str], Fact] = {}
    for fact in msg.facts:
        key = (fact.section, fact.entity)
        old = merged.pop(key, None)
        if old is not None:
            if fact.status == CONFIRMED_ABSENT and NOTHING_ELSE.search(msg.norm, old.end, fact.end + 12):
                # "монурал выпила, больше ничего не пью": "nothing else" denies all but what was named
                fact.status = old.status
            elif _denied_after_present(old, fact, msg.norm):
                # "бегала по утрам, но ... пока не бегаю", "headache this morning, none now": what
                # the message first says one has and then denies has ended, it is not absent
                fact.status = status_for(fact.section, "end")
            elif _denied_after_ended(old, fact, msg.norm):
                # "酒早戒了，一口不喝", "бросил пить, ни капли не пью": the denial tells how it is since
                # the user gave it up, it does not make it something they never had
                fact.status = old.status
            elif _stopped_then_named(old, fact, msg):
                # "заменил амлодипин на лерканидипин, ноги отекали от амлодипина": the drug the
                # message stopped, named again for what it did, is still stopped
                fact.status = old.status
            if fact.section == "family_history":
                fact = _family_merge(old, fact)
            else:
                fact.attrs = {**old.attrs, **fact.attrs}
            fact.mention = fact.mention or old.mention
        merged[key] = fact
    if msg.orphan_reactions:
        allergies = [f for f in merged.values() if f.section == "allergies" and f.entity != SECTION_WIDE]
        if allergies:
            allergies[-1].put("reaction", msg.orphan_reactions[0], replace=False)
    present = {f.section for f in merged.values() if f.entity != SECTION_WIDE and f.status == PRESENT_STATUS[f.section]}
    kept = [f for f in merged.values() if not (f.entity == SECTION_WIDE and f.section in present)]
    return _without_classes(_without_weight_reported(kept, msg.norm))


def _without_classes(facts: list[Fact]) -> list[Fact]:
    """A class of medicines named beside a member of it is that member: "the pill, microgynon",
    "противозачаточные, чарозетту", "开了胰岛素 诺和锐" state one medicine, not two. The class is the
    one whose ATC code a member's code extends (oral contraceptives G03A, Microgynon G03AA07); its
    attributes go to the member where the member has none. Only taken ones: a class denied with its
    example ("no" to "any water tablets like furosemide?") stays denied."""
    taken = PRESENT_STATUS["medications"]
    drugs = [f for f in facts if f.section == "medications" and f.entity != SECTION_WIDE and f.status == taken]
    if len(drugs) < 2:
        return facts
    codes_of = load_terminology().codes_of
    atc = {id(f): [c for c in codes_of(f.entity) if c.startswith("ATC:")] for f in drugs}
    classes: set[int] = set()
    for f in drugs:
        member = next(
            (
                g
                for g in drugs
                if g is not f
                and any(c != d and d.startswith(c) for c in atc[id(f)] for d in atc[id(g)])
            ),
            None,
        )
        if member is not None:
            classes.add(id(f))
            for key, value in f.attrs.items():
                member.put(key, value, replace=False)
    return [f for f in facts if id(f) not in classes] if classes else facts


def _denied_after_present(old: Fact, new: Fact, norm: str) -> bool:
    """In another phrase ("酒一点都不喝" names alcohol twice in one denial), and not a Chinese topic
    whose comment is the denial ("酒，从来不喝": the bare topic says nothing of its own)."""
    return (
        new.status == CONFIRMED_ABSENT
        and any(ch in ",，;；.。!！—" for ch in norm[old.end : new.start])
        and _ZH_TOPIC_DENIED.fullmatch(norm, old.end, new.start) is None
        and old.status == PRESENT_STATUS[old.section]
        and status_for(new.section, "end") not in (CONFIRMED_ABSENT, PRESENT_STATUS[new.section])
    )


#: What lies between a Chinese topic and the verb that denies it: a comma, then only the denial
#: and its adverbs of "ever" ("酒，从来不喝", "烟嘛，一口都不抽").
_ZH_TOPIC_DENIED = re.compile(
    r"[呢嘛啊吧呀]?[，,]\s*(?:从来|从|一直|向来|根本|压根|一口|一点|都|也|就)*(?:不|没有?|从不)\s*"
)


def _denied_after_ended(old: Fact, new: Fact, norm: str) -> bool:
    """What the message first says has ended and then, in another phrase, denies is still ended:
    the denial is the state since it ended ("quit drinking ages ago, don't touch a drop")."""
    return (
        new.status == CONFIRMED_ABSENT
        and old.status == status_for(old.section, "end")
        and old.status not in (CONFIRMED_ABSENT, PRESENT_STATUS[old.section])
        and old.end <= new.start
        and any(ch in ",，;；.。!！—" for ch in norm[old.end : new.start])
    )


#: A drug taken up again: "back on", "снова", "又": a later naming after a stop may restart it.
_AGAIN = re.compile(
    r"\b(?:again|back on|restart\w*|resum\w*)\b"
    r"|(?<![а-я])(?:снова|опять|вновь|заново|возобнов\w*)(?![а-я])|又|重新|再次"
)


#: Cues between the stop and the new naming that take it up: "…, перешли на глюкофаж лонг" (not
#: "start": "я его с самого начала пила" looks back at the course that was stopped).
_TAKING = frozenset({"switch", "instead"})


def _stopped_then_named(old: Fact, new: Fact, msg: Message) -> bool:
    """A medication stopped earlier in the message, then named again in another phrase with no
    dose and no word of taking it up (again) ("swapped the hctz for losartan since hctz can set off
    gout", "от престариума сухой кашель был"). The words of taking it up are looked for in the
    message as written (the reading blanks "back")."""
    return (
        old.section == "medications"
        and old.status == "stopped"
        and new.status == PRESENT_STATUS["medications"]
        and "dose" not in new.attrs
        and old.end <= new.start
        and any(ch in ",，;；.。!！—()" for ch in msg.norm[old.end : new.start])
        and _AGAIN.search(msg.text.lower()) is None
        and not any(old.end <= s < new.start and lex.cat in _TAKING and _targets(s, new, msg) for s, _, lex in msg.hits)
    )


def _targets(cue: int, new: Fact, msg: Message) -> bool:
    """The switch word at ``cue`` is of ``new``: no other drug is named between them ("перешли на
    глюкофаж"; not "把氨氯地平换成了硝苯地平。氨氯地平吃了脚肿")."""
    return not any(f.section == "medications" and cue <= f.start < new.start for f in msg.facts)


def _family_merge(old: Fact, new: Fact) -> Fact:
    if old.status != new.status:
        return new if new.status == PRESENT_STATUS["family_history"] else old
    relatives = {r for f in (old, new) for r in f.attrs.get("relation", "").split(", ") if r}
    new.attrs = {**old.attrs, **new.attrs}
    new.put("relation", joined_relation(tuple(relatives)))
    return new


#: Words of losing weight on purpose: the loss they go with is the plan working, not a complaint.
_INTENDED = re.compile(
    r"(?<![没不])(?:减肥|节食|控制饮食)|\bdiet|trying to lose|на диете|худею специально|худела специально"
)


def _without_weight_reported(facts: list[Fact], norm: str) -> list[Fact]:
    """ "瘦了10斤！现在130斤", "体重掉了8斤 现在160斤", "lost 4 kg, 92 now": a loss told with the weight it
    came to reports the weight (a demographics fact), not a complaint of losing it; nor is a loss
    told with a diet or exercise ("减肥三个月，瘦了十斤", "on a diet, lost 5kg")."""
    if not any(f.entity == "weight loss" for f in facts):
        return facts
    if not (
        any(f.entity == "weight_kg" or (f.section == "lifestyle" and f.entity in ("diet", "exercise")) for f in facts)
        or _INTENDED.search(norm)
    ):
        return facts
    return [f for f in facts if not (f.section == "symptoms" and f.entity == "weight loss" and f.status == "active")]
