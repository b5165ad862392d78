"""Which drugs and allergens a clause states an allergy to, and which reactions belong to an allergy.

A drug is a medicine unless an allergy word, a reaction with a cause word, or the assistant's
question about allergies makes it an allergen; a reaction said apart from its allergen is that
allergy's reaction, not a symptom.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from anamnesis.understanding.rules.allergic_setting import in_allergic_setting, medicine_class, sentence_hits
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.long_tail import TAKING
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause, Hit
from anamnesis.understanding.rules.tolerated import tolerated
from schemas.events import SECTION_ATTRIBUTES
from schemas.sections import PRESENT_STATUS, SECTION_WIDE

if TYPE_CHECKING:
    from anamnesis.understanding.rules.answers import Topic

#: Words that make a clause a statement of its own, not a bare answer ("penicillin").
_VERBS = frozenset({"start", "switch", "end", "instead"})
#: Reactions that, caused by a medicine and with no allergy word, are its side effects.
_SIDE_EFFECTS = frozenset({"vomiting"})
#: Reactions that are an allergy's signs whatever became of the medicine (:func:`allergy_mentions`).
_SKIN_SIGNS = frozenset(
    {"rash", "hives", "urticaria", "itching", "angioedema", "anaphylaxis", "lip swelling", "facial swelling"}
)
#: Cues of a clause about how a medicine was taken, stopped or changed.
_TREATED = frozenset({"switch", "instead", "end"})


#: Reactions the vocabulary does not mark: hay fever's ("cats make me sneeze", "на кошек, чихаю",
#: "猫毛过敏，一摸就打喷嚏") and a body part's swelling or rash ("my hand swelled up": hand
#: swelling) as well as the bare word. English chat names them as reactions wherever an allergy is
#: stated; Russian and Chinese in an answer to a question about allergies (said unasked,
#: "поллиноз, сейчас чихаю" is what bothers the user now).
_REACTIONS = frozenset({"sneezing", "rhinorrhea", "itchy eyes"})
_REACTION_HEADS = frozenset({"swelling", "rash"})


def reactions_of_allergies(msg: Message) -> None:
    """ "penicillin. came out in hives all over as a kid", "sulfa drugs, i get a rash", "аллергия
    на латекс, ... крапивница была": in a message that states an allergy (or answers a question
    about allergies), a reaction symptom said apart from its allergen is that allergy's reaction,
    not a symptom the user has now."""
    allergies = [f for f in msg.facts if f.section == "allergies" and f.entity != SECTION_WIDE and f.status == "active"]
    if not allergies:
        if msg.asked is not None and msg.asked.reaction:
            # "What happened when you reacted?" — "swelling and trouble breathing": the reaction told
            msg.facts[:] = [f for f in msg.facts if not (f.section == "symptoms" and f.status == "active")]
        return
    reactive = {lex.value for _, _, lex in msg.hits if lex.reactive}
    answered = msg.asked is not None and msg.asked.allergy
    unmarked = msg.lang == "en" or answered
    # "Any drug allergies?" — "左氧 吃了心慌手抖", "nickel, my ears go itchy and weepy": in the answer,
    # what the sentence of an allergy tells the user felt is that allergy's reaction
    told_with = {a.sentence for a in allergies} if answered else set()
    kept: list[Fact] = []
    for fact in msg.facts:
        named = fact.entity in reactive or fact.sentence in told_with or (
            unmarked and (fact.entity in _REACTIONS or fact.entity.rpartition(" ")[2] in _REACTION_HEADS)
        )
        if fact.section == "symptoms" and named and fact.status == "active":
            owner = min(allergies, key=lambda a: (abs(a.sentence - fact.sentence), abs(a.start - fact.start)))
            owner.put("reaction", fact.entity, replace=False)
            continue
        kept.append(fact)
    msg.facts[:] = kept


def drug_allergy_denial_beside_allergy(msg: Message) -> None:
    """ "на кошек, чихаю. на лекарства нет", "cats make me wheeze. no drug allergies": denying the
    allergies to medicines beside an allergy the message states denies one class, not the whole
    section (which would also contradict the allergy just stated)."""
    if not any(f.section == "allergies" and f.entity != SECTION_WIDE and f.status == "active" for f in msg.facts):
        return
    medicine_nouns = {
        (s, e) for s, e, lex in msg.hits if lex.cat == "section" and lex.value == "medications"
    }
    msg.facts[:] = [
        f
        for f in msg.facts
        if not (f.section == "allergies" and f.entity == SECTION_WIDE and (f.start, f.end) in medicine_nouns)
    ]


#: The preposition of an allergy before a medicine noun: "(none) to medications", "not to any drugs".
_TO_MEDICINES = re.compile(r"\bto\s+(?:any\s+|the\s+|my\s+|other\s+)?$")
#: A Chinese taking verb right before the medicines ("不吃药", "没吃什么药") or after them ("啥药都不
#:吃", "药也没吃过"): said of taking, not of allergies.
_ZH_TAKING_BEFORE = re.compile(r"(?:吃|服|用|打)(?:过|了)?\s*(?:什么|啥|任何|别的|其他)?\s*$")
_ZH_TAKING_AFTER = re.compile(r"\s*(?:都|也|就)?\s*(?:不|没有|没|没怎么)\s*(?:吃|服)")


def medicine_denial_under_allergy_question(msg: Message) -> None:
    """ "None to medications." / "Not to any drugs." / "药物没有" to "Any allergies?": the denial is
    of drug allergies, never of the medicines the user takes (which it would wrongly erase)."""
    if msg.asked is None or not msg.asked.allergy:
        return
    for f in msg.facts:
        if (
            f.section == "medications"
            and f.entity == SECTION_WIDE
            and f.status == "confirmed_absent"
            and (
                _TO_MEDICINES.search(msg.norm, max(0, f.start - 12), f.start)
                or (
                    msg.lang == "zh"
                    and _ZH_TAKING_BEFORE.search(msg.norm, max(0, f.start - 5), f.start) is None
                    and _ZH_TAKING_AFTER.match(msg.norm, f.end) is None
                )
            )
        ):
            f.section = "allergies"
            msg.touched.discard("medications")


#: "..., I can't take it": the user cannot take what the sentence named before.
_CANNOT_TAKE_IT = re.compile(
    r"\b(?:can'?t|cannot|can not|unable to|could ?n'?t|could not)\s+(?:take|tolerate|handle|have)"
    r"\s+(?:it|them|that|those)"
    r"(?=\s*(?:[.!,;]|$|(?:at all|because|since|as|due to|anyway)\b))"
)
#: "can't have" right before the drug it names ("I can't have trimethoprim, my lips swell", "不能吃
#: 环丙沙星", "не переношу ципрофлоксацин"): with a reaction told after the drug, an intolerance.
_CANNOT_TAKE = re.compile(
    r"\b(?:can'?t|cannot|can not|unable to|could ?n'?t|could not)\s+(?:take|tolerate|have)\s+$"
    r"|(?<![а-яё])(?:не переношу|не могу (?:принимать|пить))\s+$"
    r"|(?:不能吃|不能用|不能打|吃不了|用不了|不耐受)$"
)
#: The user's own taking of the drug before it ("I take metformin, I can't take it without food").
_TAKES = re.compile(r"\bi(?:'m| am)?\s+(?:take|taking|use|using|on)\b|\bim\s+(?:taking|on)\b")


def cannot_take_it(facts: list[Fact], norm: str, spans: Sequence[tuple[int, int, bool]]) -> list[Fact]:
    """ "Codeine makes me sick, I can't take it": the one drug a sentence named before "can't take
    it" is an intolerance (allergies), not a medicine the user takes; a symptom named after the
    drug is its reaction, not a current symptom."""
    if "can" not in norm and "unable" not in norm and "could" not in norm:
        return facts  # every form of _CANNOT_TAKE_IT has one of these
    if not any(f.section == "medications" for f in facts):
        return facts  # no drug a sentence could have named before it
    dropped: set[int] = set()
    for start, end, _ in spans:
        m = _CANNOT_TAKE_IT.search(norm, start, end)
        drugs = [] if m is None else [f for f in facts if f.section == "medications" and start <= f.start < m.start()]
        if (
            m is not None
            and len(drugs) == 1
            and drugs[0].status == "active"
            and drugs[0].entity != SECTION_WIDE
            and _TAKES.search(norm, start, drugs[0].start) is None
        ):
            f = drugs[0]
            _as_intolerance(f, [e for e in facts if e.section == "symptoms" and f.end <= e.start < m.start()], dropped)
    return [f for f in facts if id(f) not in dropped]


def cannot_have_named(facts: list[Fact], norm: str, spans: Sequence[tuple[int, int, bool]]) -> list[Fact]:
    """ "I can't have trimethoprim, my lips swelled up with it last time", "不能吃环丙沙星，上次吃了嘴唇
    肿了", "не переношу ципрофлоксацин, от него губы отекли": a drug named right after "can't have"
    with a reaction told after it in its sentence is an intolerance (allergies), and the reaction is
    no current symptom."""
    if not any(f.section == "medications" for f in facts) or not any(f.section == "symptoms" for f in facts):
        return facts
    dropped: set[int] = set()
    for start, end, _ in spans:
        for f in [f for f in facts if f.section == "medications" and start <= f.start < end]:
            if f.entity == SECTION_WIDE or _CANNOT_TAKE.search(norm, max(start, f.start - 24), f.start) is None:
                continue
            effects = [e for e in facts if e.section == "symptoms" and f.end <= e.start < end]
            if effects:
                _as_intolerance(f, effects, dropped)
    return [f for f in facts if id(f) not in dropped]


def _as_intolerance(f: Fact, effects: list[Fact], dropped: set[int]) -> None:
    """The drug ``f`` made an allergy, with the first of ``effects`` as its reaction; the effects
    are no current symptoms (their ids go into ``dropped``)."""
    f.section, f.status = "allergies", "active"
    f.attrs = {k: v for k, v in f.attrs.items() if k in SECTION_ATTRIBUTES["allergies"]}
    if effects:
        f.put("reaction", effects[0].entity, replace=False)
        dropped.update(id(e) for e in effects)


def allergy_mentions(msg: Message, clause: Clause, mentions: list[Mention]) -> dict[int, str | None]:
    """Drugs and allergens the clause states an allergy to, each with its reaction (or None).

    A drug is an allergy when the nearest context word before it is an allergy word
    ("allergic to", "аллергия на"), when an allergy word follows it ("对青霉素过敏",
    "penicillin allergy"), when a reaction symptom and a cause word go with it ("sulfa
    gives me hives"), or when the assistant just asked about allergies.
    """
    candidates = [m for m in mentions if m.kind in ("drug", "allergen")]
    reactions = [m for m in mentions if m.reactive and not _zh_gone_since(msg, clause, m)]
    if not candidates and not reactions:
        return {}
    inherited = (
        msg.asked is not None
        and msg.asked.allergy
        and not _asks_taking_too(msg.asked)
        and clause.cats.isdisjoint(_VERBS)
    )
    # "ozempic made me throw up so they switched me": a reaction that made the user stop or
    # switch is a side effect of a medication, not an allergy, unless an allergy word says so
    # "аллергия на ципрофлоксацин — отекло лицо. и на клубнику сыпь": after an allergy, a
    # reaction named with a drug or allergen states another allergy
    stated = any(f.section == "allergies" and f.entity != SECTION_WIDE for f in msg.facts)
    # "от ципралекса тошнит, рвало": vomiting from a medicine is its side effect; from a food it may be an allergy
    allergic = any(r.entity not in _SIDE_EFFECTS for r in reactions) or any(c.kind == "allergen" for c in candidates)
    took_then = _zh_took_then(msg, clause, candidates, reactions)
    reacted = (
        clause.has("react")
        and not _given(msg, clause, candidates)
        and not _zh_treated(msg, clause, candidates, reactions)
    ) or took_then
    # a rash or hives is the drug's allergy even where it was stopped for it ("came out in hives
    # from the amoxicillin so stopped it"); a cough or nausea that made one stop is a side effect
    untreated = _untreated(msg, clause)
    skin = not untreated and any(r.entity in _SKIN_SIGNS for r in reactions)
    caused = bool(reactions) and (clause.has("allergy") or stated or (reacted and (skin or untreated) and allergic))
    out: dict[int, str | None] = {}
    # the allergy noun that says something: "сделала аллергопробы, на лидокаин аллергии нет" (the test says nothing)
    untaken: set[int] = set()
    noun_state = next(
        (m.state for m in mentions if m.kind == "noun" and m.entity == "allergies" and m.state is not None), None
    )
    dated_only = _zh_only_dated(msg, clause)
    for m in candidates:
        if _DOSED.match(msg.norm, m.end) and not _allergy_word_before(msg.norm, clause, m):
            continue  # "metformin 500 twice a day, and penicillin gives me hives": a dose is taken
        if not reactions and _COURSE.match(msg.norm, m.end) and not _allergy_word_before(msg.norm, clause, m):
            continue  # "цефтриаксон уколы 5 дней", "co-amoxiclav for a week": a course given is taken
        if tolerated(msg, clause, m):
            continue  # "Any allergies?" — "амоксиклав пил норм": taken without trouble
        result = _test_result(msg, clause, m)
        if result == "":
            untaken.add(id(m))  # "做过青霉素皮试", "had a penicillin skin test": neither taken nor an allergy
            continue
        if result == "neg" and m.state is None:
            m.state = "neg"  # "做过青霉素皮试，结果阴性": the sentence's result is the test's
        if (
            caused
            or _allergy_context(msg.norm, clause, m, inherited)
            or _parallel_allergen(msg.norm, clause, m, stated or bool(reactions))
            or _tested(msg, clause, m)
            or in_allergic_setting(msg, clause, m)
        ):
            out[id(m)] = reactions[0].entity if reactions else None
            if m.state == "end" and (skin or (dated_only and clause.has("allergy"))):
                m.state = None  # "...from the amoxicillin so stopped it": stopped for it, still an allergy
            if msg.lang == "zh" and _ZH_THOUGHT.search(msg.norm, clause.start, m.start):
                m.state = "neg"  # "以前以为对青霉素过敏": believed wrongly, no allergy
            if m.state is None and noun_state in ("neg", "end") and not (noun_state == "end" and dated_only):
                # "我对青霉素不过敏": the denial is on the allergy; "以前吃阿莫西林过敏", an allergy told in the
                # past, is still one (outgrowing it says so: "以前过敏，现在不过敏了")
                m.state = noun_state
    if untaken:
        mentions[:] = [m for m in mentions if id(m) not in untaken]
    if out and reactions:
        mentions[:] = [m for m in mentions if not m.reactive]
    elif reactions and clause.has("react") and not candidates and _names_a_cause(msg):
        msg.orphan_reactions.append(reactions[0].entity)
        mentions[:] = [m for m in mentions if not m.reactive]
    return out


def _asks_taking_too(asked: Topic) -> bool:
    """The turn asks which medicines the user takes as well as the allergies ("What medicines do
    you take, and any allergies?", "Какие лекарства принимаете и есть ли аллергия?", "平时吃什么药？
    有没有药物过敏？"): a drug named with no allergy word or reaction answers the medicines."""
    return any("medications" in t.sections or (t.taking and t.whole) for t in (asked, *asked.each))


#: Chinese words of taking a medicine, and endings that only date the taking ("以前吃"): before a
#: drug and a reaction in one clause ("以前吃别嘌醇全身起疹子") they say the drug caused it.
_ZH_TOOK = frozenset({"吃", "吃了", "服", "服用", "用", "用了", "以前吃", "之前吃", "之前用", "以前", "曾经", "过去"})
_ZH_DATING = frozenset({"以前吃", "之前吃", "之前用", "以前", "曾经", "过去"})


def _zh_gone_since(msg: Message, clause: Clause, reaction: Mention) -> bool:
    """A Chinese complaint denied or gone in the clause ("用了沙丁胺醇就不喘了", "吃了氯雷他定疹子没了"):
    the drug's effect, not a reaction to it. An ending that only dates the taking ("以前吃别嘌醇
    全身起疹子") leaves the reaction one."""
    if msg.lang != "zh" or reaction.state not in ("neg", "end"):
        return False
    return reaction.state == "neg" or not any(
        lex.cat == "end" and msg.norm[s:e] in _ZH_DATING for s, e, lex in clause.hits
    )


def _zh_took_then(msg: Message, clause: Clause, candidates: list[Mention], reactions: list[Mention]) -> bool:
    """ "吃了阿莫西林身上起疹子": a Chinese clause that takes a drug and then names a reaction,
    with no pause between, tells what the drug did, as "gives me" does."""
    return bool(reactions) and any(zh_taken_with_reaction(msg, clause, c) for c in candidates)


def zh_taken_with_reaction(msg: Message, clause: Clause, m: Mention) -> bool:
    """The drug ``m`` is taken in a Chinese clause that names a reaction after it and no allergy
    word: the allergy is the reaction's, whatever became of the taking ("以前吃别嘌醇全身起疹子")."""
    if msg.lang != "zh" or m.kind not in ("drug", "allergen") or clause.has("allergy"):
        return False
    took = any(lex.cat in ("start", "end") and e <= m.start and msg.norm[s:e] in _ZH_TOOK for s, e, lex in clause.hits)
    return took and any(lex.reactive and s >= m.end for s, _, lex in clause.hits)


def _zh_treated(msg: Message, clause: Clause, candidates: list[Mention], reactions: list[Mention]) -> bool:
    """ "一喘就喷万托林", "疹子一起来就抹炉甘石": a complaint before 就 (会, 后) and the drug after it is
    what the drug is used for; Chinese names a cause first ("吃了青霉素就起疹子")."""
    if msg.lang != "zh" or not candidates or not reactions:
        return False
    cues = [s for s, _, lex in clause.hits if lex.cat == "react"]
    return bool(cues) and max(r.end for r in reactions) <= min(cues) and min(c.start for c in candidates) >= max(cues)


#: A verb of giving whose object is the user: "gave me", "gives me".
_GIVING = re.compile(r"\b(?:gave|gives|give|giving)\s+me\b")


def _given(msg: Message, clause: Clause, candidates: list[Mention]) -> bool:
    """ "My doctor gave me prednisone for the rash": the giving comes before the drug, so the drug
    is what was given, not what caused the complaint ("penicillin gives me hives" names it first)."""
    return bool(candidates) and all(
        _GIVING.match(msg.norm, s) is not None and e <= candidates[0].start
        for s, e, lex in clause.hits
        if lex.cat == "react"
    )


def _untreated(msg: Message, clause: Clause) -> bool:
    """No switch or stop in the clause, nor a switch later in its sentence ("от брилинты одышка,
    кардиолог заменила на плавикс": a side effect that made the doctor switch); a Chinese ending
    that only dates the taking ("以前吃") is none."""
    if any(lex.cat in ("switch", "instead") and s >= clause.end for s, _, lex in sentence_hits(msg, clause)):
        return False
    if clause.cats.isdisjoint(_TREATED):
        return True
    if msg.lang != "zh" or not clause.cats.isdisjoint(_TREATED - {"end"}):
        return False
    return _zh_only_dated(msg, clause)


def _zh_only_dated(msg: Message, clause: Clause) -> bool:
    """Every Chinese ending of the clause only dates what it says ("以前", "以前吃", "曾经"): a past, no stop."""
    ends = [msg.norm[s:e] for s, e, lex in clause.hits if lex.cat == "end"]
    return msg.lang == "zh" and bool(ends) and all(end in _ZH_DATING for end in ends)


def _parallel_allergen(norm: str, clause: Clause, m: Mention, stated: bool) -> bool:
    """ "на аспирин аллергия, на пенициллин нет", "аллергии на X нет, на Y есть": after an
    allergy the message stated, a drug after a bare "на" with no verb of taking or switching is
    the next allergen of the same list, not a medicine ("перевели на X" has its verb). So it is
    beside a reaction ("на амоксиклав сыпь была", "на флемоксин высыпало"): "на" names what the
    body reacted to."""
    return stated and norm[max(0, m.start - 3) : m.start] == "на " and clause.cats.isdisjoint(_VERBS | TAKING)


#: A test's result said of what it tested: "nickel was negative", "grass pollen positive",
#: "на пыльцу берёзы отрицательный", "海鲜是阴性".
_RESULT = re.compile(
    r"\b(?:negative|positive|neg|pos|reacted|no reaction)\b|(?<![а-яё])(?:отрицательн|положительн)\w*|阴性|阳性"
)


def _tested(msg: Message, clause: Clause, m: Mention) -> bool:
    """ "skin prick test: dust mites negative, grass pollen positive", "patch testing... nickel was
    negative too": what an allergy test found, a result word in its clause, is an allergy, present
    or (with "negative") denied. An allergen is only ever tested as an allergy, so its result is one
    anywhere in English; a drug's result, and any in Russian or Chinese ("查了过敏原 海鲜是阴性",
    "аллерготест на пенициллин отрицательный"), is one in a sentence that names the allergy test
    ("drug screen negative for opiates" is not)."""
    if not _RESULT.search(msg.norm, clause.start, clause.end):
        return False
    if m.kind == "allergen" and not medicine_class(msg, m) and msg.lang == "en":
        return True  # ("анализ на молоко отрицательный" may be the child's: a Russian or Chinese test is named)
    return any(lex.cat == "allergy" and lex.value == "test" for _, _, lex in sentence_hits(msg, clause))


#: A negative result word (of :data:`_RESULT`).
_NEGATIVE = re.compile(r"\b(?:negative|neg|no reaction)\b|(?<![а-яё])отрицательн\w*|阴性")


def _test_result(msg: Message, clause: Clause, m: Mention) -> str | None:
    """Of a drug right beside an allergy test word ("penicillin skin test", "аллерготест на
    пенициллин", "青霉素皮试"): "" when its sentence gives no result (the user was tested, which tells
    nothing yet), "neg" when the result is negative, "pos" otherwise; None for any other mention."""
    if m.kind != "drug" or not any(
        lex.cat == "allergy" and lex.value == "test" and (0 <= s - m.end <= 2 or 0 <= m.start - e <= 4)
        for s, e, lex in clause.hits
    ):
        return None
    span = [c for c in msg.clauses if c.sentence == clause.sentence]
    start, end = span[0].start, span[-1].end
    if _RESULT.search(msg.norm, start, end) is None:
        return ""
    return "neg" if _NEGATIVE.search(msg.norm, start, end) else "pos"


def _names_a_cause(msg: Message) -> bool:
    """A reaction without its cause in the clause is the reaction of a drug or allergen only when
    the message names one or the assistant asked about allergies; "活动后气短" is a symptom."""
    if msg.asked is not None and msg.asked.allergy:
        return True
    return any(lex.cat == "allergy" or lex.kind in ("drug", "allergen") for _, _, lex in msg.hits)


#: A number right after a drug: its dose ("metformin 500", "эналаприл 10 мг", "二甲双胍0.5g"), not a
#: count or a time ("пенициллин 2 раза была крапивница", "amoxicillin 3 days ago").
#: A course right after a drug, perhaps after its form: "уколы 5 дней", "for a week", "на 10 дней",
#: "injections for 3 days", "打针三天", "吃14天".
_COURSE = re.compile(
    r"\s*(?:(?:уколы|уколов|укол|капельниц\w*|таблетк\w*|инъекци\w*|injections?|jabs?|shots?|tablets?|pills?|drip"
    r"|course|打针|输液|吊针|吃|服|用)\s*)?"
    r"(?:(?:for|на|по)\s+)?(?:\d+|a|one|two|three|five|seven|ten|[一二两三四五六七八九十]+)\s*"
    r"(?:дн\w*|день|недел\w*|days?|weeks?|天|周|个?星期)(?![a-zа-яё])"
)
_DOSED = re.compile(
    r"\s*\d+(?:[.,]\d+)?(?![\d.,])(?!\s*(?:раз|times|time\b|x\b|次|回|年|天|岁|year|yr|day|week|month|лет|год|дн|недел|месяц))"
)


def _allergy_word_before(norm: str, clause: Clause, m: Mention) -> bool:
    """The nearest allergy or taking word before the drug in its clause is an allergy word."""
    return _allergy_context(norm, clause, m, False) and any(
        lex.cat == "allergy" and e <= m.start for _, e, lex in clause.hits
    )


#: What stands between a medicine and the allergy word after it when the medicine treats the
#: allergy: "Zyrtec for my allergies", "Allegra when my allergies act up", "зиртек от аллергии".
_TREATS_ALLERGY = re.compile(
    r"[\s,]*(?:(?:for|when|whenever|if|during)\s+(?:(?:my|the|his|her|your|bad|seasonal)\s+)*"
    r"|(?:от|при|когда|если)\s+(?:(?:моей|моя|сезонной|сильной)\s+)?)$"
)


def _allergy_context(norm: str, clause: Clause, m: Mention, inherited: bool) -> bool:
    """An allergy word before the drug, or after it ("penicillin allergy"), unless the word after has
    an object of its own ("дали кларитромицин, аллергия на пенициллин": the allergy is penicillin's)."""
    before = None
    allergy_after = False
    right_after = False
    for n, (s, e, lex) in enumerate(clause.hits):
        if lex.cat not in ("allergy", "start", "allergy_pre", "switch", "instead"):
            continue
        if e <= m.start:
            before = lex.cat
        elif s >= m.end and lex.cat == "allergy" and not _TREATS_ALLERGY.fullmatch(norm, m.end, s):
            own = not _has_object(norm, clause.hits[n + 1 :], e)
            allergy_after = allergy_after or own
            right_after = right_after or (own and _RIGHT_AFTER.fullmatch(norm, m.end, s) is not None)
    if before == "allergy" or right_after:
        return True  # "吃虾过敏", "用青霉素过敏": the allergy word on the allergen binds before the taking verb
    if before in ("start", "switch", "instead"):  # "allergic to penicillin, switched to azithromycin"
        return False
    return allergy_after or (before is None and inherited)


#: A Chinese belief that was wrong: "以为", "还以为", "一直以为" (not "认为", held).
_ZH_THOUGHT = re.compile(r"以为")
#: What may stand between an allergen and the allergy word right after it: "吃虾过敏", "吃虾也过敏", "吃芒果会过敏".
_RIGHT_AFTER = re.compile(r"\s*(?:也|都|会|就|还|有点|有些|特别|很)?\s*")
#: What stands between an allergy word and its object: "аллергия на пенициллин", "allergic to sulfa".
_OBJECT_GAP = re.compile(r"\s*(?:(?:на|to)\s+)?(?:the\s+|my\s+)?")


def _has_object(norm: str, after: Sequence[Hit], end: int) -> bool:
    """The allergy word ending at ``end`` takes the drug or allergen right after it."""
    if not after:
        return False
    s, _, lex = after[0]
    return lex.cat == "term" and lex.kind in ("drug", "allergen") and _OBJECT_GAP.fullmatch(norm, end, s) is not None


#: Sections of a condition that states an allergy by itself (hay fever: pollen, :mod:`.mentions`).
_ALLERGIC_CONDITIONS = frozenset({"chronic_conditions", "diagnoses"})


def without_outgrown_allergens(facts: list[Fact]) -> list[Fact]:
    """The allergy a condition states by itself goes with that condition: when the message says
    the condition is over ("had hay fever as a teen but grew out of it", "小时候有花粉症，长大就好了"),
    it states no current allergy either. The two facts share the condition's words."""
    over = {
        (f.start, f.end)
        for f in facts
        if f.section in _ALLERGIC_CONDITIONS and f.status != PRESENT_STATUS[f.section]
    }
    if not over:
        return facts
    return [f for f in facts if not (f.section == "allergies" and f.status == "active" and (f.start, f.end) in over)]
