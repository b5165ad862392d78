"""A drug's past effect: what a stopped or switched drug did is no complaint now.

CONVENTIONS: "colchicine gave me the runs so I stopped it", "колхицин раньше давали - от него понос
был дикий, бросил", "吃了两天拉肚子，医生让停了，现在不拉了" are the drug stopped and no symptom event,
whether the complaint is told as over or not; it is an event only if the user says it is still
there now ("..., still get cramps at night"). The sentence rules before this one (``drug_course``)
drop such an effect while it reads as present in one clause; the end the message gives it ("...,
tummy fine now", "现在不拉了", a stop word read onto it) left a resolved complaint, and a drug's
story over several clauses or with two drugs kept it. The discourse read here:

- the link: a complaint told as a drug's effect: "X gave me / made me / caused Y", "stopped X
  because of Y", "Y from the X"; "от X Y", "от него Y", "X вызвал Y"; "X吃了(两天)Y", "吃得Y",
  "一吃就Y", "吃X Y" (taking, then the complaint);
- the stop or switch of that drug: its status by the end of the message, or a stop or switch
  that names no new drug after it in the sentence ("医生让我别吃了", "..., switched, ...", "...,
  заменили"), which also stops the drug;
- the "still / now" that keeps the complaint current.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from anamnesis.understanding.rules.facts import Fact, status_for
from schemas.sections import PRESENT_STATUS, SECTION_WIDE

#: What a drug's effect is filed as when read as an illness of its own.
_EFFECT_SECTIONS = frozenset({"symptoms", "diagnoses"})
#: A lasting illness too where the link is said in words: "microgynon gave me migraines so I switched"
#: tells no migraine of today; a Chinese "擦了湿疹好多了" is the illness the drug treats.
_LINKED_SECTIONS = {"en": _EFFECT_SECTIONS | {"chronic_conditions"}, "ru": _EFFECT_SECTIONS | {"chronic_conditions"}}
_STOPPED = status_for("medications", "end")


@dataclass(frozen=True, slots=True)
class Link:
    """A complaint (section, entity) told as the effect of a drug, where the message tells it."""

    section: str
    entity: str
    #: the drug's canonical name, or None for a Chinese taking verb that names none ("吃了两天拉肚子")
    drug: str | None
    sentence: int
    end: int
    #: where a stop or switch of the drug may follow: after the drug, or after a complaint no drug is named for
    after: int
    #: told in the present ("fluclox is giving me diarrhoea, GP switched me"): the complaint is there now
    current: bool = False


#: English words between a drug and what it did: "gave me", "made me", "caused", "stopped it because of".
_EN_LINK = re.compile(
    r"\b(?:(?:gave|gives|give|giving|given) me|(?:made|makes|make|making)(?: me| my)?|caus(?:ed|es|ing)|left me"
    r"|side[- ]?effects?|reaction|because of|(?:bc|b/c|cos|coz|cuz) of|due to)\b"
)
#: An English cause told in the present: "is giving me", "makes me", "keeps giving me".
_EN_PRESENT_CAUSE = re.compile(r"\b(?:(?:is|are|'s|keeps?) (?:giving|making|causing)|gives|makes|causes)\b")
#: An English complaint right before the drug that caused it: "the runs from the colchicine".
_EN_FROM = re.compile(r"\s*from (?:the |my |that |this )?")
#: Russian: "от него понос", "от аторвастатина болели мышцы", "колхицин вызвал понос", "из-за него".
_RU_PRONOUN = re.compile(r"(?<![а-яё])(?:от|из-за|после) (?:него|неё|нее|них)(?![а-яё])")
_RU_BEFORE_DRUG = re.compile(r"(?<![а-яё])(?:от|из-за) $")
_RU_CAUSED = re.compile(r"(?<![а-яё])вызва\w*")
#: Chinese: taking, then the complaint ("吃了两天拉肚子", "吃得胃疼", "一吃就恶心", "用了以后头疼").
#: "吃出(过)" tells what the taking brought on ("布洛芬吃出过胃出血").
_ZH_TAKEN = re.compile(r"(?:一(?:吃|用|服)就|(?:吃|用|服|抹|涂|擦|点|喷|打)(?:出过|出了|出|了|得|过|完)(?:以后|之后|后)?)")
#: What may stand between the taking and the complaint: how long, how often, how badly.
_ZH_FILLER = re.compile(
    r"[\d一二两三四五六七八九十几半个多天周月年礼拜星期次顿就老总是又有点特别很都会经常后以之挺太]*"
)
#: Chinese taking verbs before a drug whose complaint follows it ("以前吃扶他林胃疼").
_ZH_TAKE_VERB = re.compile(r"(?:吃|用|服|抹|涂|喷|打)(?:了|过)?$")
#: A Chinese stop or switch after the complaint: "停了", "换成", "别吃了", "就不吃了", "没再吃".
_ZH_STOP = re.compile(
    r"停|换(?:成|了|药)|改(?:成|用)|不(?:再)?(?:吃|用|服)了|别(?:再)?(?:吃|用)了|没(?:再)?(?:吃|用)了?|不(?:敢|让)(?:再)?(?:吃|用|碰)"
    # not wanting or being able to take it again: "不想再吃它了", "不能再用了"
    r"|不(?:想|能|愿意?)再(?:吃|用|服|碰)"
)
#: A switch that names no new drug, ending its phrase: "..., switched, ...", "so the gp swapped it",
#: "..., заменили": the drug the complaint came from is replaced.
#: A bare stop ends it too: "it gave me nightmares so i stopped, fine since", "made me so nauseous I quit
#: after 3 weeks", "gave me horrible nightmares, so not that again", "от него тошнило, бросила".
_EN_BARE_SWITCH = re.compile(
    r"\b(?:switched|swapped|changed)(?: (?:me|it|them|that))?(?= *(?:[,;:.!?]|and\b|but\b|$))"
    # a stop by the user or the clinician ("so i stopped", "so stopped"), not "it stopped" (the complaint)
    r"|\b(?:so|i|then|they|doc|gp)\s+(?:(?:just|had to)\s+)?(?:stopped|quit|came off|gave up)"
    r"(?: (?:it|them|that|taking it))?(?= *(?:[,;:.!?]|and\b|but\b|after\b|$))"
    r"|\b(?:not (?:that|it) again|never again)\b"
)
_RU_BARE_SWITCH = re.compile(
    r"(?<![а-яё])(?:заменил\w*|поменял\w*|сменил\w*|бросил\w*|перестал\w*)(?: (?:его|её|ее|их))?"
    r"(?= *(?:[,;:.!?—–]|и |но |$))"
)
#: A stop or switch told before its reason: "switched the naproxen for", "came off", "перевели с".
_EN_STOP_TOLD = re.compile(r"\b(?:stopped|quit|switched|swapped|changed|came off|taken off|took me off|ditched)\b")
_RU_STOP_TOLD = re.compile(
    r"(?<![а-яё])(?:бросил|отменил|перевел|перевёл|перевели|поменял|заменил|сменил|перешл|перешел|перешёл|слезл)\w*"
)
#: The past a reason is told in: a state that was ("stomach was burning", "кашель был", "мышцы болели"),
#: not a change of state ("started getting", "стали меньше").
_EN_REASON_PAST = re.compile(r"\b(?:was|were|had|got|kept)\b")
_RU_REASON_PAST = re.compile(r"(?<![а-яё])(?!стал)(?:был[аои]?|[а-яё]{2,}(?:[аяеиыу]л)(?:а|о|и|ся|ась|ось|ись)?)(?![а-яё])")
#: Words that keep a complaint current: "still", "до сих пор", "还".
_EN_NOW = re.compile(r"\b(?:still|ever since|to this day|keeps?)\b")
_RU_NOW = re.compile(r"(?<![а-яё])(?:до сих пор|вс[её] ещ[её]|остал\w*|продолжа\w*|по-прежнему)(?![а-яё])")
_ZH_NOW = re.compile(r"还|仍|依然|一直|照样")
#: A phrase told in the past: "was", "gave", "ached"; "был", "болели".
_EN_PAST = re.compile(r"\b(?:was|were|had|gave|made|caused|got|went|came|took|left|felt|did)\b|\w{3,}ed\b")
_RU_PAST = re.compile(r"(?<![а-яё])(?:был[аои]?|[а-яё]{2,}(?:[аяеиыу]л)(?:а|о|и|ся|ась|ось|ись)?)(?![а-яё])")
_PHRASE_END = re.compile(r"[,;:.!?，；。！？、—–]| and | but |(?<![а-яё])(?:и|но|а)(?![а-яё])")


def effect_links(facts: list[Fact], norm: str, lang: str) -> list[Link]:
    """The complaints the message tells as a drug's effect, read before facts are merged (every
    mention keeps its place)."""
    sections = _LINKED_SECTIONS.get(lang, _EFFECT_SECTIONS)
    effects = [f for f in facts if f.section in sections and f.entity != SECTION_WIDE]
    if not effects:
        return []
    drugs = [f for f in facts if f.section == "medications" and f.entity != SECTION_WIDE]
    links = []
    for f in effects:
        drug = _cause_of(f, drugs, norm, lang)
        if drug is False and lang != "zh" and not any(g.entity == f.entity and g.start > f.start for g in effects):
            # a reason after the stop, which the message does not end later ("..., tingling's gone now")
            before = [d for d in drugs if d.sentence == f.sentence and d.end <= f.start]
            drug = _reason_after_stop(f, before, norm, lang)
        if drug is not False:
            now = lang == "en" and _EN_PRESENT_CAUSE.search(norm, max(0, f.start - 40), f.start) is not None
            named = [d.end for d in drugs if d.entity == drug and d.sentence == f.sentence]
            after = min(min(named, default=f.end), f.end)
            links.append(Link(f.section, f.entity, drug, f.sentence, f.end, after, now))
    return links


def _cause_of(f: Fact, drugs: list[Fact], norm: str, lang: str) -> str | None | bool:
    """The drug ``f`` is told as the effect of (None: a Chinese taking with no drug named), or False."""
    here = [d for d in drugs if d.sentence == f.sentence]
    before = [d for d in here if d.end <= f.start]
    last = max(before, key=lambda d: d.end) if before else None
    if lang == "zh":
        taken = [m for m in _ZH_TAKEN.finditer(norm, last.end if last else 0, f.start)]
        if taken and _ZH_FILLER.fullmatch(norm, taken[-1].end(), f.start):
            return last.entity if last else None
        if last and _ZH_FILLER.fullmatch(norm, last.end, f.start) and _ZH_TAKE_VERB.search(norm, 0, last.start):
            return last.entity  # "以前吃扶他林胃疼"
        return False
    if lang == "ru":
        if last and (_RU_PRONOUN.search(norm, last.end, f.start) or _RU_CAUSED.search(norm, last.end, f.start)):
            return last.entity
        cause = next((d for d in here if _RU_BEFORE_DRUG.search(norm, max(0, d.start - 6), d.start)), None)
        return cause.entity if cause else False
    if last and _EN_LINK.search(norm, last.end, f.start):
        return last.entity
    after = [d for d in here if d.start >= f.end]
    if after and _EN_FROM.fullmatch(norm, f.end, after[0].start):
        return after[0].entity
    return False


def _reason_after_stop(f: Fact, before: list[Fact], norm: str, lang: str) -> str | bool:
    """A complaint told in the past in the phrase right after a drug's stop or switch is its reason:
    "switched the naproxen for tylenol, stomach was burning again", "бросил аторвастатин, мышцы
    болели". The drug is the last stopped one before it, one pause away, and the stop is told
    before the complaint ("дюфалак пила, пучило, бросила" is read by the links above). A complaint
    told as gone ("took me off the norvasc, the dizzy spells stopped"), one there now or going on
    ("ive started getting migraines", "отеки меньше стали", "..., and still is"), a finding ("мно
    не держалось") or one two phrases on is no reason told."""
    if f.section != "symptoms" or f.status != PRESENT_STATUS[f.section]:
        return False
    stopped = [d for d in before if d.status == _STOPPED]
    if not stopped:
        return False
    drug = max(stopped, key=lambda d: d.end)
    pauses = list(_PHRASE_END.finditer(norm, drug.end, f.start))
    if len(pauses) != 1 or pauses[0].group().strip() not in ",;":
        return False
    told = _RU_STOP_TOLD if lang == "ru" else _EN_STOP_TOLD
    if not told.search(norm, max(0, drug.start - 40), pauses[0].start()):
        return False
    end = _PHRASE_END.search(norm, f.end)
    phrase = norm[pauses[0].end() : end.start() if end else len(norm)]
    past = _RU_REASON_PAST if lang == "ru" else _EN_REASON_PAST
    rest = re.match(r"[^.!?\n]*", norm[f.end :]).group()  # "..., knee pain was bad and still is"
    now = _RU_NOW if lang == "ru" else _EN_NOW
    return drug.entity if past.search(phrase) and not now.search(rest) else False


def without_ended_effects(
    facts: list[Fact], links: list[Link], norm: str, lang: str, spans: list[tuple[int, int, bool]]
) -> list[Fact]:
    """Drop the complaints told as the effect of a drug the message stops or switches, unless the
    user says the complaint is still there now; a Chinese stop after the complaint stops the drug."""
    if not links:
        return facts
    ended: set[tuple[str, str]] = set()
    for link in links:
        if link.current:
            for f in facts:  # "is giving me awful diarrhoea, GP switched me": the switch does not end it
                if (f.section, f.entity) == (link.section, link.entity) and f.end == link.end:
                    f.status = PRESENT_STATUS[f.section]
            continue
        drug = next((f for f in facts if f.section == "medications" and f.entity == link.drug), None)
        stop = None
        if 0 <= link.sentence < len(spans):
            bare = {"zh": _ZH_STOP, "ru": _RU_BARE_SWITCH}.get(lang, _EN_BARE_SWITCH)
            stop = bare.search(norm, link.after, spans[link.sentence][1])
            if stop is not None and drug is not None and drug.status == PRESENT_STATUS["medications"]:
                drug.status = _STOPPED  # "顺尔宁吃了老做噩梦，医生让我别吃了", "made my ankles swell, switched"
        if stop is not None or (drug is not None and drug.status == _STOPPED):
            ended.add((link.section, link.entity))
    # a drug's name is no verb of the phrase ("от эналаприла першит": -ил is no past tense)
    unnamed = norm
    for d in facts:
        if d.section == "medications" and d.end > d.start:
            unnamed = unnamed[: d.start] + " " * (d.end - d.start) + unnamed[d.end :]
    return [f for f in facts if (f.section, f.entity) not in ended or _kept(f, unnamed, lang, spans)]


def _kept(f: Fact, norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> bool:
    """An effect that stays: one the user says is still there; in English and Russian also one
    told as present, not in the past ("keppra is making me irritable, neuro is swapping me", "от
    брилинты одышка, заменила на плавикс"), where "кашель был сухой" is past. Chinese has no tense."""
    if still_now(f, norm, lang, spans):
        return True
    if lang == "zh" or f.status != PRESENT_STATUS[f.section]:
        return False
    past = _RU_PAST if lang == "ru" else _EN_PAST
    return past.search(_phrase(f, norm, spans)) is None


def still_now(f: Fact, norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> bool:
    """The complaint's last mention is present and its phrase says it goes on ("still get cramps",
    "the doxy is giving me nausea")."""
    if f.status != PRESENT_STATUS[f.section] or not 0 <= f.sentence < len(spans):
        return False
    phrase = _phrase(f, norm, spans)
    if lang == "zh":
        return _ZH_NOW.search(phrase) is not None
    if lang == "ru":
        return _RU_NOW.search(phrase) is not None
    return _EN_NOW.search(phrase) is not None or _EN_PRESENT_CAUSE.search(phrase) is not None


def _phrase(f: Fact, norm: str, spans: list[tuple[int, int, bool]]) -> str:
    """The stretch of the fact's sentence between the pauses around its (last) mention."""
    start, end, _ = spans[f.sentence]
    bounds = [m.end() for m in _PHRASE_END.finditer(norm, start, f.start)]
    after = _PHRASE_END.search(norm, f.end, end)
    return norm[bounds[-1] if bounds else start : after.start() if after else end]
