"""When a denial is an ending: a clause that denies with a starting point, with "still", or
after saying the illness or the medicine was there before.

"no hypos since March", "still off the statin", "кашель был, сейчас нету", "Урсосан пила
полгода, сейчас нет": each denies now what the user had, so the entity ended (``end``), it is
not a confirmed absence. "never" in the clause keeps it an absence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.gate import Gated, Literals
from anamnesis.understanding.rules.segment import Clause, phrase_at
from schemas.sections import CONFIRMED_ABSENT

#: A denial with a starting point or a duration: "not one since march", "no hypos since",
#: "6 weeks without a cigarette", "3 weeks no alcohol", "не курю уже 5 лет", "с марта не пью".
_SINCE = re.compile(
    r"\bsince\b|\bfor (?:the )?(?:past|last)\b"
    r"|\b(?:for|in) (?:over |almost |about |nearly |well over )?(?:\d+|a|an|one|two|three|four|five|six|seven|eight"
    r"|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|several|a few|few|many|a couple of|a couple|couple of)"
    r"\s*(?:days?|weeks?|wks?|months?|years?|yrs?|decades?)\b|\b(?:for|in) (?:years|ages|decades|donkey's years)\b"
    r"|\b(?:\d+|a|one|two|three|four|five|six)\s*(?:days?|weeks?|wks?|months?|years?|yrs?)"
    r" (?:without|now|clean|no|off)\b"
    r"|с тех пор|(?<![а-я])уже (?:\d+|год|полгода|месяц|неделю|две|три|четыре|пять|несколько|много)"
    r"|(?<![а-я])с (?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|\d{4}|прошлого"
    r"|прошлой|позапрошлого|весны|лета|осени|зимы|нового года|нг|родов|беременности|операции|выписки)"
    r"|自从|以来|已经\S{0,4}?(?:年|个月|周|天|礼拜|星期)\S{0,5}?(?:没|不)"
)
#: Denials that say "ever", which no starting point turns into an ending.
_EVER = re.compile(r"\bnever\b|никогда|ни разу|从来|从没|从未|从不")


def _denied_with(pattern: re.Pattern[str], norm: str, clause: Clause) -> bool:
    """Whether a denying clause also holds ``pattern`` and no "ever" ("never", "ни разу"), which
    keeps a denial a denial: the one test every reading of a denial's time below shares."""
    if not clause.has("neg"):
        return False
    text = norm[clause.start : clause.end]
    return pattern.search(text) is not None and _EVER.search(text) is None


def since_then(norm: str, clause: Clause) -> bool:
    """Whether the clause's denial has a starting point ("not since March"): an ending, not an absence.
    The starting point must stand in the denial's own phrase: in "been ill for a week, no fever" the
    week is the illness's, and the fever is simply absent."""
    if not _denied_with(_SINCE, norm, clause):
        return False
    return any(
        _SINCE.search(norm, *phrase_at(norm, s, clause.start, clause.end, _PHRASE_PAUSE)) is not None
        for s, _, lex in clause.hits
        if lex.cat == "neg"
    )


#: What closes a phrase inside a clause: a comma or a semicolon.
_PHRASE_PAUSE = frozenset(",，;；")


#: The anchor of "not since I started the omeprazole", "gave it up when I started the mtx": a
#: medicine begun or given up at the time a clause speaks of.
_SINCE_ANCHOR = Gated(
    re.compile(
        r"\b(?:since|when|after|once) (?:i |i've |ive |we |they |the gp |my gp |the doctor )?"
        r"(?:(started|starting|began|going on|went on|been on|switched to|switching to|put me on)"
        r"|(stopped|stopping|quit|quitting|came off|coming off|gave up|giving up|cut out|cutting out))\b[^,;.!?]*$"
    ),
    ["since", "when", "after", "once"],
)


def since_anchor(norm: str, clause: Clause, at: int) -> str | None:
    """The state of what stands at ``at`` as the time a clause speaks from ("no heartburn since I
    started the omeprazole", "gave it up when I started the mtx": taken, "pos"; "...since I
    stopped the coffee": "end"), or ``None`` when it is no such anchor."""
    m = _SINCE_ANCHOR.search(norm, clause.start, at)
    if m is None:
        return None
    return "pos" if m.group(1) else "end"


#: "still not smoking", "still off the statin": a denial that lasts says an earlier stop holds.
_STILL_WITHOUT = re.compile(r"\bstill (?:not|no|off|haven't|havent|hasn't|hasnt|don't|dont|not had)\b")


def still_without(norm: str, clause: Clause) -> bool:
    """Whether an English clause denies with "still": a habit or medicine stopped before and not
    taken up again (stopped), not one the user never had."""
    return clause.has("neg") and _STILL_WITHOUT.search(norm, clause.start, clause.end) is not None


#: A medicine taken in the past: its denial in the same clause is a stop, not an absence.
_PAST_TAKING = re.compile(
    r"\b(?:was on|were on|took|used to take|had been on|been taking)\b"
    r"|(?<![а-я])(?:пил|пила|пили|принимал|принимала|принимали|колол|колола|кололи)(?![а-я])"
)


#: An illness the clause says one had, then "now no": "температура была, сейчас нет".
_HAD_THEN_NOW = re.compile(
    r"(?<![а-я])(?<!не )(?:был|была|было|были|бывал\w*)(?![а-я]).*(?<![а-я])(?:сейчас|теперь|уже|больше)(?![а-я])"
)


def had_before(norm: str, clause: Clause) -> bool:
    """Whether a denying clause says the illness was there before ("кашель был, сейчас нету"):
    its denial now is an ending, not an absence."""
    return _denied_with(_HAD_THEN_NOW, norm, clause)


def taken_before(norm: str, clause: Clause) -> bool:
    """Whether a denying clause says the medicine was taken before ("Урсосан пила полгода, сейчас нет")."""
    return _denied_with(_PAST_TAKING, norm, clause)


#: A denial of one day's dose ("didn't take my lisinopril today", "haven't had the bisoprolol yet
#: this morning", "вчера вечером не выпила метформин", "昨晚的二甲双胍没吃", "没来得及吃"): the
#: user takes the medicine.
_DOSE = re.compile(
    r"\b(?:today|tonight|this (?:morning|afternoon|evening)|last night|yesterday)\b"
    r"|(?<![а-яё])(?:сегодня|вчера|утром|вечером|с утра|на ночь)(?![а-яё])"
    r"|(?:今天|今早|今晚|早上|昨天|昨晚|中午|晚上|这顿)(?!开始|起)|来得及"
)
#: A denial of how much ("I don't take more than two a day", "ибупрофен много не пью", "不超过两片",
#: "不敢多吃") or of a meal the medicine was taken without ("выпила аспирин, не позавтракав",
#: "没吃早饭就吃了阿司匹林"): the user takes the medicine.
_AMOUNT_OR_MEAL = re.compile(
    r"(?:\bnot|n't|\b(?:do|does|did|ca|wo)nt) (?:take |have |use |go )?(?:more than|over|above|too many|too much)\b"
    r"|\bno more than\b"
    r"|(?<![а-яё])не (?:больше|более|чаще)(?= (?:\d|одн|дв|тр|чет|пят|раз))|(?<![а-яё])много не(?![а-яё])"
    r"|(?<![а-яё])не (?:по)?(?:ев|евши|завтракав|обедав|ужинав)(?![а-яё])"
    r"|不超过|(?:不|没)(?:敢|能|要|会|怎么)?多(?:吃|用|喝)|没(?:吃|喝)(?:早饭|早餐|午饭|晚饭|饭|东西)(?:就|之前|以前)"
)
#: A denial of a medicine's effect ("the paracetamol does nothing", "codeine doesn't touch the pain",
#: "the omeprazole hasn't made a difference to the heartburn", "amlodipine doesn't suit me", "its
#: not cutting it"): the user takes the medicine, and what it was for is still there.
_EFFECT = re.compile(
    r"\b(?:does|did|do|is|isn't|isnt|is not|was|wasn't|wasnt)\s*"
    r"(?:nothing|n't\s+do\w*\s+anything|nt\s+do\w*\s+anything|not\s+do\w*\s+anything|doing nothing|doing anything)\b"
    r"|\b(?:doesn't|doesnt|does not|didn't|didnt|did not|don't|dont|do not|hasn't|hasnt|has not|haven't|havent"
    r"|have not|isn't|isnt|is not|aren't|arent|are not|wasn't|wasnt|won't|wont)\s+(?:really\s+|even\s+)?"
    r"(?:touch|touching|touched|help|helping|helped|work|working|worked|do anything|do much|do a thing"
    r"|made? (?:a|any|much) difference|making (?:a|any|much) difference|clear|clearing|cleared|shift|shifted"
    r"|fix|fixed|ease|eased|easing|relieve|relieved|control|controlling|controlled|suit|suiting|suited"
    r"|agree with|agreeing with|agreed with|cut it|do the trick|do the job)\b"
    r"|\b(?:it'?s|its|they'?re|theyre)\s+not\s+(?:really\s+)?"
    r"(?:cutting it|doing the (?:trick|job)|working|helping|doing (?:anything|much))\b"
)


def denies_a_dose_or_effect(norm: str, clause: Clause) -> bool:
    """Whether a clause's denial is of one day's dose, of an amount, of a meal or of a medicine's
    effect, not of taking it; "never" keeps it a denial of taking it."""
    return (
        _denied_with(_DOSE, norm, clause)
        or _denied_with(_AMOUNT_OR_MEAL, norm, clause)
        or denies_an_effect(norm, clause)
    )


def denies_an_effect(norm: str, clause: Clause) -> bool:
    """Whether an English clause denies what a medicine does (:data:`_EFFECT`), not the medicine
    nor the illness it was taken for."""
    return _denied_with(_EFFECT, norm, clause)


#: A denial said of the past only: "never", "before", "раньше", "以前", "从来"...
_PAST_ONLY = re.compile(
    r"\b(?:never|before|used to)\b|(?<![а-яё])(?:раньше|никогда|прежде)(?![а-яё])|以前|从来|从没|从未|之前|原来|过去"
)
#: ... then the time it began: "never had a migraine until last month", "...before this pregnancy",
#: "раньше не было изжоги, а теперь каждый день", "从来没有胃疼过，最近一周开始疼".
_ONSET = re.compile(
    r"\b(?:until|till|til|up until)\b|\bbefore (?:this|last|the|my|a|that)\b|\bbut now\b|\bnow (?:i|it|they)\b"
    r"|\b(?:lately|recently|these days|this (?:week|month|year|time))\b|\bstarted\b"
    r"|(?<![а-яё])(?:теперь|сейчас|недавно|последн\w+|с (?:этой|прошлой|того|тех)|появил\w*|начал\w*|пока не)(?![а-яё])"
    r"|最近|现在|这(?:几|两|一)?(?:天|周|个月|次|阵子|段时间|礼拜|星期)|开始|才"
)
#: A denial or "too" in the stretch that gives the onset keeps it a denial ("...and now still no
#: pain", "сейчас тоже", "现在也没有").
_STILL_NEG = re.compile(
    r"\b(?:no|not|never|none|too|either)\b|n't|(?<![а-яё])(?:не|нет|нету|ни|тоже|также)(?![а-яё])|没|不|无|也"
)


def began_later(norm: str, clause: Clause, clauses: Sequence[Clause]) -> bool:
    """Whether a denying clause denies only the past and its sentence (of ``clauses``) says when the
    thing began ("never had heartburn before this pregnancy", "раньше такого не было, а теперь каждый
    день", "以前从来没有头疼过，这周开始疼"): the thing is there now, it is no absence."""
    if not clause.has("neg") or _PAST_ONLY.search(norm, clause.start, clause.end) is None:
        return False
    sentence_end = max(c.end for c in clauses if c.sentence == clause.sentence)
    neg = min(s for s, _, lex in clause.hits if lex.cat == "neg")
    onset = _ONSET.search(norm, neg, _before_another_thing(clause, clauses, sentence_end))
    if onset is None or _dates_an_ending(onset.start(), clause, clauses):
        return False
    return _STILL_NEG.search(norm, onset.end(), sentence_end) is None


def _dates_an_ending(at: int, clause: Clause, clauses: Sequence[Clause]) -> bool:
    """The onset word at ``at`` stands in a later clause that ends something ("从来不抽烟，开始备孕就把酒戒了"):
    it dates that ending, not a start of the thing denied."""
    return any(
        c.sentence == clause.sentence and c.start > clause.start and c.start <= at < c.end and c.has("end")
        for c in clauses
    )


#: Kinds of hit that name a thing of their own (not a relative, a body part or a cue word).
_THINGS = frozenset({"drug", "lifestyle", "symptom", "condition", "diagnosis", "injury", "procedure", "vaccine", "allergen"})


def _before_another_thing(clause: Clause, clauses: Sequence[Clause], sentence_end: int) -> int:
    """Where the onset of a denied thing can be looked for: up to the first thing a later clause of the
    sentence names ("never smoked, and gave up wine when we started trying": the start is the wine's
    time, not the smoking's)."""
    later = (
        s
        for c in clauses
        if c.sentence == clause.sentence and c.start >= clause.end
        for s, _, lex in c.hits
        if lex.kind in _THINGS
    )
    return min(later, default=sentence_end)


#: A denial of how often or how much a habit or a medicine is taken ("I don't smoke much", "I don't
#: take the amlodipine every day", "не каждый день пью", "不怎么抽烟", "不经常喝酒", "降压药不是每天吃"):
#: the user takes it, seldom.
_HOW_OFTEN = re.compile(
    r"(?:\bnot|n't|\b(?:do|does|did)nt)\b[^,.;!?]{0,40}?"
    r"\b(?:every ?day|daily|much|often|a lot|regularly|all the time)\b"
    r"|(?<![а-яё])не (?:каждый день|часто|много|регулярно|постоянно|всегда)(?![а-яё])"
    r"|不怎么|没怎么|不(?:太|是很)?经常|不(?:太)?常|不是每天|不按时|不规律|不规则"
)


def denies_how_often(norm: str, clause: Clause) -> bool:
    """Whether a clause's denial is of how often or how much (:data:`_HOW_OFTEN`), not of taking."""
    return _denied_with(_HOW_OFTEN, norm, clause)


#: A denial of now that goes on to the times the thing still comes ("no headaches now, only in the
#: mornings", "сейчас нет, только по утрам", "现在不疼，就早上疼"): the thing is there, at those times.
_NOW_ONLY_AT = Gated(
    re.compile(
        r"\b(?:now|right now|at the moment|currently)\b[^.!?]{0,30}?[,;—–-]\s*(?:but\s+)?(?:only|just)\s+"
        r"(?:at|in|on|when|after|before|during|first thing|mornings?|evenings?|nights?|overnight|sometimes)\b"
        r"|(?<![а-яё])сейчас[^.!?]{0,30}?[,;—–-]\s*(?:но\s+)?(?:только|лишь|разве что)\s+"
        r"(?:по|в|во|на|когда|после|перед|ночью|утром|вечером|дн[её]м|иногда)(?![а-яё])"
        r"|现在[^。.!！?？]{0,12}?[，,；;]\s*(?:但是?|不过)?(?:就|只|只有|只是)(?:是|在)?"
        r"(?:早上|早晨|晚上|夜里|半夜|夜间|下午|上午|白天|睡前|起床|饭后|饭前|活动|运动|走路|偶尔|有时)"
    ),
    ["now", "currently", "at the moment", "сейчас", "现在"],
)
#: Sections whose thing may come at some times and not others (a complaint, an as-needed medicine, a habit).
_AT_TIMES = frozenset({"symptoms", "medications", "lifestyle"})


def held_at_other_times(
    facts: list[Fact], norm: str, spans: Sequence[tuple[int, int, bool]], found: Literals | None = None
) -> None:
    """A denial of now in a sentence that goes on to when the thing still comes (:data:`_NOW_ONLY_AT`)
    is no absence: the complaint, medicine or habit is there, at those times. So is the bare
    answer's denial ("Голова болит?" — "сейчас нет, только по утрам"). ``found``: the gates' literals in ``norm``."""
    m = _NOW_ONLY_AT.search(norm, found=found)
    if m is None:
        return
    sentence = next((n for n, (start, end, _) in enumerate(spans) if start <= m.start() < end), None)
    for fact in facts:
        if (
            fact.status == CONFIRMED_ABSENT
            and fact.section in _AT_TIMES
            and (fact.sentence == -1 or (fact.sentence == sentence and fact.start < m.end()))
        ):
            fact.status = status_for(fact.section, None)
