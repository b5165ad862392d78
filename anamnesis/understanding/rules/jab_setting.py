"""A jab told by where or how it was given: "got the hep a and typhoid at the travel clinic",
"got yellow fever and typhoid done", "сделал тиф в прививочном центре", "黄热病的上礼拜在海关那边打了".

An illness is caught, not received: one is not given yellow fever at a travel clinic, nor has
typhoid "done". So a disease that has a vaccine, in a clause that tells of receiving something
(got / had / сделал / поставили) where jabs are given or for a trip, or got "done", names its
vaccine, unless the clause has a word of falling ill ("caught", "заболел", "确诊"). In Chinese
the verb of injecting (打) closing the clause after the disease says it alone ("乙肝的去年打了");
one with an object or a course of days after it is a treatment ("肺炎打了三天吊瓶").

A sore arm told after a jab the message received is the jab's ``injection site pain``:
"got the hep a and typhoid today, arms a bit sore", "сделала прививку от гриппа, рука поболела
день", "打了疫苗，胳膊疼" — unless an injury of the message explains it ("рука после перелома").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.lexicon import Lexicon
from anamnesis.understanding.rules.mentions import Mention, listed_vaccines
from anamnesis.understanding.rules.segment import Clause

#: A verb of receiving something done to one.
_RECEIVED = {
    "en": re.compile(r"\b(?:got|had|did)\b"),
    "ru": re.compile(
        r"(?<![а-яё])(?:с?дела(?:л|ла|ли)|(?:по)?ставил[аи]?|кол(?:ол|ола|оли)|укол(?:ол|ола|оли))(?![а-яё])"
    ),
}
#: Where jabs are given, or what they are had for.
_SETTING = {
    "en": re.compile(
        r"\b(?:travel (?:health )?clinic|vaccination (?:clinic|cent(?:re|er))|vaccine clinic"
        r"|immuni[sz]ation clinic|for (?:a|the|my|our|this) (?:trip|holiday|travels?))\b"
    ),
    "ru": re.compile(r"прививочн\w*|центр\w*\s+вакцинации|перед\s+поездкой|для\s+поездки"),
}
#: What a jab is had for in a message about jabs ("what jabs do i need? had hep a and typhoid for
#: thailand in 2019", "had hep a before a trip in 2022"): a place or a trip, where an illness is had
#: for a while ("had typhoid for two weeks") or with a cause ("for my sins").
_FOR_A_TRIP = {
    "en": re.compile(
        r"\bfor (?!(?:a|an|the|my|me|it|about|over|around|almost|nearly|several|some|few|many|ages|long|years?"
        r"|months?|weeks?|days?|hours?|life|ever|good|now|sure|real|that|this|which|what|one|two|three|four|five"
        r"|six|seven|eight|nine|ten|twelve|couple|half|most|much|\d+)\b)[a-z]{3,}"
        r"|\bbefore (?:a|the|my|our|this|that) (?:trip|holiday|safari|travels?)\b"
    ),
    "ru": re.compile(r"(?<![а-яё])(?:для|перед)\s+(?:поездк\w*|отпуск\w*|путешестви\w*)"),
}
#: "got yellow fever and typhoid done": "done" after the disease, not "done with".
_DONE = re.compile(r"\bdone\b(?!\s+with)")
#: "got covid": a bare "got" right before the disease, the way an illness is caught.
_GOT_BARE = re.compile(r"\bgot\s+$")
#: A word of falling ill: the clause tells of the illness.
_ILL = {
    "en": re.compile(
        r"\b(?:caught|catch|came down with|come down with|diagnosed|recovered|infected|sick with|ill with"
        r"|tested positive|positive for|symptoms)\b"
    ),
    "ru": re.compile(r"(?<![а-яё])(?:пере|за)?бол(?:ел|ела|ели|ею|еет|ею)\w*|заразил\w*|диагноз\w*|положительн\w*"),
    "zh": re.compile(r"得了|得过|患|感染|确诊|阳了|阳性|发烧|住院"),
}
#: Chinese: the verb of injecting closing the clause, at most a count of doses after it.
_ZH_JAB_END = re.compile(
    r"打(?:了|过|完|上)(?:了)?(?:[一二两三四五六七八九十几\d]+针|第[一二三四五六七八九十\d]+针)?(?:了)?[\s,，。.!！~～]*$"
)
#: How far (characters) before the closing verb a Chinese disease may stand.
_ZH_GAP = 20


def jabs_by_setting(
    norm: str, clause: Clause, mentions: list[Mention], lexicon: Lexicon, lang: str, about_jabs: bool = False
) -> None:
    """Turn the diseases of a clause that tells of a jab received into their vaccines (``about_jabs``:
    the message speaks of jabs, so a place or trip they were had for is a setting too)."""
    preventable = [
        (m, vaccine)
        for m in mentions
        if m.kind in ("diagnosis", "condition") and (vaccine := lexicon.vaccine_for.get(m.entity))
    ]
    if not preventable:
        return  # no disease with a vaccine: nothing to read (most clauses)
    ill = _ILL.get(lang)
    if ill is not None and ill.search(norm, clause.start, clause.end):
        return
    changed = False
    for m, vaccine in preventable:
        if _received(norm, clause, m, lang, about_jabs):
            m.kind, m.entity = "vaccine", vaccine
            changed = True
    if changed and len(mentions) > 1:
        listed_vaccines(mentions, lexicon, norm)


def _received(norm: str, clause: Clause, m: Mention, lang: str, about_jabs: bool = False) -> bool:
    """Whether the clause tells of ``m`` received as a jab."""
    if lang == "zh":
        return m.end >= clause.end - _ZH_GAP - 6 and _ZH_JAB_END.search(norm, m.end, clause.end) is not None
    received, setting = _RECEIVED.get(lang), _SETTING.get(lang)
    if received is None or setting is None or not received.search(norm, clause.start, clause.end):
        return False
    if lang == "en" and _DONE.search(norm, m.end, clause.end) is not None:
        return True
    trip = _FOR_A_TRIP.get(lang)
    if about_jabs and trip is not None and trip.search(norm, m.end, clause.end) is not None:
        return True  # "what jabs do i need? had hep a and typhoid for thailand"
    # "got covid at the clinic" is caught there: a bare "got" before the disease needs a "done"
    return setting.search(norm, clause.start, clause.end) is not None and not (
        lang == "en" and _GOT_BARE.search(norm, clause.start, m.start)
    )


#: The arm, where jabs are given.
_ARM_PAIN = frozenset({"arm pain", "upper arm pain", "shoulder pain"})


def sore_arm_after_jab(facts: list[Fact]) -> list[Fact]:
    """A sore arm after a jab the message received is its injection site pain."""
    jabs = [f for f in facts if f.section == "vaccinations" and f.status == "historical"]
    if not jabs or any(f.section == "injuries" for f in facts):
        return facts
    first = min(f.start for f in jabs)
    out: list[Fact] = []
    for f in facts:
        if f.section == "symptoms" and f.entity in _ARM_PAIN and f.start >= first:
            f.entity = "injection site pain"
        if not any((o.section, o.entity, o.status) == (f.section, f.entity, f.status) for o in out):
            out.append(f)
    return out
