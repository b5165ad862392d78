"""Short answers read against the assistant's question: "no", "In January.", "нет такого не было", "我也有".

A reply that names nothing takes its entities from the question (answers.Topic); this module
decides what the reply answers and adds the facts it gives.
"""

from __future__ import annotations

import re
from dataclasses import replace

from anamnesis.understanding.rules.answers import Topic, scan
from anamnesis.understanding.rules.asked_parts import answers_by_part
from anamnesis.understanding.rules.bare_answers import answer_state, polarity, zh_echo
from anamnesis.understanding.rules.clause_facts import joined_relation
from anamnesis.understanding.rules.denial_time import since_then
from anamnesis.understanding.rules.echoes import ru_echo
from anamnesis.understanding.rules.ending_answers import (
    ending_answer,
    first_question_ended,
    goes_on_now,
    keep_dating_illness,
)
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact, status_for
from anamnesis.understanding.rules.family_whole import whole_family_denied
from anamnesis.understanding.rules.kin_answers import kin_named_alone
from anamnesis.understanding.rules.lexicon import Lex
from anamnesis.understanding.rules.only_asked import only_asked
from anamnesis.understanding.rules.quantities import doses
from anamnesis.understanding.rules.reading import DIGIT, Message
from anamnesis.understanding.rules.referring import stops_by_pronoun
from anamnesis.understanding.rules.ru_the_rest import answer_one_by_one
from anamnesis.understanding.rules.segment import Clause, Hit, sentences
from anamnesis.understanding.rules.still_there import asked_last, last_clause, still_there
from schemas.sections import SECTION_WIDE


def _only_a_time(msg: Message) -> bool:
    """The message says only when ("В январе.", "一月份打的。", "In 2019."), nothing else."""
    if not msg.hits or len(msg.norm) > 40:
        return False
    return all(lex.cat in ("when", "start", "jab") for _, _, lex in msg.hits) and any(
        lex.cat == "when" for _, _, lex in msg.hits
    )


#: An English reply that opens by having the asked thing, pointed at by a pronoun ("had one in
#: 2019", "got it done in the autumn", "yeah got it at work"): it answers yes, whatever it adds.
_EN_HAD_ONE = re.compile(
    r"\s*(?:(?:yes|yeah|yep|yup|yea|ya)\b[\s,.!]*)?(?:i |i've |ive |i have )?(?:had|got|have had|did have) (?:one|it|that)"
    r"(?: done)?\b"
)


_EN_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_EN_TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_EN_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
#: A year as digits or as said aloud ("nineteen ninety nine", "two thousand and five", "twenty twelve").
_EN_YEAR = (
    rf"(?:(?:19|20)\d\d|(?:nineteen|twenty)[ -](?:hundred|oh[ -](?:{_EN_UNITS})|{_EN_TEENS}"
    rf"|(?:{_EN_TENS})(?:[ -](?:{_EN_UNITS}))?)|two thousand(?: and)?(?:[ -](?:{_EN_TEENS}|{_EN_UNITS}))?)"
)
_EN_AGO = (
    rf"(?:\d+|a|an|{_EN_UNITS}|{_EN_TEENS}|{_EN_TENS}|a few|a couple of|a couple|several)"
    r" (?:days?|weeks?|months?|years?) ago"
)
#: A reply that dates the asked thing: "In 1999.", "it was in nineteen ninety nine", "that was
#: about three years ago". Said to "When was your last flu shot?", it says the user had it.
_EN_DATED = re.compile(
    r"(?:^\s*|\b(?:it|that|this|the last one)\s+(?:was|would have been|must have been|might have been)\s+)"
    r"(?:(?:back|maybe|probably|about|around|roughly|sometime|some time|i think)\s+)*(?:in\s+|on\s+|during\s+)?"
    rf"(?:{_EN_YEAR}|{_EN_AGO}|last (?:year|month|week|spring|summer|autumn|fall|winter)"
    # a decade ("back in the nineteen forties", "in the 80s") or a time of life ("when I was a kid")
    r"|the (?:(?:19|20)?\d0'?s|(?:nineteen )?(?:twenties|thirties|forties|fifties|sixties|seventies|eighties"
    r"|nineties))"
    r"|(?:when i was|as) an? (?:kid|child|baby|teenager|teen|toddler|young (?:man|woman|girl|boy))"
    r"|when i was (?:little|young|small|\w+ years old)|in (?:high school|college|my (?:teens|twenties|thirties)))\b"
)
#: A denial that only says the user is unsure ("I don't remember the month"), which dating keeps.
_EN_UNSURE = re.compile(r"\b(?:don'?t|do not|can'?t|cannot|not)\s+(?:\w+\s+)?(?:remember|recall|know|sure)\b")


#: A Russian reply that dates the asked thing: "лет 10 назад", "в 2015", "прошлой осенью", "в детстве".
_RU_NUMBER = r"(?:\d+|один|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|пару|несколько)"
_RU_SPAN = r"(?:лет|года?|месяц(?:а|ев)?|недел[ьюи]|дн(?:ей|я))"
_RU_DATED = re.compile(
    r"\s*(?:(?:где-то|примерно|около|наверное|кажется|уже|ещё|еще|это|было|был|была|да)[\s,]+)*"
    rf"(?:{_RU_SPAN}\s+{_RU_NUMBER}\s+назад|{_RU_NUMBER}\s+{_RU_SPAN}\s+назад|(?:год|месяц|неделю)\s+назад"
    r"|в\s+(?:19|20)\d\d|в\s+(?:детстве|школе|институте|армии|юности)"
    r"|(?:в\s+)?прошл(?:ом|ой|ую)\s+(?:году|месяце|неделе|неделю)|прошл(?:ой|ым)\s+(?:весной|летом|осенью|зимой)"
    r"|в\s+(?:январе|феврале|марте|апреле|мае|июне|июле|августе|сентябре|октябре|ноябре|декабре))(?![а-яё\w])"
)


def dates_the_asked(norm: str, hits: list[Hit]) -> bool:
    """The reply dates what a "when" question asked (:data:`_EN_DATED`, :data:`_RU_DATED`), names
    nothing of its own, and denies nothing but its own certainty ("I don't remember the month, but...")."""
    if len(norm) > 160:
        return False
    if not norm.isascii():  # Russian: it opens with the date and denies nothing
        return (
            _RU_DATED.match(norm) is not None
            and not any(lex.kind or lex.cat == "neg" for _, _, lex in hits)
        )
    if _EN_DATED.search(norm) is None:
        return False
    if any(lex.kind for _, _, lex in hits):
        return False
    unsure = [(m.start(), m.end()) for m in _EN_UNSURE.finditer(norm)]
    return all(any(s <= h[0] < e for s, e in unsure) for h in hits if h[2].cat == "neg")


#: An English reply that agrees with what was put to it, not only says yes ("Correct.", "That's
#: right.", "Yes, that's correct.", "Right."): to a question that puts a denial, it agrees with the denial.
_EN_AGREEMENT = re.compile(
    r"\s*(?:(?:oh|well|yes|yeah|yep|mm-hmm|uh-huh),?\s+)?(?:(?:that's|that is|thats|you're|you are)\s+)?"
    r"(?:correct|right|exactly|true)(?=\s*(?:[,.!]|$))"
)


def agrees_with_denial(norm: str, asked: Topic) -> bool:
    """The English reply agrees (:data:`_EN_AGREEMENT`) with a question that puts a denial
    (``Topic.negated``): "So no surgeries?" — "Right.", "No known drug allergies, correct?" —
    "Yes, that's correct." deny; a bare "Yes." stays unread, since it may also mean "yes, I have"."""
    return bool(asked.negated) and norm.isascii() and _EN_AGREEMENT.match(norm) is not None


#: Words that agree with a statement put to the user, alone before a pause ("Right.", "Exactly,
#: in 2010.", "True."); before a question they may name a side ("right knee").
_EN_AGREES = re.compile(
    r"\s*(?:(?:oh|well|yeah|yes),?\s+)?(?:right|exactly|true|precisely|you(?:'re| are) right)(?=\s*(?:[,.!]|$))"
)


def takes_the_statement(norm: str, hits: list[Hit]) -> bool:
    """The reply takes what the assistant stated of the user's history as so, with no denial: it
    agrees ("Right.", "Exactly.") or opens by dating it ("I see you had an appendectomy." — "Back in
    the nineteen forties.", "That was in 1998.", "В детстве.")."""
    if any(lex.cat in ("neg", "end") for _, _, lex in hits):
        return False
    if not norm.isascii():
        return _RU_DATED.match(norm) is not None
    return _EN_AGREES.match(norm) is not None or _EN_DATED.match(norm) is not None


def gives_a_schedule(norm: str, hits: list[Hit]) -> bool:
    """A reply that only says how much or how often ("only when I need it", "20 mg at night"),
    with no denial and nothing named: said to "you were prescribed X", it takes X as the user's."""
    if any(lex.cat == "neg" or lex.kind for _, _, lex in hits):
        return False
    return any(lex.cat == "freq" for _, _, lex in hits) or bool(doses(norm))


def reported_answer(norm: str, clause: Clause) -> str | None:
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


#: "my wife's dad", "my husband's mother": a relative of a spouse or a friend, no blood relative.
#: A Chinese "no" that only says it was never checked: "没测过", "还没查", "没去检查过", "没量".
_ZH_UNCHECKED = re.compile(r"\s*(?:还|也|都|从来|一直)?(?:没有?|未|不)(?:去|有)?(?:测|量|查|检查|化验|验|体检|做检查)(?!出)")
#: A Russian denial of a check ("давление не мерил", "сахар не проверяла", "анализ не сдавала").
_RU_UNCHECKED = re.compile(
    r"(?<![а-яё])не\s+(?:[а-яё]+\s+)?(?:мер[ия]л|измерял|замерял|провер|сдава|сдал|обследова|смотрел"
    r"|делал\w*\s+(?:анализ|тест|узи|экг|кт|мрт))"
)
#: An English one ("never checked", "haven't had it measured").
_EN_UNCHECKED = re.compile(
    r"\b(?:never|not|haven'?t|have not|didn'?t|did not|don'?t|do not)\s+(?:\w+\s+){0,2}?"
    r"(?:checked|measured|tested|check|measure|test)\b"
)


def _unchecked(msg: Message) -> bool:
    """The reply's denial only says the thing was never checked, which says nothing of it."""
    if msg.lang == "zh":
        return _ZH_UNCHECKED.match(msg.norm) is not None
    return (_RU_UNCHECKED if msg.lang == "ru" else _EN_UNCHECKED).search(msg.norm) is not None


def _blood_relatives(msg: Message) -> tuple[str, ...]:
    """The relatives the reply names as the user's own: a relative in a clause about someone
    else ("my wife's dad", "у жены отец", "老婆她爸") is that person's, an in-law, not family."""
    others = [(c.start, c.end) for c in msg.clauses if c.subject == "other"]
    return tuple(
        dict.fromkeys(
            lex.value
            for start, _, lex in msg.hits
            if lex.kind == "relative" and not any(s <= start < e for s, e in others)
        )
    )


#: A stop denied ("never stopped it", "didn't come off them"): the drug goes on.
_EN_NO_STOP = re.compile(
    r"\b(?:never|not|didn'?t|haven'?t|hasn'?t|won'?t|don'?t|wouldn'?t|can'?t|cannot)\s+(?:\w+\s+)?"
    r"(?:stop|stopped|quit|came off|come off|gave up|given up)\b",
    re.IGNORECASE,
)


#: A reply for every question of the turn: "ни того ни другого", "нет и нет", "no to both", "都没有".
_ALL_ASKED = re.compile(
    r"(?<![а-яё])(?:ни того,? ни другого|ни то,? ни другое|нет и нет|да и да|оба|обоих|на оба|на все|всё нет|все нет"
    r"|ничего из этого|ничего из перечисленного)(?![а-яё])"
    r"|\b(?:both|neither|none of (?:those|them|these|the above)|all of them|to all)\b"
    r"|都|两个|两样|全"
)


#: An English question of how, when or what, whatever opens it: it asks about what it presupposes,
#: while a yes-or-no question ("Did they check your PSA?") asks whether.
_EN_WH_QUESTION = re.compile(r"\W*(?:(?:and|so|also|okay|ok|well|now|alright)\b\W*)*(?:how|when|since when|what)\b")


def presumed_conditions(asked: Topic) -> tuple[tuple[str, str], ...]:
    """The lasting conditions an English question of how, when or what takes as the user's ("How's
    your asthma?", "How long have you had the high blood pressure?"): a reply that goes along with
    the question confirms them."""
    if not asked.question.isascii() or not _EN_WH_QUESTION.match(asked.question):
        return ()
    return tuple(item for item in asked.presumes if item[0] == "chronic_conditions")


def _goes_along(msg: Message) -> bool:
    """The reply neither denies, nor ends, nor asks back, nor names a condition of its own ("It's
    COPD, actually"): it speaks of how the asked condition goes."""
    return not msg.norm.rstrip().endswith("?") and not any(
        lex.cat in ("neg", "end", "anymore") or lex.kind in ("condition", "diagnosis") for _, _, lex in msg.hits
    )


def answer_question(msg: Message, asked: Topic) -> None:
    """Facts a short answer gives about what the assistant asked."""
    if asked.other:
        return  # "Ему назначили антибиотик?" — "да": someone else's
    if asked.earlier and _ALL_ASKED.search(msg.norm):
        # "Курите? Алкоголь употребляете?" — "ни того ни другого": the reply answers both questions
        asked = replace(asked, items=tuple(dict.fromkeys(asked.earlier + asked.items)))
    if only_asked(msg, asked):
        return  # "only the blood pressure", "кроме второго", "除了第二个都没有": the rest denied
    if (first := first_question_ended(msg, asked)) is not None:
        # "Do you smoke? Any long-term conditions?" — "quit 10 yrs ago. none": the stop answers the first
        stated = {(f.section, f.entity) for f in msg.facts}
        msg.facts.extend(Fact(0, 0, -1, s, e, status_for(s, "end")) for s, e in first.items if (s, e) not in stated)
        msg.touched.update(s for s, _ in first.items)
    if (
        asked.family
        and asked.items
        and all(section == "lifestyle" for section, _ in asked.items)
        and msg.clauses
        and all(c.subject in ("family", "other") for c in msg.clauses)
    ):
        msg.touched.add("lifestyle")
        return  # "Does anyone in your family smoke?" — "my dad does", "我爸抽": the relative's habit
    if asked.family and not (asked.kin or asked.part) and whole_family_denied(msg):
        msg.touched.add("family_history")
        return  # "no, nothing runs in the family", "家里人都挺健康的": no denial of each example
    answer = polarity(msg.norm, msg.hits, msg.lang, accept=asked.prescribes)
    if answer is None and _of_someone_else(msg):
        return  # "Any dizziness on the tamsulosin?" — "the wife takes it for her kidney stones": hers
    if still_there(msg.norm, msg.lang):
        # "уже меньше, но да", "好点了但还是麻": better, but present; of what the last clause asked
        named = {lex.value for _, _, lex in scan(last_clause(asked.question)) if lex.kind}
        answer, asked = "still", replace(asked, items=asked_last(asked.items, named))
    if answer is None and (answer := ending_answer(msg, asked)) == "end":
        keep_dating_illness(msg)  # "Курите?" — "бросил сразу после инфаркта": the stop is the smoking's
    habits = bool(asked.items) and all(section == "lifestyle" for section, _ in asked.items)
    if answer in (None, "end") and habits and goes_on_now(msg, asked):
        answer = "yes"  # "Do you drink?" — "used to a lot, now only the odd one": less, but still
        for fact in msg.facts:
            if (fact.section, fact.entity) in asked.items and fact.status == "stopped":
                fact.status = status_for(fact.section, None)
    if answer is None and msg.lang == "zh":
        answer = zh_echo(msg.norm, asked.question) or _zh_ended(msg) or _zh_after_profile(msg)
    if answer is None and msg.lang == "ru":
        # "не было такого"; "сделали" to "Прививку делали?"
        answer = _ru_bare_reply(msg) or ru_echo(msg.norm, asked.question, msg.hits)
    if answer is None:
        answer = _closing_answer(msg)  # "flat really. no, nothing like that" to "Mood? Any thoughts of...?"
    complaints = bool(asked.items) and all(section == "symptoms" for section, _ in asked.items)
    if answer is None and complaints and _some_then_over(msg):
        answer = "end"  # "Any dizziness when you stand up?" — "a bit the first few days, fine now"
    if answer == "no" and asked.lasting:
        answer = "yes"  # "Давно курите?" — "нет, года два": not long, but there
    if answer == "no" and asked.always:
        answer = None  # "Have you always been on atorvastatin?" — "no": not always, nothing of now
    if answer == "no" and _unchecked(msg):
        answer = None  # "没测过", "давление не мерил" to "血压高吗？": never measured says nothing of it
    if asked.negated and msg.lang == "zh" and answer in ("yes", "no"):
        answer = _zh_to_denial(msg.norm, answer, asked.negated)
    if answer in ("yes", None) and agrees_with_denial(msg.norm, asked):
        answer = "no"  # "No known drug allergies, correct?" — "Correct.": it agrees with the denial
    relatives = _blood_relatives(msg)
    if answer is None and asked.items and msg.lang == "en" and _EN_HAD_ONE.match(msg.norm):
        answer = "yes"  # "When was your last tetanus shot?" — "had one in 2019 when a dog bit me"
    timed = False  # the answer is a time, which a "when last" question makes the end of the thing
    if answer is None and asked.asks_when and asked.items and _only_a_time(msg):
        answer, timed = "yes", True  # "When was your last tetanus shot?" — "In January."
    dated = False  # a dating clause asserts even after an unsure one ("I don't recall the month, but...")
    if answer is None and asked.asks_when and asked.items and dates_the_asked(msg.norm, msg.hits):
        answer, dated = "yes", True  # "When was your last flu shot?" — "It was in nineteen ninety nine."
    if answer is None and asked.allergy and asked.items and _names_a_reaction(msg):
        answer = "yes"  # "What reaction do you get to penicillin?" — "I break out in hives."
    dose = None  # the asked drug's dose an amount answer gives
    if answer is None and asked.asks_amount and asked.items and _states_an_amount(msg):
        answer = "yes"  # "What is the strength of your omeprazole?" — "It's 40 mg, once a day."
        given = doses(msg.norm)
        drugs = [item for item in asked.items if item[0] == "medications"]
        dose = given[0][2] if len(given) == 1 and len(drugs) == 1 else None
    drugs_only = False  # the answer confirms the asked drugs, not the illnesses named beside them
    if answer is None and asked.takes_it and not any(lex.cat == "neg" or lex.kind == "drug" for _, _, lex in msg.hits):
        answer, drugs_only = "yes", True  # "How long have you been on lisinopril?" — "Two years."
    presumed = presumed_conditions(asked) if answer in (None, "yes") and _goes_along(msg) else ()
    if presumed:
        answer = "yes"  # "How's your asthma?" — "Much better lately.": the asthma is the user's
    if answer is None and asked.medicines and not any(lex.kind == "drug" for _, _, lex in msg.hits):
        # "да пока пью" / "ничего не пью" to "Вы продолжаете его принимать?": a taking verb answers
        verbs = {lex.cat for _, _, lex in msg.hits}
        if "start" in verbs:
            answer = "no" if "neg" in verbs else "yes"
    if answer is None and asked.family and asked.items and relatives and _relatives_say_yes(msg, asked):
        msg.touched.add("family_history")
        return
    if (
        answer is None
        and asked.family
        and len(asked.items) == 1
        and _names_family_history(msg)
        and _kin_alone_say_yes(msg, asked)
    ):
        msg.touched.add("family_history")
        return  # "Migraines in the family?" — "у мамы. а у папы инсульт был в 58"
    if (
        answer is None
        and asked.family
        and len(asked.items) == 1  # "my mum" to "heart disease or diabetes?" does not say which
        and relatives
        and not _names_family_history(msg)
    ):
        answer = "no" if _relatives_denied(msg) else "yes"
    if (
        msg.lang == "en"
        and len(asked.items) == 1
        and asked.items[0][0] == "medications"
        and answer in (None, "yes")
        and not any(lex.kind == "drug" for _, _, lex in msg.hits)
        and stops_by_pronoun(msg.norm)
        and _EN_NO_STOP.search(msg.norm) is None
    ):
        answer = "end"  # "Have you been on allopurinol?" — "yes, but I came off it years ago"
    if answer is None and answer_one_by_one(msg, asked):
        msg.touched.update(f.section for f in msg.facts)
        return  # "насморк есть, остального нет", "одышка бывает, боли нет"
    if answer is None or (msg.clauses and msg.clauses[0].skip and not dated and not _zh_hedged_denial(msg, answer)):
        return
    msg.touched.update(s for s, _ in asked.items)
    msg.touched.update(asked.sections)
    if answer == "no":
        _corrected_names(msg, asked)  # "Was it codeine?" — "No, morphine.": morphine is what it was
    if answer == "no" and _keeps_something(msg, asked):
        return  # "No, only that one": nothing else, which denies nothing that was named
    stated = {(f.section, f.entity) for f in msg.facts}
    if asked.own and answer == "yes" and _speaks_of_self(msg):
        # "家里其他人有哮喘吗？" — "我也有": the user has it, the family question notwithstanding
        for section, entity in asked.own:
            if (section, entity) not in stated:
                msg.facts.append(Fact(0, 0, -1, section, entity, status_for(section, None)))
        return
    if msg.lang == "zh" and len(asked.items) > 1 and (_zh_answers_one(msg, asked) or answers_by_part(msg, asked)):
        return  # "有没有发烧、咳嗽？" — "没有发烧", "不烧，咳得厉害": each answered by its own piece
    if answer in ("no", "end") and asked.family and asked.part:
        return  # "Кто-то ещё в семье болел диабетом?" — "нет": nobody more has it, which denies nothing told
    if asked.items and not _denies_whole_section(answer, asked):
        state = answer_state(answer, asked)
        stated |= _classes_named_by_member(msg, asked)
        if state == "neg" and msg.clauses and any(since_then(msg.norm, c) for c in msg.clauses):
            state = "end"  # "Do you smoke?" — "no. not one since march"
        for section, entity in asked.items:
            if (section, entity) in stated or ((section, entity) in asked.presumes and answer == "no"):
                continue  # "Is the rash any better?", "咳嗽严重吗？" — "no": the thing is there
            if drugs_only and section != "medications" and (section, entity) not in presumed:
                continue
            if section == "medications" and asked.effects and state == "pos" and (section, entity) in asked.presumes:
                continue  # "Any side effects from the metformin?" — "yes", "a bit.": of the effects, not the drug
            if state in ("neg", "end") and (section, entity) in asked.treated:
                continue  # "平时吃降压药吗？" — "不吃": no medicine, the blood pressure untold
            # "When did you last have a migraine?" — "In May."; "小时候出过水痘吗？" — "出过": over since
            over = (
                state == "pos" and (((timed or dated) and asked.last) or asked.childhood) and section in _OVER_WHEN_LAST
            )
            fact = Fact(0, 0, -1, section, entity, status_for(section, "end" if over else state))
            if section == "family_history" and state != "neg":
                fact.put("relation", joined_relation(relatives))
            if section == "medications" and dose is not None:
                fact.put("dose", dose)
            msg.facts.append(fact)
    elif answer in ("no", "end") and not asked.part and not _zh_denies_its_own(msg):
        own = {f.section for f in msg.facts}
        if any(lex.kind in ("drug", "allergen") for _, _, lex in msg.hits):
            own.add("medications")  # "药物呢？" — "头孢皮试阴性": the answer is about the drug it names
        for section in asked.sections:
            if section not in own:
                msg.facts.append(Fact(0, 0, -1, section, SECTION_WIDE, "confirmed_absent"))


#: A Chinese reply's opening denial and the verb it may carry ("没有", "不", "没做过", "都没有过").
_ZH_OPENING_DENIAL = re.compile(r"\s*都?(没有|没|不|无)(?:做过|打过|吃过|得过|有过|过|有)?")


def _zh_denies_its_own(msg: Message) -> bool:
    """A Chinese reply that opens by denying a thing it names ("没有过敏", "不过敏", "没做过手术") to
    several questions denies that thing only, as "no allergies" and "аллергии нет" do; a bare "没有"
    or "都没有" answers every question asked."""
    if msg.lang != "zh":
        return False
    m = _ZH_OPENING_DENIAL.match(msg.norm)
    return m is not None and any(
        m.start(1) <= f.start <= m.end() and f.sentence >= 0 and f.status == "confirmed_absent" for f in msg.facts
    )


#: An opening bare "no" and its pause ("No, ", "Нет, ", "不是，"), after which a name corrects the asked one.
_NO_THEN = re.compile(r"[\s.!-]*(?:no|nope|nah|нет|неа|不是|不对)\s*[,，:：—-]\s*")
#: Sections where a name in place of the asked one is what the user has instead ("no, bisoprolol").
_CORRECTED = frozenset({"medications", "allergies"})


def _corrected_names(msg: Message, asked: Topic) -> None:
    """ "Was it codeine?" — "No, morphine.", "Принимаете эналаприл?" — "нет, лизиноприл": a drug or
    allergen the reply names right after its opening "no", of an asked section but not asked itself,
    is the one the user has instead; the "no" denies the asked one, never the correction."""
    m = _NO_THEN.match(msg.norm)
    if m is None:
        return
    asked_sections = {section for section, _ in asked.items} & _CORRECTED
    first = next((f for f in msg.facts if f.start >= m.end()), None)
    if first is None or first.start != m.end() or first.section not in asked_sections:
        return
    sentence = first.sentence
    for fact in msg.facts:
        if (
            fact.start >= m.end()
            and fact.sentence == sentence
            and fact.section == first.section
            and fact.status == "confirmed_absent"
            and (fact.section, fact.entity) not in asked.items
        ):
            fact.status = status_for(fact.section, None)


#: A Chinese denial said with doubt, and nothing else in its clause: "好像没有", "应该不会吧", "似乎没".
_ZH_HEDGED_DENIAL = re.compile(r"\s*(?:好像|似乎|大概|可能|应该)(?:是|也|都)?(?:没有?|不)[\u4e00-\u9fff]{0,2}?[吧啊呢]?[\s,.!~，。！～…]*")


#: Sections whose asked item a dated answer to "when last" ends: a complaint, an illness, an injury
#: (never a medicine or a habit: "When did you last take ibuprofen?" — "yesterday" is still taken).
_OVER_WHEN_LAST = frozenset({"symptoms", "diagnoses", "injuries"})


def _zh_hedged_denial(msg: Message, answer: str) -> bool:
    """The reply's first clause only denies with doubt ("好像没有，就是累"): the doubt softens the
    answer, it does not take it back as "不知道有没有" does."""
    if msg.lang != "zh" or answer != "no" or not msg.clauses:
        return False
    m = _ZH_HEDGED_DENIAL.match(msg.norm)
    return m is not None and m.end() >= msg.clauses[0].end - 1


#: Cues a compact profile is made of ("52，女。", "男 61岁"): no answer of its own.
_PROFILE = frozenset({"sexword", "none"})


#: Chinese words that agree with what a question says ("对", "是的", "嗯", "没错") and that
#: disagree with it ("不是", "不对"): to a question that denies, they agree with the denial.
_ZH_AGREE = re.compile(r"\s*(?:对的?|是的?|嗯+|没错|对啊|是啊|对呀|是呀|嗯呢|恩|对头)(?![\u4e00-\u9fff]*[有抽喝吃用打])")
_ZH_DISAGREE = re.compile(r"\s*(?:不是|不对)(?![\u4e00-\u9fff])")


def _zh_to_denial(norm: str, answer: str, negated: str) -> str:
    """The answer to a question that puts a denial ("您不抽烟吧？"): "对" / "是的" agree with it (a
    denial, or an ending when it put one: "不抽了吧？" — "对"); a bare "不是" / "不对" disagrees
    (the user has it); "没有" / "不抽" / "抽" say what they say."""
    if answer == "yes" and _ZH_AGREE.match(norm):
        return "end" if negated == "end" else "no"
    if answer == "no" and _ZH_DISAGREE.match(norm):
        return "yes"
    return answer


#: The first phrase of a Chinese answer ends at a pause.
_ZH_PAUSE = re.compile(r"[\s,.!?;:~，。！？；：、～…]")
#: Words that answer for every asked thing at once ("都没有", "全都不", "两样都有").
_ZH_ALL = re.compile(r"都|全|统统|一概|哪个也|哪样也|也没|也不")


def _zh_answers_one(msg: Message, asked: Topic) -> bool:
    """A Chinese answer whose answer word is fused with one of several asked things ("没有发烧",
    "不烧", "有咳嗽") answers for the things it names, not for every one the question listed."""
    pause = _ZH_PAUSE.search(msg.norm)
    first = pause.start() if pause else len(msg.norm)
    if _ZH_ALL.search(msg.norm):
        return False
    return any(f.start < first and (f.section, f.entity) in asked.items for f in msg.facts)


def _zh_after_profile(msg: Message) -> str | None:
    """ "52，女。都没有" to "您多大年纪？有没有高血压、糖尿病？": after a sentence that only gives
    age and sex, the next sentence's bare answer answers the question."""
    spans = sentences(msg.norm)
    if len(spans) < 2:
        return None
    first_end = spans[0][1]
    head = [lex for s, _, lex in msg.hits if s < first_end]
    if any(lex.cat not in _PROFILE for lex in head) or DIGIT.search(msg.norm, 0, first_end) is None:
        return None
    rest = " " * first_end + msg.norm[first_end:]
    return polarity(rest, [h for h in msg.hits if h[0] >= first_end], msg.lang)


def _closing_answer(msg: Message) -> str | None:
    """A reply that first says something else (answering an earlier question of the turn: "How's
    your mood? Any thoughts of harming yourself?" — "flat really. no, nothing like that"; "什么时候
    开始的？发烧吗？" — "上周开始的。没有") and ends on a sentence that is only a bare answer: that
    answer is the reply's answer to what the turn asks."""
    spans = sentences(msg.norm)
    if len(spans) < 2:
        return None
    start = spans[-1][0]
    last = [h for h in msg.hits if h[0] >= start]
    if any(lex.kind for _, _, lex in last):
        return None  # "以前吃过舒乐安定，早就不吃了": the sentence speaks of what it names
    if any(lex.cat in _ANSWER_CUES for s, _, lex in msg.hits if s < start):
        return None  # "no fever, no back pain. yes a bit of blood": the reply answered piece by piece
    return polarity(" " * start + msg.norm[start:], last, msg.lang)


#: Cues that answer a question ("no fever", "yes", "бывает"): a reply holding them before its
#: last sentence has answered already.
_ANSWER_CUES = frozenset({"yes", "neg", "end", "some", "anymore"})


def _relatives_say_yes(msg: Message, asked: Topic) -> bool:
    """ "我妈有，我爸是脑出血走的" to "家里人有高血压吗？": a relative's clause that names nothing
    and says 有 ("has it") answers the question for that relative, whatever the others have. When
    the question asked of several things and the reply names one of them itself ("我姨妈 就是我妈的亲姐姐
    也是乳腺癌" to "乳腺癌或者卵巢癌？"), the named one is the answer, not all that was asked."""
    if len(asked.items) > 1 and _names_an_asked_item(msg, asked):
        return False
    saying_yes = []
    for c in msg.clauses:
        if c.subject != "family" or not c.relations or c.skip:
            continue
        cats = {lex.cat for _, _, lex in c.hits}
        if "yes" not in cats or "neg" in cats or any(lex.kind and lex.kind != "relative" for _, _, lex in c.hits):
            continue
        saying_yes.append(c)
    return _relatives_have_asked(msg, saying_yes, asked)


def _relatives_denied(msg: Message) -> bool:
    """A denial inside a clause about a blood relative ("нет, у мамы не было"): one in a clause
    about a spouse or an in-law ("у отца был. у мужа экзема, но это не в счет") answers nothing of
    the family. With no clause naming a relative the message's own denial decides."""
    family = [c for c in msg.clauses if c.subject == "family" and c.relations]
    if not family:
        return any(lex.cat == "neg" for _, _, lex in msg.hits)
    return any(lex.cat == "neg" for c in family for _, _, lex in c.hits)


def _names_an_asked_item(msg: Message, asked: Topic) -> bool:
    """The reply names one of the asked family-history items itself."""
    asked_names = {entity for section, entity in asked.items if section == "family_history"}
    return any(lex.kind and lex.value in asked_names for _, _, lex in msg.hits)


def _kin_alone_say_yes(msg: Message, asked: Topic) -> bool:
    """A clause that names only a relative ("у мамы.", "mum does") gives that relative the one
    thing a family question asked, beside the other relatives' own illnesses the reply tells."""
    return _relatives_have_asked(msg, kin_named_alone(msg), asked)


def _relatives_have_asked(msg: Message, clauses: list[Clause], asked: Topic) -> bool:
    """Gives each clause's relatives the family history the question asked; whether any was given."""
    added = False
    for clause in clauses:
        for section, entity in asked.items:
            if section == "family_history":
                fact = Fact(clause.start, clause.end, clause.sentence, section, entity, "active")
                fact.put("relation", joined_relation(clause.relations))
                msg.facts.append(fact)
                added = True
    return added


def _denies_whole_section(answer: str, asked: Topic) -> bool:
    """ "Аллергии на лекарства или латекс?" — "нету": a "no" to a question about a whole section
    (its noun beside the examples) denies the section, which covers every item it named."""
    return answer == "no" and asked.whole and all(section in asked.sections for section, _ in asked.items)


def _names_a_reaction(msg: Message) -> bool:
    """A reaction symptom, with no denial and no drug or allergen of its own: the answer says
    what the asked allergen does (allergies.reactions_of_allergies then files it as the reaction)."""
    hits = msg.hits
    if any(lex.cat == "neg" or lex.kind in ("drug", "allergen") for _, _, lex in hits):
        return False
    return any(lex.reactive for _, _, lex in hits)


def _states_an_amount(msg: Message) -> bool:
    """A dose or a frequency, with no denial and no other drug: the answer gives the asked
    drug's amount, which takes the drug as the user's."""
    if any(lex.cat == "neg" or lex.kind == "drug" for _, _, lex in msg.hits):
        return False
    return bool(doses(msg.norm)) or any(lex.cat == "freq" for _, _, lex in msg.hits)


def _classes_named_by_member(msg: Message, asked: Topic) -> set[tuple[str, str]]:
    """The asked drug classes the message answers by naming a member ("препараты железа?" —
    "да, тардиферон"): the member is the fact, not the class. A member's ATC code extends the
    class's ("ATC:B03AA07" under "ATC:B03A")."""
    members = [c for _, _, lex in msg.hits if lex.kind == "drug" and lex.term is not None for c in lex.term.codes]
    if not members:
        return set()
    out = set()
    for _, _, lex in scan(asked.question):
        if lex.kind != "drug" or lex.term is None or ("medications", lex.value) not in asked.items:
            continue
        if any(m != c and m.startswith(c) for c in lex.term.codes if c.startswith("ATC:") for m in members):
            out.add(("medications", lex.value))
    return out


#: English ending cues that only date a habit ("used to") and tell no complaint over.
_EN_PAST_ONLY = re.compile(r"used to|formerly|previously|in the past|ex")


def _some_then_over(msg: Message) -> bool:
    """An English reply that opens with how much ("a bit", "a little") and then says it is over
    ("a bit the first few days, fine now", "a little at first but it's gone now"), naming and denying
    nothing: the asked complaint was there and has ended."""
    if msg.lang != "en" or not msg.hits or msg.hits[0][2].cat not in ("some", "sev"):
        return False
    if msg.norm[: msg.hits[0][0]].strip(" ,.!"):
        return False
    if any(lex.cat == "neg" or lex.kind for _, _, lex in msg.hits):
        return False
    return any(
        lex.cat == "end" and _EN_PAST_ONLY.match(msg.norm, s) is None for s, _, lex in msg.hits
    )


def _zh_ended(msg: Message) -> str | None:
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
#: A denial of what a medicine does, not of having it: "не помогает", "толку нет", "без эффекта".
_RU_NO_EFFECT = re.compile(
    r"(?<![а-яё])(?:не\s+(?:[а-яё]+\s+)?(?:помога|помог|действу|подейств|работа|спаса)|толку нет|толку никакого"
    r"|без толку|без эффекта|эффекта нет|эффекта никакого)"
)


def _ru_bare_reply(msg: Message) -> str | None:
    """ "нет такого не было", "не замечала", "уже не болит", "бросил 5 лет назад" to the
    assistant's question: a few words that name nothing and deny or end answer it as a bare
    "нет" / "уже нет" would; the verb or pronoun around the denial only echoes the question."""
    if len(msg.norm.split()) > _RU_BARE_WORDS or _RU_NO_EFFECT.search(msg.norm):
        return None  # "не особо помогает" to "Как вам нурофен?": the drug's effect is denied, not the drug
    cats = {lex.cat for _, _, lex in msg.hits}
    if not cats.isdisjoint(_RU_NOT_BARE) or any(lex.kind for _, _, lex in msg.hits):
        return None
    if "neg" in cats:
        return "end" if not cats.isdisjoint({"end", "anymore"}) else "no"
    return "end" if "end" in cats else None


def _of_someone_else(msg: Message) -> bool:
    """Every clause of the reply is about someone who is not the user or a blood relative (a spouse,
    a friend): with no "yes" or "no" of its own ("бывает, когда у подруги ночую" answers), it tells
    their story and answers nothing the assistant asked of the user."""
    return bool(msg.clauses) and all(c.subject == "other" for c in msg.clauses)


def _speaks_of_self(msg: Message) -> bool:
    """The answer's subject is the user ("我也有", "我有"), not a relative."""
    cats = {lex.cat if lex.kind != "relative" else "relative" for _, _, lex in msg.hits}
    return "self" in cats and cats.isdisjoint({"person", "family", "relative"})


def _names_family_history(msg: Message) -> bool:
    """ "my grandmother had breast cancer" to "Any cancer in your family?": the answer names its
    own conditions, which answer the question; the one asked about is not the relative's too."""
    return any(f.section == "family_history" and f.entity != SECTION_WIDE for f in msg.facts)


_REFERS = re.compile(r"\b(?:that|this|it|those|these|them|one)\b|\b(?:его|её|ее|их|это|этот|эта|эти|то)\b|那|这")


def _keeps_something(msg: Message, asked: Topic) -> bool:
    """ "No, only that one" / "没有，就这一种" keep what was named; "Nothing, just therapy" keeps
    nothing of the section: an "only" that names no term and points at nothing denies, and so does
    one that names a term of another section ("Хронические есть?" — "нет, только голова болит", "Any
    chest pain?" — "nope, just really tired") or answers a question about named things ("Диабет есть?"
    — "нет, только гастрит"; "Any fever or cough?" — "no, just the cough" denies the fever)."""
    asked_sections = set(asked.sections)
    if asked_sections & _ILLNESSES:
        asked_sections |= _ILLNESSES  # "кроме гастрита" keeps a diagnosis under "хронические болезни"
    for _s, e, lex in msg.hits:
        if lex.cat != "except":
            continue
        rest = msg.norm[e:]
        if not rest.strip(" .!。！") or _REFERS.search(rest):
            return True
        # a term of an asked section ("Other medicines?" — "only aspirin"); after a question about
        # named things ("варфарин или аспирин?" — "нет, только аспирин") the others are denied
        if any(h[0] >= e and h[2].cat == "term" and _section_of(h[2]) in asked_sections for h in msg.hits):
            return True
    return False


#: Sections one illness may be filed in, either of which an exception to the other keeps.
_ILLNESSES = frozenset({"chronic_conditions", "diagnoses"})


def _section_of(lex: Lex) -> str | None:
    """The section a term's kind files it in."""
    return KIND_SECTION.get(lex.term.kind) if lex.term is not None and lex.term.kind else None
