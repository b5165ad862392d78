"""One user message (with the assistant turn before it) to the sections it touches and its events.

The steps: scan once; cut into clauses; per clause find the mentions, their states and
sections; read a short answer against the assistant's question; attach doses, frequencies,
times and severities; merge duplicates; let a specific positive fact win over a
section-wide denial of its section in the same message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from anamnesis.terminology.text import detect_lang, normalise
from anamnesis.understanding.rules import drugbank, mesh, quantities
from anamnesis.understanding.rules.answers import Topic, answer_state, polarity, topic, zh_echo
from anamnesis.understanding.rules.attributes import attach
from anamnesis.understanding.rules.compact_profile import compact_profile
from anamnesis.understanding.rules.discourse import (
    addressed_to_system,
    side_effect_sentences,
    take_back_corrections,
    zh_negation_inside_terms,
    zh_spaces_as_commas,
)
from anamnesis.understanding.rules.drug_course import switched_from_earlier, without_zh_side_effects
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact, status_for
from anamnesis.understanding.rules.lexicon import Lex, Lexicon
from anamnesis.understanding.rules.mentions import Mention, find_mentions
from anamnesis.understanding.rules.referring import with_referring
from anamnesis.understanding.rules.segment import Clause, Hit, clauses, sentences
from anamnesis.understanding.rules.status import assign_states, had_before, since_then, taken_before
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS, SECTION_WIDE, SECTIONS

_FAMILY_KINDS = frozenset({"condition", "diagnosis"})
#: Curated kinds a "have"/"diagnosed with" clause may name besides a disease MeSH knows
#: ("I take metformin for ..."); any other curated mention is what the clause says one has.
_NOT_HAD = frozenset({"drug", "lifestyle"})
#: Subject of a clause that names nobody right after a question about the family: its
#: conditions are family history, anything else is the user's own.
_ASKED_FAMILY = "family?"
#: Words that make a clause a statement of its own, not a bare answer ("penicillin").
_VERBS = frozenset({"start", "switch", "end", "instead"})
_NOT_ALCOHOL = frozenset({"beverage", "s:medications", "k:drug"})
#: Kinds for which "not since March" is an ending: habits, medicines and illnesses.
_ENDS_SINCE = frozenset({"drug", "lifestyle", "symptom", "diagnosis", "condition", "injury"})
#: Cues of a clause about how a medicine was taken, stopped or changed.
_TREATED = frozenset({"switch", "instead", "end"})
_CONTENT = frozenset({"term", "section", "allergy", "family", "sexword"})
_ANSWERS = frozenset({"yes", "neg", "end", "accept", "start", "when", "some", "freq", "sev"})
#: Cues that make an English clause read as taking a medication: worth asking DrugBank
#: about a drug the curated terminology does not know ("I'm on Xeljanz").
_TAKING = frozenset({"start", "still"})
_TAKING_GATE = _TAKING | {"end"}
#: "end" cue words that speak of a medicine ("came off Xeljanz"), not of a habit or illness
_TAKING_ENDS = frozenset(
    {"stop taking", "came off", "come off", "taken off", "weaned off", "took me off", "taking me off", "discontinued"}
)
_ZH_TAIL = " 。！!.,，?？~～"
_DIGIT = re.compile(r"\d")
#: "四十毫克", "十八个单位": a dose in Chinese numerals is a number too
_CN_AMOUNT = re.compile(r"[一二两三四五六七八九十百]+(?:毫克|微克|毫升|个单位|单位|克)")
_LONG_AGO = re.compile(
    r"when i was (?:a (?:child|kid|boy|girl|teen|teenager)|little|young|small|\d{1,2}|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b"
    r"|as a (?:child|kid|teen|teenager)|in (?:my )?childhood|years ago"
    r"|в детстве|ребенком|в юности|в \S+ лет\b|лет назад|小时候|童年|岁的时候|岁时|年前"
    r"|(?<![а-я])(?:год|года) назад|в (?:поза)?прошлом году|(?<![а-я])в (?:19|20)\d\d(?!\d)|в школе|в молодости|в армии"
)
#: "每天早上喝15毫升": a drink measured in millilitres is a medicine
_MEASURED_DRINK = re.compile(r"\d\s*(?:ml|мл|毫升)(?![a-zа-я])")


@dataclass(slots=True)
class _Message:
    text: str
    norm: str
    lang: str
    hits: list[Hit]
    clauses: list[Clause]
    asked: Topic | None
    facts: list[Fact]
    touched: set[str]
    #: reactions said without their drug ("..., I got a rash from it")
    orphan_reactions: list[str]


def understand_text(
    text: str, context: str | None, lang_hint: str | None, lexicon: Lexicon
) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
    """(sections touched, proposed events) of one user message."""
    norm = zh_spaces_as_commas(normalise(text))
    if addressed_to_system(norm):
        return (), []  # an instruction to the system is never a health statement
    hits = lexicon.matcher.scan_each(norm)
    norm, hits = take_back_corrections(norm, hits, lexicon.matcher.scan_each)
    norm, hits = zh_negation_inside_terms(norm, hits, lexicon.matcher.scan_each)
    asked = topic(context) if context else None
    digits = _DIGIT.search(norm) is not None or "岁" in norm or _CN_AMOUNT.search(norm) is not None
    if not digits:
        found = {lex.cat for _, _, lex in hits}
        if (
            found.isdisjoint(_CONTENT)
            and (asked is None or found.isdisjoint(_ANSWERS))
            and (found.isdisjoint(_TAKING_GATE) or not norm.isascii())
            and not (norm.isascii() and mesh.HAVING.search(norm))
            and not (asked is not None and zh_echo(norm, asked.question))
        ):
            return (), []  # small talk: nothing medical, no number, no answer to a question
    lang = detect_lang(norm, lang_hint)
    spans = sentences(norm)
    parts = clauses(norm, hits, lang, spans, _default_subject(asked))
    msg = _Message(text, norm, lang, hits, parts, asked, [], set(), [])
    reported: list[Mention] = []  # entities of "the doctor asked if I have COPD", awaiting the answer
    vaccine: Mention | None = None  # the vaccine the message named last, even in a question
    for n, clause in enumerate(msg.clauses):
        if n and msg.clauses[n - 1].sentence != clause.sentence:
            reported = []
        if not clause.hits and not _may_have(norm, clause, lang):
            if digits and clause.subject in ("self", _ASKED_FAMILY) and not clause.skip:
                _demographics(msg, clause)
            continue
        if clause.subject == "self" and not clause.skip and not any(lex.kind for _, _, lex in clause.hits):
            _me_too(msg, clause)
        mentions = find_mentions(clause, lexicon, msg.clauses, norm)
        if asked is not None and asked.vaccines and not clause.has("split"):  # "no, but I had the flu"
            _as_vaccines(mentions, lexicon)
        vaccine = next((m for m in reversed(mentions) if m.kind == "vaccine"), vaccine)
        if lang == "zh" and vaccine is not None and not mentions and clause.has("jab"):
            # "想问问HPV疫苗，我还没打过": a bare vaccination verb speaks of the vaccine just named
            mentions = [Mention(vaccine.start, vaccine.end, "vaccine", vaccine.entity)]
        if clause.has("asked") and clause.subject != "other":
            reported = [m for m in mentions if m.kind != "noun"]
        elif reported and not clause.skip:
            answer = _reported_answer(msg.norm, clause)
            if answer is not None:
                for m in reported:
                    m.state = answer
                _clause_facts(msg, clause, reported)
                reported = []
        if clause.skip or clause.subject == "other":
            _touch(msg, clause, mentions)
            if clause.skip and clause.subject == "self":
                if lang == "zh":
                    _clause_facts(msg, clause, _zh_presupposed(norm, clause, mentions))
                elif not clause.has("asked"):
                    _clause_facts(msg, clause, [m for m in mentions if _owned(norm, m)])
            continue
        for m in mentions:
            if m.kind == "noun" and m.entity != "family_history":
                msg.touched.add(m.entity)
        if lang == "en" and _reads_as_taking(norm, clause) and _names_no_drug(clause, mentions):
            mentions = _with_drugbank(norm, clause, mentions)
        if _may_have(norm, clause, lang) and _names_no_condition(mentions):
            mentions = _with_mesh(norm, clause, mentions)
        if clause.intent_at < clause.end:
            mentions = [m for m in mentions if m.start < clause.intent_at]
        if _drinks_something_else(clause) or (asked is not None and asked.medicines):
            # "Дюфалак больше не пью", "ничего не пью" to "что-то принимаете?": the verb, not alcohol
            mentions = [m for m in mentions if not (m.weak and m.kind == "lifestyle")]
        if lang == "zh":
            mentions = _without_occasions(msg, clause, _without_triggers(norm, mentions))
        elif lang == "en":
            mentions = _en_without_occasions(norm, clause, mentions)
        zh_ended = lang == "zh" and norm[clause.start : clause.end].rstrip(_ZH_TAIL).endswith("了")
        dangling = assign_states(mentions, clause, norm, zh_ended)
        if lang == "zh" and _heals(msg, clause):
            _healing_is_no_stop(msg, clause, mentions)
        mentions = _purposes_stay(norm, clause, mentions)
        _cause_not_denied(norm, mentions)
        if taken_before(norm, clause):
            for m in mentions:
                if m.state == "neg" and m.kind == "drug":
                    m.state = "end"  # "Урсосан пила полгода, сейчас нет": taken once, not now
        if had_before(norm, clause):
            for m in mentions:
                if m.state == "neg" and m.kind in _ENDS_SINCE:
                    m.state = "end"  # "температура была, сейчас нет", "конкор был, сейчас нет": had, now gone
        if since_then(norm, clause):
            for m in mentions:
                if m.state == "neg" and m.kind in _ENDS_SINCE:
                    m.state = "end"
        if dangling or (
            not mentions and (clause.has("end") or (zh_ended and clause.has("neg") and clause.has("start")))
        ):
            _ended_since(msg, clause)  # "...停了", "后来就不吃了"
        if lang == "zh" and clause.has("switch") and clause.subject == "self" and not clause.skip:
            switched_from_earlier(msg.facts, clause, [(m.start, m.end) for m in mentions if m.kind == "drug"])
        _clause_facts(msg, clause, mentions)
        if clause.has("switch") and lang != "zh":  # Chinese switches: switched_from_earlier above
            _switched_from_before(msg, clause, mentions)
        if clause.subject in ("self", _ASKED_FAMILY) and (digits or "sexword" in clause.cats):
            _demographics(msg, clause)
    if asked is not None:
        _answer(msg, asked)
    _reactions_of_allergies(msg)
    _removed_by_operation(msg)
    _compact_profile(msg, spans)
    _healed_long_ago(msg, spans)
    attach(msg.facts, norm, hits, spans, lang, digits)
    _diabetes_type(msg, spans)
    facts = with_referring(norm, lang, msg.clauses, _merge(msg))
    facts = _stopped_for_its_effect(facts, msg.norm, spans)
    facts = _without_past_side_effects(facts, msg.norm, spans)
    _treated_by_operation(facts)
    if lang == "zh":
        facts = without_zh_side_effects(facts, msg.norm, msg.hits, spans)
    touched = msg.touched
    for f in facts:
        touched.add(f.section)
    return tuple([s for s in SECTIONS if s in touched]), [f.as_event() for f in facts]


#: "我房颤", "我的高血压", "我有胃溃疡" right before what the question asks about it ("能喝茶吗？")
_ZH_MY = re.compile(r"我(?:的|有|这个|这)?\s*$")
_ZH_CAN = re.compile(r"\s*(?:还)?(?:能|可以|可不可以|能不能|要不要|需要|该|适合|影响|要紧|会不会加重)")
_QUESTION_ONLY = frozenset({"hypo", "uncertain", "asked", "intent"})


def _zh_presupposed(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "我房颤能喝茶吗？", "我高血压能吃布洛芬吗？": the question asks about the user's own condition,
    which it takes as given; "我有高血压吗？" and "我是不是高血压？" ask whether, and give nothing."""
    if not clause.cats.isdisjoint(_QUESTION_ONLY):
        return []
    return [
        m
        for m in mentions
        if m.kind in _FAMILY_KINDS
        and m.state is None
        and _ZH_MY.search(norm, clause.start, m.start)
        and _ZH_CAN.match(norm, m.end)
    ]


#: What makes an activity the trigger of what follows it: "活动后", "走路多了", "爬楼的时候", "一运动就".
_TRIGGER = re.compile(r"\s*(?:以后|之后|后|多了|久了|快了|猛了|的时候|时|完|就)")
#: An accident during the activity: "骑车摔了", "踢球把脚踝扭伤了".
_ACCIDENT = re.compile(r"\s*(?:摔|跌|扭|崴|撞|把)")
#: A symptom as the occasion of a use ("喘的时候喷", "疼的时候吃"): when the drug is taken, not a symptom now.
_OCCASION = re.compile(r"\s*(?:的时候|时候|时)")


def _without_triggers(norm: str, mentions: list[Mention]) -> list[Mention]:
    """ "走路多了腿疼", "运动后胸闷", "骑车摔了": an activity that brings on a symptom or an accident
    tells when it happened, not a habit."""
    felt = [m.start for m in mentions if m.kind in ("symptom", "injury")]
    return [
        m
        for m in mentions
        if not (
            m.kind == "lifestyle"
            and m.entity == "exercise"
            and (_ACCIDENT.match(norm, m.end) or (_TRIGGER.match(norm, m.end) and any(s >= m.end for s in felt)))
        )
    ]


#: "when I walk", "whenever my ankles swell", "while running": what follows says when, not what is
#: ("after two months of walking" is how long a habit went on, so "after" is not among them).
_EN_WHEN = re.compile(r"\b(?:when|whenever|while|if|during)\s+(?:[\w']+\s+){0,3}$")


def _en_without_occasions(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "chest pain when I walk", "ventolin but only when i run": an activity after "when" is what
    brings on a symptom or calls for a medicine, not a habit; "furosemide when my ankles swell",
    "paracetamol when i get headaches": a symptom after "when" with a medicine before it says when
    the medicine is taken, not that the symptom is there now."""
    out = []
    for m in mentions:
        lead = _EN_WHEN.search(norm, max(clause.start, m.start - 30), m.start)
        if lead is not None and (
            (m.kind == "lifestyle" and m.entity == "exercise")
            or (m.kind == "symptom" and any(o.kind == "drug" and o.end <= lead.start() for o in mentions))
        ):
            continue
        out.append(m)
    return out


def _without_occasions(msg: _Message, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """ "万托林，喘的时候喷": a symptom that says when a drug of the sentence is used is no fact."""
    drugs = any(lex.kind == "drug" for c in msg.clauses if c.sentence == clause.sentence for _, _, lex in c.hits)
    if not drugs:
        return mentions
    return [m for m in mentions if not (m.kind == "symptom" and _OCCASION.match(msg.norm, m.end))]


def _treated_by_operation(facts: list[Fact]) -> None:
    """ "胆结石，胆囊切了", "had my gallbladder out for stones": an episodic diagnosis told with the
    operation that treated it, in one sentence, is over; the operation is the fact."""
    operated = {f.sentence for f in facts if f.section == "surgeries" and f.status == "historical" and f.end > f.start}
    for f in facts:
        if f.section == "diagnoses" and f.status == "active" and f.sentence in operated:
            f.status = status_for("diagnoses", "end")


def _reads_as_taking(norm: str, clause: Clause) -> bool:
    if not clause.cats.isdisjoint(_TAKING):
        return True
    return "end" in clause.cats and any(lex.cat == "end" and norm[s:e] in _TAKING_ENDS for s, e, lex in clause.hits)


def _names_no_drug(clause: Clause, mentions: list[Mention]) -> bool:
    """No curated drug, and not a denial of all medications ("I don't take any medication")."""
    if clause.has("neg") and clause.has("s:medications"):
        return False
    return not any(m.kind == "drug" for m in mentions)


def _with_drugbank(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` plus the drugs DrugBank finds among the words no curated term took."""
    taken = [(s, e) for s, e, lex in clause.hits if lex.cat == "term"]
    found = drugbank.find(norm, clause.start, clause.end, taken)
    if not found:
        return mentions
    return sorted([*mentions, *(Mention(s, e, "drug", name) for s, e, name in found)], key=lambda m: (m.start, m.end))


def _may_have(norm: str, clause: Clause, lang: str) -> bool:
    """An English clause of the user's own that reads as having, or being diagnosed with, something."""
    return (
        lang == "en"
        and clause.subject == "self"
        and not clause.skip
        and mesh.HAVING.search(norm, clause.start, clause.end) is not None
    )


def _names_no_condition(mentions: list[Mention]) -> bool:
    """Nothing curated that the clause may be saying the user has: no condition, diagnosis or
    symptom, nor a vaccine, procedure, injury, allergen or section ("I've never had surgery")."""
    return all(m.kind in _NOT_HAD for m in mentions)


def _with_mesh(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` plus the diseases MeSH finds among the words no curated term took:
    chronic conditions when the clause says they are long-standing, diagnoses otherwise."""
    taken = [(s, e) for s, e, _ in clause.hits]  # cues too: "allergies" is no MeSH "hypersensitivity"
    found = mesh.find(norm, clause.start, clause.end, taken)
    if not found:
        return mentions
    kind = "condition" if mesh.CHRONIC.search(norm, clause.start, clause.end) else "diagnosis"
    return sorted([*mentions, *(Mention(s, e, kind, name) for s, e, name in found)], key=lambda m: (m.start, m.end))


def _only_a_time(msg: _Message) -> bool:
    """The message says only when ("В январе.", "一月份打的。", "In 2019."), nothing else."""
    if not msg.hits or len(msg.norm) > 40:
        return False
    return all(lex.cat in ("when", "start", "jab") for _, _, lex in msg.hits) and any(
        lex.cat == "when" for _, _, lex in msg.hits
    )


def _healed_long_ago(msg: _Message, spans: list[tuple[int, int, bool]]) -> None:
    """An injury of one's childhood or of years ago ("I broke my arm when I was ten") has healed."""
    for fact in msg.facts:
        if fact.section == "injuries" and fact.status == "active" and 0 <= fact.sentence < len(spans):
            start, end, _ = spans[fact.sentence]
            if _LONG_AGO.search(msg.norm, start, end):
                fact.status = status_for("injuries", "end")


def _reported_answer(norm: str, clause: Clause) -> str | None:
    """ "..., but no," / "но нет," / "我没有": the clause opens with a bare answer to a reported question."""
    for _, e, lex in clause.hits:
        if lex.cat in ("split", "self", "hedge"):
            continue
        if lex.cat not in ("neg", "yes"):
            return None
        rest = norm[e : clause.end].lstrip(" ")
        if rest and rest[0] not in ",，.。!！;；:：—-":
            return None
        return "neg" if lex.cat == "neg" else None
    return None


def _ended_since(msg: _Message, clause: Clause) -> None:
    """ "I haven't had a cigarette for a month, I've quit for good": a bare "quit" after a
    denial in the same sentence says the denied habit or drug has ended."""
    ended = False
    for fact in msg.facts:
        if fact.sentence == clause.sentence and fact.status == "confirmed_absent" and fact.entity != SECTION_WIDE:
            fact.status = status_for(fact.section, "end")
            ended = True
    if not ended and clause.subject == "self" and not clause.skip:
        _refer_ending(msg, clause)


#: An ending that says a person got well ("recovered", "its cleared up", "прошло"), not that
#: they stopped doing something ("quit", "бросил", "停了").
_RECOVERY = re.compile(
    r"gone|went away|disappear|clear|resolv|recover|got over|cured|heal|mended|fine now|settled|grew out|outgrew"
    r"|all better|back to normal|прош|выздоров|вылеч|излеч|восстанов|зажил|сросл|ушё?л|беспоко|всё ок|все ок"
    r"|好了|没了|退了|消失|痊愈|治好|康复|愈合|长好"
)
_BOTH = re.compile(r"\b(?:both|all of them|all three)\b|\bоб(?:а|е|оих)\b|都")
_RECOVERS = ("diagnoses", "symptoms", "injuries", "chronic_conditions")


def _refer_ending(msg: _Message, clause: Clause) -> None:
    """A bare ending refers back to what the sentence (or the one before) just named.

    "simvastatin gave me cramps so I came off it", "i had COVID in December, I've fully
    recovered", "DVT last spring, its cleared up", "двухнедельный курс амоксициллина, допил":
    a stop ends the nearest medication or habit named before it, a recovery the nearest
    illness, symptom or injury ("fully recovered from both": every one of the sentence).
    """
    cue = next((msg.norm[s:e] for s, e, lex in clause.hits if lex.cat == "end"), "")
    sections = _RECOVERS if _RECOVERY.search(cue) else ("medications", "lifestyle")
    named = [f for f in msg.facts if f.section in sections and f.entity != SECTION_WIDE and f.end <= clause.start]
    # the sentence's own, or (a sentence that names none: "I had COVID. Fully recovered.") the one before
    sentence = clause.sentence if any(f.sentence == clause.sentence for f in named) else clause.sentence - 1
    earlier = [f for f in named if f.sentence == sentence and f.status == PRESENT_STATUS[f.section]]
    if not earlier:
        return
    both = _BOTH.search(msg.norm, clause.start, clause.end) is not None
    for fact in earlier if both else [max(earlier, key=lambda f: f.end)]:
        fact.status = status_for(fact.section, "end")


#: "my" right before a term: "is coffee ok with my AF?", "при моей ФП кофе можно?", "我的高血压".
_MY = re.compile(r"(?:\bmy|(?<![а-я])мо(?:й|я|е|ё|и|его|ей|ему|им|ими|ю|их)|我的)\s*$")
#: What a question can say the user has by calling it theirs (not a plan: "my surgery next week").
_OWNED_KINDS = frozenset({"drug", "condition", "diagnosis", "symptom"})


def _owned(norm: str, m: Mention) -> bool:
    """A term a question calls the user's own ("is it ok to have a beer on my zoloft?"): the
    question asks nothing about it, it says the user has it."""
    return m.kind in _OWNED_KINDS and _MY.search(norm, max(0, m.start - 8), m.start) is not None


_TOO = re.compile(r"\b(?:too|as well|also|same)\b|тоже|также|то же|такая же|такой же|也")


def _as_vaccines(mentions: list[Mention], lexicon: Lexicon) -> None:
    """ "never had any of the covid ones" to "And the COVID vaccine?", "сделал первую от клеща"
    to a question about vaccines: the diseases an answer about vaccines names are their vaccines."""
    for m in mentions:
        vaccine = lexicon.vaccine_for.get(m.entity) if m.kind in ("diagnosis", "condition") else None
        if vaccine:
            m.kind, m.entity = "vaccine", vaccine


def _me_too(msg: _Message, clause: Clause) -> None:
    """ "my mum has diabetes and I have it too", "у мамы гипертония, у меня тоже": a clause of the
    user's own that names nothing and says "too" has the conditions just said of a relative."""
    if not _TOO.search(msg.norm, clause.start, clause.end):
        return
    kinds = {lex.value: lex.kind for _, _, lex in msg.hits if lex.kind in _FAMILY_KINDS}
    relatives = [
        f
        for f in msg.facts
        if f.section == "family_history" and f.status == "active" and f.end <= clause.start and f.entity in kinds
    ]
    if not relatives:
        return
    last = max(f.sentence for f in relatives)
    for f in relatives:
        if f.sentence == last:
            msg.facts.append(
                Fact(
                    clause.start,
                    clause.end,
                    clause.sentence,
                    KIND_SECTION[kinds[f.entity]],
                    f.entity,
                    "active",
                    f.mention,
                )
            )


#: What joins an operation to the illness it treated: "for fibroids", "after ... tonsillitis".
_FOR_ILLNESS = re.compile(
    r"\b(?:for|after|because of|due to|of)\b|из-за|по поводу|после|(?<![а-я])от(?![а-я])|因为|由于"
)


def _removed_by_operation(msg: _Message) -> None:
    """ "hysterectomy in 2015 for fibroids", "had my tonsils out after one too many bouts of
    tonsillitis": an illness said with the operation that removed its organ (an -ectomy) in the
    same sentence is over, not active."""
    operations = [
        f
        for f in msg.facts
        if f.section == "surgeries" and f.entity.endswith("ectomy") and f.status == PRESENT_STATUS["surgeries"]
    ]
    for fact in msg.facts:
        if (
            fact.section in ("diagnoses", "chronic_conditions")
            and fact.status == "active"
            and any(
                op.sentence == fact.sentence
                and op.end <= fact.start
                and _FOR_ILLNESS.search(msg.norm, op.end, fact.start)
                for op in operations
            )
        ):
            fact.status = "resolved"


def _reactions_of_allergies(msg: _Message) -> None:
    """ "penicillin. came out in hives all over as a kid", "sulfa drugs, i get a rash", "аллергия
    на латекс, ... крапивница была": in a message that states an allergy (or answers a question
    about allergies), a reaction symptom said apart from its allergen is that allergy's reaction,
    not a symptom the user has now."""
    allergies = [f for f in msg.facts if f.section == "allergies" and f.entity != SECTION_WIDE and f.status == "active"]
    if not allergies:
        return
    reactive = {lex.value for _, _, lex in msg.hits if lex.reactive}
    kept: list[Fact] = []
    for fact in msg.facts:
        if fact.section == "symptoms" and fact.entity in reactive and fact.status == "active":
            owner = min(allergies, key=lambda a: (abs(a.sentence - fact.sentence), abs(a.start - fact.start)))
            owner.put("reaction", fact.entity, replace=False)
            continue
        kept.append(fact)
    msg.facts[:] = kept


def _switched_from_before(msg: _Message, clause: Clause, mentions: list[Mention]) -> None:
    """ "was on lisinopril but the cough drove me nuts so they switched me to losartan",
    "аллопуринол пил, но ..., ревматолог заменил на Аденурик": a switch that names only the new
    drug stops the medication the sentence named before it."""
    drugs = [m for m in mentions if m.kind == "drug"]
    if len(drugs) != 1 or drugs[0].state != "pos" or clause.skip or clause.subject != "self":
        return
    earlier = [
        f
        for f in msg.facts
        if f.sentence == clause.sentence
        and f.section == "medications"
        and f.entity not in (SECTION_WIDE, drugs[0].entity)
        and f.status == "active"
        and f.end <= clause.start
    ]
    if earlier:
        max(earlier, key=lambda f: f.end).status = "stopped"


_HEALABLE = frozenset({"symptoms", "diagnoses", "injuries"})
#: Chinese endings that say an illness is over, not that a drug or habit was stopped.
_ZH_HEALED = frozenset(
    {"好了", "早好了", "早就好了", "痊愈", "康复了", "治好了", "没了", "消失了", "退了", "长好了", "愈合"}
)


def _healing_is_no_stop(msg: _Message, clause: Clause, mentions: list[Mention]) -> None:
    """ "头疼了三天，吃了布洛芬好了": "好了" after a drug says the illness is over, not that the drug
    was stopped; the illness named before it in the sentence has ended."""
    if any(lex.cat == "end" and not _healing(msg, s, e, lex) for s, e, lex in clause.hits):
        return
    taken = [m for m in mentions if m.kind in ("drug", "lifestyle") and m.state == "end"]
    for m in taken:
        m.state = None
    if taken and not any(m.kind in ("symptom", "diagnosis", "injury") for m in mentions):
        earlier = [
            f
            for f in msg.facts
            if f.sentence == clause.sentence and f.section in _HEALABLE and f.status == PRESENT_STATUS[f.section]
        ]
        if earlier:
            earlier[-1].status = status_for(earlier[-1].section, "end")


def _healing(msg: _Message, s: int, e: int, lex: Lex) -> bool:
    return lex.value == "heal" or (msg.lang == "zh" and msg.norm[s:e] in _ZH_HEALED)


def _heals(msg: _Message, clause: Clause) -> bool:
    """Whether the clause's ending cue speaks of healing ("healed", "早好了") rather than stopping."""
    return any(lex.cat == "end" and _healing(msg, s, e, lex) for s, e, lex in clause.hits)


def _default_subject(asked: Topic | None) -> tuple[str, tuple[str, ...]]:
    """After "anyone in your family...?", a clause naming nobody speaks of the family's conditions."""
    return (_ASKED_FAMILY, ()) if asked is not None and asked.family else ("self", ())


def _touch(msg: _Message, clause: Clause, mentions: list[Mention]) -> None:
    """Sections a clause states no fact about but is about (a question about allergies)."""
    allergy = clause.has("allergy")
    for m in mentions:
        if m.kind == "noun":
            msg.touched.add(m.entity)
        elif m.kind in ("drug", "allergen") and allergy:
            msg.touched.add("allergies")
        elif m.kind in KIND_SECTION and (m.kind != "allergen" or allergy) and not m.weak:
            msg.touched.add(KIND_SECTION[m.kind])


def _clause_facts(msg: _Message, clause: Clause, mentions: list[Mention]) -> None:
    family = clause.subject == "family" or (
        clause.subject == _ASKED_FAMILY and any(m.kind in _FAMILY_KINDS for m in mentions)
    )
    allergy = _allergy_mentions(msg, clause, mentions)
    specific: set[str] = set()
    nouns: list[Mention] = []
    for m in mentions:
        if m.kind == "noun":
            nouns.append(m)
            continue
        if family:
            if m.kind not in _FAMILY_KINDS:
                continue
            section = "family_history"
        elif id(m) in allergy:
            section = "allergies"
        elif m.kind == "allergen" or m.kind not in KIND_SECTION:
            continue
        else:
            section = KIND_SECTION[m.kind]
        specific.add(section)
        fact = _fact(msg, clause, m, section, m.state)
        if fact is None:
            continue
        if section == "allergies":
            fact.put("reaction", allergy[id(m)])
        elif family:
            fact.put("relation", _relation(clause.relations))
        msg.facts.append(fact)
        if m.allergen and not family and m.state is None:  # "I have hay fever": a pollen allergy
            msg.facts.append(Fact(m.start, m.end, clause.sentence, "allergies", m.allergen, "active", fact.mention))
    for noun in nouns:
        section = _noun_section(noun.entity, family, allergy_clause=clause.has("allergy"))
        if section == "medications" and _PURPOSE.match(msg.norm, noun.end):
            continue  # "бросила таблетки от давления": some medicines, not all of them
        if section and noun.state in ("neg", "end") and section not in specific:
            msg.facts.append(
                Fact(
                    noun.start,
                    noun.end,
                    clause.sentence,
                    section,
                    SECTION_WIDE,
                    "confirmed_absent",
                    msg.text[noun.start : noun.end],
                )
            )


#: A purpose after a medicines noun: "pills for my blood pressure", "таблетки от давления".
_PURPOSE = re.compile(r"\s*(?:for|от|для|против)(?![a-zа-я])")


def _purposes_stay(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """A condition said as what a medicine is for ("stopped my pills for blood pressure", "my bp
    meds", "降糖药停了"): the clause's stop or change is the medicine's, the condition stays; a
    denied class of medicines ("no bp meds") says nothing of the condition."""
    out = []
    for m in mentions:
        if m.kind == "condition" and (_PURPOSE.match(norm, m.start) or _medicine_class(clause, m)):
            if m.state == "neg" and _medicine_class(clause, m):
                continue
            m.state = None
        out.append(m)
    return out


def _medicine_class(clause: Clause, m: Mention) -> bool:
    """The mention is a class of medicines named by its condition (terminology medicine_classes.tsv)."""
    return any(
        s == m.start and e == m.end and lex.term is not None and lex.term.links.get("medicine") == "yes"
        for s, e, lex in clause.hits
    )


def _relation(relatives: tuple[str, ...]) -> str | None:
    """Several relatives with the same condition, as the reconciler joins them: "father, mother"."""
    return ", ".join(sorted(relatives)) or None


def _noun_section(section: str, family: bool, allergy_clause: bool) -> str | None:
    if family:
        return "family_history" if section in ("family_history", "chronic_conditions", "diagnoses") else None
    if section == "medications" and allergy_clause:
        return "allergies"
    return None if section == "family_history" else section


def _fact(msg: _Message, clause: Clause, m: Mention, section: str, state: str | None) -> Fact | None:
    if section == "lifestyle":
        if m.weak and (_drinks_something_else(clause) or _MEASURED_DRINK.search(msg.norm, clause.start, clause.end)):
            return None
        if m.value and state == "neg":  # "I'm not vegetarian" says nothing about the diet
            return None
        if m.entity == "sleep":
            if state == "neg":
                state, m.value = None, "poor"
            said = m.value or clause.has("lsvalue") or quantities.sleep_hours(msg.norm[clause.start : clause.end])
            if not said:
                return None
    fact = Fact(
        m.start, m.end, clause.sentence, section, m.entity, status_for(section, state), msg.text[m.start : m.end]
    )
    fact.put("value", m.value)
    return fact


def _drinks_something_else(clause: Clause) -> bool:
    """ "drink"/"пью"/"喝" mean alcohol unless water, tea or a medicine is what is drunk."""
    return bool(clause.cats & _NOT_ALCOHOL)


def _allergy_mentions(msg: _Message, clause: Clause, mentions: list[Mention]) -> dict[int, str | None]:
    """Drugs and allergens the clause states an allergy to, each with its reaction (or None).

    A drug is an allergy when the nearest context word before it is an allergy word
    ("allergic to", "аллергия на"), when an allergy word follows it ("对青霉素过敏",
    "penicillin allergy"), when a reaction symptom and a cause word go with it ("sulfa
    gives me hives"), or when the assistant just asked about allergies.
    """
    candidates = [m for m in mentions if m.kind in ("drug", "allergen")]
    reactions = [m for m in mentions if m.reactive]
    if not candidates and not reactions:
        return {}
    inherited = msg.asked is not None and msg.asked.allergy and clause.cats.isdisjoint(_VERBS)
    # "ozempic made me throw up so they switched me": a reaction that made the user stop or
    # switch is a side effect of a medication, not an allergy, unless an allergy word says so
    # "аллергия на ципрофлоксацин — отекло лицо. и на клубнику сыпь": after an allergy, a
    # reaction named with a drug or allergen states another allergy
    stated = any(f.section == "allergies" and f.entity != SECTION_WIDE for f in msg.facts)
    caused = bool(reactions) and (
        clause.has("allergy") or stated or (clause.has("react") and clause.cats.isdisjoint(_TREATED))
    )
    out: dict[int, str | None] = {}
    noun_state = next((m.state for m in mentions if m.kind == "noun" and m.entity == "allergies"), None)
    for m in candidates:
        if caused or _allergy_context(clause, m, inherited) or _parallel_allergen(msg.norm, clause, m, stated):
            out[id(m)] = reactions[0].entity if reactions else None
            if m.state is None and noun_state in ("neg", "end"):
                m.state = noun_state  # "我对青霉素不过敏": the denial is on the allergy
    if out and reactions:
        mentions[:] = [m for m in mentions if not m.reactive]
    elif reactions and clause.has("react") and not candidates and _names_a_cause(msg):
        msg.orphan_reactions.append(reactions[0].entity)
        mentions[:] = [m for m in mentions if not m.reactive]
    return out


def _cause_not_denied(norm: str, mentions: list[Mention]) -> None:
    """ "не тошнит от метформина": the denial is of the effect; the drug after "от" is its
    cause, taken, not denied."""
    if not any(m.state == "neg" and m.kind == "symptom" for m in mentions):
        return
    for m in mentions:
        if m.kind == "drug" and m.state == "neg" and norm[max(0, m.start - 3) : m.start] == "от ":
            m.state = None


def _parallel_allergen(norm: str, clause: Clause, m: Mention, stated: bool) -> bool:
    """ "на аспирин аллергия, на пенициллин нет", "аллергии на X нет, на Y есть": after an
    allergy the message stated, a drug after a bare "на" with no verb of taking or switching is
    the next allergen of the same list, not a medicine ("перевели на X" has its verb)."""
    return stated and norm[max(0, m.start - 3) : m.start] == "на " and clause.cats.isdisjoint(_VERBS | _TAKING)


def _names_a_cause(msg: _Message) -> bool:
    """A reaction without its cause in the clause is the reaction of a drug or allergen only when
    the message names one or the assistant asked about allergies; "活动后气短" is a symptom."""
    if msg.asked is not None and msg.asked.allergy:
        return True
    return any(lex.cat == "allergy" or lex.kind in ("drug", "allergen") for _, _, lex in msg.hits)


def _allergy_context(clause: Clause, m: Mention, inherited: bool) -> bool:
    before = None
    allergy_after = False
    for s, e, lex in clause.hits:
        if lex.cat not in ("allergy", "start", "allergy_pre", "switch", "instead"):
            continue
        if e <= m.start:
            before = lex.cat
        elif s >= m.end and lex.cat == "allergy":
            allergy_after = True
    if before == "allergy":
        return True
    if before in ("start", "switch", "instead"):  # "allergic to penicillin, switched to azithromycin"
        return False
    return allergy_after or (before is None and inherited)


def _demographics(msg: _Message, clause: Clause) -> None:
    text = msg.norm[clause.start : clause.intent_at]
    asks = msg.asked.asks if msg.asked is not None else frozenset()
    values: list[tuple[str, str | None]] = []
    if _DIGIT.search(text) or "岁" in text or "米" in text:
        may = quantities.measured(text)
        found_age = quantities.age(text) if "age" in may else None
        if found_age is None and "age" in asks and not may & {"height", "weight"}:  # "74 kg" is no age
            found_age = _bare_number(text, 1, 120)
        values.append(("age", found_age))
        if "height" in may:
            values.append(("height_cm", quantities.height_cm(text)))
        if "weight" in may:
            values.append(("weight_kg", quantities.weight_kg(text, "weight_kg" in asks)))
    if "sexword" in clause.cats:
        values.append(("sex", quantities.sex(text)))
    for entity, value in values:
        if value is not None:
            fact = Fact(clause.start, clause.end, clause.sentence, "demographics", entity, "active")
            fact.put("value", value)
            msg.facts.append(fact)


_DIABETES_TYPE = {
    "type 2 diabetes": re.compile(
        r"\b(?:type ?(?:2|ii|two)|t2d?m?|dm ?2)\b|2 типа|второго типа|\bсд ?2\b|2型|二型|ii型"
    ),
    "type 1 diabetes": re.compile(r"\b(?:type ?(?:1|i|one)|t1d?m?|dm ?1)\b|1 типа|первого типа|\bсд ?1\b|1型|一型|i型"),
}


def _diabetes_type(msg: _Message, spans: list[tuple[int, int, bool]]) -> None:
    """ "diabetes ... type 2", "糖尿病五年了 二型的": a type said apart from the word names the type."""
    for fact in msg.facts:
        if fact.entity != "diabetes":
            continue
        start, end, _ = spans[fact.sentence] if fact.sentence < len(spans) else (0, len(msg.norm), False)
        found = [name for name, pattern in _DIABETES_TYPE.items() if pattern.search(msg.norm, start, end)]
        if len(found) == 1:
            fact.entity = found[0]


#: Russian verbs that stop a medicine (not an illness's "прошло"): "его отменили", "бросила".
_RU_STOP_VERB = re.compile(r"(?<![а-я])(?:отменил|отменили|отменила|бросил|перестал|прекратил|отказал)")


def _stopped_for_its_effect(facts: list[Fact], norm: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """ "симвастатин вызвал судороги, и его отменили", "от аторвастатина болели мышцы, отменили":
    in a sentence that gives a symptom as one drug's effect, a stopping verb ends the drug, not
    the effect it looked back to; the effect ended with the drug and is no current symptom."""
    causal = side_effect_sentences(norm, spans)
    for n, (start, end, _) in enumerate(spans):
        here = [f for f in facts if f.sentence == n]
        drugs = [f for f in here if f.section == "medications" and f.entity != SECTION_WIDE]
        effects = [f for f in here if f.section == "symptoms"]
        if len(drugs) != 1 or not effects:
            continue
        drug = drugs[0]
        if n not in causal and norm[max(0, drug.start - 3) : drug.start] != "от ":
            continue
        if (
            drug.status == "active"
            and any(f.status == "resolved" for f in effects)
            and _RU_STOP_VERB.search(norm, start, end)
        ):
            drug.status = status_for("medications", "end")
        if drug.status == status_for("medications", "end"):
            facts = [f for f in facts if f not in effects]
    return facts


def _without_past_side_effects(facts: list[Fact], norm: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """Drop symptoms that a sentence gives as the reason a drug was stopped or switched.

    "simvastatin gave me cramps so I came off it" is a stopped statin; the cramps belonged to
    the drug and ended with it, they are not a symptom the user has now.
    """
    stopped = {f.sentence for f in facts if f.section == "medications" and f.status == "stopped"}
    if not stopped:
        return facts
    causal = side_effect_sentences(norm, spans) & stopped
    if not causal:
        return facts
    return [f for f in facts if not (f.section == "symptoms" and f.sentence in causal)]


def _compact_profile(msg: _Message, spans: list[tuple[int, int, bool]]) -> None:
    """Age and sex written as a pair ("M, 52", "жен., 61 год") that no clause read."""
    known = {f.entity for f in msg.facts if f.section == "demographics"}
    for value in compact_profile(msg.norm):
        if value.entity in known:
            continue
        sentence = next((n for n, (s, e, _) in enumerate(spans) if s <= value.start < e), 0)
        fact = Fact(value.start, value.end, sentence, "demographics", value.entity, "active")
        fact.put("value", value.value)
        msg.facts.append(fact)
        known.add(value.entity)


def _bare_number(text: str, low: int, high: int) -> str | None:
    digits = "".join(ch if ch.isdigit() else " " for ch in text).split()
    if len(digits) == 1 and low <= int(digits[0]) <= high:
        return digits[0]
    return None


def _answer(msg: _Message, asked: Topic) -> None:
    """Facts a short answer gives about what the assistant asked."""
    answer = polarity(msg.norm, msg.hits, msg.lang, accept=asked.prescribes)
    if answer is None and msg.lang == "zh":
        answer = zh_echo(msg.norm, asked.question) or _zh_ended(msg)
    if answer is None and msg.lang == "ru":
        answer = _ru_bare_reply(msg)
    relatives = tuple(dict.fromkeys(lex.value for _, _, lex in msg.hits if lex.kind == "relative"))
    if answer is None and asked.asks_when and asked.items and _only_a_time(msg):
        answer = "yes"  # "When was your last tetanus shot?" — "In January."
    if answer is None and asked.medicines and not any(lex.kind == "drug" for _, _, lex in msg.hits):
        # "да пока пью" / "ничего не пью" to "Вы продолжаете его принимать?": a taking verb answers
        verbs = {lex.cat for _, _, lex in msg.hits}
        if "start" in verbs:
            answer = "no" if "neg" in verbs else "yes"
    if answer is None and asked.family and asked.items and relatives and not _names_family_history(msg):
        answer = "no" if any(lex.cat == "neg" for _, _, lex in msg.hits) else "yes"
    if answer is None or (msg.clauses and msg.clauses[0].skip):
        return
    msg.touched.update(s for s, _ in asked.items)
    msg.touched.update(asked.sections)
    if answer == "no" and _keeps_something(msg):
        return  # "No, only that one": nothing else, which denies nothing that was named
    stated = {(f.section, f.entity) for f in msg.facts}
    if asked.own and answer == "yes" and _speaks_of_self(msg):
        # "家里其他人有哮喘吗？" — "我也有": the user has it, the family question notwithstanding
        for section, entity in asked.own:
            if (section, entity) not in stated:
                msg.facts.append(Fact(0, 0, -1, section, entity, status_for(section, None)))
        return
    if asked.items:
        state = answer_state(answer, asked)
        if state == "neg" and msg.clauses and any(since_then(msg.norm, c) for c in msg.clauses):
            state = "end"  # "Do you smoke?" — "no. not one since march"
        for section, entity in asked.items:
            if (section, entity) in stated:
                continue
            fact = Fact(0, 0, -1, section, entity, status_for(section, state))
            if section == "family_history" and state != "neg":
                fact.put("relation", _relation(relatives))
            msg.facts.append(fact)
    elif answer in ("no", "end"):
        own = {f.section for f in msg.facts}
        for section in asked.sections:
            if section not in own:
                msg.facts.append(Fact(0, 0, -1, section, SECTION_WIDE, "confirmed_absent"))


def _zh_ended(msg: _Message) -> str | None:
    """ "去年住院以后就戒了" to "现在还抽烟吗？": an ending that names nothing answers "no longer"."""
    cats = {lex.cat for _, _, lex in msg.hits if lex.kind != "relative"}  # "生完孩子就戒了"
    if "end" in cats and cats.isdisjoint({"neg", "term", "section", "person", "family"}):
        return "end"
    return None


#: Cues that make a short Russian message say something of its own, not only answer.
_RU_NOT_BARE = frozenset(
    {"term", "section", "person", "third", "family", "doctor", "allergy", "question", "hypo", "uncertain", "intent"}
)
_RU_BARE_WORDS = 5


def _ru_bare_reply(msg: _Message) -> str | None:
    """ "нет такого не было", "не замечала", "уже не болит", "бросил 5 лет назад" to the
    assistant's question: a few words that name nothing and deny or end answer it as a bare
    "нет" / "уже нет" would; the verb or pronoun around the denial only echoes the question."""
    if len(msg.norm.split()) > _RU_BARE_WORDS:
        return None
    cats = {lex.cat for _, _, lex in msg.hits}
    if not cats.isdisjoint(_RU_NOT_BARE) or any(lex.kind for _, _, lex in msg.hits):
        return None
    if "neg" in cats:
        return "end" if not cats.isdisjoint({"end", "anymore"}) else "no"
    return "end" if "end" in cats else None


def _speaks_of_self(msg: _Message) -> bool:
    """The answer's subject is the user ("我也有", "我有"), not a relative."""
    cats = {lex.cat if lex.kind != "relative" else "relative" for _, _, lex in msg.hits}
    return "self" in cats and cats.isdisjoint({"person", "family", "relative"})


def _names_family_history(msg: _Message) -> bool:
    """ "my grandmother had breast cancer" to "Any cancer in your family?": the answer names its
    own conditions, which answer the question; the one asked about is not the relative's too."""
    return any(f.section == "family_history" and f.entity != SECTION_WIDE for f in msg.facts)


_REFERS = re.compile(r"\b(?:that|this|it|those|these|them|one)\b|\b(?:его|её|ее|их|это|этот|эта|эти|то)\b|那|这")


def _keeps_something(msg: _Message) -> bool:
    """ "No, only that one" / "没有，就这一种" keep what was named; "Nothing, just therapy" keeps
    nothing of the section: an "only" that names no term and points at nothing denies."""
    for _s, e, lex in msg.hits:
        if lex.cat != "except":
            continue
        rest = msg.norm[e:]
        if not rest.strip(" .!。！") or _REFERS.search(rest) or any(h[0] >= e and h[2].cat == "term" for h in msg.hits):
            return True
    return False


def _merge(msg: _Message) -> list[Fact]:
    """One event per (section, entity), the last statement winning; then the `*` rule.

    Family history is one fact per condition: relatives named in several statements are
    joined ("father, mother"), and a relative who has it outweighs one who has not.
    """
    merged: dict[tuple[str, str], Fact] = {}
    for fact in msg.facts:
        key = (fact.section, fact.entity)
        old = merged.pop(key, None)
        if old is not None:
            if _denied_after_present(old, fact, msg.norm):
                # "бегала по утрам, но ... пока не бегаю", "headache this morning, none now": what
                # the message first says one has and then denies has ended, it is not absent
                fact.status = status_for(fact.section, "end")
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
    return [f for f in merged.values() if not (f.entity == SECTION_WIDE and f.section in present)]


def _denied_after_present(old: Fact, new: Fact, norm: str) -> bool:
    """In another phrase ("酒一点都不喝" names alcohol twice in one denial)."""
    return (
        new.status == CONFIRMED_ABSENT
        and any(ch in ",，;；.。!！—" for ch in norm[old.end : new.start])
        and old.status == PRESENT_STATUS[old.section]
        and status_for(new.section, "end") not in (CONFIRMED_ABSENT, PRESENT_STATUS[new.section])
    )


def _family_merge(old: Fact, new: Fact) -> Fact:
    if old.status != new.status:
        return new if new.status == PRESENT_STATUS["family_history"] else old
    relatives = {r for f in (old, new) for r in f.attrs.get("relation", "").split(", ") if r}
    new.attrs = {**old.attrs, **new.attrs}
    new.put("relation", _relation(tuple(relatives)))
    return new
