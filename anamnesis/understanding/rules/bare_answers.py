"""A user's short answer to the assistant's question: yes, no, not any more, an amount.

:mod:`anamnesis.understanding.rules.answers` reads what the question asks; this module reads
the answer's polarity ("нет вообще", "no, not at all", "打过" echoing "打过疫苗吗？") and the
state it gives to what the question named.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.answers import Topic
from anamnesis.understanding.rules.segment import Hit, sentences

#: Words that only strengthen a bare answer: "нет вообще", "no, not at all", "да, конечно".
_INTENSIFIER = re.compile(
    r"^(?:(?:at all|really|honestly|thankfully|luckily|fortunately|completely|totally|entirely|for good now"
    r"|mate|doc|thanks|thank you|thank god|thank goodness"
    r"|вообще|совсем|абсолютно|точно|конечно)(?![\w-])[\s,]*)+"
)
#: A whole English reply that only says no in other words: "not a thing", "nothing to report", "no
#: and no" ("all good" is not one: to "How's the cough?" it says the cough is over).
_EN_ALL_NO = re.compile(
    r"(?:nothing to report|not a thing|not once|never ever|zero|nada|nil"
    r"|(?:i'm |i am )?not aware of any(?:thing)?|none (?:that )?i(?:'m| am) aware of"  # "I'm not aware of any."
    # "no and no", "no no and no", "nope, nope": one denial for each thing asked
    r"|(?:no|nope|nah)(?:(?:,? and |, ?| )(?:no|nope|nah))+|(?:no|nope|nah)(?: x ?2| on both| for both| both))"
    r"(?:[\s,]+(?:thankfully|luckily|thanks|thank you|mate|doc|so far|here))*[\s.!]*"
)
#: An English answer's echo of the asked verb and what it points at ("had any", "noticed
#: anything like that", "get them"), or the answer's certainty ("think so", "that I noticed",
#: "as far as I can tell", "lately"): said after "no", it is still only "no".
_EN_ECHO = (
    r"(?:(?:really|actually|ever|even|personally) )?"
    r"(?:(?:(?:have|has|had|did|do|does|get|got|gotten|noticed?|seen|see|felt|feel|experienced?|take|taken|took"
    r"|use|used|tried|touched|suffer(?:ed)? from|(?:been )?(?:diagnosed|told) (?:with|about|i have)|been)"
    r"(?: (?:any(?:thing)?(?: of (?:those|them|these|that|the above))?|one|ones"
    r"|it|that|them|those|these|much|many|such|those things))?"
    r"|(?:think|believe|reckon|suppose) so"
    r"|that i(?:'ve|ve| have)? (?:know|knew|noticed?|seen|can tell|could tell|can see|felt|remember|recall|am aware"
    r"|'m aware|m aware)(?: of)?)"
    r"(?: (?:at all|like that|either|lately|recently|so far|really))?"
    r"|lately|recently|so far|as far as i (?:can tell|know)"
    r")"
)
#: What may follow a bare answer without saying anything of its own: when ("gave up 5 years
#: ago", "not since march"), how far it reaches ("none of those", "no to all", "nothing like
#: that", "ничего такого нет") or the verb it stands for ("never have", "never did").
_ANSWER_TAIL = re.compile(
    r"^(?:(?:about |over |almost |nearly )?(?:\d+|a|an|one|two|three|four|five|six|ten|a few|a couple of|several)"
    r" ?(?:days?|weeks?|wks?|months?|years?|yrs?) ago|ages ago|years ago|a (?:long )?(?:time|while) ago"
    r"|(?:last|this) (?:week|month|year|spring|summer|autumn|fall|winter)|in \d{4}|for good|for years"
    # "not since march", "not since I started the omeprazole": when, however long it is said
    r"|since [^,;.!?]*"
    # a time of one's childhood: "yes as a kid", "да, в детстве"
    r"|as a (?:kid|child|little one|teen|teenager|baby)|when i was (?:a kid|a child|little|small|young)"
    r"|in (?:my )?childhood|в детстве|ребёнком|ребенком|в юности|в школе"
    r"|(?:\d+|one|two|three|four|five|both|all(?: my| the| of the)?) (?:shots?|doses?|jabs?|injections?|boosters?)"
    r"|(?:(?:all|any|each|either|both|none) )?of (?:those|them|these|that|the above)"
    # the asked things pointed at as a whole ("stopped both", "quit them all", "бросил оба")
    r"|both|them(?: both| all)?|(?:оба|обе|обоих|их|все)"
    r"|to (?:all(?: (?:two|three|four|five|[2-5]))?|both|everything)(?: of (?:those|them|these|that))?"
    # the verb it stands for with what it points at ("haven't had any", "don't get them", "not
    # noticed anything"), or how sure it is ("don't think so", "not that I noticed", "not lately")
    rf"|{_EN_ECHO}"
    r"|like that|(?:have|had|did|done|been|do)(?: not)?"
    r"|(?:такого|подобного)(?: (?:нет|нету|не было|не бывает))?)(?![\w-])"
)
#: An English amount per period ("about 10 a day", "couple of pints on a friday", "4-5 hrs a
#: night", "3x a week"): said to a question about a habit, it answers yes by saying how much.
_EN_AMOUNT = (
    r"(?:(?:about|around|roughly|maybe|probably|only|just|like|usually|still) )*"
    r"(?:\d+(?:[.,]\d+)?(?: ?(?:-|to|or) ?\d+)?|a couple(?: of)?|couple of|a few|few|one|two|three|four|five|six|ten)"
    r"(?:ish)? ?(?:x|times|[a-z]+)?(?: [a-z]+)?"
    r" (?:a|an|per|every|each|on an?|at the|at) (?:day|night|week|weekend|month|evening|friday|saturday|sunday)s?"
)
#: An English count of times in a span ("twice last week", "a couple this month", "once since"):
#: said to a question about a complaint or an attack, it answers yes by saying how often it came.
_EN_TIMES = (
    r"(?:(?:about|around|maybe|probably|only|just|like) )*"
    r"(?:once|twice|a couple(?: of times)?|couple of times|a few times|several times"
    r"|\d+ times|(?:two|three|four|five) times)"
    r"(?: (?:last|this|in the last|in the past|over the last|over the past) "
    r"(?:week|month|year|fortnight|few days|few weeks|couple of weeks|couple of days))?"
)
#: An English "yes" that closes an answer given as an amount ("a couple this month yeah").
_EN_YES_AFTER = re.compile(r"^,? ?(?:yeah|yes|yep|yup|ya)(?![\w-])")
_EN_AMOUNT_TAIL = re.compile(rf"^(?:{_EN_AMOUNT}|{_EN_TIMES})(?![\w-])")
#: A count of hours ("about 6 hours", "5-6 hrs", "часов по 5", "по 7 часов"): said to a question
#: about sleep (or how long a thing has lasted), it answers yes by saying how much.
_EN_HOURS = (
    r"(?:(?:about|around|roughly|maybe|probably|only|just|like|usually) )*"
    r"(?:\d+(?:[.,]\d+)?(?: ?(?:-|to|or) ?\d+)?|four|five|six|seven|eight|nine)(?:ish)? ?(?:hours?|hrs?)"
)
_EN_AMOUNT_ONLY = re.compile(rf"^(?:[a-z]+ ?(?:honestly|really)?, ?)?(?:{_EN_AMOUNT}|{_EN_HOURS}|{_EN_TIMES})(?![\w-])")
_RU_COUNT = (
    r"(?:(?:один|два|две|три|четыре|пять|шесть)-(?:два|три|четыре|пять|шесть|семь)"
    r"|\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+)?|один|одна|два|две|три|четыре|пять|шесть|десять|пару|пара|несколько"
    r"|пол|полторы|полтора)"
)
#: A Russian amount per period or a count of times ("раза два в неделю", "2-3 раза в месяц",
#: "раза два-три", "пару раз", "только по выходным"): an answer to a habit or complaint question.
_RU_AMOUNT_ONLY = re.compile(
    r"^(?:(?:только|лишь|обычно|где-то|примерно|около|ну|да)\s+)*"
    rf"(?:(?:раз(?:а|ов)?\s+)?{_RU_COUNT}(?:\s+раз(?:а|ов)?)?(?:\s+[а-яё]+)?\s+(?:в|за)\s+"
    r"(?:день|сутки|неделю|месяц|год|ночь|вечер)"
    rf"|раз(?:а|ов)?\s+{_RU_COUNT}|{_RU_COUNT}\s+раз(?:а|ов)?"
    r"|по\s+(?:выходным|праздникам|утрам|вечерам|ночам|пятницам|субботам)"
    rf"|час(?:а|ов)\s+(?:по\s+)?{_RU_COUNT}|(?:по\s+)?{_RU_COUNT}\s+час(?:а|ов)?)(?![а-яё\w-])"
)
#: A Chinese amount per period, the whole reply: "一天半包", "一周两三次", "每天两杯左右".
_ZH_AMOUNT_ONLY = re.compile(
    r"(?:大概|差不多|一般|平均|基本)?(?:一天|每天|天天|一周|每周|一星期|一个星期|一个礼拜|每个月|一个月|一月|一年)"
    r"(?:大概|差不多|也就|就)?[一二两三四五六七八九十半几\d]+(?:[到至\-~～][一二两三四五六七八九十\d]+)?多?"
    r"(?:次|根|包|支|杯|瓶|两|顿|回|听|罐|片|粒)(?:左右|吧|的样子)?[\s。.!！~～]*$"
)
#: Words right after an answer word that point at every asked thing ("yes both", "yes, all of them",
#: "да, оба", "да, все три"): the answer has answered each of them, whatever the reply goes on to name.
_EVERY_ASKED = re.compile(
    r",?\s*(?:(?:both|оба|обе|обоих)(?! of (?:my|our|us))|all of them|all (?:three|four|five)|все (?:три|четыре|пять)"
    r"|(?:all|все)(?=\s*(?:[,.;!—-]|$)))(?![\w-])"
)
#: The amount answers of each language.
_AMOUNT_ONLY = {"en": _EN_AMOUNT_ONLY, "ru": _RU_AMOUNT_ONLY, "zh": _ZH_AMOUNT_ONLY}
#: The whole rest of an English "yes" when it is a bare denial, perhaps after an address: "Yes, none.",
#: "Yes, sir. None.", "yeah, nothing at all".
_EN_AGREED_DENIAL = re.compile(
    r"[\s,.!]*(?:(?:sir|ma'am|maam|doctor|doc)[\s,.!]*)?(?:none|nothing|nope|never|no)"
    r"(?:\s+(?:at all|whatsoever))?[\s.!]*"
)
#: Sounds and words that only open an English reply: "Hm I don't think so", "Um, no".
_EN_FILLER = re.compile(r"(?:(?:hm+|hmm+|um+|uh+|erm|er|well|oh|ah)(?![\w-])[\s,.!—-]*)+")
#: A contrast right after an English answer word parts it from what follows as a comma does:
#: "yes but no fever", "no but my knee hurts".
_EN_CONTRAST = re.compile(r"(?:but|though|although)\b")
_ANSWER_WORDS = frozenset({"yes", "neg", "end", "anymore", "still", "self", "start", "hedge", "some", "freq", "sev"})
#: Cues that answer yes by saying how much or how often ("a bit", "only on weekends", "偶尔").
_SOME = frozenset({"some", "freq", "sev"})
_PUNCT = frozenset(",.!?;:，。！？；：…-—")
#: The same bare answer said again for the next thing asked ("no and no", "нет, и нет", "yes yes"):
#: what follows the repeats is what the reply goes on to say.
_SAID_AGAIN = {
    (lang, answer): re.compile(
        r"^(?:,?\s*(?:" + joint + r"\s+)?(?:" + words + r")" + edge + r")+(?=\s*(?:$|[.!?;:,…]))"
    )
    for lang, joint, edge, answers in (
        ("en", "and", r"\b", (("no", "no|nope|nah"), ("yes", "yes|yeah|yep"))),
        ("ru", "и", "(?![а-яё])", (("no", "нет|неа"), ("yes", "да"))),
    )
    for answer, words in answers
}


def polarity(norm: str, hits: list[Hit], lang: str, accept: bool = False) -> str | None:
    """``yes``, ``no`` or ``end`` when the message opens with a bare answer ("No.", "Yes, ...").

    In English and Russian the answer words must stand alone ("No, I don't" but not "No
    allergies", which states something itself); Chinese answers often keep the verb
    ("没吃", "不抽了"), so there the first word decides.
    """
    first = len(norm) - len(norm.lstrip(" \t\n,.!-—"))
    if lang == "en" and (filler := _EN_FILLER.match(norm, first)):
        first = filler.end()  # "Hm I don't think so", "well, no"
    if lang == "en" and _EN_ALL_NO.fullmatch(norm, first):
        return "no"  # "not a thing", "nothing to report", "no and no"
    if lang == "zh":  # "这些都没有", "现在没有了": what it points at or when opens the answer
        lead = _ZH_LEAD.match(norm, first)
        first = lead.end() if lead else first
    # "对" is both an answer and the allergy preposition (对青霉素过敏): an answer word wins its span
    answering = {(s, e) for s, e, lex in hits if lex.cat in _ANSWER_WORDS}
    answer = None
    some = False  # an amount or frequency, which answers yes unless a denial comes with it
    end = first
    for s, e, lex in hits:
        if e <= first:  # a cue the lead ends inside ("一点都没有": 都没有) still answers
            continue
        cat = "yes" if accept and lex.cat == "accept" else lex.cat
        if cat not in _ANSWER_WORDS and (s, e) in answering:
            continue
        if (s > end + 1 and (answer is not None or norm[end:s].strip(" ,，:：—-"))) or cat not in _ANSWER_WORDS:
            break
        if answer is None and cat in ("yes", "neg", "end"):
            answer = {"yes": "yes", "neg": "no", "end": "end"}[cat]
        elif answer is None and cat in _SOME and (lang != "zh" or _bare(norm, e) or _zh_alone(norm, e, hits)):
            # a Chinese amount ("有一点", "偶尔") answers only when it is the whole message, or its
            # own phrase before circumstances ("偶尔 爬楼梯的时候"): "有点头晕" and "偶尔吃" say
            # more, and read as answers they misnamed facts
            some = True
        end = max(end, e)
    if answer is None and some:
        # an amount answers only when its sentence names nothing: "有点头晕" names its own symptom;
        # "a little at night. do I need to keep the flovent going?" asks of the drug in a sentence of its own
        stop = next((e for _, e, _ in sentences(norm) if e > first), len(norm))
        if not any(s < stop and lex.cat == "term" for s, _, lex in hits):
            answer = "yes"
    if answer is None and amount_answer(norm, hits, lang, first):
        # "couple of pints on a friday", "crap honestly, 4-5 hrs a night", "раза два в неделю", "一天半包"
        return "yes"
    if answer is None:
        # "吃。" to "您吃二甲双胍吗？": a Chinese answer repeats the verb of the question
        if (
            lang == "zh"
            and end > first
            and not norm[end:].strip(" 。.!！~～,，")
            and all(lex.cat == "start" for s, _, lex in hits if s < end)
        ):
            return "yes"
        return None
    if lang == "en" and answer == "yes" and _EN_AGREED_DENIAL.fullmatch(norm, end):
        return "no"  # "Yes, none." to "No allergies?": it agrees with the denial
    if lang != "zh":
        rest = _INTENSIFIER.sub("", norm[end:].lstrip(" "), count=1).lstrip(" ")
        if (again := _SAID_AGAIN.get((lang, answer))) is not None:
            rest = again.sub("", rest, count=1).lstrip(" ")  # "no and no. bit tired though": one answer, said twice
        every_asked = _EVERY_ASKED.match(rest) is not None  # "yes both, along with my flu one"
        for _ in range(2):  # what it points at, then when: "stopped both of them last month"
            rest = _ANSWER_TAIL.sub("", rest, count=1).lstrip(" ")
        if lang == "en" and answer == "yes":
            rest = _EN_AMOUNT_TAIL.sub("", rest, count=1).lstrip(" ")  # "yeah about 10 a day, ..."
            rest = _EN_YES_AFTER.sub("", rest, count=1)  # "a couple this month yeah": the yes said after
        if (
            rest
            and rest[0] not in _PUNCT
            and not every_asked
            and not (answer == "yes" and _only_circumstances(norm, hits, end, lang))
            and not (lang == "en" and _EN_CONTRAST.match(rest))
        ):
            return None
    # "not anymore", "уже нет"; "нет, всё в порядке" is a "no" said with ease, not an ending
    ended = answer == "no" and any(
        lex.cat in ("anymore", "end") and lex.value != "fine" and not _ends_its_own(norm, hits, s)
        for s, _, lex in hits
    )
    if answer == "no" and (ended or (lang == "zh" and _first_phrase(norm).rstrip(_ZH_END).endswith("了"))):
        return "end"  # "not anymore", "уже нет", "现在没有了"
    return answer


def _ends_its_own(norm: str, hits: list[Hit], cue: int) -> bool:
    """The ending at ``cue`` is in a sentence after the answer's first one that names a term of
    its own ("neither. gave up wine last year", "No. Stopped the ibuprofen though", "都不。酒去年戒了"):
    it ends that thing, not the asked one ("no. quit 5 years ago" ends the asked one)."""
    spans = sentences(norm)
    if len(spans) < 2 or cue < spans[0][1]:
        return False
    start, end, _ = next(span for span in spans if span[0] <= cue < span[1] or cue < span[0])
    return any(start <= s < end and lex.kind for s, _, lex in hits)


#: Cues that only say when, how often or where a "yes" happened ("yes last tuesday at the pharmacy",
#: "a bit when i stand up quick": the user the subject of the occasion).
_CIRCUMSTANCES = frozenset({"when", "freq", "some", "sev", "jab", "start", "still", "self"})


def only_says_no(norm: str) -> bool:
    """The whole English message is a "no" in other words (:data:`_EN_ALL_NO`), which may name no cue."""
    if len(norm) > 40 or not norm.isascii():
        return False
    first = len(norm) - len(norm.lstrip(" \t\n,.!-—"))
    filler = _EN_FILLER.match(norm, first)
    return _EN_ALL_NO.fullmatch(norm, filler.end() if filler else first) is not None


def _only_circumstances(norm: str, hits: list[Hit], end: int, lang: str) -> bool:
    """After an English "yes", the rest of its sentence names nothing and denies nothing: it only
    tells when ("a little at night. do I need to keep the flovent going?": the next sentence is its own)."""
    if lang != "en":
        return False
    stop = next((e for _, e, _ in sentences(norm) if e > end), len(norm))
    return all(lex.cat in _CIRCUMSTANCES for s, _, lex in hits if end <= s < stop)


def amount_answer(norm: str, hits: list[Hit], lang: str, start: int = 0) -> bool:
    """A reply that opens (at ``start``) with an amount per period (in English after at most one word
    of how it is: "badly, maybe 4-5 hours a night"; "一天半包", "一周两三次") in a sentence that names no
    entity and denies or ends nothing. The sentences after it may tell other things ("10 a day.
    trying to quit before the op", "30 a day since i was 18. bp's a bit high"): the amount has
    answered the question already; one that ends in its own sentence ("20 a day for years, quit in
    2015") is no such answer."""
    pattern = _AMOUNT_ONLY.get(lang)
    if pattern is None:
        return False
    end = next((e for _, e, _ in sentences(norm) if e > start), len(norm))
    if any(s < end and lex.cat in ("term", "neg", "end") for s, _, lex in hits):
        return False
    return pattern.match(norm[start:end]) is not None


_ZH_END = " 。.!！~～啊呀哈"
#: Words that may open a Chinese answer before its answer word: what it points at, when.
_ZH_LEAD = re.compile(
    r"(?:这些|那些|这几个|这几种|以上|上面的?|现在|目前|暂时|最近|这几天|已经|早就"
    # what the user recalls ("应该没有吧", "印象中没有"), a habit ("一般不喝", "基本不吃") and an
    # emphatic count ("一根都不抽")
    r"|应该|印象中|印象里|我记得|记得|一般|基本上?"
    r"|一[点根口次个片粒滴支杯回下顿天](?:都|也)"
    # emphasis ("完全没有", "根本没有") and the asked thing pointed at ("这个没有", "那倒没有")
    r"|完全|根本|压根儿?|绝对|确实|真的|(?:这个|那个|这|那)(?:倒是|倒)?|倒是|倒"
    # how many of the asked things ("这俩都没有", "两样都没有", "三个都不"), a sound that only
    # opens the reply ("嗯没有", "呃，没有"), and a denial said with doubt ("好像没有", "似乎没")
    r"|(?:这|那)?(?:两|俩|三|几)(?:个|样|种|项)?(?=[都也])|(?:嗯+|呃+|额|哦+|噢|唔)[,，\s]*"
    r"|(?:好像|似乎|大概|可能)(?=[没不]))+(?=[都也没不有是对])"
)


def _first_phrase(norm: str) -> str:
    """A Chinese reply up to its first pause: where its answer word says "no longer" ("现在没有了，
    谢谢"), not a question after it ("没有啊，怎么了")."""
    return re.split(r"[,，;；!！?？。]", norm, maxsplit=1)[0]


#: A pause in a Chinese reply (a space reads as a comma there: discourse.zh_spaces_as_commas).
_ZH_PAUSE_AT = re.compile(r"[\s,，;；、]+")
#: Cues that make what follows a Chinese amount say something of its own: a denial, an ending.
_ZH_OWN_SAYING = frozenset({"neg", "end", "anymore", "yes"})
#: What may follow a Chinese amount's phrase and only tell when ("爬楼梯的时候", "晚上睡觉时", "吃完饭以后")
#: or how much ("37度8"): nothing it names is a thing of its own ("眼前一片亮光" describes one).
_ZH_CIRCUMSTANCE = re.compile(
    r"(?:[^\s,，。.!！?？]{0,10}?(?:的时候|时候|时|以后|之后|后)|[\d.]+[\u4e00-\u9fff]{0,2}[\d.]*)[\s。.!！~～]*$"
)


def _zh_alone(norm: str, end: int, hits: list[Hit]) -> bool:
    """A Chinese amount that is its own phrase, before a pause, and what follows only tells when or
    how much (:data:`_ZH_CIRCUMSTANCE`: "偶尔 爬楼梯的时候", "有一点，吃完饭以后", "有点 37度8"), and
    denies and ends nothing."""
    pause = _ZH_PAUSE_AT.match(norm, end)
    if pause is None or pause.end() >= len(norm) or _ZH_CIRCUMSTANCE.match(norm, pause.end()) is None:
        return False
    return not any(s >= end and lex.cat in _ZH_OWN_SAYING for s, _, lex in hits)


def _bare(norm: str, end: int) -> bool:
    """Nothing but punctuation after ``end``."""
    return not norm[end:].strip(" ,.!~，。！～…")


#: A Chinese answer that repeats the question's verb: "抽，一天十根" to "您抽烟吗？", "打过" to
#: "您打过乙肝疫苗吗？", "没打过" / "不抽" (a denial); the verb stands alone before a pause, after a
#: time of one's childhood at most ("小时候出过").
_ZH_ECHO = re.compile(
    r"\s*(?:小时候|小的时候|早年|年轻时候?)?(?:(没有|没|不)|还|也|都|已经)?([\u4e00-\u9fff]{1,2}?)(?:过|了|的)?(?:[一二两三四五六七八九十\d]+[针次剂遍])?"
    r"(?=$|[\s,.!~，。！～、])"
)
#: Words that are no verb of the question however it is phrased.
_ZH_NOT_ECHO = frozenset("我你您他她它的了吗呢吧啊哦嗯好对是有没不也还都就")


def zh_echo(norm: str, question: str) -> str | None:
    """``yes`` / ``no`` when a Chinese message opens by repeating the question's verb, else ``None``."""
    m = _ZH_ECHO.match(norm)
    if m is None or not question:
        return None
    verb = m.group(2)
    if verb[0] in _ZH_NOT_ECHO or verb not in question:
        return None
    return "no" if m.group(1) else "yes"


def answer_state(answer: str, asked: Topic) -> str:
    """The state a yes/no/end/still answer gives to the entities the question named."""
    if answer == "end":
        return "end"
    if answer == "still":
        return "pos"  # "better, but still there": present whatever the question asked
    if answer == "yes":
        return "end" if asked.ended else "pos"
    if asked.ended and not asked.past:
        return "pos"  # "is it gone?" — "no"
    return "end" if asked.still else "neg"


#: Where bare answers in a row part: "no and no", "нет, да", "没有，没有", "no / yes".
IN_ORDER_CUT = re.compile(r"\s*(?:[,;/，；、]|\band\b|(?<![а-яё])и(?![а-яё]))\s*")
PIECE_ENDS = " .!。！~"


def answers_in_order(norm: str, count: int, scan: Callable[[str], list[Hit]], lang: str) -> list[str] | None:
    """The pieces of a reply that gives ``count`` bare answers in a row, one per question of the
    turn ("no and no", "нет, нет", "没有，有"), or ``None`` when it says anything else."""
    pieces = [p.strip(PIECE_ENDS) for p in IN_ORDER_CUT.split(norm.strip(PIECE_ENDS))]
    if len(pieces) != count or not all(pieces):
        return None
    for piece in pieces:
        hits = scan(piece)
        if any(lex.cat not in ("yes", "neg") for _, _, lex in hits) or polarity(piece, hits, lang) not in ("yes", "no"):
            return None
    return pieces

