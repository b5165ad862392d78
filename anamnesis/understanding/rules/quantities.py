"""Numbers in the user's words: doses, age, height, weight, counts, dates.

Every pattern is compiled once and only run when the fragment can contain its answer (a
digit, or a Chinese numeral for 岁), so most messages never touch a regular expression here.
"""

from __future__ import annotations

import re

_CN_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
#: Number words, by value (index): English and Russian, in the cases that follow "около", "по"...
_WORDS = {
    word: n
    for n, words in enumerate(
        (
            "",
            "a an one один одну одного",
            "two два две двух пару",
            "three три трех",
            "four четыре четырех",
            "five пять пяти",
            "six шесть шести",
            "seven семь семи",
            "eight восемь восьми",
            "nine девять девяти",
            "ten десять десяти",
            "eleven",
            "twelve",
        )
    )
    for word in words.split()
}
_WORDS.update({"a couple of": 2, "couple of": 2})
_CN_NUM = "[零一二两三四五六七八九十百]+"
_NUM_WORD = "|".join(sorted((re.escape(w) for w in _WORDS), key=len, reverse=True))


def number(text: str) -> float | None:
    """A digit string (decimal comma allowed), an English/Russian number word or a Chinese numeral."""
    text = text.strip()
    if not text:
        return None
    if text[0].isdigit():
        return float(text.replace(",", "."))
    if text in _WORDS:
        return float(_WORDS[text])
    return _chinese(text)


def _chinese(text: str) -> float | None:
    total, current = 0, 0
    for ch in text:
        if ch in _CN_DIGITS:
            current = _CN_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
        else:
            return None
    return float(total + current)


def fmt(value: float) -> str:
    """``80.0`` → ``"80"``, ``0.50`` → ``"0.5"``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


# --- doses -------------------------------------------------------------------------------

_UNITS: dict[str, str] = {}
for _unit, _forms in {
    "mg": "mg|milligrams|milligram|мг|миллиграмм|миллиграмма|миллиграммов|毫克",
    "mcg": "mcg|µg|μg|ug|micrograms|microgram|мкг|微克",
    "g": "g|grams|gram|гр|г|克",
    "ml": "ml|milliliters|millilitres|мл|毫升",
    "IU": "iu|international units|ме|国际单位",
    "units": "units|unit|u|ед|единиц|единицы|单位",
}.items():
    for _form in _forms.split("|"):
        _UNITS[_form] = _unit

# A number and the word after it; the word is a unit only if _UNITS knows it.
DOSE_RE = re.compile(
    r"(?<![\d.])(?<!\d,)(\d+(?:[.,]\d+)?)\s*(国际单位|毫克|微克|毫升|个单位|单位|克|international units|[a-zа-яµμ]+)"
)


#: A dose in Chinese numerals ("五百毫克", "十八个单位", "零点五克").
_CN_DOSE_RE = re.compile(rf"({_CN_NUM}(?:点[零一二三四五六七八九]+)?)\s*(国际单位|毫克|微克|毫升|个单位|单位|克)")
_CN_UNITS = {"个单位": "units"}


def _cn_doses(norm: str) -> list[tuple[int, int, str]]:
    out = []
    for m in _CN_DOSE_RE.finditer(norm):
        whole, _, frac = m.group(1).partition("点")
        value = _chinese(whole)
        if value is None or value <= 0 and not frac:
            continue
        if frac:
            value += float("0." + "".join(str(_CN_DIGITS[ch]) for ch in frac))
        out.append((m.start(), m.end(), f"{fmt(value)} {_CN_UNITS.get(m.group(2)) or _UNITS[m.group(2)]}"))
    return out


def doses(norm: str) -> list[tuple[int, int, str]]:
    """(start, end, "500 mg") of every dose; years ("2019 г.") are not doses."""
    out = _cn_doses(norm) if "克" in norm or "单位" in norm or "毫升" in norm else []
    for m in DOSE_RE.finditer(norm):
        unit = _UNITS.get(m.group(2)) or _CN_UNITS.get(m.group(2))
        if unit is None:
            continue
        digits = m.group(1)
        if unit == "g" and len(digits) == 4 and digits[:2] in ("19", "20"):
            continue
        if "," in digits:  # "1,000 mg" (thousands) or "0,5 мг" (decimal comma)
            whole, frac = digits.split(",")
            digits = whole + frac if len(frac) == 3 else f"{whole}.{frac}"
        value = float(digits)
        if value <= 0:
            continue
        out.append((m.start(), m.end(), f"{fmt(value)} {unit}"))
    return sorted(out) if len(out) > 1 else out


# --- frequencies not fixed enough for the cue list -----------------------------------------

_PERIOD = {
    "day": "daily",
    "week": "weekly",
    "month": "monthly",
    "день": "daily",
    "сутки": "daily",
    "неделю": "weekly",
    "месяц": "monthly",
    "天": "daily",
    "日": "daily",
    "周": "weekly",
    "星期": "weekly",
    "月": "monthly",
}
_TIMES = {1: "once", 2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times", 7: "seven times"}
FREQ_RE = re.compile(
    r"(?:(\d|once|twice|one|two|three|four|five|six)\s*(?:times?|x)?\s*(?:a|per|each|every)\s+(day|week|month)"
    r"|(\d|один|два|три|четыре|пять|шесть)\s*раз[а]?\s*в\s*(день|сутки|неделю|месяц)"
    r"|(?:每|一)(天|日|周|星期|月)[^，。,.!?！？\d]{0,6}?(\d|[一二两三四五六七])\s*次)"
)


def frequencies(norm: str) -> list[tuple[int, int, str]]:
    """(start, end, "three times weekly") for counted frequencies, including 每周跑步三次."""
    out = []
    for m in FREQ_RE.finditer(norm):
        if m.group(2):
            count, period = {"once": "1", "twice": "2"}.get(m.group(1), m.group(1)), m.group(2)
        elif m.group(4):
            count, period = m.group(3), m.group(4)
        else:
            count, period = m.group(6), m.group(5)
        n = number(count)
        if n is None or int(n) not in _TIMES:
            continue
        out.append((m.start(), m.end(), f"{_TIMES[int(n)]} {_PERIOD[period]}"))
    return out


# --- times -------------------------------------------------------------------------------

_YEAR_RE = re.compile(r"(?<!\d)((?:19[5-9]|20[0-4])\d)(?!\d)")
_AGO_RE = re.compile(
    rf"\b({_NUM_WORD}|\d+|a few|few|several)\s+(day|week|month|year)s?\s+ago\b"
    rf"|(?:\b(\d+|{_NUM_WORD}|несколько)\s+)?(день|дня|дней|неделю|недели|недель|месяц|месяца|месяцев|год|года|лет)\s+назад"
    rf"|(\d+|[一二两三四五六七八九十几半]+)\s*(?:个)?\s*(天|周|星期|礼拜|月|年)\s*(?:以前|之前|前)"
)
_AGO_UNIT = {
    "день": "day",
    "дня": "day",
    "дней": "day",
    "неделю": "week",
    "недели": "week",
    "недель": "week",
    "месяц": "month",
    "месяца": "month",
    "месяцев": "month",
    "год": "year",
    "года": "year",
    "лет": "year",
    "天": "day",
    "周": "week",
    "星期": "week",
    "礼拜": "week",
    "月": "month",
    "年": "year",
}


def times(norm: str, doses_at: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """(start, end, "2019" / "2 weeks ago") of years and "... ago" phrases."""
    out = []
    for m in _YEAR_RE.finditer(norm):
        if not any(s <= m.start() < e for s, e, _ in doses_at):
            out.append((m.start(), m.end(), m.group(1)))
    if "ago" not in norm and "назад" not in norm and "前" not in norm:
        return out
    for m in _AGO_RE.finditer(norm):
        if m.group(2):
            count, unit = m.group(1), m.group(2)
        elif m.group(4):
            count, unit = m.group(3) or "1", _AGO_UNIT[m.group(4)]
        else:
            count, unit = m.group(5), _AGO_UNIT[m.group(6)]
        n = None if count in ("a few", "few", "several", "несколько", "几") else number(count)
        if count == "半":
            out.append((m.start(), m.end(), f"half a {unit} ago"))
            continue
        amount = "a few" if n is None else fmt(n)
        plural = "" if n == 1 else "s"
        out.append((m.start(), m.end(), f"{amount} {unit}{plural} ago"))
    return out


# --- demographics ------------------------------------------------------------------------

#: "7岁从树上摔下来磕过头", "12岁骨折过": an age followed, in its own phrase, by an experiential
#: 过 dates a past event ("过敏" and "过去" are no such 过; "超过" is a comparison).
_CN_THEN = r"(?![^，,。；;！!？?\s]*?(?<![超不])过(?![敏去]))"
_AGE_RES = (
    re.compile(
        # "since age 12", "at age 40": an age in the past, not the user's age now
        r"\b(?<!since )(?<!at )(?<!from )(?<!until )(?<!till )(?<!by )(?<!before )(?<!after )"
        # "ache like i'm 90", "feel as if i'm 80": a likeness, not the age
        r"(?<!like )(?<!as if )(?<!as though )"
        # "about age 6", "around age 12": when something happened, told roughly
        r"(?<!about )(?<!around )(?<!roughly )"
        r"(?:i'?m|i am|age|aged|my age is|i (?:just )?turned|just turned)\s*[:=]?\s*(\d{1,3})(?!\d|[.,]\d)"
        r"(?!\s*(?:cm|centimet|kg|kilo|lb|pound|%|'|\"|ft|feet|foot|inch|in\b|mg|mcg|ml|mm|m\b|g\b|cigarette|"
        r"time|hour|min|day|week|month|x\b|packs?))"
    ),
    # "my 4yo", "our 2 year old", "i have a 6 year old": a child of the user's, not the user's age
    re.compile(
        r"(?<!my )(?<!our )(?<!his )(?<!her )(?<!their )(?<!have a )(?<!got a )(?<!has a )(?<!my little )"
        r"\b(\d{1,3})\s*(?:-|\s)?\s*(?:(?:years?|yrs?)\s*-?\s*old\b|y/?o\b|y\.o\.)"
    ),
    re.compile(
        r"(?:мне|возраст\w*|исполнилось)\s*[:\-—]?\s*(?:сам(?:ой|ому)\s*)?(?:по-прежнему|по прежнему|уже|еще|всего"
        r"|только|сейчас|же)?\s*(\d{1,3})(?!\d|[.,]\d)(?:\s*(?:лет|год|года)\b|(?=\s*[,.!;)]|\s*$)|(?<=\d\d)(?=\s+(?!(?:"
        r"мг|мкг|мл|г|кг|см|мм|ме|ед|единиц|таб|капс|раз|дн|день|сут|недел|мес|час|мин|шт|капел|доз|укол|ампул"
        r"|процент|лет|год|числ|кило)[а-я]*)[а-я]))"  # "мне 58 давление высокое": no unit, count or time after
    ),
    # "我十岁的时候" is an age in the past, not the user's age
    re.compile(
        rf"(?:我|今年|年龄|年纪)\s*(?:还是|已经|今年|现在)?\s*[:：是]?\s*(?:一?个)?\s*(\d{{1,3}}|{_CN_NUM})\s*(?:周岁|岁)(?!的时候|时|那年|那时|起|开始|以前|以后|之前|之后|前|后|就|左右)"
        + _CN_THEN
    ),
    re.compile(r"(?:年龄|年纪)\s*[:：是]?\s*(\d{1,3})"),
    # "63 года.", "ХОБЛ, 66 лет, курю...", "рост 1,82, вес 90 кг, 34 года": years as an item of their own,
    # set off by the sentence's start or a comma; a duration has a word before it ("уже 2 года", "с 16 лет")
    re.compile(r"(?:^|(?<=[.!?;,:]))\s*([1-9]\d{1,2})\s*(?:лет|год|года)(?=\s*(?:[,.;!)]|мне\b|$))"),
    # "41 год мне", "58 мне.": the years first, then "to me"
    re.compile(r"(?:^|(?<=[.!?;,:]))\s*([1-9]\d{1,2})\s*(?:лет|год|года)?\s+мне(?![а-яё])"),
    # "我68了", "我今年42", "今年五十八": an age without 岁, said of oneself or of this year
    re.compile(rf"(?:我|本人)\s*(?:自己)?\s*(?:也)?\s*(?:今年|现在|已经|都)?\s*(\d{{1,3}}|{_CN_NUM})\s*了"),
    # "我姓周 61了", "我叫王芳，58了": a self-introduction by name, then the years with 了
    re.compile(r"我(?:姓|叫)[^\s，,。.！!？?\d]{1,3}[\s，,]*([1-9]\d)\s*了(?=\s|[，,。.；;！!]|$)"),
    re.compile(rf"今年\s*(?:已经|都)?\s*(\d{{1,3}}|{_CN_NUM})(?![\d.]|\s*[年月号日斤公克次个天周期%度])"),
    # "58了，右边腰上起了一串水泡", "66了。": a number of years that opens a sentence with 了, nothing after it
    re.compile(r"^\s*([1-9]\d)\s*了(?=\s*(?:[，,。.；;！!]|$))"),
    # "程序员 30岁", "，58岁，": an age in years standing alone, not a time of life ("30岁那年", "从20岁开始")
    re.compile(
        rf"(?<![\d从在到自满零一二两三四五六七八九十百几])(\d{{1,3}}|{_CN_NUM})\s*(?:周岁|岁)"
        # "12岁确诊的", "30岁查出", "8岁摔断过胳膊": the age an event happened at
        r"(?![\d半]|的时候|时|那年|那时|以前|以后|之前|之后|开始|起|前|后|左右|多|就|的"
        r"|\s*(?:确诊|诊断|查出|检查出|发现|得[了过]|患|发病|出现|做[了过]|摔|骨折|动[了过]?手术|开[了过]?刀))" + _CN_THEN
    ),
)
_HEIGHT_CM_RE = re.compile(r"(\d{2,3}(?:[.,]\d)?)\s*(?:cm|centimet(?:er|re)s?|см|厘米|公分)(?![a-zа-я])")
_HEIGHT_CUE_RE = re.compile(r"(?:height|tall|рост\w*|身高)\D{0,12}?(\d{3})(?!\s*(?:kg|кг|公斤|lb|斤))")
_HEIGHT_M_RE = re.compile(
    r"(?:height|tall|рост\w*|身高)\D{0,12}?([12][.,]\d{1,2})\s*(?:m|meters?|metres?|м|米)?(?![a-zа-я\d])"
)
#: "1.68 m tall", "1.80 m and 95 kg": metres with their unit need no cue word
#: metres are a height only among other body measures ("I'm 45, 1.68 m tall and 74 kg")
_BODY_LIST_RE = re.compile(r"tall|kg|кг|公斤|斤|岁|лет|года?\b|years|\bi'?m \d|мне \d")
_HEIGHT_M_UNIT_RE = re.compile(r"(?<![\d.,])([12][.,]\d{1,2})\s*(?:m|meters?|metres?|м|米)(?![a-zа-я\d])")
_HEIGHT_CN_RE = re.compile(r"身高\s*[:：是有]?\s*([12])\s*米\s*(\d{1,2})?")
#: "1米58", "1米7": metres and centimetres in digits, as patients write a height without 身高
_HEIGHT_CN_DIGITS_RE = re.compile(r"(?<![\d.,])(1)\s*米\s*([3-9]\d?)(?![\d.]|\s*(?:米|cm|厘米|公分))")
#: "一米八", "一米七五": metres and tenths in Chinese numerals
_HEIGHT_CN_WORDS_RE = re.compile(
    r"(?<![零一二两三四五六七八九十\d])([一两])米([一二三四五六七八九])([一二三四五六七八九])?(?![零一二三四五六七八九十\d])"
)
_HEIGHT_FT_RE = re.compile(r"\b([4-7])\s*(?:'|ft|feet|foot)\s*(\d{1,2})?\s*(?:\"|''|in\b|inches)?")
_WEIGHT_CUE_RE = re.compile(
    r"(?:weigh\w*|вешу|вес\w*|体重)\D{0,15}?(\d{2,3}(?:[.,]\d)?)\s*(kg|kgs|kilos?|kilograms?|lbs?|pounds|кг|килограмм\w*|公斤|千克|斤)?(?![a-zа-я])"
)
_WEIGHT_UNIT_RE = re.compile(
    r"(\d{2,3}(?:[.,]\d)?)\s*(kg|kgs|kilos?|kilograms?|lbs?|pounds|кг|кило|公斤|千克|斤)(?![a-zа-я])"
)
#: A weight in stones and pounds, as British patients give it ("15 stone", "9 st 7", "12st 4lb")
_WEIGHT_STONE_RE = re.compile(
    r"(?<![\d.,])(\d{1,2})\s*(?:stone|st)\b(?:\s*(\d{1,2})(?!\d|\s*(?:ft|'|in\b|kg|cm))(?:\s*(?:lbs?|pounds)\b)?)?"
)
#: A reply to "how tall are you?" that gives only numbers: metres ("1,64") or centimetres ("175, 101 кг")
_ASKED_HEIGHT_RE = re.compile(
    r"(?<![\d.,])(?:([12])[.,](\d{2})|(1[4-9]\d|20\d))(?![\d]|[.,]\d|\s*(?:kg|кг|кило|公斤|斤|lb|pound|kilo|лет|год|岁|мг|mg))"
)
#: "lost 30 kg", "похудел на 10 кг", "瘦了10公斤": a change, not the weight
_WEIGHT_DELTA_RE = re.compile(
    r"(?:lost|gained|put on|dropped|похудел\w*\s+на|набрал\w*|сбросил\w*|瘦了|胖了|减了|长了)\s*$"
)
#: The weight a change ends at: "похудела до 73", "минус 8 кг, 88 теперь", "сбросил 6 кг, сейчас 90".
_WEIGHT_NOW_RE = re.compile(
    r"(?:похудел\w*|поправил\w*|располнел\w*|сбросил\w*|скинул\w*|набрал\w*)\s+до\s+(\d{2,3}(?:[.,]\d)?)(?!\d)"
    r"|(?:минус|плюс|сбросил\w*|скинул\w*|набрал\w*|похудел\w*\s+на)\s*\d{1,2}(?:[.,]\d)?\s*(?:кг|килограмм\w*)"
    r"[\s,.;:—-]+(?:(?:теперь|сейчас|уже|стало)\s+)?(\d{2,3}(?:[.,]\d)?)(?!\d|\s*(?:см|лет|год|%))"
    # "lost 6 kilos, 106 now", "lost 6 kilos, 94 on the scales today": the English change in kilograms
    # ("lost 9 kilos since sept, 109 now": when it was lost may come between)
    r"|\b(?:lost|dropped|shed|gained|put on)\s+\d{1,2}(?:\.\d)?\s*(?:kg|kgs|kilos?|kilograms?)"
    r"(?:\s+(?:since|in|over|this|last|in the last|over the last)\s+[a-z\d]+(?:\s+(?:weeks|months|days))?)?[\s,.;:—-]+"
    r"(?:(?:and\s+)?(?:now|i'?m|im)\s+)?(\d{2,3}(?:\.\d)?)(?=\s*(?:kg|kilos?)?\s*(?:now|today|on the scales|$|[,.;!]))"
    # "набрал, 83 уже": a change with no amount, then the weight it came to
    r"|(?:похудел\w*|поправил\w*|сбросил\w*|скинул\w*|набрал\w*)[\s,.;:—-]+(\d{2,3}(?:[.,]\d)?)\s*(?:кг\s*)?(?:уже|теперь|сейчас)"
)
#: The Chinese weight a change ends at, in the change's unit: "瘦了十斤，现在150", "掉了5公斤 现在70了".
_ZH_WEIGHT_NOW_RE = re.compile(
    r"(?:瘦了|胖了|减了|长了|掉了|涨了|降了|重了|轻了|少了)\s*(?:\d{1,2}(?:[.,]\d)?|[一二两三四五六七八九十]{1,3})\s*"
    r"(斤|公斤|千克|kg)[\s,，.。;；]*(?:(?:现在|目前|如今)(?:是|有)?\s*)(\d{2,3}(?:[.,]\d)?)(?!\d|\s*(?:岁|厘米|cm|%))"
)
_SEX_RES = (
    re.compile(r"\bi(?:'?m| am)\s+(?:a\s+)?(woman|female|girl|lady|man|male|guy|boy|gentleman)\b"),
    re.compile(r"\bя\s*[-—]?\s*(женщина|девушка|мужчина|парень)"),
    re.compile(r"(?:我是|性别\s*[:：是]?\s*)(女性|女生|女的|女人|女|男性|男生|男的|男人|男)"),
    # "我是个78岁的老头子", "我是一个退休的老太太": the word an older or younger writer calls themself by
    re.compile(r"我是一?个[^，,。！!？?\s]{0,8}?(老头子?|老爷子|老大爷|老汉|老太太|老太婆|老奶奶)"),
    re.compile(r"(?:пол|sex|gender)\s*[:\-—]?\s*(женский|мужской|ж|м|female|male|f|m)\b"),
    re.compile(
        r"(?:\byears?[- ]old|\byrs?[- ]old|\d\s*y/?o|\d\s*y\.o\.)\s+(woman|female|girl|lady|man|male|guy|boy|bloke)\b"
    ),
    # "老太太我今年72了", "我78了，老太太一个": the word an older writer calls themself by, as an item of its own
    re.compile(r"(?:^|[，,。.！!；;])\s*(老头子?|老爷子|老大爷|老汉|老太太|老太婆|老奶奶)\s*(?:我|一个|[，,。.！!；;]|$)"),
    # a bare answer, or a sex word standing alone in a list: ", female", "мужчина,", "，男"
    re.compile(
        r"(?:^|[，,:：])\W*(female|male|woman|man|женщина|мужчина|женский|мужской|女性?|男性?|女的|男的)\s*(?:[，,.。!！;；]|$)"
    ),
    re.compile(r"\b(?:years?|yrs?)[- ]old\s*(?:and|,)\s*(?:a\s+)?(female|male|woman|man)\b"),
)
_FEMALE = frozenset(
    "woman female girl lady женщина девушка женский ж f 女性 女生 女的 女人 女 老太太 老太婆 老奶奶".split()
)
_SLEEP_RE = re.compile(
    rf"(?:sleep\w*|сплю|спал\w*|睡)\D{{0,20}}?(\d{{1,2}}(?:\.\d)?|{_NUM_WORD}|{_CN_NUM})"
    # a range gives its first number ("сплю по 7–8 часов", "sleeping 5-6 hrs")
    r"(?:\s*[-–—~]\s*\d{1,2})?\s*(?:个)?\s*(?:hours?|hrs?|час\w*|小时|钟头)"
    # "сплю часов пять", "сплю часов по 5": the Russian approximate order, unit first
    rf"|(?:сплю|спал\w*)\s+(?:по\s+)?час\w*\s+(?:по\s+)?(\d{{1,2}}|{_NUM_WORD})"
    # "five hours of sleep", "6 hrs sleep": the hours first
    rf"|\b(\d{{1,2}}|{_NUM_WORD})\s*(?:hours?|hrs?)\s+(?:of\s+)?sleep"
)
_CIGARETTES_RE = re.compile(rf"(\d{{1,2}}|{_NUM_WORD}|{_CN_NUM})\s*(?:cigarettes|cigs|сигарет\w*|支烟|根烟|支|根)")


# One search per value says which values may be there at all (each its own search: "im 6 ft"
# opens like an age and is a height). A value may be there when any of its patterns is found: each
# pattern opens with a digit or with literal words only, so ``re`` skips to where it may start
# instead of trying every alternative at every position (a third of the time of one alternation).
_GATES = {
    "age": (
        re.compile(r"\d\s*-?\s*(?:years?|yrs?|y/?o\b|y\.o\.|лет|года?)"),
        re.compile(
            r"i'?m\s*[:=]?\s*\d|turned\s+\d|i am\s*[:=]?\s*\d|aged?\s*[:=]?\s*\d|мне\s*[:=]?\s*\d"
            r"|возраст\w*\s*[:=]?\s*\d"
            r"|исполнилось\s*[:=]?\s*\d|мне\s+\S+\s+\d|\d\s+мне|岁|年龄|年纪|我(?:姓|叫)|今年\s*(?:已经|都)?\s*[\d一二两三四五六七八九十]"
            r"|我\s*(?:自己)?\s*(?:也)?\s*(?:今年|现在|已经|都)?\s*\d{1,3}\s*了|^\s*\d\d\s*了"
        ),
    ),
    "height": (
        re.compile(r"cm|centimet|tall|height|см|рост|身高|厘米|公分|一米[一二三四五六七八九]|两米[一二三四五六七八九]"),
        re.compile(r"\d(?:\s*(?:'|ft|feet|foot)|(?<=[12])[.,]\d{1,2}\s*(?:m|м|米)(?![a-zа-я])|(?<=1)\s*米\s*[3-9])"),
    ),
    "weight": (
        re.compile(
            r"weigh|kg|kilo|lb|pound|stone|вес|вешу|кг|кило|похудел|поправил|располнел|сбросил|скинул|набрал|体重|公斤"
            r"|千克|斤"
        ),
        re.compile(r"\d\s*st\b"),
    ),
}


def measured(text: str) -> set[str]:
    """Which of age, height and weight the text may state ("age", "height", "weight")."""
    return {name for name, gates in _GATES.items() if any(gate.search(text) for gate in gates)}


def age(text: str) -> str | None:
    for pattern in _AGE_RES:
        m = pattern.search(text)
        if m:
            n = number(m.group(1))
            if n is not None and 0 < n < 125:
                return fmt(n)
    return None


def height_cm(text: str) -> str | None:
    m = _HEIGHT_CN_RE.search(text) or _HEIGHT_CN_DIGITS_RE.search(text)
    if m:
        return fmt(int(m.group(1)) * 100 + int((m.group(2) or "0").ljust(2, "0")))
    m = _HEIGHT_CN_WORDS_RE.search(text)
    if m:
        return fmt(_CN_DIGITS[m.group(1)] * 100 + _CN_DIGITS[m.group(2)] * 10 + _CN_DIGITS.get(m.group(3) or "零", 0))
    for pattern in (_HEIGHT_CM_RE, _HEIGHT_CUE_RE):
        m = pattern.search(text)
        if m and 100 <= (n := float(m.group(1).replace(",", "."))) <= 250:
            return fmt(round(n))
    m = _HEIGHT_M_RE.search(text) or (_HEIGHT_M_UNIT_RE.search(text) if _BODY_LIST_RE.search(text) else None)
    if m:
        return fmt(round(float(m.group(1).replace(",", ".")) * 100))
    m = _HEIGHT_FT_RE.search(text)
    if m:
        return fmt(round(int(m.group(1)) * 30.48 + int(m.group(2) or 0) * 2.54))
    return None


def asked_height_cm(text: str) -> str | None:
    """The height a reply to a question about it gives as a bare number ("175, 101 кг", "1,64 и 78")."""
    m = _ASKED_HEIGHT_RE.search(text)
    if m is None:
        return None
    return fmt(int(m.group(1)) * 100 + int(m.group(2)) if m.group(1) else int(m.group(3)))


def kilograms(value: float, unit: str) -> float:
    """A weight in kilograms from a number and the unit written with it: pounds to whole kilograms
    (as a reader converts them), 斤 halved, anything else already kilograms."""
    if unit.startswith(("lb", "pound")):
        return round(value * 0.45359237)
    return value / 2 if unit == "斤" else value


def zh_weight_now(text: str, since: int) -> str | None:
    """The weight in kg a Chinese change ends at ("瘦了十斤，现在150": 75), when its number is at or
    after ``since`` (the change itself may be said in the clause before)."""
    m = _ZH_WEIGHT_NOW_RE.search(text)
    if m is None or m.start(2) < since:
        return None
    value = kilograms(float(m.group(2).replace(",", ".")), m.group(1) or "")
    return fmt(round(value, 1)) if 25 <= value <= 350 else None


def weight_kg(text: str, asked: bool) -> str | None:
    now = _WEIGHT_NOW_RE.search(text)
    if now:
        value = float(next(g for g in now.groups() if g).replace(",", "."))
        return fmt(value) if 25 <= value <= 350 else None
    for stone in _WEIGHT_STONE_RE.finditer(text):  # "lost 3 stone, 15 stone now": a change is no weight
        value = int(stone.group(1)) * 6.35029318 + int(stone.group(2) or 0) * 0.45359237
        if 25 <= value <= 350 and not _WEIGHT_DELTA_RE.search(text[: stone.start()]):
            return fmt(round(value))  # whole kilograms, as a reader converts it
    m = _WEIGHT_CUE_RE.search(text)
    if m is None:
        m = next((u for u in _WEIGHT_UNIT_RE.finditer(text) if not _WEIGHT_DELTA_RE.search(text[: u.start()])), None)
    if not m:
        return None
    value = kilograms(float(m.group(1).replace(",", ".")), m.group(2) or "")
    return fmt(round(value, 1)) if 25 <= value <= 350 else None


def sex(text: str) -> str | None:
    for pattern in _SEX_RES:
        m = pattern.search(text)
        if m:
            return "female" if m.group(1) in _FEMALE else "male"
    return None


def sleep_hours(text: str) -> str | None:
    m = _SLEEP_RE.search(text)
    if m:
        n = number(m.group(1) or m.group(2) or m.group(3))
        if n is not None and 0 < n <= 16:
            return f"{fmt(n)} hours"
    return None


def cigarettes(text: str) -> str | None:
    m = _CIGARETTES_RE.search(text)
    if m:
        n = number(m.group(1))
        if n is not None and 0 < n <= 100:
            return f"{fmt(n)} cigarettes"
    return None
