"""The entities a clause names, including those composed from a body part and a cue.

Users rarely say "arm fracture" or "appendectomy"; they say "I broke my arm", "мне удалили
аппендикс", "头已经不疼了". A body part (anatomy.tsv) plus an injury, removal, surgery, pain
or healing cue in the same clause becomes the entity the anatomy row names for that cue. A
disease next to a vaccine word becomes that disease's vaccine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from anamnesis.terminology import Term, load_terminology
from anamnesis.terminology.text import CJK_RE
from anamnesis.understanding.rules.lexicon import Lex, Lexicon, term_lex
from anamnesis.understanding.rules.operation_ends import ended_by
from anamnesis.understanding.rules.segment import Clause, Hit
from anamnesis.understanding.rules.zh_injured_part import injured_part_complaints
from schemas.sections import LAST_DISCUSSED

_COMPOSERS = ("injury", "replace", "removal", "half", "repair", "pain", "end", "quality")
_CYRILLIC = re.compile(r"[а-яё]")
#: Scripts whose body part, once over without healing words, is the injury discussed before
#: ("нога прошла", "脚好了"): Russian and Chinese say the part for its injury.
_REFERS_BACK = re.compile(r"[а-яё\u3400-\u9fff]")


@dataclass(slots=True, eq=False)
class Mention:
    """An entity (or a section noun, ``kind == 'noun'``) in a clause, and what the clause says of it."""

    start: int
    end: int
    kind: str
    entity: str
    weak: bool = False
    value: str | None = None
    state: str | None = None
    #: a symptom that can name an allergic reaction (symptoms.tsv reaction=yes)
    reactive: bool = False
    #: the allergy the condition states by itself (hay fever: pollen)
    allergen: str | None = None

    @property
    def key(self) -> int:
        """Position for ordering against cues: cues inside a composed span come before it."""
        return self.end - 1


def _nearest(spans: list[tuple[int, int, str]], start: int, end: int) -> tuple[int, int, str]:
    return min(spans, key=lambda s: min(abs(s[0] - end), abs(start - s[1])))


#: A section noun after these words dates something else: "Урсосан пила после операции".
_WHEN_NOUN = re.compile(r"(?:\b(?:after|before|since|post)|(?<![а-я])(?:после|до|перед|с))\s+(?:the |my |a |an )?$")
#: The same said after the noun in Chinese: "手术以后就不疼了", "吃药之后", "打完疫苗后".
_ZH_WHEN_AFTER = re.compile(r"完?(?:以后|之后|后(?![来悔面边头])|的时候|期间)")
_PAUSES = frozenset(",，;；:：—–.。!！?？")
#: A section noun that names a place where the user was seen: "the minor injuries unit", "allergy
#: clinic", "в травме сделали снимок", "пошла в травму", "外伤门诊", "过敏科".
_PLACE_AFTER = re.compile(r"\s*(?:units?|clinics?|departments?|dept|wards?|cent(?:re|er)s?|services?)\b|门诊|科|中心")
_IN_TRAUMA_UNIT = re.compile(r"(?<![а-яё])(?:в|во|из)\s+$")


def _a_place(norm: str, s: int, e: int) -> bool:
    """The section noun at (s, e) names the unit where the user was seen, not what they had:
    no section-wide denial is said of it ("went to the injuries unit, nothing broken")."""
    if _PLACE_AFTER.match(norm, e):
        return True
    return norm.startswith("травм", s) and _IN_TRAUMA_UNIT.search(norm, max(0, s - 4), s) is not None
#: A body part a removal took something out of ("a lump removed from my breast", "polyp removed
#: from the colon", "кисту удалили из яичника"): where it was taken from, not what was removed.
_TAKEN_FROM = re.compile(
    r"(?:\b(?:from|out of)\s+(?:(?:my|the|his|her|your|their|both|a|an)\s+)?(?:(?:left|right)\s+)?"
    r"|(?<![а-яё])из\s+(?:(?:мо|ег|е|ле|пра)\w*\s+)?)$"
)


Cues = dict[str, list[tuple[int, int, str]]]


def _no_cues() -> Cues:
    """An empty cue table: a list for every category :func:`_compose` reads."""
    return {k: [] for k in (*_COMPOSERS, "surgery")}


def _paused(norm: str, s: int, e: int, cs: int, ce: int) -> bool:
    """A pause between the span (s, e) and the cue (cs, ce): they belong to different phrases."""
    lo, hi = (ce, s) if ce <= s else (e, cs)
    return any(ch in _PAUSES for ch in norm[lo:hi])


def _unpaused(norm: str, s: int, e: int, cues: Cues) -> Cues:
    """The cues of one body part's own phrase: "бросила — руки немели" and "stopped it, my
    hands were tingling" end a drug, not the hands; a cue beyond a pause is another phrase's."""
    return {k: [c for c in v if not _paused(norm, s, e, c[0], c[1])] for k, v in cues.items()}


#: What may stand between a complaint and the predicate said of it: "cough is gone", "rash's healed".
_COPULA = re.compile(r"\s*(?:(?:'s|is|are|was|were|has|have|had)\s*)?(?:been\s+)?")
#: What joins a cue to the complaint it describes right after it: "painful rash", "很疼的疹子".
_ATTRIBUTE = re.compile(r"\s*的?\s*")
#: A bare word of aching, read alone as aching all over (muscle pain): said of a body part in its
#: clause ("joints achy in the mornings", "my shoulders are achy") it is that part's pain, as "ache" is.
_BARE_ACHES = frozenset({"achy", "aching", "achey"})


def _names_a_part(clause: Clause) -> bool:
    """Whether the clause names a body part."""
    return any(lex.kind == "body_part" for _, _, lex in clause.hits)


#: Cues a complaint named beside them takes for itself, before a body part farther away can.
_CLAIMED = ("pain", "end")


def _claimed(norm: str, s: int, e: int, cues: Cues, found: list[Mention]) -> Cues:
    """The cues of a body part at (s, e) without those a named complaint takes: one that stands
    between the cue and the part ("painful blistery rash on my back": the rash is painful, the
    back is where it is), one the cue is said of right after it, with the part beyond the cue
    ("cough is gone and my chest feels normal": the cough is gone), or one the cue describes
    right before it, after the part ("胸口起了一片很疼的疹子")."""
    named = [m for m in found if m.kind == "symptom" and m.entity != "swelling"]
    if not named:
        return cues

    def taken(cs: int, ce: int) -> bool:
        for m in named:
            if (ce <= m.start and m.end <= s) or (e <= m.start and m.end <= cs):
                if not _paused(norm, m.start, m.end, cs, ce):
                    return True  # the complaint stands between the cue and the part
            if m.end <= cs and ce <= s and _COPULA.fullmatch(norm, m.end, cs):
                return True  # "cough is gone and chest ...": said of the cough
            if e <= cs and ce <= m.start and _ATTRIBUTE.fullmatch(norm, ce, m.start):
                return True  # "胸口起了一片很疼的疹子": the rash is the painful one
        return False

    return {k: [c for c in v if not taken(c[0], c[1])] if k in _CLAIMED else v for k, v in cues.items()}


def _named(composed: str) -> str:
    """A composed name the vocabulary knows as a form of an entity is that entity: "surgery on my
    back" composes "back surgery", which procedures.tsv lists as a form of "spine surgery"."""
    return load_terminology().canonical(composed) or composed


def _compose(
    part: Term, s: int, e: int, cues: dict[str, list[tuple[int, int, str]]], *, refers_back: bool = False
) -> Mention | None:
    """The entity a body part stands for with the cues of its clause, if any; ``refers_back``:
    a body part that is over without healing words is the injury discussed before (Russian).
    A part whose injury link is "discussed" (a wound, 伤口) is always that injury when it heals."""
    links = part.links
    injurable = links.get("injury") in ("yes", "discussed")
    if cues["injury"] and injurable:
        cs, ce, kind = _nearest(cues["injury"], s, e)
        return Mention(min(s, cs), max(e, ce), "injury", _named(f"{part.canonical} {kind}"))
    if cues["replace"] and "replacement" in links:  # "колено заменили на протез", "knee replaced"
        cs, ce, _ = _nearest(cues["replace"], s, e)
        return Mention(min(s, cs), max(e, ce), "procedure", links["replacement"])
    if cues["repair"] and "repair" in links:  # "мениск подшивали", "半月板缝合"
        cs, ce, _ = _nearest(cues["repair"], s, e)
        return Mention(min(s, cs), max(e, ce), "procedure", links["repair"])
    removals = [c for c in cues["removal"] if c[2] != "after" or 0 <= c[0] - e <= 1]  # "appendix out"
    if removals and cues["half"] and "part_removal" in links:  # "half my thyroid out": the part's partial removal
        cs, ce, _ = _nearest(removals, s, e)
        return Mention(min(s, cs), max(e, ce), "procedure", links["part_removal"])
    if removals and "removal" in links:
        cs, ce, _ = _nearest(removals, s, e)
        return Mention(min(s, cs), max(e, ce), "procedure", links["removal"])
    if cues["surgery"]:
        cs, ce, _ = _nearest(cues["surgery"], s, e)
        return Mention(min(s, cs), max(e, ce), "procedure", links.get("removal") or _named(f"{part.canonical} surgery"))
    if cues["pain"]:
        cs, ce, _ = _nearest(cues["pain"], s, e)
        return Mention(min(s, cs), max(e, ce), "symptom", links.get("pain") or _named(f"{part.canonical} pain"))
    if cues["end"]:
        cs, ce, how = _nearest(cues["end"], s, e)
        # "my ankle has healed" is an injury; "спина прошла" is the pain that went away
        if injurable and "pain" not in links and ((how != "heal" and refers_back) or links["injury"] == "discussed"):
            # "нога прошла", "колено восстановилось": the injury discussed before (the sprain,
            # the torn meniscus) is over; the fold resolves it, or drops it when there is none
            return Mention(min(s, cs), max(e, ce), "injury", LAST_DISCUSSED)
        if injurable and (how == "heal" or "pain" not in links):
            return Mention(min(s, cs), max(e, ce), "injury", _named(f"{part.canonical} injury"))
        if "pain" in links:
            return Mention(min(s, cs), max(e, ce), "symptom", links["pain"])
    return None


def _qualities(part: Term, s: int, e: int, cues: list[tuple[int, int, str]]) -> list[Mention]:
    """The symptoms a part's qualities name (anatomy.tsv's dry, red and blocked columns): "lips so
    dry and cracked" is cheilitis, "глаза красные" eye redness, "鼻子堵着" nasal congestion; a
    quality of a part with no such column ("red wine", "a dry knee") names nothing."""
    out: dict[str, Mention] = {}
    for cs, ce, quality in sorted(cues, key=lambda c: min(abs(c[0] - e), abs(s - c[1]))):
        entity = part.links.get(quality)
        if entity and entity not in out:
            out[entity] = Mention(min(s, cs), max(e, ce), "symptom", entity)
    return list(out.values())


#: What joins a part to the part on it: "手上的伤口", "腿的皮肤".
_ON_PART = frozenset({"的", "上的", "上"})


def _innermost(parts: list[tuple[Term, int, int]], norm: str) -> list[tuple[Term, int, int]]:
    """ "左脚大脚趾疼", "右手手指麻", "手上的伤口": a part right before a smaller part whose name
    holds it, or joined to the next part by 的, says where that part is; the complaint is the
    next part's ("腰腿疼" names two parts)."""
    kept = []
    for n, (part, s, e) in enumerate(parts):
        if n + 1 < len(parts):
            ns, ne = parts[n + 1][1], parts[n + 1][2]
            if (ns == e and norm[s:e] in norm[ns:ne]) or norm[e:ns] in _ON_PART:
                continue
        kept.append((part, s, e))
    return kept


def find_mentions(
    clause: Clause, lexicon: Lexicon, clauses: list[Clause], norm: str = "", *, operations: bool = False
) -> list[Mention]:
    """Entities and section nouns of one clause, in text order; ``clauses``: all of the message's,
    ``norm`` the message's text (a body part composes only with the cues of its own phrase);
    ``operations``: the clause answers a question about operations, so a bare body part
    ("Gallbladder, about five years ago.") names its operation."""
    found: list[Mention] = []
    parts: list[tuple[Term, int, int]] = []
    composers: list[tuple[str, int, int, str]] = []
    vaccine_nouns: list[Mention] = []
    against_ends: list[int] = []
    jabs: list[tuple[int, int]] = []
    operable: list[tuple[Mention, str]] = []
    for s, e, lex in clause.hits:
        cat = lex.cat
        if cat == "term":
            if lex.kind == "body_part":
                parts.append((lex.term, s, e))  # type: ignore[arg-type]
            elif lex.kind == "symptom" and norm and _CLINIC.match(norm, e):
                continue  # "fever clinic", "发热门诊": where the user went, not what they feel
            elif lex.kind == "symptom" and norm[s:e] in _BARE_ACHES and _names_a_part(clause):
                composers.append(("pain", s, e, ""))  # "joints achy", "shoulders are achy": that part's pain
            elif lex.kind != "relative":
                found.append(
                    Mention(
                        s, e, lex.kind, lex.value, lex.weak, lex.implies, reactive=lex.reactive, allergen=lex.allergen
                    )
                )
                if lex.term is not None and "operation" in lex.term.links:
                    operable.append((found[-1], lex.term.links["operation"]))
        elif cat in _COMPOSERS:
            composers.append((cat, s, e, lex.value))
        elif cat == "section":
            noun = Mention(s, e, "noun", lex.value)
            when = norm and (_WHEN_NOUN.search(norm, max(0, s - 12), s) or _ZH_WHEN_AFTER.match(norm, e))
            if not (when or (norm and _a_place(norm, s, e))):
                found.append(noun)  # "после операции", "after the surgery", "手术以后", "в травме": a time or a place
            if lex.value == "surgeries":
                composers.append(("surgery", s, e, ""))
            elif lex.value == "vaccinations":
                vaccine_nouns.append(noun)
        elif cat == "allergy":
            found.append(Mention(s, e, "noun", "allergies"))
        elif cat == "family":
            found.append(Mention(s, e, "noun", "family_history"))
        elif cat == "against":
            against_ends.append(e)
        elif cat == "jab":
            jabs.append((s, e))
    if parts and norm and (any(c[0] == "removal" for c in composers) or any(m.kind == "procedure" for m in found)):
        parts = [p for p in parts if not _TAKEN_FROM.search(norm, max(0, p[1] - 24), p[1])]
    if len(parts) > 1 and norm:
        parts = _innermost(parts, norm)
    if parts and norm:
        parts = [p for p in parts if not _kept(norm, p[1], p[2])]  # "ovaries left in": not removed
    elided = bool(parts) and not composers
    if elided:
        composers = _elided_removal(clause, clauses)
    if parts and operations and all(c[0] in ("removal", "surgery") for c in composers):
        # "gallbladder out in 2019 and tonsils as a kid": each organ of the answer was operated on;
        # a part beside a named operation is only where it was done ("cataracts done, both eyes")
        named = bool(operable) or any(m.kind == "procedure" for m in found)
        composers = composers + [
            ("surgery", s, s, "") for part, s, _ in parts if "removal" in part.links or not named
        ]
    unreplaceable = [(s, e) for part, s, e in parts if "replacement" not in part.links]
    if norm and parts and len(unreplaceable) == len(parts) and any(c[0] == "replace" for c in composers):
        # "сломала шейку бедра, сустав поменяли", "髋骨断了，换了个人工关节": a joint with no replacement of
        # its own, replaced after a part that has one, is that part's
        if (replaced := _replaced_earlier_part(clause, clauses, composers, tuple(unreplaceable))) is not None:
            parts = []
            found.append(replaced)
    if parts and composers:
        cues = _no_cues()
        for cat, s, e, value in composers:
            cues[cat].append((s, e, value))
        for part, s, e in parts:
            own = _claimed(norm, s, e, _unpaused(norm, s, e, cues), found) if norm and not elided else cues
            qualities = _qualities(part, s, e, own["quality"])
            if qualities:  # "глаза уже не сухие": the ending is the dryness's, not a pain's
                own = {**own, "end": []}
            composed = _compose(part, s, e, own, refers_back=_REFERS_BACK.match(norm, s) is not None)
            found.extend(qualities)
            if composed is not None and composed.kind == "injury" and cues["replace"] and "replacement" in part.links:
                # "бедро сломала, поставили эндопротез": the broken part was replaced as well
                cs, ce, _ = _nearest(cues["replace"], s, e)
                found.append(Mention(cs, ce, "procedure", part.links["replacement"]))
            if composed is not None:
                if elided:  # the cue is in an earlier clause: the mention is the part alone
                    composed.start, composed.end = s, e
                found.append(composed)
                if composed.kind == "procedure" and cues["surgery"]:
                    found = [m for m in found if not (m.kind == "noun" and m.entity == "surgeries")]
        found.sort(key=lambda m: (m.start, m.end))
    if norm and not parts and (replaced := _replaced_earlier_part(clause, clauses, composers)) is not None:
        # "сломала шейку бедра, поставили протез": the prosthesis is the broken hip's
        found.append(replaced)
        found.sort(key=lambda m: (m.start, m.end))
    if norm and (done := _done_to_earlier_part(clause, clauses, composers, [p for p, _, _ in parts], norm)) is not None:
        # "порвал мениск, делали артроскопию, зашили", "甲状腺长了个结节，切了一半": the part named before
        found.append(done)
        found.sort(key=lambda m: (m.start, m.end))
    if norm and (by_pronoun := _operated_by_pronoun(clause, clauses, norm)) is not None:
        # "I broke my wrist and had surgery on it": the operation is the wrist's, beside its fracture
        found = [m for m in found if not (m.kind == "noun" and m.entity == "surgeries")] + [by_pronoun]
        found.sort(key=lambda m: (m.start, m.end))
    if norm and any(m.entity == "swelling" for m in found):
        _swollen_parts(found, parts, clause, clauses, norm)
    if norm and CJK_RE.search(norm, clause.start, clause.end):
        # "把右膝盖扭了 肿得老高 走路疼": the bare swelling and pain are the injured knee's
        found.extend(Mention(s, e, "symptom", name) for s, e, name in injured_part_complaints(clause, clauses, norm))
    if operable and composers and (cues_used := _operated(operable, composers, norm, [(s, e) for _, s, e in parts])):
        # "на глазу катаракту оперировали": the cue is the cataract's operation, not the eye's
        found = [m for m in found if m.kind != "procedure" or (m.start, m.end) in cues_used.values()
                 or not any(m.start <= cs and ce <= m.end for cs, ce in cues_used)]
    if operable and operations:  # "appendicitis at 12" to "Any operations?": its operation
        done = _operations_named(clause, clauses)
        for m, operation in operable:
            if m.kind != "procedure" and not any(m.entity in ended_by().get(op, ()) for op in done):
                m.kind, m.entity = "procedure", operation  # not "hysterectomy for fibroids": its reason
    if vaccine_nouns or against_ends:
        sentence_hits = [h for c in clauses if c.sentence == clause.sentence for h in c.hits]
        _vaccines(found, vaccine_nouns, against_ends, lexicon, sentence_hits)
    if jabs:
        _jabbed(found, jabs, lexicon, norm)
    if len(found) > 1 and any(m.kind == "vaccine" for m in found):
        listed_vaccines(found, lexicon, norm)
    return found


#: What a composed entity may be when a question asks of it.
_ASKABLE = frozenset({"symptom", "injury", "procedure"})


def with_composed(hits: list[Hit], lexicon: Lexicon, norm: str, start: int, end: int) -> list[Hit]:
    """``hits`` of one asked sentence with the entities it composes from a body part and its cue
    ("Does your back hurt?", "Any swelling in your ankles?", "Is your knee sore?") as hits of
    their own: the assistant asks in the words a patient states them in, so the question composes
    as the statement does (:func:`find_mentions`). A generic swelling said of a part becomes that
    part's swelling."""
    if not any(lex.kind == "body_part" for _, _, lex in hits):
        return hits
    clause = Clause(start, end, hits, 0, {tag for _, _, lex in hits for tag in lex.tags})
    named = {(s, e): lex for s, e, lex in hits if lex.cat == "term"}
    out = list(hits)
    for m in find_mentions(clause, lexicon, [clause], norm):
        if m.kind not in _ASKABLE:
            continue
        known = named.get((m.start, m.end))
        if known is not None and known.value == m.entity:
            continue
        lex = term_lex(Term(m.entity, m.kind, (), ()))
        if known is not None:  # the generic swelling, now the part's
            out = [(s, e, lex) if (s, e) == (m.start, m.end) else (s, e, x) for s, e, x in out]
        else:
            out.append((m.start, m.end, lex))
    return sorted(out, key=lambda h: (h[0], -h[1]))


def of_the_asked_part(clause: Clause, found: list[Mention], part_name: str) -> list[Mention]:
    """The mentions of a reply that names no body part, to a question about one ("How is your knee
    doing?" — "still a bit swollen", "Что с коленом?" — "болит по вечерам"): a generic swelling is
    that part's swelling, and a pain word said of nothing (:func:`_compose` finds no part for it)
    is that part's pain, as if the reply had named the part."""
    part = _parts_by_name().get(part_name)
    if part is None:
        return found
    one = part.links.get("swelling", "").partition("|")[0]
    for m in found:
        if m.entity == "swelling" and one:
            m.entity = one
    taken = [(m.start, m.end) for m in found if m.kind == "symptom"]
    out = list(found)
    for s, e, lex in clause.hits:
        if lex.cat == "pain" and not any(ts <= s < te for ts, te in taken):
            cues = _no_cues()
            cues["pain"].append((s, e, lex.value))
            composed = _compose(part, s, e, cues)
            if composed is not None:
                out.append(composed)
                taken.append((s, e))
    return sorted(out, key=lambda m: (m.start, m.end))


#: Where a message's opening piece ends: "knees. both ache", "спина, ноет", "肩膀，抬手的时候疼".
_FIRST_PAUSE = re.compile(r"[.,;:!?。，；：！？]|\s[-—–]\s")
#: Cues an opening piece may hold beside its body part: "my", "还行" ("it is all right": 还 + 行).
_TOPIC_CUES = frozenset({"self", "accept", "still"})
#: Letters an opening piece may hold beside its body part ("my", "both", "还行") and still be a topic.
_TOPIC_SLACK = 6
#: Chinese characters it may hold (each a word or half of one: "我的", "左边").
_ZH_TOPIC_SLACK = 2


def topic_part(norm: str, hits: list[Hit]) -> tuple[int, str] | None:
    """The body part a message opens with alone, as its topic ("knees. both ache", "колени. болят
    по утрам", "膝盖还行，就是下楼有点疼"): where that opening piece ends and the part's name. A
    pain word later in the message with no part of its own is that part's pain
    (:func:`of_the_asked_part`), as after a question about the part."""
    pause = _FIRST_PAUSE.search(norm)
    if pause is None:
        return None  # one piece: a part and its complaint compose inside their clause
    end = pause.start()
    inside = [(s, e, lex) for s, e, lex in hits if s < end]
    parts = [lex for _, _, lex in inside if lex.kind == "body_part"]
    if len(parts) != 1 or any(lex.kind != "body_part" and lex.cat not in _TOPIC_CUES for _, _, lex in inside):
        return None  # "dislocated my shoulder in march, still sore": the part is the injury's, no topic
    said = sum(e - s for s, e, _ in inside if e <= end)
    slack = _ZH_TOPIC_SLACK if CJK_RE.search(norm, 0, end) else _TOPIC_SLACK
    if sum(not ch.isspace() for ch in norm[:end]) - said > slack or parts[0].value not in _parts_by_name():
        return None
    return end, parts[0].value


@cache
def _parts_by_name() -> dict[str, Term]:
    return {t.canonical: t for t in load_terminology().terms if t.kind == "body_part"}


def _part_of(lex: Lex, kinds: tuple[str, ...] = ("injury", "symptom")) -> Term | None:
    """The body part a hit names: a part itself, or the part the name of an injury or a complaint
    (``kinds``) starts with ("rolled my ankle" is "ankle sprain", of the ankle; "ноги болят" is
    "leg pain", of the leg, so "ноги болят и отекают" swells the legs)."""
    if lex.kind == "body_part":
        return lex.term
    if lex.kind not in kinds:
        return None
    parts = _parts_by_name()
    words = lex.value.split()
    heads = (" ".join(words[:n]) for n in range(len(words) - 1, 0, -1))
    return next((parts[head] for head in heads if head in parts), None)


def _swollen_parts(
    found: list[Mention], parts: list[tuple[Term, int, int]], clause: Clause, clauses: list[Clause], norm: str
) -> None:
    """ "knee is swollen again", "sprained my ankle, its swollen", "the wrist isnt swollen now":
    English "swollen"/"swelling" or Russian "опух"/"отёк" said of a body part is that part's swelling
    (anatomy.tsv's swelling column): the part of its own phrase, else the last part its sentence
    named before it. A part with no swelling of its own ("head") leaves the generic swelling.
    Chinese names its swellings as whole words (脚踝肿, 腿肿), so it is left to the vocabulary."""
    named_parts = [
        (part, s, e)
        for c in clauses
        if c.sentence == clause.sentence and c.start <= clause.start
        for s, e, lex in c.hits
        if lex.cat == "term" and (part := _part_of(lex)) is not None
    ]
    for m in found:
        if m.entity != "swelling" or CJK_RE.search(norm, m.start, m.end):
            continue
        own = [(p, s, e) for p, s, e in parts if not _paused(norm, s, e, m.start, m.end)]
        before = [p for p in named_parts if p[2] <= m.start]
        if own:
            part, ps, pe = min(own, key=lambda p: min(abs(p[1] - m.end), abs(m.start - p[2])))
        elif before:
            part, ps, pe = before[-1]
        else:
            continue
        one, _, both = part.links.get("swelling", "").partition("|")
        plural = bool(both) and (norm[ps:pe].endswith("s") or norm[ps:pe] == "feet")
        if one:
            m.entity = both if plural else one


def _replaced_earlier_part(
    clause: Clause,
    clauses: list[Clause],
    composers: list[tuple[str, int, int, str]],
    replaced: tuple[tuple[int, int], ...] = (),
) -> Mention | None:
    """ "сломала шейку бедра, поставили протез", "broke my hip and got a new hip": a replacement
    said in a clause that names no part is of the last part its sentence named before it (a part,
    or the part an injury's or a complaint's name starts with), when that part has a replacement
    operation (anatomy.tsv); none when the part has none or nothing was named before. ``replaced``:
    the spans of the clause's own parts the replacement names and that have none ("сустав").
    """
    cue = next((c for c in composers if c[0] == "replace"), None)
    if cue is None:
        return None
    before = [
        part
        for c in clauses
        if c.sentence == clause.sentence and c.start <= clause.start
        for s, e, lex in c.hits
        if e <= cue[1] and (s, e) not in replaced and lex.cat == "term" and (part := _part_of(lex)) is not None
    ]
    if not before or "replacement" not in before[-1].links:
        return None
    return Mention(cue[1], cue[2], "procedure", before[-1].links["replacement"])


#: The kinds of a name that says where on the body an operation was done: "порвал мениск" (meniscus
#: tear), "甲状腺结节" (thyroid nodule) name the meniscus and the thyroid.
_OPERATED_PART_KINDS = ("injury", "symptom", "diagnosis", "condition")


def _done_to_earlier_part(
    clause: Clause, clauses: list[Clause], composers: list[tuple[str, int, int, str]], parts: list[Term], norm: str
) -> Mention | None:
    """ "порвал мениск на правом колене, делали артроскопию, зашили", "半月板撕了，缝过", "甲状腺长了个
    结节，切了一半": a repair, or the removal of a half, said in a clause none of whose ``parts`` has
    that operation is of the last part its sentence named before it that has it (anatomy.tsv
    ``repair``, ``part_removal``; the knee is only where the meniscus is). A removal with no object
    is not, what it took out may be a lump ("a lump in my breast, removed"), unless it says the
    whole came out ("乳腺癌 左边全切了", "рак щитовидки, удалили целиком": anatomy.tsv ``removal``)."""
    said = {cat for cat, *_ in composers}
    if "repair" in said:
        link, cue = "repair", next(c for c in composers if c[0] == "repair")
    elif "half" in said and "removal" in said:
        link, cue = "part_removal", next(c for c in composers if c[0] == "removal")
    elif "removal" in said and (whole := next((c for c in composers if c[0] == "removal" and c[3] == "whole"), None)):
        link, cue = "removal", whole
    else:
        return None
    if any(link in part.links for part in parts):
        return None  # the clause's own part composes with the cue
    before = [
        (s, part)
        for c in clauses
        if c.sentence == clause.sentence and c.start <= clause.start
        for s, e, lex in c.hits
        if e <= cue[1] and lex.cat == "term" and (part := _part_of(lex, _OPERATED_PART_KINDS)) is not None
    ]
    if not before:
        return None
    # the phrase of the last part named: "порвал мениск на правом колене, ..., зашили" (not "руку порезал, зашили")
    last = before[-1][0]
    opens = max((i + 1 for i in range(before[0][0], last) if norm[i] in _PAUSES), default=0)
    operated = [part for s, part in before if s >= opens and link in part.links]
    return Mention(cue[1], cue[2], "procedure", operated[-1].links[link]) if operated else None


#: How far (characters: "也", "都", "已经", "小时候", "肯定没") a vaccination verb may stand after its disease.
_JAB_GAP = 4


#: Russian: the disease a vaccination verb governs follows it, after "от"/"против"
#: ("привилась от гриппа", "сделала третью от энцефалита").
_RU_JAB_OBJECT = re.compile(r"\s*(?:мне\s+)?(?:от|против)\s+")


def _jabbed(found: list[Mention], jabs: list[tuple[int, int]], lexicon: Lexicon, norm: str) -> None:
    """ "新冠打了三针", "破伤风也打了", "打了破伤风": a disease right by a vaccination verb is its vaccine."""
    for m in found:
        vaccine = lexicon.vaccine_for.get(m.entity) if m.kind in ("diagnosis", "condition") else None
        if vaccine and any(
            0 <= s - m.end <= _JAB_GAP or e == m.start or _RU_JAB_OBJECT.fullmatch(norm, e, m.start) for s, e in jabs
        ):
            m.kind, m.entity = "vaccine", vaccine


#: Between two items of a Russian list: "от гепатита А и брюшного тифа", "от кори, краснухи".
_RU_LIST_GAP = re.compile(r"\s*(?:,\s*)?(?:и\s+)?(?:от\s+)?")
#: Between two items of an English or Chinese list, with no determiner of its own ("hep a and
#: typhoid shots", "flu/covid jabs", "狂犬疫苗和破伤风"; not "the flu and a covid shot").
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|/\s*|和|跟|与|及|以及|还有|、)\s*")


def listed_vaccines(found: list[Mention], lexicon: Lexicon, norm: str) -> None:
    """A disease listed beside a vaccine is one more vaccine of the list: after it in Russian
    ("прививки от гриппа и ковида"), on either side in English and Chinese ("hep a and typhoid
    shots", "打了狂犬疫苗和破伤风"); a list of three is followed item by item."""

    def vaccine_of(m: Mention) -> str | None:
        return lexicon.vaccine_for.get(m.entity) if m.kind in ("diagnosis", "condition") else None

    for before, m in zip(found, found[1:], strict=False):
        vaccine = vaccine_of(m)
        if vaccine and before.kind == "vaccine" and _list_gap(norm, before.end, m.start):
            m.kind, m.entity = "vaccine", vaccine
    for m, after in reversed(list(zip(found, found[1:], strict=False))):
        vaccine = vaccine_of(m)
        if (
            vaccine
            and after.kind == "vaccine"
            and not _CYRILLIC.match(norm, m.start)
            and _list_gap(norm, m.end, after.start)
        ):
            m.kind, m.entity = "vaccine", vaccine


def _list_gap(norm: str, start: int, end: int) -> bool:
    """Whether the text between two mentions only joins them as items of one list."""
    gap = _RU_LIST_GAP if _CYRILLIC.match(norm, end) else _LIST_GAP
    return gap.fullmatch(norm, start, end) is not None


#: What may stand between an illness and the operation noun after it, when the noun is its
#: operation: "hernia surgery", "gallstones op", "疝气做了手术", "阑尾炎开过刀", "грыжа, операция" is not.
_OPERATION_AFTER = re.compile(r"\s*(?:(?:做|动|开)[了过]?|的)?\s*")
#: What joins an operation noun to the illness it treats after it: "surgery for my hernia",
#: "an op on the gallstones", "операция по поводу грыжи", "операцию на грыже", "оперировали
#: аппендицит" (a verb and its object).
_OPERATION_FOR = re.compile(
    r"\s*(?:(?:for|on|to fix|to repair)\s+(?:(?:my|the|a|an|this|that)\s+)?"
    r"|(?:по поводу|на|от|из-за)\s+(?:(?:моей|моего|моих|мою|мой|этой|этого)\s+)?)?"
)


def _operated(
    operable: list[tuple[Mention, str]],
    composers: list[tuple[str, int, int, str]],
    norm: str,
    parts: list[tuple[int, int]],
) -> dict[tuple[int, int], tuple[int, int]]:
    """ "аппендицит в школе вырезали", "катаракту меняли", "had the cataracts out", "hernia
    surgery", "surgery for my hernia", "疝气做了手术": an illness named with a removal, a
    replacement or its operation noun in its own phrase is the operation that treats it
    (conditions.tsv ``operation``), not an illness the user has now. An operation noun counts only
    right beside the illness or joined to it by "for" / "по поводу" ("i have a hernia and had
    surgery on my knee" operated on the knee; "my hernia needs surgery" has not been done).
    A cue nearer to a body part of the clause, or to another such illness, is theirs ("去年胆结石把
    胆囊切了": the gallbladder was removed, the stones are over). Returns the cues it used, each
    with the span of the operation it made."""
    used: dict[tuple[int, int], tuple[int, int]] = {}
    said = [(m.start, m.end) for m, _ in operable]  # "аппендицит в детстве и паховую грыжу шили": the hernia's cue
    for m, operation in operable:
        others = [(s, e) for s, e in said if (s, e) != (m.start, m.end)]
        near = [
            (cs, ce)
            for cat, cs, ce, value in composers
            if not any(_gap(ps, pe, cs, ce) < _gap(m.start, m.end, cs, ce) for ps, pe in [*parts, *others])
            and (
                cat in ("removal", "replace", "repair")
                and (value != "after" or 0 <= cs - m.end <= 1)  # "cataracts out", as "appendix out"
                and not _paused(norm, m.start, m.end, cs, ce)
            )
            or (cat == "surgery" and ce > cs and _names_its_operation(norm, m.start, m.end, cs, ce))
        ]
        if near:
            cs, ce = min(near, key=lambda c: min(abs(c[0] - m.end), abs(m.start - c[1])))
            m.start, m.end, m.kind, m.entity = min(m.start, cs), max(m.end, ce), "procedure", operation
            used[(cs, ce)] = (m.start, m.end)
    return used


def _operations_named(clause: Clause, clauses: list[Clause]) -> list[str]:
    """The operations the clause's sentence names: by their name ("hysterectomy") or by the organ
    they take out ("子宫切了": anatomy.tsv ``removal``)."""
    out = []
    for c in clauses:
        if c.sentence != clause.sentence:
            continue
        for _, _, lex in c.hits:
            if lex.cat == "term" and lex.kind == "procedure":
                out.append(lex.value)
            elif lex.cat == "term" and lex.kind == "body_part" and lex.term is not None and "removal" in lex.term.links:
                out.append(lex.term.links["removal"])
    return out


def _gap(start: int, end: int, cs: int, ce: int) -> int:
    """Characters between the span (start, end) and the cue (cs, ce)."""
    return cs - end if cs >= end else start - ce if ce <= start else 0


def _names_its_operation(norm: str, start: int, end: int, cs: int, ce: int) -> bool:
    """Whether the operation noun at ``norm[cs:ce]`` is the operation of the illness at
    ``norm[start:end]``: right after it, or before it joined by "for" / "по поводу"."""
    if cs >= end:
        return _OPERATION_AFTER.fullmatch(norm, end, cs) is not None
    return ce <= start and _OPERATION_FOR.fullmatch(norm, ce, start) is not None


#: An operation whose object is a pronoun: "surgery on it", "operated on them", "had it repaired",
#: "they took it out".
_ON_IT = re.compile(r"(?:\s+(?:on|for))?\s+(?:it|them)\b")
_DONE_TO_IT = re.compile(
    r"\b(?:had|got|have)\s+(?:it|them)\s+(?:repaired|fixed|operated on|removed|taken out|cut out)\b"
    r"|\b(?:took|take|cut)\s+(?:it|them)\s+out\b|\b(?:removed|repaired)\s+(?:it|them)\b"
)


def _operated_by_pronoun(clause: Clause, clauses: list[Clause], norm: str) -> Mention | None:
    """ "I broke my wrist and had surgery on it", "had a hernia and had it repaired": an operation
    said of a pronoun is the operation of what the sentence named last before it, a body part
    (its surgery) or an illness with an operation (conditions.tsv ``operation``); nothing when the
    last thing named has neither."""
    said = norm[clause.start : clause.end]
    if " it" not in said and " them" not in said:
        return None
    cue = next(
        (
            (s, e)
            for s, e, lex in clause.hits
            if lex.cat == "section" and lex.value == "surgeries" and _ON_IT.match(norm, e)
        ),
        None,
    )
    if cue is None:
        done = _DONE_TO_IT.search(norm, clause.start, clause.end)
        cue = (done.start(), done.end()) if done else None
    if cue is None:
        return None
    before = [h for c in clauses if c.sentence == clause.sentence for h in c.hits if h[1] <= cue[0]]
    for _, _, lex in reversed(before):
        if lex.cat != "term" or lex.term is None:
            continue
        if lex.kind == "body_part":
            operation = lex.term.links.get("removal") or _named(f"{lex.term.canonical} surgery")
            return Mention(cue[0], cue[1], "procedure", operation)
        operation = lex.term.links.get("operation")
        return Mention(cue[0], cue[1], "procedure", operation) if operation else None
    return None


#: A place named by a complaint: "the fever clinic", "pain unit", "发热门诊", "疼痛科".
_CLINIC = re.compile(r"\s*(?:clinic|ward|unit|department|dept|hotline)\b|门诊|诊室|病房|科室|专科|科(?!学)")
#: An organ said to be kept, after its name ("ovaries left in", "яичники оставили", "子宫保住了") or
#: before it ("they kept my ovaries", "сохранили яичники", "保留了卵巢").
_KEPT_AFTER = re.compile(
    r"\s*(?:(?:were|was|are|is|got|have been)\s+)?(?:left in|left alone|left behind|kept|spared|still there|still in"
    r"|not removed|not taken out|оставили|оставлены|сохранили|сохранены|не удаляли|не тронули|на месте"
    r"|сохранена|сохранён|сохранен|保留|保住|保下|留着|留下|没切|没动|没摘|还在)"
)
_KEPT_BEFORE = re.compile(
    r"(?:\b(?:kept|spared)\s+(?:(?:my|the|both|one)\s+)?|\bleft\s+(?:my|the|both|one)\s+|(?:оставили|сохранили)\s+(?:мне\s+)?"
    r"|保留了?|保住了?|留了?)$"
)


def _kept(norm: str, start: int, end: int) -> bool:
    """The body part at ``norm[start:end]`` is said to be kept: no removal or operation composes with it."""
    return _KEPT_AFTER.match(norm, end) is not None or _KEPT_BEFORE.search(norm, max(0, start - 16), start) is not None


def _elided_removal(clause: Clause, clauses: list[Clause]) -> list[tuple[str, int, int, str]]:
    """ "appendix removed in 2015 and my tonsils out", "удалили аппендикс, а в детстве гланды":
    a body part with no cue of its own, after a removal in the same sentence, was removed too."""
    for other in clauses:
        if other is clause:
            break
        if other.sentence == clause.sentence:
            for s, _, lex in other.hits:
                if lex.cat == "removal" and lex.value != "after":
                    return [("removal", s, s, lex.value)]
    return []


def _vaccines(
    found: list[Mention], nouns: list[Mention], against_ends: list[int], lexicon: Lexicon, sentence_hits: list[Hit]
) -> None:
    """Diseases named next to a vaccine word become their vaccine ("vaccinated against measles").

    Across clauses of the same sentence, only a disease right after "against"/"от" counts:
    "прививку от гриппа, а в 2024 году от коронавируса".
    """
    if not nouns and not any(
        (lex.cat == "section" and lex.value == "vaccinations") or lex.kind == "vaccine" or lex.cat == "jab"
        for _, _, lex in sentence_hits
    ):
        return
    composed = False
    for m in found:
        vaccine = lexicon.vaccine_for.get(m.entity) if m.kind in ("diagnosis", "condition") else None
        if vaccine and (nouns or any(0 <= m.start - e <= 1 for e in against_ends)):
            m.kind, m.entity = "vaccine", vaccine
            composed = True
    if composed:
        found[:] = [m for m in found if m not in nouns]
