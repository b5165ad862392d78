"""A drug's course told over several clauses of one message: switched away from, and what it did.

Chinese chat tells a drug's story in a chain of comma clauses: "氟桂利嗪吃了白天老犯困，医生换成
普萘洛尔" (the drug, what it did, the switch), "秋水仙碱 吃了拉肚子 后来就不吃了". No single clause
holds both drugs of the switch or the drug and its stop, so the clause rules alone read an active
old drug and an active symptom. Two rules read the chain:

- a switch clause that names only the new drug ("换成普萘洛尔") ends the drug named last before it;
- a symptom told between a drug and that drug's stop or switch is the drug's side effect, which
  ended with it: not a symptom the user has now.

The same two rules for English and Russian, read within one sentence: a switch that names only
the new drug stops the one named before it ("was on lisinopril ... switched me to losartan"),
and a symptom given as the reason a drug was stopped ("simvastatin gave me cramps so I came off
it", "симвастатин вызвал судороги, и его отменили") ended with the drug.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.discourse import side_effect_sentences, tells_a_cause
from anamnesis.understanding.rules.drug_effects import still_now
from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause, Hit
from schemas.sections import LAST_DISCUSSED, PRESENT_STATUS, SECTION_WIDE

#: Cue categories that end or replace a drug.
_ENDING = frozenset({"end", "switch", "instead"})
#: A denial that stops taking: "不吃了", "没再吃", "不用了".
_ZH_NOT_TAKING = re.compile(r"(?:再)?(?:吃|用|服)了?")


def switched_from_earlier(facts: list[Fact], clause: Clause, new_drugs: list[tuple[int, int]]) -> None:
    """ "..., 医生换成普萘洛尔": the switch names no old drug, so the last one named before is stopped.

    ``new_drugs``: (start, end) of the clause's drugs; only a clause whose drugs all follow its
    switch word counts ("把阿司匹林换成氯吡格雷" names both and is read inside its clause).
    """
    cue = next((s for s, _, lex in clause.hits if lex.cat == "switch"), None)
    if cue is None or not new_drugs or any(start < cue for start, _ in new_drugs):
        return
    earlier = [
        f
        for f in facts
        if f.section == "medications" and f.entity != LAST_DISCUSSED and f.status == "active" and f.end <= clause.start
    ]
    if earlier:
        earlier[-1].status = "stopped"


def _stop_at(norm: str, hits: list[Hit], after: int, until: int) -> int | None:
    """Position of the first ending or switch cue after ``after`` in the sentence."""
    for s, e, lex in hits:
        if after <= s < until and (lex.cat in _ENDING or (lex.cat == "neg" and _ZH_NOT_TAKING.match(norm, e))):
            return s
    return None


#: What a drug's side effect is filed as when read as an illness of its own.
_SIDE_EFFECT_SECTIONS = frozenset({"symptoms", "diagnoses"})


def without_zh_side_effects(
    facts: list[Fact], norm: str, hits: list[Hit], spans: list[tuple[int, int, bool]]
) -> list[Fact]:
    """Drop the active symptoms and findings told between a stopped drug and its stop
    ("立普妥吃了浑身肌肉疼，停了", "吃了老是尿路感染，停了"): the drug's side effects, not illnesses now."""
    stopped = [
        f for f in facts if f.section == "medications" and f.status == "stopped" and 0 <= f.sentence < len(spans)
    ]
    if not stopped:
        return facts
    windows = []
    for drug in stopped:
        stop = _stop_at(norm, hits, drug.end, spans[drug.sentence][1])
        if stop is not None:
            windows.append((drug.end, stop))
    return [
        f
        for f in facts
        if not (
            f.section in _SIDE_EFFECT_SECTIONS
            and f.status == "active"
            and any(lo <= f.start < hi for lo, hi in windows)
        )
    ]


def switched_from_before(msg: Message, clause: Clause, mentions: list[Mention]) -> None:
    """ "was on lisinopril but the cough drove me nuts so they switched me to losartan",
    "аллопуринол пил, но ..., ревматолог заменил на Аденурик": a switch that names only the new
    drug stops the medication the sentence named before it; so does an English switch of the user
    that names no drug at all ("was on lexapro but it made me feel flat so my gp switched me")."""
    drugs = [m for m in mentions if m.kind == "drug"]
    if clause.skip or clause.subject != "self":
        return
    if not drugs and not _switched_me(msg.norm, clause):
        return
    if drugs and (len(drugs) != 1 or drugs[0].state != "pos"):
        return
    new = drugs[0].entity if drugs else SECTION_WIDE
    earlier = [
        f
        for f in msg.facts
        if f.sentence == clause.sentence
        and f.section == "medications"
        and f.entity not in (SECTION_WIDE, new)
        and f.status == "active"
        and f.end <= clause.start
    ]
    if earlier:
        max(earlier, key=lambda f: f.end).status = "stopped"


#: An English switch of the user that names nothing after it: "so my gp switched me", "they swapped me over".
_EN_SWITCHED_ME = re.compile(
    r"\b(?:switched|swapped|changed|moved)\s+me(?:\s+(?:over|round|across))?"
    r"(?:\s+(?:last|this|in|after|a)\b[^.;!?]*)?\s*[.!]*\s*$"
)


def _switched_me(norm: str, clause: Clause) -> bool:
    """The clause ends in a switch of the user to an unnamed drug: the one named before is the old one."""
    return _EN_SWITCHED_ME.search(norm[clause.start : clause.end]) is not None


#: Russian verbs that stop a medicine (not an illness's "прошло"): "его отменили", "бросила".
_RU_STOP_VERB = re.compile(r"(?<![а-я])(?:отменил|отменили|отменила|отменить|отменять|бросил|перестал|прекратил|отказал)")


def stopped_for_its_effect(facts: list[Fact], norm: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """ "симвастатин вызвал судороги, и его отменили", "от аторвастатина болели мышцы, отменили":
    in a sentence that gives a symptom as one drug's effect, a stopping verb ends the drug, not
    the effect it looked back to; the effect ended with the drug and is no current symptom."""
    if not any(f.section == "symptoms" for f in facts):
        return facts  # no effect in any sentence (most messages): nothing to look at sentence by sentence
    for n, (start, end, _) in enumerate(spans):
        here = [f for f in facts if f.sentence == n]
        drugs = [f for f in here if f.section == "medications" and f.entity != SECTION_WIDE]
        effects = [f for f in here if f.section == "symptoms"]
        if len(drugs) != 1 or not effects:
            continue
        drug = drugs[0]
        if norm[max(0, drug.start - 3) : drug.start] != "от " and not tells_a_cause(norm, start, end):
            continue
        if (
            drug.status == "active"
            and any(f.status == "resolved" for f in effects)
            and _RU_STOP_VERB.search(norm, start, end)
        ):
            drug.status = status_for("medications", "end")
        if drug.status == status_for("medications", "end"):
            # English says how the effect ended after the stop ("..., dizziness has gone"): that stays
            gone = [f for f in effects if norm.isascii() and f.status != PRESENT_STATUS[f.section]]
            # Russian says an effect that lasts up to the stop in the present ("от топамакса пальцы
            # покалывают постоянно, невролог сказал отменять"): that one is still there now
            # an effect told as still there ("..., still get cramps at night") in either language
            lang = "en" if norm.isascii() else "ru"
            now = [
                f
                for f in effects
                if f.status == "active" and (_ru_told_now(norm, f, start, end) or still_now(f, norm, lang, spans))
            ]
            facts = [f for f in facts if f not in effects or f in gone or f in now]
    return facts


def _ru_told_now(norm: str, f: Fact, start: int, end: int) -> bool:
    """The Russian phrase of the effect (between pauses and conjunctions) has a verb, none in the past."""
    bounds = [m.end() for m in _RU_PHRASE_END.finditer(norm, start, f.start)]
    after = _RU_PHRASE_END.search(norm, f.end, end)
    phrase = norm[bounds[-1] if bounds else start : after.start() if after else end]
    return _RU_PRESENT.search(phrase) is not None and _RU_PAST.search(phrase) is None


#: A Russian verb in the present, third person: "покалывают", "болит", "тошнит", "кружится".
_RU_PRESENT = re.compile(r"(?<![а-я])[а-я]{2,}(?:[еиюя]т|[аяую]т)(?:ся)?(?![а-я])")


def without_past_side_effects(facts: list[Fact], norm: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """Drop symptoms that a sentence gives as the reason a drug was stopped or switched.

    "simvastatin gave me cramps so I came off it" is a stopped statin; the cramps belonged to
    the drug and ended with it, they are not a symptom the user has now. Without a causal word,
    an English symptom told in the past tense beside the stop is that past effect too ("came off
    it in jan, the mood swings were awful"). An illness told after the drug ("the jardiance gave
    me a yeast infection so doc stopped it") is its effect as well; one told before it ("had
    pneumonia so they stopped the methotrexate") is the reason, and stays. An effect the user
    says is gone ("..., the dizziness has gone") is kept: it says how the effect ended.
    """
    stopped = [f for f in facts if f.section == "medications" and f.status == "stopped"]
    if norm.isascii():  # "atorvastatin was dropped to 40 because my muscles were aching": a change for an effect
        stopped += [
            f
            for f in facts
            if f.section == "medications"
            and f.status == "active"
            and 0 <= f.sentence < len(spans)
            and _EN_LOWERED.search(norm, spans[f.sentence][0], spans[f.sentence][1])
        ]
    if not stopped:
        return facts
    sentences = {f.sentence for f in stopped}
    causal = side_effect_sentences(norm, spans) & sentences
    past = {n for n in sentences - causal if n < len(spans)}

    def effect(f: Fact) -> bool:
        if f.status != PRESENT_STATUS[f.section]:
            return False
        if f.section == "symptoms":
            told = _told_in_past if norm.isascii() else _ru_told_as_reason
            if f.sentence in causal:  # "..., so I came off it, still get cramps at night": there now
                return not still_now(f, norm, "en" if norm.isascii() else "ru", spans)
            return f.sentence in past and told(norm, f, spans[f.sentence], stopped)
        return (
            f.section == "diagnoses"
            and f.sentence in causal
            and any(d.sentence == f.sentence and d.end <= f.start for d in stopped)
        )

    return [f for f in facts if not effect(f)]


#: An English verb that lowers a dose or changes the drug: what made it is the drug's past effect.
_EN_LOWERED = re.compile(
    r"\b(?:dropped|reduced|lowered|decreased|halved|cut (?:back|down)|brought down|took me down|weaned me down"
    r"|switched|swapped|changed)\b"
)
#: An English phrase in the past ("the mood swings were awful", "my muscles ached"), and what
#: keeps it present ("still", "now", "since", "is", "have been").
_EN_PAST = re.compile(r"\b(?:was|were|had|felt|got|gave|made|ached|hurt)\b|\w{3,}ed\b")
_EN_NOW = re.compile(r"\b(?:still|now|since|again|keep|keeps|am|is|are|have been|has been)\b|'s\b|'re\b")
_PHRASE_END = re.compile(r"[,;:.!?]| and | but ")


def _told_in_past(norm: str, f: Fact, sentence: tuple[int, int, bool], stopped: list[Fact]) -> bool:
    """The phrase around the symptom (between pauses) is in the past and says nothing of now."""
    start, end, _ = sentence
    before = [m.end() for m in _PHRASE_END.finditer(norm, start, f.start)]
    after = _PHRASE_END.search(norm, f.end, end)
    phrase = norm[before[-1] if before else start : after.start() if after else end]
    return _EN_PAST.search(phrase) is not None and _EN_NOW.search(phrase) is None


#: A Russian past verb ("был", "кружилась", "болели", "тошнило") and what keeps a phrase present.
_RU_PAST = re.compile(r"(?<![а-я])(?:был[аои]?|[а-я]{2,}(?:[аяеиыу]л)(?:а|о|и|ся|ась|ось|ись)?)(?![а-я])")
_RU_NOW = re.compile(r"(?<![а-я])(?:сейчас|теперь|до сих пор|вс[её] ещ[её]|опять|снова|остал\w*|продолжа\w*)(?![а-я])")
_RU_PHRASE_END = re.compile(r"[,;:.!?—–]|(?<![а-я])(?:и|но|а)(?![а-я])")
_RU_STOP = re.compile(r"(?<![а-я])(?:брос|отмен[ия]|перестал|прекратил|отказал)")


def _ru_told_as_reason(norm: str, f: Fact, sentence: tuple[int, int, bool], stopped: list[Fact]) -> bool:
    """ "Конкор бросила, пульс был 50 и голова кружилась", "бросила Топамакс — покалывание в
    пальцах": after a Russian stop in its sentence, a symptom told in the past, or explained
    after a dash, is why the drug was stopped; a phrase that says "now" ("теперь") stays."""
    start, end, _ = sentence
    stop = _RU_STOP.search(norm, start, f.start)
    if stop is None or not any(d.sentence == f.sentence and d.start < f.start for d in stopped):
        return False
    bounds = [m for m in _RU_PHRASE_END.finditer(norm, stop.end(), f.start)]
    after = _RU_PHRASE_END.search(norm, f.end, end)
    phrase = norm[bounds[-1].end() if bounds else start : after.start() if after else end]
    if _RU_NOW.search(phrase):
        return False
    dash = any(m.group() in "—–" for m in bounds)
    return dash or _RU_PAST.search(phrase) is not None
