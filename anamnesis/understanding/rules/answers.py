"""What the assistant's question asks, so a short answer can be read against it ("Any allergies?" → "No.").

The assistant turn is context only: it never yields a fact by itself. Its last question
says what a bare "yes", "no" or "not anymore" is about: named entities ("Do you take
metformin?"), whole sections ("Any allergies?"), the family, or a demographic value. The
same assistant questions recur across users, so what a question asks is cached.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from anamnesis.terminology.text import CJK_RE, normalise
from anamnesis.understanding.rules.advice_asked import asks_advice
from anamnesis.understanding.rules.asked_of_another import (
    addresses_the_user,
    cares_for_another,
    names_nobody,
    prescriber_pronoun_at,
)
from anamnesis.understanding.rules.asked_sites import with_listed_sites
from anamnesis.understanding.rules.attacks_asked import attacks_asked
from anamnesis.understanding.rules.back_to_normal import asked_back_to_normal
from anamnesis.understanding.rules.discourse import joined_letters
from anamnesis.understanding.rules.elided_heads import with_elided_heads
from anamnesis.understanding.rules.facts import KIND_SECTION
from anamnesis.understanding.rules.jab_done import vaccines_named
from anamnesis.understanding.rules.lexicon import Lex, load_lexicon
from anamnesis.understanding.rules.looks import looks
from anamnesis.understanding.rules.medicines import drinks_other
from anamnesis.understanding.rules.mentions import with_composed
from anamnesis.understanding.rules.others import ZH_OTHERS
from anamnesis.understanding.rules.segment import Hit, sentences
from anamnesis.understanding.rules.senses import in_their_sense


@dataclass(frozen=True, slots=True)
class Topic:
    """What the assistant's question asks about."""

    items: tuple[tuple[str, str], ...]  # (section, entity)
    sections: tuple[str, ...]  # asked about as a whole ("any allergies?")
    family: bool
    allergy: bool
    still: bool  # "are you still taking...?": a "no" means stopped
    ended: bool  # "is your headache gone?": a "yes" means resolved
    asks: frozenset[str]  # demographic values asked for
    #: the question asks when ("When was your last tetanus shot?"): a bare time answers it
    asks_when: bool = False
    #: it asks when the last time was ("When did you last have chest pain?", "Когда был последний
    #: приступ?"): a dated reply says the complaint or illness happened and is over
    last: bool = False
    #: the assistant itself prescribes the drugs of ``items`` ("I'll write you a prescription
    #: for Cipro", as a clinician does in MTS-Dialog): an "okay" accepts them
    prescribes: bool = False
    #: the asked sentence (normalised): a Chinese answer may repeat its verb ("打过" to "打过疫苗吗？")
    question: str = ""
    #: a family question's items as the user's own ("家里其他人有哮喘吗？" — "我也有")
    own: tuple[tuple[str, str], ...] = ()
    #: the question asks about taking ("Что-то принимаете?", "Are you still taking it?")
    taking: bool = False
    #: its only ending words date the thing ("以前有过胸痛吗？"): a "no" is never had, not "not gone"
    past: bool = False
    #: the question asks how much or how often of what it names ("What is the strength of your
    #: omeprazole?"): it takes the drug as the user's, so an amount in the answer confirms it
    asks_amount: bool = False
    #: the question asks something of a named drug that takes it as the user's ("How long have you
    #: been on lisinopril?", "What do you take it for?", "...since you started the metformin?"): an
    #: answer that neither denies nor names another drug confirms the drug
    takes_it: bool = False
    #: the question asks about a part of its sections ("any other conditions in the family?",
    #: "any herbal remedies?"): a "no" denies that part, so it gives no section-wide denial
    part: bool = False
    #: an allergy question names medicines as a whole beside its items ("Аллергии на лекарства или
    #: латекс?"): it asks of every allergy, so a bare "no" denies the section
    whole: bool = False
    #: the assistant stated the user's own history instead of asking ("I see you had your
    #: appendix out."): a bare "yes" / "correct" confirms this sentence as the user's words
    statement: str = ""
    #: items the question takes as the user's and asks something of: what a named drug does ("Any
    #: side effects from the metformin?", "布洛芬有用吗？"), how bad, how long, when or how a complaint
    #: goes ("咳嗽严重吗？", "头晕的时候会恶心吗？", "Is the rash any better?"), or what it names as the
    #: user's own ("Did you take your metformin this morning?", "Have you seen a doctor about the
    #: chest pain?"): a "no" denies that, never the item
    presumes: tuple[tuple[str, str], ...] = ()
    #: what the assistant stated of the user's own history before its question ("I see you take
    #: insulin. Do you have high blood pressure?"): a reply that goes along with the question confirms it
    told: str = ""
    #: the turn's questions each read alone, when it asks several that each name something ("Any
    #: allergies? And are you taking any medications?"): a reply of as many bare answers ("no and
    #: no", "нет, да", "没有，没有") answers them in order
    each: tuple[Topic, ...] = ()
    #: the question asks of a drink that is not alcohol ("Do you drink milk?", "你喝牛奶吗？"): the
    #: reply's own "drink" ("不太喝") is that drink
    drink: bool = False
    #: a Chinese question that puts a denial to confirm ("还是不抽烟吧？", "您没有糖尿病吧？"):
    #: "neg", or "end" when it puts an ending ("不抽烟了吧？"); an agreeing "对" / "是的" then
    #: agrees with the denial, and 还 before it is "still not", never "still"
    negated: str = ""
    #: items the question names by their medicine ("降压药", "降糖的"): a "no" denies taking the
    #: medicine, never the condition, and names no medicine to deny
    treated: tuple[tuple[str, str], ...] = ()
    #: a Russian question about someone else, not the user ("Какие лекарства ему назначили?"): a
    #: reply that names nobody speaks of that person
    other: bool = False
    #: the question asks about a relative it names, not the family at large ("Does your son have
    #: any allergies?", "Как кашель у ребёнка?", "孩子有过敏吗？"): that person's allergies, medicines
    #: and complaints are theirs, only their illnesses are the user's family history
    kin: bool = False
    #: the question asks what a reaction was like ("What happened when you reacted?", "Какая была
    #: реакция?", "是什么反应？"): the complaints the reply names describe it, none is there now
    reaction: bool = False
    #: the body part a Chinese question asks about with no complaint of it ("术后膝盖情况怎么样？"): a
    #: reply's bare predicate ("还肿着") is that part's symptom
    body: str = ""
    #: the one body part (canonical) an English or Russian question names ("How is your knee doing?",
    #: "Что с коленом?", "Does the leg still hurt?"): a reply that names no part of its own ("still a
    #: bit swollen", "болит по вечерам") speaks of that part, as ``body`` does for Chinese
    part_asked: str = ""
    #: what the questions before the last one in the same turn asked ("Курите? Алкоголь
    #: употребляете?"): a reply for all of them ("ни того ни другого", "no to both") answers these too
    earlier: tuple[tuple[str, str], ...] = ()
    #: the question asks how long what it names has lasted ("Давно курите?", "Have you had the cough
    #: long?"): it takes the things as there, so "нет" says "not long", never "not at all"
    lasting: bool = False
    #: the question asks whether it was always so ("Have you always been on atorvastatin?"): a bare
    #: "no" says "not always", nothing of the thing itself
    always: bool = False
    #: what the questions before a family question of the same turn asked the user ("有没有肾结石、
    #: 高血压？家里有人痛风吗？"): a reply's sentence naming only these and nobody is the user's own
    own_before: tuple[tuple[str, str], ...] = ()
    #: the question asks what a clinician advised ("Did she give any advice?"): the reply's habits are advice
    advice: bool = False
    #: the question asks whether something works again ("Is the urinary stream back to normal now?",
    #: "尿线正常了吗"), in words naming no complaint: its words without the asking, which a "yes" says
    back_to_normal: str = ""
    #: the vaccines the assistant's turn names ("the shingles vaccine is recommended from 50"): a
    #: reply that tells one done without naming it ("got the first one done") had it
    jabs: tuple[str, ...] = ()
    #: what a family question before the last one of the same turn named ("Any family history of
    #: diabetes? And when was your last tetanus jab?"): a reply's sentence naming only these speaks
    #: of the family ("yes to diabetes, my mum")
    family_before: tuple[str, ...] = ()
    #: the question dates what it asks in the user's childhood ("Did you have chickenpox as a child?",
    #: "В детстве ветрянкой болели?", "小时候出过水痘吗？"): a "yes" tells an illness that is over
    childhood: bool = False
    #: the question asks what its medicine does to the user ("Any side effects from the metformin?",
    #: "How are you getting on with the topiramate?", "Как переносите метформин?", "二甲双胍有没有副作用？"):
    #: the medicine is taken as the user's, and no answer of its effects says it is taken
    effects: bool = False

    @property
    def sections_asked(self) -> frozenset[str]:
        """Every section the question asks of, as a whole or through a thing it names."""
        return frozenset(self.sections) | {section for section, _ in self.items}

    @property
    def vaccines(self) -> bool:
        """The question is about vaccinations: an answer's diseases are their vaccines."""
        return "vaccinations" in self.sections or any(section == "vaccinations" for section, _ in self.items)

    @property
    def operations(self) -> bool:
        """The question is about operations: an answer's bare body part ("just my appendix") is its operation.
        A look it names ("any blood in the urine after the biopsy?", "穿刺后有没有尿血？") asks of no operation."""
        kinds = looks()
        return "surgeries" in self.sections or any(
            section == "surgeries" and entity not in kinds for section, entity in self.items
        )

    @property
    def medicines(self) -> bool:
        """The question asks whether the user takes medicines: "пью" in the answer is taking, not drinking."""
        return self.taking and (
            "medications" in self.sections or any(section == "medications" for section, _ in self.items)
        )


def scan(norm: str) -> list[Hit]:
    """Every (start, end, lex) the lexicon finds, one per lex."""
    return load_lexicon().matcher.scan_each(norm)


#: A Chinese question without its question mark: its particle ends the sentence ("有胸闷吗", "那咳嗽呢。")
#: or it asks yes-or-no ("有没有发烧", "会不会头晕").
_ZH_UNMARKED_QUESTION = re.compile(r"[吗么呢][\s。.!！~～]*$|有没有|会不会|是不是|有无")


#: An A-not-A after a verb of watching ("吃药期间留意有没有胃肠不舒服", "注意观察会不会头晕"): what to
#: look out for, told; the sentence asks the user nothing, so "嗯嗯" after it confirms nothing.
_ZH_WATCH_FOR = re.compile(
    r"(?:留意|注意|观察|关注|留心|监测|警惕|当心|看看|看一下)(?:一下|观察)?[^，,。？?]{0,4}?(?:有没有|会不会|有无|是不是)"
)


def _zh_asks_unmarked(norm: str, start: int, end: int) -> bool:
    """A Chinese sentence without a question mark that still asks (:data:`_ZH_UNMARKED_QUESTION`),
    unless its A-not-A only says what to watch for (:data:`_ZH_WATCH_FOR`)."""
    return _ZH_UNMARKED_QUESTION.search(norm, start, end) is not None and _ZH_WATCH_FOR.search(norm, start, end) is None


#: A Chinese yes-or-no put inside a term: "脚有没有肿" asks of 脚肿, "头会不会晕" of 头晕.
_ZH_ASKED_INSIDE = re.compile(r"(?<=[\u4e00-\u9fff])(?:有没有|会不会)(?=[\u4e00-\u9fff])")


def _zh_asked_inside_terms(norm: str) -> str:
    """``脚有没有肿`` → ``有没有脚肿``: the question word moves in front of the term it splits,
    when dropping it joins a known term across it (as a denial does, :mod:`discourse`), or when its
    plain "有" / "会" does (``尿里有没有血`` → ``有没有尿里有血``)."""
    if "有没有" not in norm and "会不会" not in norm:
        return norm
    for m in reversed(list(_ZH_ASKED_INSIDE.finditer(norm))):
        for kept in ("", m.group()[0]):
            joined = norm[: m.start()] + kept + norm[m.end() :]
            after = m.start() + len(kept)  # the term must run across the question word's place
            terms = [(s, e) for s, e, lex in scan(joined) if lex.cat == "term" and s < m.start() and e > after]
            term = terms[0] if terms else None
            if term is not None:
                s, e = term
                norm = norm[:s] + m.group() + joined[s:e] + joined[e:]
                break
    return norm


#: The Russian question particle and the phrase after it up to the end of its clause: "болят ли
#: суставы?", "нет ли отёков на ногах?", "не кружится ли голова?".
_RU_PARTICLE = re.compile(r"(?<![а-яё-])ли(\s+)([^?.!,;:]*[а-яё0-9])(?=\s*[?.!,;:]|\s*$)")


def _ru_particle_last(norm: str) -> str:
    """``болят ли суставы?`` → ``болят суставы ли?``: "ли" moves behind the phrase it splits, the
    same length, so the words around it read as the patient's own ("болят суставы", "нет отёков
    на ногах") and every name of a complaint serves its question too."""
    if "ли" not in norm:
        return norm
    return _RU_PARTICLE.sub(lambda m: m.group(2) + m.group(1) + "ли", norm)


#: A list number and its full stop ("1. fever 2. cough", "1.口渴 2.尿多"): the stop opens an item, it
#: ends no sentence.
_NUMBERED = re.compile(r"(?:(?<=^)|(?<=[\s:：,，;；\u4e00-\u9fff]))([1-9])\.(?=\s*[^\d\s.])")


def _numbered_as_brackets(norm: str) -> str:
    """``1. fever 2. cough?`` → ``1) fever 2) cough?``: a question that numbers what it asks is one
    question, so every numbered item is asked (and a reply can point at it by its place); the
    text keeps its length."""
    return _NUMBERED.sub(r"\1)", norm) if "." in norm else norm


@lru_cache(maxsize=8192)
def topic(context: str) -> Topic | None:
    """What ``context`` (an assistant message) asks, or ``None`` if it asks nothing we read."""
    norm = _zh_asked_inside_terms(joined_letters(context, normalise(context)))
    norm = _numbered_as_brackets(_ru_particle_last(with_listed_sites(norm, scan)))  # "blood in your urine or stool"
    norm = _ZH_ADDRESS.sub(lambda m: " " * len(m.group()), norm)  # "阿姨您好": the user, no aunt
    spans = _examples_joined(norm, sentences(norm))
    if not spans:
        return None
    asked = [s for s in spans if s[2] or _zh_asks_unmarked(norm, s[0], s[1])]
    every = with_elided_heads(norm, scan(norm), scan)  # "breast or ovarian cancer?" asks of both
    if not asked:
        # a statement ("Amoxicillin is a penicillin.") asks nothing: "ok" / "понятно" / "好的"
        # after it acknowledges, it never makes the assistant's words the user's fact. The one
        # exception is a clinician's own prescription ("I'll start you on Cipro"), accepted.
        prescribed = _prescribed(every, spans, norm)
        if prescribed:
            return Topic(prescribed, (), False, False, False, False, frozenset(), prescribes=True)
        # "I see you had your left breast removed." — "Correct.": a clinician's statement of the
        # user's own history asks to confirm it; a "yes" confirms, an "ok" only acknowledges
        stated = [s for s in spans if _STATES_YOURS.search(norm, s[0], s[1]) or _states_a_regimen(norm, every, s)]
        if not stated:
            return None
        start, end, _ = stated[-1]
        return Topic((), (), False, False, False, False, frozenset(), statement=norm[start:end])
    start, end, _ = _question_asked(norm, asked, every)
    if (
        _OFFER.search(norm, start, end)
        or _OFFER_AT.match(norm, start)
        or _KNOWING.search(norm, start, end)
        or _GUESS.search(norm, start, end)
        or _GUESS_AT.match(norm, start)
    ):
        # "Хотите, расскажу про диету при диабете?", "需要我提醒您吃药吗？", "Would you like me to explain
        # the side effects?": the assistant offers to act, asks what the user knows ("Do you know
        # what hypertension is?") or their opinion of its guess ("Could it be gastritis?"); "нет"
        # declines or does not know, and "yes" agrees with a guess: no diagnosis was made
        return None
    if norm.isascii() and (stated := _put_to_confirm(norm, spans, start, end)):
        return Topic((), (), False, False, False, False, frozenset(), statement=stated)
    hits = with_composed([h for h in every if start <= h[0] < end], load_lexicon(), norm, start, end)
    cats = {lex.cat for _, _, lex in hits}
    family = "family" in cats or any(_kind(lex) == "relative" for _, _, lex in hits)
    # "Any heart disease in the family? What about diabetes?": a follow-up asks in the frame before it
    family = family or (
        _FOLLOW_UP.match(norm, start, end) is not None and _asked_before(every, asked, start, _of_family)
    )
    if family and _ZH_AT_HOME.search(norm, start, end) and not any(
        (lex.cat == "family" and norm[s : s + 2] != "家里")
        or lex.cat == "section"
        or _kind(lex) in ("relative", "condition", "diagnosis")
        for s, _, lex in hits
    ):
        # "您家里有血压计吗？", "布洛芬家里有吗？": what is at home, no family and no health
        # ("家里有糖尿病的吗？" asks of the family)
        return None
    # "做过过敏测试吗？", "Have you had an allergy test?": whether a test was done asks of no allergy
    # ("还没有" is no denial of every allergy); a test of a named allergen still asks of it
    allergy = "allergy" in cats and not _only_a_test(hits)
    # "What happens when you take sulfa drugs?": what a drug does to the user asks of an allergy
    allergy = allergy or _REACTION_QUESTION.search(norm, start, end) is not None
    # "Any drug allergies?" — "It's called... Napro-" — "Naprosyn?": a bare guess at a name asks in
    # the allergy question before it
    guess = _GUESS_AT_A_NAME.fullmatch(norm, start, end) is not None
    allergy = allergy or (guess and _asked_before(every, asked, start, _of_allergy))
    # "Any bad reactions to medicines in the past?": a reaction to medicines asks of drug allergies
    allergy = allergy or _REACTIONS_TO_MEDICINES.search(norm, start, end) is not None
    # "The Keflex gave you a rash?", "Did penicillin give you a reaction?": a reaction a drug
    # caused the user asks of an allergy, so a "yes" never makes the drug one they take
    caused = (
        _CAUSED_YOU.search(norm, start, end) is not None or _PRESUPPOSES_DRUG.search(norm, start, end) is not None
    ) and any(_kind(lex) == "drug" for _, _, lex in hits)
    reactive = {lex.value for _, _, lex in hits if lex.reactive}
    allergy = allergy or (caused and bool(reactive or _REACTION_WORD.search(norm, start, end)))
    effects = any(_kind(lex) == "drug" for _, _, lex in hits) and not allergy and (
        _SIDE_EFFECTS.search(norm, start, end) is not None or _HOW_IT_GOES.search(norm, start, end) is not None
    )
    hits = _without_examples(norm, hits)  # what the question asks, not its examples
    hits = in_their_sense(norm, hits)  # "Any burning, fever or back pain?": a bare burning asks of nothing
    hits = _without_circumstances(norm, hits, start, end)  # "...breathless when you climb stairs?": not the stairs
    drink = drinks_other({tag for _, _, lex in hits for tag in lex.tags})
    if drink:
        hits = [h for h in hits if not (h[2].weak and h[2].kind == "lifestyle")]  # "Do you drink coffee?"
    # "Before the operation, any allergies?": the operation dates the question, it is taken as given
    presumed = (
        _presumed(norm, hits, start, end, family)
        | _time_anchors(norm, hits)
        | _aspect_anchors(norm, hits)
        | _sections_going(norm, hits, start, end)
        | attacks_asked(norm, hits, _kind, start, end)
    )
    jabs = _jabs_reacted_to(norm, hits, start, end)
    if jabs:
        # "Any reactions to the vaccine?", "Была ли реакция на прививку?", "打疫苗有没有副作用？": the
        # jab is taken as had and its reaction asked of, which is no allergy unless the word says so
        presumed |= jabs
        allergy = allergy and _ALLERGY_WORD.search(norm, start, end) is not None
    # "Has your daughter been checked for coeliac disease?": what a test looks for is not asked
    # about, so "not yet" denies nothing of it
    tested = [h for h in hits if _TESTED_FOR.search(norm, max(start, h[0] - 24), h[0]) is not None]
    hits = [h for h in hits if h not in tested]
    # "Any wheezing since you stopped smoking?": what the dating clause ended is the time, not asked
    hits = [h for h in hits if not _in_dating_clause(norm, h[0], hits, end)]
    items, own = _items(hits, family, allergy)
    if not allergy and not any(lex.cat == "allergy" for _, _, lex in every):
        # "Do you have any pets?", "Do you eat shellfish?": an allergen asked of as itself, no allergy
        items = [item for item in items if item[0] != "allergies"]
    if tested and not items:
        return None  # it asks only about a test
    if caused:
        # an allergy's reaction is no current symptom (a side effect asked about presupposes the
        # drug: Topic.presumes keeps a "no" from denying it)
        items = [
            (section, entity)
            for section, entity in items
            if not (section == "symptoms" and entity in reactive)
        ]
    pronoun = None if items else _PRONOUN.search(norm, start, end)
    if pronoun is not None and not _OF_A_LIMB.search(norm, start, pronoun.end()):
        # "Last time you mentioned metoprolol. Are you still taking it?": the pronoun is what
        # the sentences before named; a singular one only the last thing they named ("With your
        # brother's bowel cancer a colonoscopy is advised. Have you had it?": the colonoscopy)
        items, own = _items(_referred([h for h in every if h[0] < start], pronoun[0]), family, allergy)
    sections: list[str] = []
    for s, e, lex in hits:
        if lex.cat == "section" and s not in presumed and not _ZH_THIS_ONE.search(norm, max(0, s - 3), s):
            # "吃了药以后好点了吗？" asks nothing of medicines; "这个药以前吃过吗？" of one medicine
            allergic_to = allergy and lex.value == "medications" and _allergic_to(norm, s, e)
            section = "allergies" if allergic_to else lex.value  # "allergic to any medications"
            if family and section in ("chronic_conditions", "diagnoses", "symptoms"):
                section = "family_history"
            sections.append(section)
    if allergy:
        sections.append("allergies")
    kin = family and "family" not in cats
    if kin:
        sections = [section for section in sections if section == "family_history"]  # the relative's illnesses
    elif family and not (items and all(section == "lifestyle" for section, _ in items)):
        # "家里有人抽烟吗？", "does anyone at home smoke?": the household's habit, no family history
        sections.append("family_history")
    asks = frozenset(lex.value for _, _, lex in hits if lex.cat == "ask") | _values_asked_beside(
        norm, asked, every, (start, end)
    )
    if any(_kind(lex) in _ILLNESS and _TREATMENT_BEFORE.search(norm, max(0, s - 16), s) for s, _, lex in hits):
        # "профилактику мигрени", "лечение гастрита": the condition is what a treatment is for;
        # "нет" denies the treatment, not the condition
        return None
    purposes = {
        lex.value
        for s, _, lex in hits
        if _kind(lex) in _ILLNESS and (_PURPOSE_BEFORE.search(norm, max(0, s - 12), s) or _PURPOSE_AT.match(norm, s))
    }
    medicine_asked = "start" in cats or any(lex.cat == "section" and lex.value == "medications" for _, _, lex in hits)
    if medicine_asked and purposes:
        if not any(section == "medications" for section, _ in items):
            # "Принимаете что-то от давления?", "Taking anything for the pain?": the condition is what
            # a medicine would be for; "нет" denies the medicine, neither the condition nor all medicines
            return None
        # "Are you taking Zoloft for your depression?": the named medicine is asked about, its
        # purpose only said; "no" denies the medicine, never the illness
        items = [(section, entity) for section, entity in items if entity not in purposes]
    if _ELSE.search(norm, start, end):
        # "Помимо глюкофажа что-то ещё принимаете?", "Anything else besides metformin?": what
        # is named is set aside and "no" means nothing more: no denial of it or of the section
        return None
    part = _PART.search(norm, start, end) is not None or _of_a_body_part(norm, hits, start, end)
    # "用我们的服务" takes nothing; nor does "сейчас" alone ("Удобно сейчас говорить?")
    takes = any(lex.cat == "start" and norm[s:e] != "用" and norm[s:e] not in _NOW for s, e, lex in hits)
    if not (items or sections or asks) and takes and not family and not presumed:
        # "Вы что-то принимаете постоянно?", "您平时吃什么药吗？": a taking verb with nothing named
        # asks about medications as a whole
        sections.append("medications")
    told = " ".join(
        norm[s:e]
        for s, e, q in spans
        if e <= start and not q and (_STATES_YOURS.search(norm, s, e) or _states_a_regimen(norm, every, (s, e, q)))
    ) if norm.isascii() else ""
    other = not family and _of_another(norm, start, end, hits, every, asked)
    if not (items or sections or asks):
        # "It looks like you had a knee replacement. How is that going?": only what it told;
        # "脚踝怎么样了？": only a body part, whose complaint the reply names
        body = _zh_body(norm, hits)
        part_asked = "" if family else _part_asked(norm, hits)
        if told or body or part_asked:
            return Topic((), (), False, False, False, False, frozenset(), told=told, body=body, part_asked=part_asked)
        reaction = _ASKS_REACTION.search(norm, start, end) is not None
        if kin or reaction or drink:  # "Как кашель у ребёнка?": that relative's; "What happened when you reacted?"
            return Topic((), (), kin, False, False, False, frozenset(), kin=kin, reaction=reaction, drink=drink)
        if other:  # "Сколько он весит?" — "27 кг": that person's weight, none of the user's
            return Topic((), (), False, False, False, False, frozenset(), other=True)
        return None
    last = _WHEN_QUESTION.search(norm, start, end) is not None and _LAST.search(norm, start, end) is not None
    # "Any travel vaccines? Hep A, typhoid?": a question about vaccines before lists them by disease
    jabs_before = any(
        s < start and (_kind(lex) == "vaccine" or (lex.cat == "section" and lex.value == "vaccinations"))
        for s, _, lex in every
        if any(a <= s < b for a, b, _ in asked)
    )
    if (last or jabs_before) and not family and _ILL_VERB.search(norm, start, end) is None:
        # "А столбняк когда последний раз?", "When was your last tetanus?": a disease with a vaccine,
        # asked when last (or after a question about vaccines) with no verb of being ill, asks of its vaccine
        vaccine_for = load_lexicon().vaccine_for
        items = [
            ("vaccinations", vaccine_for[entity])
            if section in _ILLNESS_SECTIONS and entity in vaccine_for
            else (section, entity)
            for section, entity in items
        ]
    negated = ""
    if items or sections:
        negated = _en_negated(norm, start) if norm.isascii() else _zh_negated(norm, hits, start, end)
    return Topic(
        tuple(dict.fromkeys(items)),
        tuple(dict.fromkeys(sections)),
        family,
        allergy,
        ("still" in cats or _RU_STILL.search(norm, start, end) is not None) and not negated,
        any(lex.cat == "end" and not _dates_the_question(norm, s, e) for s, e, lex in hits),
        asks,
        asks_when=_WHEN_QUESTION.search(norm, start, end) is not None,
        last=last,
        question=norm[start:end],
        own=tuple(dict.fromkeys(own)),
        taking=not cats.isdisjoint(("start", "still")),
        past=all(norm[s:e] in _PAST_TIMES for s, e, lex in hits if lex.cat == "end"),
        asks_amount=_AMOUNT_QUESTION.search(norm, start, end) is not None,
        takes_it=not family and norm.isascii() and _TAKES_IT.search(norm, start, end) is not None,
        part=part,
        whole=allergy and any(lex.cat == "section" and lex.value == "medications" for _, _, lex in hits),
        presumes=tuple(
            (section, entity)
            for section, entity in dict.fromkeys(items)
            if (section == "medications" and (effects or (caused and not allergy)))
            or any(lex.value == entity for s, _, lex in hits if s in presumed)
        ),
        negated=negated,
        told=told,
        other=other,
        kin=kin,
        reaction=_ASKS_REACTION.search(norm, start, end) is not None,
        earlier=_earlier_items(norm, every, asked[:-1]) if not (family or allergy) else (),
        own_before=_earlier_items(norm, every, [a for a in asked if a[1] <= start]) if family else (),
        family_before=_family_items(norm, every, [a for a in asked if a[1] <= start]) if not family else (),
        lasting=_LASTING.search(norm, start, end) is not None,
        always=_ALWAYS.search(norm, start, end) is not None,
        effects=effects,
        childhood=any(
            start <= s < end and lex.cat == "when" and lex.value == "in childhood" for s, _, lex in every
        ),
        treated=tuple(
            (KIND_SECTION[_kind(lex)], lex.value)
            for s, e, lex in hits
            if _kind(lex) in _ILLNESS and _names_its_medicine(norm, s, e) and not family
        ),
        body=_zh_body(norm, hits),
        part_asked="" if family else _part_asked(norm, hits),
    )


#: What a Chinese question asks of the thing right before it, which it takes as the user's: how bad,
#: how long, when, what comes with it, whether it helps, how it is taken ("咳嗽严重吗", "胰岛素打了
#: 多久", "头晕的时候会恶心吗", "布洛芬有用吗", "阿司匹林每天按时吃吗", "胸痛是一直疼吗",
#: "头疼好点了吗", "吃了药以后…"); "是吗" / "是不是" / "是否" only ask whether it is so.
_ZH_ASPECT = re.compile(
    r"(?:(?:吃|用|打|服|喝)[了着过]?)?(?:得|的|一般|平时|每次|主要)?"
    r"(?:严重|厉害|频繁|多久|多长时间|几天|几年|多少年|多少天|什么时候|的时候|时|以后|之后|后|持续"
    r"|有用|管用|有效|见效|效果|好点|好些|好一点|好一些|好转|减轻|缓解|每天|按时|规律|是(?![否不吗吧的])|属于|多(?=[吗么不])"
    r"|(?:吃|用)着|会往|往[^\s,.!?，。！？、]{0,4}(?:放射|窜|走)|有(?=[\u4e00-\u9fff]{1,4}吗)"
    # what the drug does to the user ("二甲双胍有没有副作用？", "吃了阿司匹林有什么不良反应吗？")
    r"|(?:[了后以]{0,3})(?:有没有|有|会不会有|会有|出现|出现过)?(?:什么)?(?:副作用|不良反应))"
)


#: How bad, at the end of a form that holds it ("头疼得厉害", "咳得很严重").
_ZH_DEGREE = ("厉害", "严重")


#: A dose at a time of day before the medicine ("今天的药吃了吗？", "早上那片倍他乐克吃了没"): it asks
#: about the dose, taking the medicine as the user's.
_ZH_DOSE_TIME = re.compile(r"(?:今天|今早|今晚|早上|早晨|中午|晚上|睡前|这顿|刚才)(?:的|那片|那粒|那针|那顿)?$")


#: What the user said before, recalled by the question ("您刚才说头晕，现在好点了吗？", "上次说的咳嗽
#:怎么样了？"): the question takes it as the user's.
_ZH_YOU_SAID = re.compile(r"(?:您|你)?(?:刚才|之前|上次|前面|刚刚|以前)?(?:说|提到|讲)(?:的|过)?(?:那个|这个)?$")


#: What makes an ending in a question the time the question starts from, not what it asks: "since you
#: stopped", "с тех пор как бросили", "после того как отменили" before it, "以后" / "后" after it ("停药以后").
_SINCE_BEFORE = re.compile(
    r"(?:\bsince\s+(?:you\s+|i\s+|we\s+|they\s+|he\s+|she\s+)?(?:\w+\s+)?"
    r"|(?<![а-яё])(?:с тех пор,?\s+как|после того,?\s+как|как)\s+(?:вы\s+|вам\s+)?(?:[а-яё]+\s+)?)$"
)
_SINCE_AFTER = re.compile(r"[了药]{0,2}(?:以后|之后|后)")


def _dates_the_question(norm: str, s: int, e: int) -> bool:
    """The ending at ``norm[s:e]`` only dates the question ("Any wheezing since you stopped?",
    "Одышка есть с тех пор как бросили?", "停药以后还喘吗？"): it asks whether the thing is there since,
    never whether it is over."""
    return _SINCE_BEFORE.search(norm, max(0, s - 30), s) is not None or _SINCE_AFTER.match(norm, e) is not None


#: Where a dating clause ends: a pause or the question's end.
_CLAUSE_END = re.compile(r"[,;:，；：?？]")


def _in_dating_clause(norm: str, at: int, hits: list[Hit], end: int) -> bool:
    """The term at ``at`` is what a dating ending stopped ("since you stopped smoking", "停药以后"): it
    stands after the ending, before the clause's pause, or inside the ending itself."""
    for s, e, lex in hits:
        if lex.cat != "end" or not _dates_the_question(norm, s, e):
            continue
        if s <= at < e:
            return True
        stop = _CLAUSE_END.search(norm, e, end)
        if e <= at < (stop.start() if stop else end) and _SINCE_AFTER.match(norm, e) is None:
            return True
    return False


def _presumed(norm: str, hits: list[Hit], start: int, end: int, family: bool) -> set[int]:
    """Starts of the terms and sections the question takes as the user's and asks something of
    (Topic.presumes): Chinese by :func:`_zh_presumed`, English by :func:`_en_presumed`; not of a
    relative's illness, nor when an English question asks whether the thing goes on ("Do you still
    get the headaches?", "Has the rash gone?"), which its "no" answers of the thing itself."""
    if not norm.isascii():
        if _RU_DEGREE.search(norm, start, end) is not None and not family:
            return {s for s, _, lex in hits if _kind(lex) in _DEGREE_KINDS}  # "Голова сильно болит?"
        return _zh_presumed(norm, hits, end)
    if family or any(lex.cat in ("still", "end") for _, _, lex in hits):
        return set()
    return _en_presumed(norm, hits, start, end)


#: A Russian question of how strong, how often or how much ("Голова сильно болит?", "Кашель
#: сильный?", "Часто бывает изжога?", "Много курите?"): it takes the thing as the user's, so its
#: "нет" ("не сильно", "нет, редко") denies the degree, never the thing.
_RU_DEGREE = re.compile(
    r"(?<![а-яё])(?:сильн(?:о|ый|ая|ое|ые)|очень|часто|много|насколько|интенсивн\w*|выраженн\w*)(?![а-яё])"
)
#: What a degree is asked of: a complaint, an illness, an injury, a habit.
_DEGREE_KINDS = frozenset({"symptom", "condition", "injury", "lifestyle"})


def _zh_presumed(norm: str, hits: list[Hit], end: int) -> set[int]:
    """Starts of the terms and sections a Chinese question asks something of (:data:`_ZH_ASPECT`,
    :data:`_ZH_DOSE_TIME`, :data:`_ZH_YOU_SAID`)."""
    return {
        s
        for s, e, lex in hits
        if lex.cat in ("term", "section")
        and e < end
        and (
            _ZH_ASPECT.match(norm, e, end)
            or norm.endswith(_ZH_DEGREE, s, e)  # "头疼得厉害吗？": the form holds how bad
            or ((_kind(lex) == "drug" or lex.value == "medications") and _ZH_DOSE_TIME.search(norm, max(0, s - 6), s))
            or _ZH_YOU_SAID.search(norm, max(0, s - 8), s)
        )
    }


#: What an English question asks of how a named illness goes, not whether it is there ("Is the
#: rash any better?", "Is the inhaler helping with the wheeze?", "Is this the first time you have had
#: chest pain?"): the English counterpart of :data:`_ZH_ASPECT`.
_COURSE = re.compile(
    r"\b(?:help(?:s|ed|ing)?|working|worked|improv(?:e|es|ed|ing)|better|worse|eas(?:e|ed|ing)|settl(?:e|ed|ing)"
    r"|chang(?:e|ed|ing)|the same|making (?:a|any) difference|the first time)\b"
)
#: "Any fever or worse breathlessness?": an "any" asks whether there is something, however it goes.
_ASKS_ANY = re.compile(r"\bany\b(?! (?:better|worse|different|difference|change|improvement)\b)")
#: A determiner that makes a question's term the user's own, known one ("your metformin", "the
#: chest pain", "that bad headache"), and the kinds it does so for: "the" names no known drug or
#: diagnosis ("the flu", "the pill" ask whether at all), "your" does.
_DEFINITE = re.compile(r"\b(?:(your)|the|this|that|these|those)\s+(?:[a-z]+\s+)?$")
_OWN_KINDS = frozenset({"symptom", "condition", "injury"})
_YOUR_KINDS = _OWN_KINDS | {"diagnosis", "drug"}
#: A verb of having or feeling before "the": "feeling the urge to pee", "get the shakes" ask whether at all.
_HAVING_BEFORE = re.compile(
    r"\b(?:feel|feeling|felt|get|getting|got|have|having|notice|noticed|noticing|experienc(?:e|ed|ing))\s+$"
)
#: Where a question's alternatives part: "... or ...".
_OR = re.compile(r"\bor\b")


def _only_a_test(hits: list[Hit]) -> bool:
    """Every allergy word of the question is a test's ("过敏测试", "allergy test") and it names no
    drug or allergen."""
    allergy_words = [lex for _, _, lex in hits if lex.cat == "allergy"]
    return (
        bool(allergy_words)
        and all(lex.value == "test" for lex in allergy_words)
        and not any(_kind(lex) in ("drug", "allergen") for _, _, lex in hits)
    )


#: An English medicines noun that is what an allergy is to ("allergic to any medications", "drug
#: allergies"), not a section asked beside the allergies ("Any medications or allergies?").
_ALLERGY_OBJECT = re.compile(
    r"\b(?:to|from|against|with)\s+(?:(?:any|some|certain|other)\s+)?(?:\w+\s+)?"
    r"(?:\w+(?:\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)(?:any\s+)?)*$"  # "allergic to any foods or drugs"
)
_ALLERGY_AFTER = re.compile(r"\s*(?:allerg|intoleran|reaction)")


def _allergic_to(norm: str, s: int, e: int) -> bool:
    """The medicines noun at (s, e) of an allergy question is what the allergy is to; in Russian and
    Chinese always ("аллергия на лекарства", "药物过敏"), in English when a preposition or the
    allergy word ties it ("Any medications or allergies?" asks of both sections)."""
    if not norm.isascii():
        return True
    return _ALLERGY_OBJECT.search(norm, max(0, s - 40), s) is not None or _ALLERGY_AFTER.match(norm, e) is not None


#: What opens a new clause of a question before its term: "I can't change settings, but for the
#: record: do you smoke?" asks nothing of a change of the smoking.
_CLAUSE_OPENS = re.compile(r":\s|;|\bbut\b")


def _alternative(norm: str, at: int, start: int, end: int) -> tuple[int, int]:
    """The span of the question's alternative ("... or ...") that holds ``at``, from the last
    clause opener (:data:`_CLAUSE_OPENS`) before it."""
    left = max([start, *(m.end() for m in _CLAUSE_OPENS.finditer(norm, start, at))])
    for m in _OR.finditer(norm, left, end):
        if m.start() > at:
            return left, m.start()
        left = m.end()
    return left, end


#: A question that opens with its copula or auxiliary, the determiner's noun right after: "Is your ...",
#: "Are the ...", "Does your ...".
_AUXILIARY = re.compile(r"\s*(?:(?:and|so|also|ok(?:ay)?)\b[,]?\s*)*(?:is|are|was|were|do|does|did)\s+")


def _en_presumed(norm: str, hits: list[Hit], start: int, end: int) -> set[int]:
    """Starts of the terms an English question takes as present: illnesses whose course it asks
    (:data:`_COURSE`, unless it asks "any"), and what it names as the user's own (:data:`_DEFINITE`)."""
    course = _COURSE.search(norm, start, end) is not None and _ASKS_ANY.search(norm, start, end) is None
    out: set[int] = set()
    for s, e, lex in hits:
        kind = _kind(lex)
        if kind not in KIND_SECTION:
            continue
        if course and kind != "drug" and _COURSE.search(norm, *_alternative(norm, s, start, end)):
            out.add(s)  # "Any change in frequency or feeling the urgency to pee?": only the changing one
            continue
        m = _DEFINITE.search(norm, max(start, s - 24), s)
        if m is None or kind not in (_YOUR_KINDS if m.group(1) else _OWN_KINDS):
            continue
        if m.group(1) is None and _HAVING_BEFORE.search(norm, max(start, m.start() - 16), m.start()):
            continue  # "feeling the urgency to pee?", "get the shakes?": whether it comes at all
        if any(m.start() <= o < s and _kind(other) for o, _, other in hits):
            continue  # "Is the rash itchy?": the itching is asked
        rest = norm[e:end].strip(" ?!.,")
        if _AUXILIARY.fullmatch(norm, start, m.start()) and (not rest or _WHEN.match(rest)):
            # "Is your urine dark?", "Is your skin itchy?", "Does your back hurt (after you eat)?": the
            # term holds what is asked of the subject
            continue
        out.add(s)
    return out


#: The assistant offering to act or asking whether the user wants something ("Would you like tips
#: on managing your asthma?", "Shall I add ibuprofen to your list?"), proposing a treatment
#: for consent ("可以试试奥美拉唑，您看行吗？"), asking what the user knows ("您了解高血压的危害吗？") or
#: for whom they ask ("您是帮家人咨询吗？"): what it names is the subject of the offer, not a question
#: about the user's health.
_OFFER = re.compile(
    r"\b(?:would you (?:like|prefer|want)|do you (?:want|wanna) (?:me|us|a|an|some|more|to)|do you need (?:me|us)"
    r"|want me to|shall (?:i|we)|should i|can i (?:help|add|send|book|remind)|may i|i can (?:help|do)"
    # what the user would like to ask ("Any questions about the warfarin?", "Anything you'd like to
    # ask about your asthma?")
    r"|any (?:more |other |further |last )?questions|anything (?:else )?you(?:'d| would)? (?:like|want) to"
    r" (?:ask|know|discuss|talk about|add))\b"
    r"|\basking (?:for|on behalf of) (?:a|your|someone)\b|\bhave you (?:ever )?heard (?:of|about)\b"
    r"|(?:帮|替|给|为)(?:家人|家里人|家属|孩子|老人|父母|别人|亲戚)(?:咨询|问|看|挂号)"
    r"|(?:试试|试一下|考虑|建议)[^？?。！!]{0,12}(?:行吗|可以吗|好吗|好不好|行不行|可不可以)"
    r"|(?:您|你)(?:知道|了解|听说过|清楚|明白)(?!自己)"
    r"|(?<![а-яё])(?:хотите|хотели бы|желаете|могу ли я|могу я|можно я|давайте я|нужно ли (?:мне|вам)"
    r"|нужен (?:ли )?(?:новый )?рецепт|нужна (?:ли )?справка|нужно (?:ли )?направление"
    r"|(?:мне|вам|вас|тебе) (?:напомнить|прислать|записать|рассказать|объяснить|подобрать|отправить|составить"
    r"|показать|скинуть|расписать))(?![а-яё])"
    r"|需要我|要不要我|需不需要我|是否需要我|用不用我|要我|我(?:可以|来)?帮(?:您|你)|需要(?:帮您|帮你)"
    r"|要不要帮(?:您|你)|要不要给您"
)
#: A demonstrative before a section's noun: "这个药", "那种药" is one medicine, not all of them.
_ZH_THIS_ONE = re.compile(r"(?:这|那)(?:个|种|款|类)?$")
#: 家里 said of a place, not of the family: "您家里有血压计吗？" (but 家里人, 家里有没有人, 家里谁).
_ZH_AT_HOME = re.compile(r"家里(?![^，,。？?！!]{0,4}(?:人|谁|亲戚|长辈|老人))")


def _zh_body(norm: str, hits: list[Hit]) -> str:
    """The Chinese body part a question names, when it names no complaint."""
    if norm.isascii() or any(_kind(lex) in _ILLNESS for _, _, lex in hits):
        return ""
    return next((norm[s:e] for s, e, lex in hits if _kind(lex) == "body_part"), "")


def _part_asked(norm: str, hits: list[Hit]) -> str:
    """The one body part an English or Russian question names (canonical), or ""."""
    if CJK_RE.search(norm):
        return ""
    parts = {lex.value for _, _, lex in hits if _kind(lex) == "body_part"}
    return parts.pop() if len(parts) == 1 else ""


#: Cues by which a question names what it asks about.
_NAMING = frozenset({"section", "allergy", "family", "ask", "start", "still"})


def _names(norm: str, span: tuple[int, int, bool], hits: list[Hit]) -> bool:
    start, end, _ = span
    return _PRONOUN.search(norm, start, end) is not None or any(
        start <= s < end and (lex.cat in _NAMING or _kind(lex) is not None) for s, _, lex in hits
    )


def _question_asked(norm: str, asked: list[tuple[int, int, bool]], hits: list[Hit]) -> tuple[int, int, bool]:
    """The question a reply answers: the last one, or when it names nothing but asks how long or
    how it goes ("有没有发烧？多久了？", "Any chest pain? For how long?"), the last one before it
    that names something, which a bare "no" still answers; with the ones right before it while
    each asks yes or no of the user's own things ("Any fever? Any cough?", "Курите? Алкоголь?"),
    or with the one right before it when it only asks a value ("Any allergies? How old are you?")."""
    if not _names(norm, asked[-1], hits):
        return next((span for span in reversed(asked[:-1]) if _names(norm, span, hits)), asked[-1])
    last = asked[-1]
    if not _of_the_user(last, hits):
        before = asked[-2] if len(asked) > 1 else None
        if (
            before is not None
            and before[1] == last[0]
            and _only_a_value(last, hits)
            and _names(norm, before, hits)
            and not _asks_what(norm, before)
        ):
            # "Do you have any allergies? And how old are you?": a "no" answers the question before
            # the value, a number the value
            return before[0], last[1], True
        return last
    start = last[0]
    for before in reversed(asked[:-1]):
        if before[1] != start or not _of_the_user(before, hits) or _asks_what(norm, before):
            break
        # "有没有发烧？咳嗽吗？", "Any chest pain? What about palpitations?": questions in a row about the
        # user's own complaints or habits are asked together ("都没有", "no to both"); not one that asks
        # how long or what ("How long have you had the cough? Any fever?" — "no" denies the fever only)
        start = before[0]
    return (start, last[1], True) if start != last[0] else last


def _only_a_value(span: tuple[int, int, bool], hits: list[Hit]) -> bool:
    """The question asks only for a value of the user (age, height, weight), which no "yes" or "no" gives."""
    start, end, _ = span
    inside = [lex for s, _, lex in hits if start <= s < end]
    return any(lex.cat == "ask" for lex in inside) and not any(
        lex.cat in ("section", "allergy", "family") or _kind(lex) is not None for lex in inside
    )


#: A question that asks what, how or when rather than yes or no: an English one by its first word,
#: a Russian or Chinese one by its question word anywhere ("Давно кашляете?", "咳嗽多久了？").
_EN_WH = re.compile(
    r"\s*(?:(?:ok(?:ay)?|great|thanks|thank you|alright|right|and|so|also)\b[,.!]?\s*)*"
    r"(?:how|what|when|where|which|who|why)\b"
)
_WH = re.compile(
    r"(?<![а-яё])(?:как|когда|сколько|давно|какие|какой|какая|какое|каких|где|почему|зачем|что)(?![а-яё-])"
    r"|多久|多长时间|什么|怎么|哪|几[天年次个月周回]|多少|为什么"
)


def _values_asked_beside(
    norm: str, asked: list[tuple[int, int, bool]], hits: list[Hit], answered: tuple[int, int]
) -> frozenset[str]:
    """The values (age, height, weight) that the turn's other questions ask and nothing else ("Сколько
    вам лет? Курите?", "How old are you, and do you smoke?", "方便说下年龄吗？抽烟吗？"): the reply gives
    its number whichever question the rest of it answers; not when the answered question asks a number of
    its own ("How old are you? How many a day?")."""
    if _ANOTHER_NUMBER.search(norm, *answered) is not None:
        return frozenset()
    return frozenset(
        lex.value
        for span in asked
        if not answered[0] <= span[0] < answered[1] and _only_a_value(span, hits)
        for s, _, lex in hits
        if span[0] <= s < span[1] and lex.cat == "ask"
    )


#: A question for a count, an amount or a time: its reply's number is no age.
_ANOTHER_NUMBER = re.compile(
    r"\bhow (?:many|much|often|long)\b|\bdose\b|сколько (?:раз|таблет|сигарет|дней|времени|лет вы|лет курите)"
    r"|как часто|как давно|доз|多少(?:次|支|根|片|年|天)|几(?:次|支|根|片|年|天)|多久"
)


def _asks_what(norm: str, span: tuple[int, int, bool]) -> bool:
    """The question asks what, how or when (:data:`_EN_WH`, :data:`_WH`), which a "no" does not answer."""
    start, end, _ = span
    if norm.isascii():
        return _EN_WH.match(norm, start) is not None
    return _WH.search(norm, start, end) is not None


#: Cues of a question about someone else, an allergy or an amount: not asked together with another.
_NOT_TOGETHER = frozenset({"family", "allergy", "ask", "third", "person"})


def _of_the_user(span: tuple[int, int, bool], hits: list[Hit]) -> bool:
    """The question names a complaint, illness, habit or medicine and asks nothing of anyone else."""
    start, end, _ = span
    inside = [lex for s, _, lex in hits if start <= s < end]
    return any(_kind(lex) not in (None, "relative", "body_part") for lex in inside) and not any(
        lex.cat in _NOT_TOGETHER or _kind(lex) == "relative" for lex in inside
    )


#: Time words filed with the taking verbs ("сейчас пью"), which alone ask nothing of medicines
#: ("Удобно сейчас говорить?").
_NOW = frozenset({"сейчас", "теперь"})
#: A question about what the user knows or understands ("Вы знаете, что такое гипертония?", "Do
#: you understand how to take warfarin?"): "нет" says the user does not know, nothing of their health.
_KNOWING = re.compile(
    r"(?<![а-яё])(?:знаете|понимаете|понятно|слышали)[\s,]+(?:ли\s+)?(?:вы\s+|вам\s+)?"
    r"(?:что такое|как (?:принимать|пить|правильно|действует|работает)|почему|зачем|для чего|о том|об?\s|про\s)"
    r"|\b(?:do you (?:know|understand)|are you aware of|have you heard (?:of|about))\s+"
    r"(?:what\s+(?:\w+\s+){1,3}(?:is|are|does|do)\b|how to\b|why\b|how (?:\w+\s+)?works?\b)"
    r"|\b(?:does that make sense|is that clear)\b"
)
#: A guess at what the complaint is, put to the user ("Could it be gastritis?", "Do you think it's a
#: migraine?", "Может, это гастрит?", "Как думаете, это аллергия?", "会不会是胃炎？", "可能是偏头痛吗？"):
#: it asks the user's opinion, not about their history.
_GUESS = re.compile(
    r"\b(?:could|might|may|can|would) (?:it|this|that|these|those|all this) (?:\w+ )?be\b"
    r"|\b(?:do|did) you (?:think|reckon|suppose) (?:it|this|that|these|those)"
    r"(?:'s|'re| is| are| was| could| might| may)\b"
    r"|\bis (?:it|this|that) (?:maybe|possibly|perhaps|likely)\b|\bis it possible (?:that )?(?:it|this|that)\b"
    r"|\b(?:maybe|perhaps|possibly) (?:it'?s|it is|this is|that'?s|that is)\b"
    r"|(?<![а-яё])(?:может|возможно)(?:,? быть)?,? (?:это|у вас это)(?![а-яё])"
    r"|(?<![а-яё])не [а-яё -]{2,40} это ли(?![а-яё])|(?<![а-яё])это (?:не|случайно не) [а-яё -]{2,40} ли(?![а-яё])"
    r"|(?<![а-яё])(?:как )?(?:думаете|считаете|полагаете),? (?:что )?это(?![а-яё])"
    r"|(?<![а-яё])(?:не )?похоже(?:,)? (?:ли )?(?:это )?на(?![а-яё])"
    r"|会不会是|有没有可能是|可不可能是|是否可能是|也许是|或许是|可能是[^？?。]{0,12}[吗么]|(?:你|您)(?:觉得|认为|看)(?:会)?(?:是|像)|难道是|像不像是?"
)
#: The same guess put first: "Maybe reflux?", "Perhaps a sinus infection?".
_GUESS_AT = re.compile(r"\s*(?:maybe|perhaps|possibly)\b")
#: The same offer said by its verb alone, at the question's start: "Напомнить вам про метформин?".
_OFFER_AT = re.compile(
    r"\s*(?:напомнить|прислать|записать|рассказать|объяснить|подобрать|отправить|составить|показать|скинуть"
    r"|расписать)(?![а-яё])"
)


#: What may stand between a Chinese denial and the thing it denies: a verb and its aspect
#: ("没吃过阿司匹林", "不用胰岛素", "没再抽烟", "从来没得过").
_ZH_NEG_GAP = re.compile(r"[再用吃抽喝打做得有过服犯发是怎么太]{0,3}")
#: After the denied thing, an ending ("不抽烟了吧？"): the denial puts a stop to confirm.
_ZH_NEG_ENDED = re.compile(r"[\u4e00-\u9fff]{0,2}?了")


def _family_items(norm: str, every: list[Hit], spans: list[tuple[int, int, bool]]) -> tuple[str, ...]:
    """The entities the turn's earlier questions about the family name."""
    entities: list[str] = []
    for start, end, _ in spans:
        inside = _without_examples(norm, [h for h in every if start <= h[0] < end])
        if any(_of_family(lex) for _, _, lex in inside):
            entities += [entity for _, entity in _items(inside, True, False)[0]]
    return tuple(dict.fromkeys(entities))


def _earlier_items(norm: str, every: list[Hit], spans: list[tuple[int, int, bool]]) -> tuple[tuple[str, str], ...]:
    """The items the turn's earlier questions name, each read as its own question."""
    items: list[tuple[str, str]] = []
    for start, end, _ in spans:
        inside = _without_examples(norm, [h for h in every if start <= h[0] < end])
        if not any(lex.cat == "family" or lex.cat == "allergy" for _, _, lex in inside):
            items += _items(inside, False, False)[0]
    return tuple(dict.fromkeys(items))


#: An English question that puts a denial to confirm: "No known drug allergies, correct?", "So no
#: surgeries?", "You don't take any medications, right?", "And you've never had surgery?".
_EN_NEGATED = re.compile(
    r"\s*(?:(?:so|and|okay|ok|alright|just to (?:confirm|check|double check)|to confirm)[,.]?\s+)*"
    r"(?:no\b|none\b|nothing\b|you (?:don't|do not|didn't|did not|haven't|have not|never|aren't|are not|'re not)\b"
    r"|you've never\b|you're not\b)"
)


def _en_negated(norm: str, start: int) -> str:
    """ "neg" when an English question puts a denial to confirm (:data:`_EN_NEGATED`): an agreeing
    "Correct." or "Right." then agrees with the denial (replies.agrees_with_denial)."""
    return "neg" if _EN_NEGATED.match(norm, start) else ""


def _zh_negated(norm: str, hits: list[Hit], start: int, end: int) -> str:
    """ "neg" / "end" when a Chinese question denies what it names ("您不抽烟吧？", "没有过敏吧？",
    "还是没打疫苗吗？"), "" otherwise. An A-not-A question ("抽不抽烟？", "有没有…") asks, it
    denies nothing; nor does a denial inside a term ("不舒服") or one that is a question word."""
    if not any("\u4e00" <= ch <= "\u9fff" for ch in norm[start:end]):
        return ""
    named = [(s, e) for s, e, lex in hits if lex.cat in ("term", "allergy", "section") and start <= s < end]
    for s, e, lex in hits:
        if lex.cat != "neg" or not start <= s < end:
            continue
        if any(ts <= s < te or ts < e <= te for ts, te in named):
            continue  # the denial is part of a term ("不舒服", "不孕")
        if s > start and norm[s - 1] == norm[e : e + 1]:
            continue  # A-not-A: "抽不抽", "有没有"
        if s > start and norm[s - 1] == "有" and norm[s] == "没":
            continue  # "有没有" read as one denial "没有" after 有: a question word
        gap = _ZH_NEG_GAP.match(norm, e)
        at = gap.end() if gap else e
        after = next((te for ts, te in named if ts == at or ts == e), None)
        if after is None:
            continue
        return "end" if _ZH_NEG_ENDED.match(norm, after) else "neg"
    return ""


#: A test right before what it looks for: "checked for", "tested for", "screened for".
_TESTED_FOR = re.compile(
    r"\b(?:checked|tested|screened|checking|testing|screening|test|check|screen)\s+for\s+$"
    # "Проверялись на диабет?", "Сдавали анализ на гепатит?"; a contact with the ill ("контакт с больными гриппом")
    r"|(?:провер|обследова|следова|анализ|тест|скрининг|сдава)[а-яё]*\s+на\s+$|контакт[а-яё]*\s+с\s+(?:[а-яё]+\s+)?$"
    r"|\b(?:contact with|exposed to|exposure to|around (?:anyone|someone|people) with)\s+(?:\w+\s+)?$"
)
#: Kinds of terms a medicine is taken for.
_ILLNESS = frozenset({"condition", "diagnosis", "symptom"})
#: What a medicine is for, right before the illness: "от давления", "for the pain", "治疗".
_PURPOSE_BEFORE = re.compile(r"(?:(?<![а-я])(?:от|для|против)|\bfor(?: the| your| my)?)\s+$")
#: A medicine noun that ends an illness's form or follows it ("blood pressure tablets", "asthma inhaler").
_EN_MEDICINE = re.compile(r"\b(?:medications?|meds|medicines?|tablets?|pills?|drugs?|inhalers?|injections?)\b")


def _names_its_medicine(norm: str, s: int, e: int) -> bool:
    """The illness's form at (s, e) names it by its medicine ("降压药", "blood pressure medication") or by
    what something is for ("от давления", "for your sugar"): a "no" denies the medicine, not the illness."""
    if norm[e - 1] in "药的" or _PURPOSE_AT.match(norm, s) is not None:
        return True
    medicine = _EN_MEDICINE.search(norm, s, e + 12)
    if medicine is None:
        return False
    return medicine.end() == e or (medicine.start() > e and not norm[e : medicine.start()].strip())


#: Whom a Russian question asks about when it is someone else: "ему", "у неё", "ребёнку", "сыну".
_RU_OTHER = re.compile(
    r"(?<![а-яё])(?:ему|ей|у него|у нее|у неё|ребенку|ребёнку|у ребенка|у ребёнка|ребенок|ребёнок"
    r"|сыну|у сына|дочери|дочке|у дочки|у дочери|мужу|у мужа|жене|у жены)(?![а-яё])"
)
#: The user addressed in a Russian question ("вы", "у вас", "принимаете"): it asks about the user (too).
_RU_YOU = re.compile(r"(?<![а-яё])(?:вы|вас|вам|вами|ваш\w*|сами|сама|сам|[а-яё]+(?:ете|ёте|ите))(?![а-яё])")
#: "your" before a person ("your husband", "你老公", "您爱人"): the assistant names someone of the user's.
_YOUR_BEFORE = re.compile(r"(?:\byour\s+|[你您]的?)$")
#: The user addressed in an English or Chinese question apart from "your" ("does your wife know you...").
_EN_YOU = re.compile(r"\b(?:you|yourself)\b")
_ZH_YOU = re.compile(r"[你您]")
#: A person spoken of in the third person ("Is he on any medicines?", "他目前在吃什么药？"), keyed by
#: whether the text is English: with no "you", the question asks about that person.
_THIRD_PERSON = {True: re.compile(r"\b(?:he|she|him|her|his|hers)\b"), False: re.compile(r"[他她]")}


def _of_another(
    norm: str, start: int, end: int, hits: list[Hit], every: list[Hit], asked: list[tuple[int, int, bool]]
) -> bool:
    """The question asks about someone else (:func:`_asks_of_another`), about someone the user cares
    for ("What have you given him?"), or names nobody after a question of the same turn about someone
    else ("孩子多重？以前烧到抽筋过吗？")."""
    if _asks_of_another(norm, start, end, hits) or cares_for_another(norm, start, end):
        return True
    if not names_nobody(norm, start, end, every):
        return False
    return any(
        (
            _asks_of_another(norm, s, e, span_hits)
            or cares_for_another(norm, s, e)
            or any(_kind(lex) == "relative" for _, _, lex in span_hits)
        )
        and not addresses_the_user(norm, s, e)  # "Did she ask about your mood? Any low mood?"
        for s, e, _ in asked
        if e <= start
        for span_hits in ([h for h in every if s <= h[0] < e],)
    )


def _asks_of_another(norm: str, start: int, end: int, hits: list[Hit]) -> bool:
    """The question asks about someone else and not the user ("Ему назначили антибиотик?", "Is your
    wife still on sertraline?", "你老公有过敏吗？"): a reply that names nobody speaks of that person.
    English and Chinese need the person named as the user's ("your husband"): a bare "he" or "she"
    may be the one whose record a caregiver keeps."""
    if _RU_OTHER.search(norm, start, end) is not None:
        return _RU_YOU.search(norm, start, end) is None
    if not norm.isascii() and CJK_RE.search(norm, start, end) is None:
        return False
    names = [(s, e) for s, e, lex in hits if lex.term is not None]
    third = [m for m in _THIRD_PERSON[norm.isascii()].finditer(norm, start, end)
             if not any(s <= m.start() < e for s, e in names)  # not the 他 of "阿托伐他汀", "扶他林"
             and not prescriber_pronoun_at(norm, m.end(), end)]  # "What treatment did she suggest?"
    if third:
        return (_EN_YOU if norm.isascii() else _ZH_YOU).search(norm, start, end) is None
    yours = [s for s, _, lex in hits if lex.cat == "person" and _YOUR_BEFORE.search(norm, max(start, s - 6), s)]
    if not yours:
        return False
    if norm.isascii():
        return _EN_YOU.search(norm, start, end) is None
    # every 你 of the question is the "your" of the person asked about
    return all(any(0 < p - m.start() <= 2 for p in yours) for m in _ZH_YOU.finditer(norm, start, end))


#: A noun of treatment before the illness ("профилактику мигрени", "лечение гастрита"): a purpose
#: with or without a taking verb.
_TREATMENT_BEFORE = re.compile(r"(?:профилактик\w*|лечени\w*)\s+$")
#: A term that starts with its purpose word ("от давления" is a name of hypertension).
_PURPOSE_AT = re.compile(r"(?:от|для|против|for)\s")
#: End cues that only date a thing ("以前吃", "in the past", "раньше"): a question with them asks about
#: the past ("以前有过胸痛吗？", "Any liver problems in the past?", "Раньше были проблемы с сердцем?" —
#: "no" is never had), not whether it is gone ("胸痛好了吗？", "Is the rash gone?").
_PAST_TIMES = frozenset(
    {"以前", "过去", "曾经", "之前", "in the past", "previously", "formerly", "used to", "раньше", "в прошлом"}
)


#: A question that only adds a thing to the one before it: "What about diabetes?", "And cancer?",
#: "А диабет?", "Как насчёт рака?", "糖尿病呢？".
_FOLLOW_UP = re.compile(
    r"\s*(?:(?:and|so|ok(?:ay)?|also)[,]?\s+)?(?:what|how) about\b|\s*and\s+(?:any\s+)?[a-z-]+(?:\s+[a-z-]+)?\s*\?"
    r"|\s*(?:а|и)\s+(?:как насч[её]т\s+|что насч[её]т\s+)?[а-яё-]+(?:\s+[а-яё-]+)?\s*\?|\s*(?:как|что) насч[её]т"
    r"|[^\s?？]{1,8}呢[?？]"
)


#: A question that is only a name, perhaps after "was it" ("Naprosyn?", "Was it penicillin?").
_GUESS_AT_A_NAME = re.compile(
    r"\s*(?:(?:was it|is it|you mean|do you mean|maybe|perhaps)\s+)?[\w-]+(?:\s+[\w-]+){0,2}\s*\?+\s*"
)


def _asked_before(
    every: list[Hit], asked: list[tuple[int, int, bool]], start: int, about: Callable[[Lex], bool]
) -> bool:
    """A question of the turn before ``start`` names a word ``about`` accepts (:func:`_of_allergy`,
    :func:`_of_family`): what a follow-up or a guess at a name asks in."""
    return any(s < start and any(s <= h < e and about(lex) for h, _, lex in every) for s, e, _ in asked)


def _of_allergy(lex: Lex) -> bool:
    """An allergy word: "Naprosyn?" after it guesses at the allergen."""
    return lex.cat == "allergy"


def _of_family(lex: Lex) -> bool:
    """A family word or a relative: "What about diabetes?" after it asks of the family too."""
    return lex.cat == "family" or _kind(lex) == "relative"


def asked_in(context: str) -> Topic | None:
    """What a context asks. A context of two assistant turns (build_fragments joins them with a line
    break when the user asked back in between: "Any allergies?" — "Me?" — "Yes.") asks what its last
    turn asks or states, or, when that turn asks nothing, what the turn before it asked; a last turn
    that only guesses a name after an allergy question ("Naprosyn?") asks it as an allergy."""
    _, sep, last = context.rpartition("\n")
    if sep and last.strip():
        if _GUESS_AT_A_NAME.fullmatch(last) and (whole := topic(context)) is not None and whole.allergy:
            return whole  # "Any drug allergies?" — "It's called... Napro-" — "Naprosyn?": asked as an allergy
        found = topic(last) or _with_each(context, topic(context))
    else:
        found = _with_each(context, topic(context))
    said = asked_back_to_normal(context)  # "Is your sleep back to normal?": a "yes" says so
    if found is not None:
        if said and not any(section == "symptoms" for section, _ in found.items):
            found = replace(found, back_to_normal=said)  # one naming the complaint asks of it ("Голова не кружится?")
        return found
    # a turn that asks nothing of a named thing may name a vaccine a reply tells done ("Yes, the
    # shingles vaccine is recommended from 50."); one that asks of it is answered as asked
    jabs = vaccines_named(context, load_lexicon())
    advice = asks_advice(context)  # "Any advice about the triglycerides?": what to do
    if advice or jabs or said:
        return Topic((), (), False, False, False, False, frozenset(), advice=advice, jabs=jabs, back_to_normal=said)
    return None


@lru_cache(maxsize=8192)
def _with_each(context: str, asked: Topic | None) -> Topic | None:
    """``asked`` with :attr:`Topic.each`, when the context asks several questions that each name something."""
    if asked is None or not (asked.items or asked.sections) or context.count("?") + context.count("？") < 2:
        return asked
    norm = normalise(context)
    each = tuple(topic(norm[start:end]) for start, end, question in _examples_joined(norm, sentences(norm)) if question)
    if len(each) < 2 or any(t is None or not (t.items or t.sections) or t.family for t in each):
        return asked
    return replace(asked, each=each)  # type: ignore[arg-type]


#: The words that give examples, in any of the three languages.
_EXAMPLE_WORDS = r"например|напр\.|e\.g\.|\beg\.|such as|for example|比如|例如|including|включая|в том числе|包括"
#: "including": examples of a section asked as a whole ("Any allergies, including to eggs?") ...
_INCLUDING = re.compile(r"including|включая|в том числе|包括")
#: ... but not of a section asked beyond what is known ("any other medicines, including the pill?").
_OTHER = re.compile(r"\b(?:other|else|more)\b|(?<![а-яё])(?:друг\w+|ещ[её]|кроме)(?![а-яё])|其他|其它|别的|另外|还有")
#: What introduces examples of the thing just asked about: "гипогликемии — дрожь, потливость?",
#: "any signs of infection, e.g. fever or chills?", "有没有低血糖，比如手抖、出汗？".
_EXAMPLES = re.compile(rf"\s[—–-]\s|—|:\s|,?\s*(?:{_EXAMPLE_WORDS})")


#: A kin word the assistant greets the user by, before or after the greeting ("阿姨您好", "大爷，您好",
#: "您好阿姨，有什么可以帮您？"): the user, not a relative.
_ZH_KIN_ADDRESSED = r"(?:阿姨|叔叔|大爷|大妈|大娘|大叔|奶奶|爷爷|大姐|大哥)"
_ZH_ADDRESS = re.compile(
    rf"{_ZH_KIN_ADDRESSED}(?=[，,\s]*(?:您好|你好))|(?<=您好|你好)[，,\s]*{_ZH_KIN_ADDRESSED}(?=[，,。！!\s])"
)


#: A question that only gives examples of the one before it: "有什么慢性病吗？比如糖尿病、高血压？",
#: "Any chronic illness? E.g. diabetes?", "Хронические болезни есть? Например, диабет?".
_EXAMPLES_OPEN = re.compile(rf"\s*(?:{_EXAMPLE_WORDS}|like|к примеру)")


def _examples_joined(norm: str, spans: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """``spans`` with a question that opens with an examples word joined to the question before it, so
    a "no" denies what that question asks, not each example (:func:`_without_examples`)."""
    if len(spans) < 2:
        return spans
    out = [spans[0]]
    for start, end, question in spans[1:]:
        if question and out[-1][2] and _EXAMPLES_OPEN.match(norm, start):
            out[-1] = (out[-1][0], end, True)
        else:
            out.append((start, end, question))
    return out


def _without_examples(norm: str, hits: list[Hit]) -> list[Hit]:
    """The question's hits without the terms given as examples of a term or a section named
    before them: a "no" denies the thing asked about, not each of its signs or members one by one.
    A term that only dates the question ("Before you take amoxicillin: are you allergic to
    penicillin?", "Перед амоксициллином уточню: ...") is not what is asked, so what follows its
    colon or dash is no example of it."""
    anchors = _time_anchors(norm, hits)
    # what is asked first: a term, or a section as a whole ("Any allergies, for example to eggs?")
    first = next(
        (
            lex
            for s, _, lex in hits
            if s not in anchors
            and (_kind(lex) not in (None, "relative", "body_part") or lex.cat in ("section", "allergy"))
        ),
        None,
    )
    if first is None or _only_a_class(first):
        return hits  # "any blood thinners such as warfarin?": the class's examples are what it asks
    first = next(e for _, e, lex in hits if lex is first)
    m = _EXAMPLES.search(norm, first)
    if m is None or not any(s >= m.end() and _kind(lex) not in (None, "relative", "body_part") for s, _, lex in hits):
        return hits
    if _INCLUDING.search(m.group()) and _OTHER.search(norm, 0, m.start()):
        return hits  # "any other medicines, including the pill?": no new section is asked, only the pill
    return [h for h in hits if h[0] < m.start()]


#: A point in time a question counts from ("before the operation", "since your hip replacement",
#: "после операции", "перед операцией"), right before the term or section word it names ...
_TIME_BEFORE = re.compile(
    r"(?:\b(?:before|after|since|following|prior to|ahead of)\s+"
    r"(?:(?:you (?:take|start|begin|try|have|took|started|began|tried)|taking|starting|trying) )?"
    r"(?:the |your |this |that |an? |more )?"
    r"|(?<![а-яё])(?:перед|после|до|с момента|с начала)\s+(?:(?:началом |начала )?(?:приема|курса) |началом |начала )?"
    r"(?:вашей |вашего |вашим |этой |этого |этим )?)$"
)
#: ... or, in Chinese, right after it ("手术前", "胆囊切除以后", "做胃镜前").
_ZH_TIME_AFTER = re.compile(r"(?:之前|之后|以后|以来|前|后)")


def _time_anchors(norm: str, hits: list[Hit]) -> set[int]:
    """Starts of the terms and section words that only date what a question asks: "Before the
    operation, do you have any allergies?", "After your hip replacement, any blood clots?",
    "手术前确认一下，您有过敏史吗？" take the operation as given (:attr:`Topic.presumes`) and ask of
    the rest, so "no" never denies the operation."""
    return {
        s
        for s, e, lex in hits
        if (_kind(lex) is not None or lex.cat == "section")
        and (_TIME_BEFORE.search(norm, max(0, s - 24), s) or _ZH_TIME_AFTER.match(norm, e))
    }


#: What a question asks of a treatment it takes as given, right before the treatment's term or
#: section word: its complications, side effects or problems ("Any complications with either
#: surgery?", "Any issues with your medications?", "Побочные эффекты от лекарств были?"), its name
#: or details ("Do you remember the name of the operation?", "Помните название операции?"), or
#: whether the user remembers it ("Do you recall your surgery?").
_ASPECT_BEFORE = re.compile(
    r"\b(?:complications?|problems?|issues?|trouble|difficult(?:y|ies)|side[- ]effects?|concerns?|reactions?)\s+"
    r"(?:with|from|after|of|following|related to|due to|since)\s+"
    r"(?:(?:any|your|the|either|both|that|this|those|these|all|of)\s+)*(?:[a-z]+\s+)?$"
    # what the user remembers or knows of one they had: "the" or "your" takes it as given ("Do you
    # remember having any surgeries?" asks whether at all)
    r"|\b(?:(?:names?|details?|information|kind|type)\s+(?:of|about|for)"
    r"|(?:remember|recall)(?:\s+(?:what|which|when|why|where|how))?)\s+"
    r"(?:the|your|either|both|that|this|those|these)\s+(?:[a-z]+\s+)?$"
    r"|(?<![а-яё])(?:побочн\w*(?:\s+(?:эффект|действи)\w*)?|осложнени\w*|проблем\w*|назван\w*)"
    r"\s+(?:(?:от|с|со|после|из-за|при)\s+)?(?:(?:ваш|эт|тех|той|того)\w*\s+)?$"
)
#: The treatments (sections and kinds) a question asks an aspect of (:data:`_ASPECT_BEFORE`);
#: a complaint's or illness's "problems with" is the complaint itself ("trouble with breathing?").
_ASPECT_SECTIONS = frozenset({"medications", "surgeries", "vaccinations"})
_ASPECT_KINDS = frozenset({"drug", "procedure", "vaccine"})


def _aspect_anchors(norm: str, hits: list[Hit]) -> set[int]:
    """Starts of the treatments a question takes as given and asks an aspect of
    (:data:`_ASPECT_BEFORE`): "no" to "Any complications with the surgery?" denies the
    complications, never every operation, as a time anchor (:func:`_time_anchors`) never does."""
    return {
        s
        for s, _, lex in hits
        if (_kind(lex) in _ASPECT_KINDS or (lex.cat == "section" and lex.value in _ASPECT_SECTIONS))
        and _ASPECT_BEFORE.search(norm, max(0, s - 64), s)
    }


#: A Russian question of how a thing goes ("Лекарства помогают?", "Симптомы улучшились?").
_RU_COURSE = re.compile(
    r"(?<![а-яё])(?:помога\w*|помогл\w*|помог|улучш\w*|лучше|хуже|ухудш\w*|действу\w*|работа\w*|изменил\w*)(?![а-яё])"
)


#: A reaction or side effect asked of ("any reactions to...", "did you react", "реакция на", "побочка",
#: "осложнения после", "有没有反应", "副作用").
_REACTION_TO = re.compile(
    r"\breact(?:s|ed|ions?)?\b|\bside[- ]?effects?\b"
    r"|(?<![а-яё])(?:реакци|побочк|побочн|осложнени)[а-яё]*|反应|副作用"
)
#: The allergy word itself, which a reaction to a jab may still ask of ("allergic reaction to a vaccine").
_ALLERGY_WORD = re.compile(r"\ballerg|аллерг|过敏")


def _jabs_reacted_to(norm: str, hits: list[Hit], start: int, end: int) -> set[int]:
    """Starts of the vaccines and vaccination words of a question that asks of a reaction or side
    effect (:data:`_REACTION_TO`): it takes the jab as had, so "no" denies the reaction, never the jab."""
    jabs = {s for s, _, lex in hits if _kind(lex) == "vaccine" or (lex.cat == "section" and lex.value == "vaccinations")}
    if not jabs or _REACTION_TO.search(norm, start, end) is None:
        return set()
    return jabs


def _sections_going(norm: str, hits: list[Hit], start: int, end: int) -> set[int]:
    """Starts of the section words of a question that asks how they go ("Has the medication
    helped?", "Have your symptoms improved?", "Лекарства помогают?"): it takes them as there, so
    "no" says they do not help or improve, never that there are none (as :data:`_COURSE` already
    does of a named term; "Any symptoms that got worse?" asks whether at all)."""
    if norm.isascii():
        going = _COURSE.search(norm, start, end) is not None and _ASKS_ANY.search(norm, start, end) is None
    else:
        going = _RU_COURSE.search(norm, start, end) is not None
    return {s for s, _, lex in hits if lex.cat == "section" and start <= s < end} if going else set()


#: What sets the circumstance of a complaint ("pain when you cough", "одышка при ходьбе") ...
#: A purpose is a circumstance too: "Do you drink alcohol to help with sleep?" asks of the drinking.
_WHEN = re.compile(
    r"\b(?:when|whenever|while|during|after|to help(?: with| you)?|to get to)\b"
    r"|(?<![а-яё])(?:при|во время|после|чтобы|для того чтобы)(?![а-яё])|为了|来帮助|帮助"
)
#: ... unless another item of a list follows it ("a cough when you lie down, or wheezing?").
_LISTED = re.compile(r"[,;]|\b(?:or|and|any)\b|(?<![а-яё])(?:или|и)(?![а-яё])")


def _last(pattern: re.Pattern[str], text: str, start: int, end: int) -> int | None:
    """Where the last match of ``pattern`` in ``text[start:end]`` ends, if any."""
    last = None
    for m in pattern.finditer(text, start, end):
        last = m.end()
    return last


#: What a question asks about in words no term names ("Any blood when you cough?"): "any" and a word.
_ANY_THING = re.compile(r"\b(?:any|some)\s+[a-z]+")


def _without_circumstances(norm: str, hits: list[Hit], start: int, end: int) -> list[Hit]:
    """The question's hits without a term that only says when the complaint asked about comes:
    "Any leaking of urine when you cough?", "Do you get chest pain after the aspirin?", "Болят ли
    икры при ходьбе?" ask of the leaking, the chest pain and the calves, so a "yes" is no cough, no
    aspirin and no walking habit. The complaint may be in words no term names ("Any blood when you
    cough?"); an occasion that opens the question ("When you wake up, do you have a headache?") is
    not one of a complaint asked before it, so what follows stays asked."""
    out: list[Hit] = []
    thing = _ANY_THING.search(norm, start, end)
    before = thing.end() if thing is not None else -1  # the end of the last thing asked about
    for hit in hits:
        s, e, lex = hit
        if _kind(lex) in (None, "relative", "body_part"):
            out.append(hit)
            continue
        when = _last(_WHEN, norm, before, s) if 0 <= before <= s else None
        if when is not None and not _LISTED.search(norm, when, s):  # ", or wheezing?" is one more item
            continue
        out.append(hit)
        before = max(before, e)
    return out


#: A pronoun standing for something the assistant named before its question.
_PRONOUN = re.compile(
    r"\b(?:it|them|those|these)\b|(?<![а-я])(?:его|её|ее|их|ним|нём|нем|ней|них)(?![а-я])|它|这个药|那个药"
)
#: A verb whose pronoun can only be a limb or a joint ("Can you put weight on it?", "Можете на неё
#: наступать?", "能下地走吗"): it refers to no drug, jab or illness the turn named before it.
_OF_A_LIMB = re.compile(
    r"\b(?:(?:put|bear|take) (?:any )?weight on|walk on|stand on|bend|straighten|move|lift|rotate|flex)\s+(?:it|them)\b"
    r"|(?<![а-яё])(?:наступать|наступить|опираться|опереться|согнуть|сгибать|разогнуть|разгибать|шевелить|двигать)"
    r"\s+(?:на\s+)?(?:неё|нее|него|ей|им|ею)(?![а-яё])"
)
#: The pronouns of :data:`_PRONOUN` that stand for more than one thing.
_PLURAL_PRONOUNS = frozenset({"them", "those", "these", "их", "них"})


def _referred(hits: list[Hit], pronoun: str) -> list[Hit]:
    """The hits a pronoun refers to among those named before the question: all of them for a plural
    pronoun ("metformin and lisinopril... still taking them?"), for a singular one the hits with no
    term but the last term named ("При раке кишечника у брата колоноскопия вам рекомендуется.
    Делали её раньше?" asks of the colonoscopy, not of the brother's cancer)."""
    terms = [h for h in hits if _kind(h[2]) not in (None, "relative", "body_part")]
    if pronoun in _PLURAL_PRONOUNS or len(terms) < 2:
        return hits
    return [h for h in hits if h is terms[-1] or _kind(h[2]) in (None, "relative", "body_part")]


#: Habits a question may ask of a whole household ("does anyone at home smoke?"); "runs in the
#: family" names no run.
_HOUSEHOLD_HABITS = frozenset({"smoking", "alcohol"})


def _items(hits: list[Hit], family: bool, allergy: bool) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(section, entity) of every term the hits name, as the question asks about it; and for a
    family question the same terms as the user's own ("家里其他人有哮喘吗？" — "我也有")."""
    vaccine_word = any(lex.cat == "section" and lex.value == "vaccinations" for _, _, lex in hits)
    #: "破伤风打了吗？", "乙肝也打过吗？": a vaccination verb right after a disease asks about its vaccine
    jabbed = {s for s, _, lex in hits if lex.cat == "jab"}
    items: list[tuple[str, str]] = []
    own: list[tuple[str, str]] = []
    habits: list[tuple[str, str]] = []  # a family question's habits, asked when it names no illness
    removals = [(s, lex.value) for s, _, lex in hits if lex.cat == "removal"]
    for _, end, lex in hits:
        kind = _kind(lex)
        if kind == "body_part" and lex.term is not None and "removal" in lex.term.links and not family:
            # "Did you have your tonsils removed?", "...gallbladder out?": the part's removal
            if any(value != "after" or 0 <= cs - end <= 1 for cs, value in removals):
                items.append(("surgeries", lex.term.links["removal"]))
            continue
        if kind is None or kind in ("relative", "body_part"):
            continue
        entity = lex.value
        if allergy and _only_a_class(lex):
            continue  # "allergic to any antibiotics?": no allergen of its own; a "no" denies allergies
        if (vaccine_word or _jabbed(jabbed, end)) and entity in load_lexicon().vaccine_for:
            kind, entity = "vaccine", load_lexicon().vaccine_for[entity]
        section = "allergies" if allergy and kind == "drug" else KIND_SECTION[kind]
        if family and kind == "lifestyle":
            if entity in _HOUSEHOLD_HABITS:  # "家里有人抽烟吗？": the household's habit, the user's among it
                habits.append((section, entity))
            continue
        if family:
            if kind not in ("condition", "diagnosis"):
                continue
            own.append((section, entity))
            section = "family_history"
        items.append((section, entity))
    return items or habits, own


def _jabbed(jabs: set[int], end: int) -> bool:
    """A vaccination verb at the disease's end or one adverb after it ("破伤风打了", "流感也打过")."""
    return any(0 <= s - end <= 1 for s in jabs)


_ELSE = re.compile(
    r"\belse\b|\b(?:besides|except|other than|apart from|aside from)\b"
    r"|\b(?:alongside|along with|while on|on top of)\b"
    r"|помимо|кроме|на фоне|вместе с"
    r"|ещё что|еще что|что-то ещё|что-то еще|что-нибудь ещё|что-нибудь еще"
    r"|除了|其他(?!人)|别的(?!人)|另外还|还有什么|还吃什么"
)
def _of_a_body_part(norm: str, hits: list[Hit], start: int, end: int) -> bool:
    """The question ties what it asks to a part of the body ("Any operations on your back?", "Any
    heart or lung conditions?"), so it asks of that part only; a part given among examples ("any
    operations, for example on the womb?") narrows nothing."""
    examples = _EXAMPLES.search(norm, start, end)
    before = examples.start() if examples else end
    return any(_kind(lex) == "body_part" and s < before for s, _, lex in hits)


#: A qualifier that makes a question ask about a part of a section: "any other medicines?",
#: "over-the-counter medications?", "herbal remedies?", "recreational drugs?", "vitamins?", "mental
#: health conditions?", "all your vaccinations?", "any new medications since last time?" (what has
#: changed, not what the user has). A "no" denies that part, never the whole section
#: (gold README: "no other operations" gives no ``*``), so a user's known medicines are not stopped
#: by "No" to "any herbal remedies?".
_PART = re.compile(
    r"\b(?:other|new|newly|over[- ]the[- ]counter|otc|herbal|alternative|natural|homeopathic|recreational|street"
    r"|illicit|vitamins?|mental"
    # whether every member is there ("Have you had all your vaccinations?", "Are your jabs up to date?")
    r"|all (?:of )?(?:your|the)|up[- ]to[- ]date)\b"
    # "Другие симптомы есть?", "Какие-нибудь ещё лекарства?"; "аллергия на X или другие лекарства" asks of all
    r"|(?<![а-яё])(?<!или )(?:другие|других|другое|другого|иные|ещё|еще|нов(?:ые|ых|ое|ого|ая|ой|ую))(?![а-яё])"
    # "有新开的药吗？", "有没有新的症状？" (新冠 is COVID: no new thing)
    r"|新(?:的|开|出现|增|发)"
    # "家里还有其他人…吗？", "别人": the family's other members, besides the ones already told
    rf"|{ZH_OTHERS}的?(?:人|家人|亲人|亲戚)|别人"
)
#: An assistant's sentence whose subject is the user and whose verb states the user's history or
#: treatment: "I see you had...", "looks like you've had...", "you're on metformin".
_STATES_YOURS = re.compile(
    r"(?:^|[.!]\s*|\b(?:(?:i (?:also |can )?(?:see|read|notice|noticed|noted)|i understand|it says|it looks like"
    r"|looks like|it(?:'s| is| was) (?:also )?(?:mentioned|noted|written|documented|recorded)|so|and|okay|ok|alright"
    r"|right|yes|yeah|according to (?:this|that|the \w+|your \w+)"
    # "I have here that you take...", "the nurse noted you're allergic to...", "you mentioned you take..."
    r"|i have (?:it )?(?:here|written|down)|i have in (?:my|the|your) \w+"
    r"|(?:the|my|your) (?:nurse|doctor|surgeon|specialist|pcp|gp)(?: \w+)?"
    r" (?:noted|said|says|wrote|mentioned|documented)"
    r"|you (?:mentioned|said|told (?:me|us|the nurse)|indicated))\s*,?\s*)+(?:here\s+)?"
    # "I see here in your reports you have...", "it is noted in your file that you have..."
    r"(?:in (?:your|the) (?:\w+ )?(?:reports?|records?|chart|file|notes|history)\s+)?(?:that\s+)?)"
    r"(?:you(?:'ve|'re| have| had| are| were)?\s+"
    r"(?:also\s+|recently\s+|previously\s+|already\s+|still\s+|currently\s+)?"
    r"(?:had|have|been|on|taking|diagnosed|got|underwent|take|took|do take|use|using|prescribed|given|allergic)\b"
    # "they gave you omeprazole", "we started you on lisinopril": the user's treatment told by who gave it
    r"|(?:they|we)\s+(?:also\s+)?(?:gave you|started you on|put you on|prescribed you|treated you with)\b)"
    r"|\byour (?:current )?(?:medications?|meds|medicines|prescriptions|allergies|(?:past )?surgical history"
    r"|(?:past )?surgeries|operations) (?:include|includes|are|is)\b"
    r"|\b(?:your|the) (?:records?|chart|file|notes|(?:medication |med |medicine )?list|paperwork|intake form)"
    r" (?:shows?|says|say|indicates?|lists?|mentions?)\b"
)
#: A question that only asks to confirm: "Is this correct?", "..., right?", "Correct?".
_CONFIRM_TAG = re.compile(
    r"(?:^|,)\s*(?:(?:is|was) (?:this|that|it|all (?:this|that)) (?:all )?"
    r"(?:correct|right|true|accurate|still (?:correct|right|true))"
    r"|(?:does|do) (?:this|that|it|those|these|all (?:of )?(?:this|that|those|these)) (?:sound|look)"
    r" (?:correct|right|accurate)"
    r"|am i (?:right|correct)|right|correct|yes|no)\s*\?+\s*$"
)


_YOUR = re.compile(r"\byour\b")


def _states_a_regimen(norm: str, hits: list[Hit], span: tuple[int, int, bool]) -> bool:
    """ "Bactroban ointment is three times a day for your bug bites.": a drug with its schedule,
    said of the user's own ("your"), states their regimen; a "yep" confirms it."""
    start, end, _ = span
    inside = [lex for s, _, lex in hits if start <= s < end]
    return (
        any(_kind(lex) == "drug" for lex in inside)
        and any(lex.cat == "freq" for lex in inside)
        and _YOUR.search(norm, start, end) is not None
    )


def _put_to_confirm(norm: str, spans: list[tuple[int, int, bool]], start: int, end: int) -> str:
    """The statement of the user's history a confirmation question puts to the user: the
    sentence before "Is this correct?", or the one a tag closes ("you had your knee replaced,
    right?"); empty when the question asks something of its own."""
    question = norm[start:end]
    tag = _CONFIRM_TAG.search(question)
    if tag is None:
        return ""
    if question[: tag.start()].strip(" ,"):
        stated = question[: tag.start()]
        return stated if _STATES_YOURS.search(stated) else ""
    before = [s for s in spans if s[1] <= start]
    if before and _STATES_YOURS.search(norm, before[-1][0], before[-1][1]):
        return norm[before[-1][0] : before[-1][1]]
    return ""


_REACTION_QUESTION = re.compile(
    r"\bwhat\s+(?:happens|happened)\s+(?:to\s+you\s+)?(?:when|if)\s+you\s+(?:take|took|eat|ate|have|had|use|used)\b"
    r"|\bwhat\s+(?:does|did)\s+(?:it|that|they|those|\w+)\s+do\s+to\s+you\b|\bhow\s+do\s+you\s+react\b"
    r"|\b(?:what|which)\s+(?:kind\s+of\s+|sort\s+of\s+|type\s+of\s+)?reactions?\b"
)
#: Reactions to medicines as a whole ("any bad reactions to medications?", "a reaction to a drug").
_REACTIONS_TO_MEDICINES = re.compile(
    r"\breactions?\s+(?:to|from|with)\s+(?:(?:any|a|an|the|some)\s+)?(?:\w+\s+)?"
    r"(?:medications?|medicines?|meds|drugs?)\b"
)
#: A question about what a reaction was like, in three languages (with or without its allergen).
_ASKS_REACTION = re.compile(
    _REACTION_QUESTION.pattern + r"|\bwhen\s+you\s+(?:reacted|had\s+(?:the|that|a)\s+reaction)\b"
    r"|\b(?:your|the|that)\s+reaction\s+(?:like|look)"
    r"|(?:как\w*|как\w* именно|что)\s+(?:был\w*\s+)?(?:за\s+)?реакци\w*|реакци\w*\s+(?:был\w*\s+)?как\w*"
    r"|как\s+(?:проявля|выгляде)\w*"
    r"|什么(?:样的?)?反应|反应是什么|(?:怎么|如何)过敏|过敏(?:时|的时候)?(?:有)?什么(?:表现|症状)"
)
_CAUSED_YOU = re.compile(r"\b(?:give|gave|given|giving|cause|caused|causes|make|made|makes)\s+you\b")
#: A question about what a drug does ("Any side effects from the metformin?", "Is the lisinopril
#: helping?"): it takes the drug as the user's, so a "no" denies the effect, never the drug.
_PRESUPPOSES_DRUG = re.compile(
    r"\bside[- ]?effects?\b|\b(?:problems?|issues?|trouble|difficulty|difficulties) (?:with|from|on)\b"
    r"|\b(?:working|helping|helped|help|helps|agree with|agreeing with)\b|\bcaus(?:e|es|ed|ing)\b"
    r"|(?<![а-яё])(?:побочн[а-яё]*|побочк[а-яё]*|помога[а-яё]*|помог|помогло|помогли|переносите|действует)(?![а-яё])"
)
_REACTION_WORD = re.compile(r"\breactions?\b")
_AMOUNT_QUESTION = re.compile(
    r"\b(?:what|which)(?:'s| is| was)?\s+(?:the\s+|your\s+)?(?:dose|dosage|strength|amount|milligrams?|mg)\b"
    r"|\bhow\s+(?:much|many|often|strong)\b|\bhow\s+many\s+(?:mg|milligrams|units|times)\b"
)
#: An English question that takes what it names as the user's own medicine: how long or how much,
#: since they started, what they take it for, its dose, when it was last prescribed.
#: An English question of how the user gets on with a named medicine ("How are you getting on with
#: the metformin?", "How are you finding bupropion?"): it takes the medicine as the user's and asks what
#: it does to them, so the reply's complaints are its effects, a "no" denies no medicine, and nothing
#: in the reply confirms the medicine.
_HOW_IT_GOES = re.compile(
    r"\bhow (?:are|have) you (?:been )?(?:getting (?:along|on)|doing|managing|coping|finding|feeling)(?: (?:with|on)\b)?"
)
#: A question about a medicine's side effects, or how the user tolerates it ("Как переносите?"); not
#: whether it helps ("Is the omeprazole helping?" — "Yes." says the user takes it).
_SIDE_EFFECTS = re.compile(r"\bside[- ]?effects?\b|(?<![а-яё])(?:побочн|переносите)|副作用|不良反应")
_TAKES_IT = re.compile(
    r"\bhow long (?:have|had|did|were|has) you\b|\bsince you (?:first )?(?:started|began|went on)\b"
    r"|\bhow (?:much|many)\b[^?.!]*\byou\b|\bdos(?:e|age)s?\b"
    r"|\bwhat (?:are|were|do|did|have) you (?:been )?(?:taking|take|using|use|on)\b[^?.!]*\bfor\b"
    r"|\bwhen (?:were|was|did) you (?:last |first )?(?:prescribed|start|started|begin|take|get)\b"
    r"|\bwhen was the last time you (?:took|had|used)\b"
)
#: A Russian "ещё" of a question that asks whether something goes on ("Кашель ещё беспокоит?", "Вы
#: ещё принимаете омез?"), not one that asks for more ("что-то ещё", "ещё какие-то жалобы").
_RU_STILL = re.compile(
    r"(?<![а-яё])(?<!что-то )(?<!что-нибудь )(?:ещё|еще)(?![а-яё])(?!\s+(?:что|как|кто|раз|одн|друг|вопрос))"
)
_LASTING = re.compile(
    r"(?<![а-яё])(?:давно|как долго|сколько (?:лет|времени|месяцев|недель|дней))(?![а-яё])"
    r"|\bhow long\b|\b(?:had|been on|been taking|been having)\b[^?.!]{0,30}\blong\b"
)
#: The question asks whether it was always so ("Have you always been on atorvastatin?", "Вы всегда
#: принимали...?"): "no" says "not always", neither that the user takes it nor that they do not.
_ALWAYS = re.compile(r"\balways\b|(?<![а-яё])всегда(?![а-яё])")
_WHEN_QUESTION = re.compile(r"\bwhen\b|\b(?:your|the) last\b|когда|什么时候|何时|哪年|哪一年|几月")
#: A "when" question that asks of the last time ("When did you last...", "когда последний раз", "最后一次").
_LAST = re.compile(r"\blast\b|последн|最后一次|上一次|上次")
#: A verb of being ill, which asks of the illness, not its vaccine ("When did you last have the flu?",
#: "Когда последний раз болели гриппом?", "Когда был грипп?", "上次得流感是什么时候？").
_ILL_VERB = re.compile(
    r"\b(?:had|have|has|having|get|got|caught|catch|sick|ill|diagnosed)\b"
    r"|болел|болели|болела|болеете|переболел|перенес|заболел|\bбыл[аио]?\b|得|患|感染|发作"
)
#: Sections whose items a vaccine may stand for.
_ILLNESS_SECTIONS = frozenset({"diagnoses", "chronic_conditions"})


#: The assistant prescribing in the first person, whatever its tense and modal: "I would also like
#: to add", "I've prescribed", "we are adding", "I'm also going to prescribe", "I'm going to give you",
#: "I'd like you to take", "we'll continue your" (never "I would not").
_EN_PRESCRIBES = re.compile(
    r"\b(?:i|we)(?:'ll| will|'d| would|'m| am|'re| are|'ve| have)?(?: also| now)?(?: going to| like to| want to)?"
    r"(?: also)? (?:prescrib(?:e|ing|ed)|add(?:ing)?|start(?:ing)? you on|put(?:ting)? you on|giv(?:e|ing) you"
    r"|continu(?:e|ing) (?:you on|your)|keep(?:ing)? you on|like you to (?:take|start|try|use))\b"
    # "Continue taking your Lipitor.", "Keep using the inhaler.": the clinician keeps the user's drug on
    r"|(?:^|[.!]\s*)(?:(?:so|please|and|okay),?\s+)*(?:continue|keep) (?:(?:taking|using|on) )?(?:your|the)\b"
)


def _prescribed(hits: list[Hit], spans: list[tuple[int, int, bool]], norm: str) -> tuple[tuple[str, str], ...]:
    """The drugs of the sentences in which the assistant prescribes or adds a drug."""
    items: list[tuple[str, str]] = []
    for start, end, _ in spans:
        inside = [lex for s, _, lex in hits if start <= s < end]
        cue = next((s for s, _, lex in hits if start <= s < end and lex.cat == "prescribe"), None)
        if cue is not None and _SOMEONE_MAY.search(norm, start, cue):
            continue  # "医生可能会给你开二甲双胍": what another may prescribe is not prescribed
        if cue is not None or _EN_PRESCRIBES.search(norm, start, end):
            items += [("medications", lex.value) for lex in inside if _kind(lex) == "drug"]
    return tuple(dict.fromkeys(items))


#: A possibility or another prescriber before a prescribing cue ("医生可能会给你开", "врач, возможно,
#: выпишет"): a possible prescription by someone else, which an "ok" only acknowledges.
_SOMEONE_MAY = re.compile(
    r"可能|也许|或许|大概|医生|大夫|专科|(?<![а-яё])(?:возможно|может быть|может|врач|доктор)(?![а-яё])"
    r"|\b(?:may|might|could|doctor|gp|specialist)\b"
)


def _kind(lex: Lex) -> str | None:
    return lex.term.kind if lex.term is not None else None


def _only_a_class(lex: Lex) -> bool:
    """A class of medicines that is never a fact of its own (terminology drug_classes.tsv)."""
    return lex.term is not None and lex.term.links.get("class") == "only"
