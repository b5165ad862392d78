"""Things planned, not done: an operation awaited, proposed or called off, a medicine to start on a day to come.

"I had a TURP booked for March but cancelled it", "on the waiting list for a knee replacement",
"my hip op is scheduled for June", "they postponed my hernia repair": the operation has not
happened, so it is no ``historical`` surgery. Nor has one a clinician only proposes ("they talked
about septoplasty", "the surgeon is offering a knee replacement, haven't decided", "ортопед говорит
артроскопия", "хирург предлагает холецистэктомию") or one set for a day to come ("下礼拜拔牙",
"через неделю артроскопия"). The clause still touches the section. The words are read in the clause
only, before the operation ("waiting for", "cancelled", "предлагает", "下礼拜") or right after it
("booked", "scheduled", "haven't decided"), so "had my knee replaced, the follow-up is booked"
keeps the operation.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.gate import Gated
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import SECTION_WIDE

#: Before the operation, in its clause: it is awaited or called off.
_BEFORE = re.compile(
    r"\b(?:waiting list|wait list|waiting for|awaiting|booked (?:in )?for"
    r"|booked (?:me )?(?:in )?(?:for )?(?:an?|the|my)|scheduled for|due (?:to have|for)"
    r"|listed for|referred for|pencilled in for|penciled in for|on the list for|cancel+ed|postponed|called off"
    r"|put off|delayed|going to have|gonna have|about to have|talked about|talking about|discussed|discussing"
    r"|offer(?:s|ed|ing)?|suggest(?:s|ed|ing)?|recommend(?:s|ed|ing)?|advis(?:es|ed|ing)|might need|may need"
    r"|could need|will need)\b",
    re.IGNORECASE,
)
#: Right after the operation (a few words, or only a comma): "a TURP booked for march", "my op is
#: scheduled", "microdiscectomy, booked for may".
_AFTER = re.compile(
    r"^(?:\s*,\s*(?:booked|scheduled|planned|pencil+ed in)\s+(?:in\s+)?for\b"
    r"|[^,.;!?]{0,24}?\b(?:booked|scheduled|planned|pencil+ed in|lined up|cancel+ed|postponed|called off|put off"
    r"|delayed|on hold|coming up|is due|was due|if it doesn'?t|if it does not|if (?:this|that) doesn'?t"
    r"|ha(?:ve|s)n'?t decided|not decided|undecided)\b)",
    re.IGNORECASE,
)
#: The same in Russian and Chinese, before the operation in its clause: a clinician's proposal or a
#: day to come ("ортопед говорит артроскопия", "через неделю операция", "下礼拜拔牙", "约了下周三做").
_OTHER_BEFORE = {
    "ru": re.compile(
        r"(?<![а-яё])(?:говорит|говорят|предлага\w*|предложил\w*|рекоменд\w*|советует|советуют|советовал\w*"
        r"|направил\w* на|направля\w* на|запланирова\w*|записал\w* на|предстоит|через (?:неделю|месяц|\d+|пару|две|три)"
        r"|на следующей неделе|в следующем месяце|завтра|послезавтра|ждать|жду|ждем|ждём|в очереди на)(?![а-яё])"
    ),
    "zh": re.compile(r"下礼拜|下个礼拜|下周|下个?星期|下个月|明天|后天|过几天|过两天|约在|约了|预约|排队|等着"),
}
_ANY = Gated(
    re.compile(_BEFORE.pattern + "|" + _AFTER.pattern.removeprefix("^"), re.IGNORECASE),
    ("wait", "booked", "scheduled", "due", "listed", "referred", "pencil", "list", "cancel", "postponed",
     "called off", "put off", "delayed", "going to have", "gonna have", "about to have", "planned", "lined up",
     "on hold", "coming up", "talk", "discuss", "offer", "suggest", "recommend", "advis", "need", "if it",
     "if this", "if that", "decided"),
)  # fmt: skip


#: Right after the operation in its clause, in Russian: it is set for later or decided against
#: ("колоноскопию назначили", "гастроскопия запланирована на май", "биопсию решили не делать").
_OTHER_AFTER = {
    "ru": re.compile(
        r"^[^,.;!?]{0,24}?(?<![а-яё])(?:назначил\w*|назначен\w*|запланирова\w*|предстоит"
        r"|решил\w* не делать|не стал\w* делать|не будут делать|не нужн\w*|не надо)(?![а-яё])"
    )
}
#: Right before the operation in its clause, in Chinese: it is not needed ("医生说先不用穿刺", "不用做胃镜了").
_ZH_NOT_NEEDED = re.compile(r"(?:不用|不需要|不必|没必要)(?:再|先)?(?:做|去做)?(?:个|一个)?$")
#: A verb of the operation done after the cue in its clause: the cue does not plan it.
_DONE = {"ru": re.compile(r"(?<![а-яё])(?:с?дела(?:л|ла|ли|но)|провел\w*|провели|прооперир\w*|удалил\w*)(?![а-яё])")}
_NEVER = re.compile(r"(?!)")


def unmade_operations(
    norm: str, clause: Clause, mentions: list[Mention], lang: str
) -> tuple[list[Mention], list[Mention]]:
    """(mentions kept, operations planned, proposed or called off) of a clause."""
    if not any(m.kind == "procedure" for m in mentions):
        return mentions, []
    if lang == "en":
        if not _ANY.search(norm, clause.start, clause.end):
            return mentions, []
        unmade = [
            m
            for m in mentions
            if m.kind == "procedure"
            and (
                _BEFORE.search(norm, clause.start, m.start) is not None
                or _AFTER.search(norm[m.end : clause.end]) is not None
            )
        ]
    else:
        before = _OTHER_BEFORE.get(lang)
        if before is None:
            return mentions, []
        unmade = []
        for m in mentions:
            cue = before.search(norm, clause.start, m.start) if m.kind == "procedure" else None
            if cue is not None and _DONE.get(lang, _NEVER).search(norm, cue.end(), clause.end) is None:
                unmade.append(m)  # "говорит, что артроскопию сделали хорошо": told as done, kept
            elif m.kind == "procedure" and (after := _OTHER_AFTER.get(lang)) and after.search(norm[m.end : clause.end]):
                unmade.append(m)
            elif m.kind == "procedure" and lang == "zh" and _ZH_NOT_NEEDED.search(norm, clause.start, m.start):
                unmade.append(m)  # "医生说先不用穿刺": not needed
    return [m for m in mentions if m not in unmade], unmade


#: A start set for a day to come: "starting on monday", "start it from friday", "начинаю с
#: понедельника", "со среды начну". "started on monday" is done ("start" must end its word), and
#: "с понедельника пью" (taken since Monday) has no verb of starting.
_EN_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_RU_DAYS = r"(?:понедельник|вторник|сред|четверг|пятниц|суббот|воскресень|завтрашн|следующ)\w*"
_COMING_START = re.compile(
    rf"\b(?:start|starting|begin|beginning)\b[^,.;!?]{{0,24}}?\b(?:on |from |this |next )?{_EN_DAYS}\b"
    rf"|(?<![а-яё])(?:начинаю|начну|начинаем|начн[её]м)\s+(?:[а-яё]+\s+)?(?:с|со)\s+{_RU_DAYS}"
    rf"|(?<![а-яё])(?:с|со)\s+{_RU_DAYS}\s+(?:[а-яё]+\s+)?(?:начинаю|начну|начинаем|начн[её]м)(?![а-яё])",
    re.IGNORECASE,
)
_COMING = Gated(_COMING_START, ("start", "begin", "начина", "начн"))


def without_coming_starts(facts: list[Fact], norm: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """ "акнекутан 16 мг в день, начинаю с понедельника", "roaccutane 20mg, starting on monday": a
    medicine whose start is set for a day to come is a plan, not taken yet; the sentence's active
    medicines up to the cue's clause are dropped (the section stays touched)."""
    if not any(f.section == "medications" for f in facts) or not _COMING.search(norm):
        return facts
    planned: list[Fact] = []
    for n, (start, end, _) in enumerate(spans):
        cue = _COMING_START.search(norm, start, end)
        if cue is None:
            continue
        planned += [
            f
            for f in facts
            if f.sentence == n and f.section == "medications" and f.status == "active" and f.start < cue.end() + 30
        ]
    return [f for f in facts if f not in planned]


#: A start still to come whose object is a pronoun or left out: "ill start it 2 days before i fly",
#: "I'm going to start them next week", "начну его пить после отпуска", "医生开了二甲双胍，下周开始吃".
#: The medicine is the one the sentence named before it ("I'll start insulin" names its own, and the
#: clause's plan keeps it from being a fact already: :class:`~segment.Clause`'s ``intent_at``).
_LATER_START = {
    "en": re.compile(
        r"\b(?:i'?ll|ill|i will|i'?m going to|im going to|i'?m gonna|im gonna|going to|gonna|about to|due to|will)\s+"
        r"(?:start|begin)\s+(?:taking\s+|using\s+)?(?:it|them|on it|on them)\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:начну|начнём|начнем|буду начинать)\s+(?:его|её|ее|их)"
        r"(?:\s+(?:пить|принимать|колоть|капать))?(?![а-яё])"
    ),
    "zh": re.compile(
        r"(?:下周|下个?星期|下个?礼拜|明天|后天|过几天|过两天|到时候|出发前|之后|以后|回头)再?开始(?:吃|用|打|服)(?=[\s，,。.！!；;]|$)"
    ),
}


def without_later_starts(facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """ "yeah doxycycline, ill start it 2 days before i fly": the medicine named last before a start
    still to come, in its sentence, is not taken yet (the section stays touched)."""
    pattern = _LATER_START.get(lang)
    if pattern is None or not any(f.section == "medications" for f in facts):
        return facts
    planned: list[Fact] = []
    for n, (start, end, _) in enumerate(spans):
        for cue in pattern.finditer(norm, start, end):
            before = [
                f
                for f in facts
                if f.sentence == n and f.section == "medications" and f.status == "active" and f.end <= cue.start()
            ]
            if before:
                planned.append(max(before, key=lambda f: f.end))
    return [f for f in facts if f not in planned]


#: A reply that opens with "not yet": "not yet, they said whooping cough at 20 weeks", "пока нет,
#: прививку от гриппа предложат осенью", "还没，医生说下个月打".
_NOT_YET = {
    "en": re.compile(r"\s*(?:no[,.]?\s+)?not yet\b"),
    "ru": re.compile(r"\s*(?:нет[,.]?\s+)?(?:пока|ещё|еще)\s+нет(?![а-яё])"),
    "zh": re.compile(r"\s*还没(?:有)?"),
}
#: A verb that tells a jab or an operation as done: it was had after all ("not yet, but I had the flu one").
_DONE_AFTER_ALL = {
    "en": re.compile(r"\b(?:had|got|did|done|received|was given)\b"),
    "ru": re.compile(r"(?<![а-яё])(?:сделал\w*|поставил\w*|привил\w*|прооперир\w*|удалил\w*|был[аи]?)(?![а-яё])"),
    "zh": re.compile(r"打了|打过|做了|做过|接种了|已经"),
}


#: The sections of what is had once and then historical: a jab, an operation.
_HAD = frozenset({"vaccinations", "surgeries"})


def without_not_yet_done(
    facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]]
) -> list[Fact]:
    """ "not yet, they said whooping cough at 20 weeks": the jabs and operations of a sentence that
    opens with "not yet" and tells none of them as done are still to come, no ``historical`` fact."""
    pattern = _NOT_YET.get(lang)
    if pattern is None or not any(f.section in _HAD for f in facts):
        return facts
    ahead: list[Fact] = []
    for n, (start, end, _) in enumerate(spans):
        opening = pattern.match(norm, start, end)
        if opening is None or _DONE_AFTER_ALL[lang].search(norm, opening.end(), end):
            continue
        ahead += [f for f in facts if f.sentence == n and f.section in _HAD and f.status == "historical"]
    return [f for f in facts if f not in ahead]


#: A medicine not obtained yet: "haven't picked it up yet", "пока не купил", "还没去买".
_NOT_BOUGHT = {
    "en": re.compile(
        r"\b(?:haven'?t|have not|not|didn'?t|did not)\s+(?:\w+\s+)?"
        r"(?:bought|picked (?:it |them )?up|collected|filled)\b[^.;!?]*?\byet\b"
        r"|\bnot yet\s+(?:bought|picked (?:it |them )?up|collected)\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:пока|ещ[её])\s+не\s+(?:купил|купила|выкупил|выкупила|забрал|забрала)(?![а-яё])"
        r"|(?<![а-яё])не\s+(?:купил|купила|выкупил|выкупила)\s+(?:пока|ещ[её])(?![а-яё])"
    ),
    "zh": re.compile(r"还没(?:有)?(?:去)?(?:买|拿药|取药|去拿)"),
}


def without_unbought(facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """ "гептрал терапевт назначил, но я пока не купил", "gp prescribed omeprazole but i haven't picked it
    up yet", "医生开了奥美拉唑，我还没去买": the one medicine of a sentence that says it is not obtained yet
    is prescribed, not taken: no fact (the caller keeps its section as a topic)."""
    pattern = _NOT_BOUGHT.get(lang)
    medicines = [f for f in facts if f.section == "medications" and f.entity != SECTION_WIDE]
    if pattern is None or not medicines:
        return facts
    unbought: list[Fact] = []
    for n, (start, end, _) in enumerate(spans):
        if pattern.search(norm, start, end) is None:
            continue
        named = [f for f in medicines if f.sentence == n]
        if len(named) == 1 and named[0].status == "active":
            unbought += named
    return [f for f in facts if f not in unbought]
