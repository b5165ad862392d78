"""Rules extraction of measurements: lab results and vital signs in English, Russian, Chinese.

For each test the catalogue finds in a user message (``anamnesis.measurements.catalog``), the
stretch up to the next test or the end of the sentence is read for a number with its unit, the
user's own judgement ("a bit raised", "повышен", "偏高"), and a quoted reference range. Blood
pressure ("150/95", "150 на 95", "血压150/95") is two readings. A date said anywhere in the
message ("last Tuesday's blood test", "вчера", "上周二") dates all its readings; it is kept in
the relative form of :data:`schemas.measurements.WHEN_PATTERN` and resolved against the
message's time later, so the proposal depends on the text alone (the rules backend is pure).
Questions and conditionals ("is 98 high?", "если сахар 7") are not readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from anamnesis.measurements.catalog import Catalog, TestDef, load_catalog
from anamnesis.measurements.units import UnitError, canonical_level, range_side, unit_forms
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.gate import Gated, Literals
from anamnesis.understanding.rules.lexicon import FINDINGS_FILE
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import LAST_DISCUSSED

_NUMBER = r"(\d+(?:[.,]\d+)?)"
_SENTENCE_END = re.compile(r"[.!?。！？；;\n](?!\d)")
#: A bare 高 right after the test's name ("眼压高", "尿酸高"), not a name of its own ("高血压").
_ZH_BARE_HIGH = re.compile(r"\s*(?:有点|有些|比较|太|都|也|还是)?高(?![血压糖脂])")
_QUESTION_OR_IF = re.compile(r"\?|？|\b(?:if|whether|should|если|ли)\b|如果|要是|吗|是否", re.IGNORECASE)
_BP = re.compile(
    r"(?:\bblood pressure\b|\bbp\b|\bдавлени[еяю]\b|\bад\b|血压)[^\d\n]{0,25}?"
    + _NUMBER
    + r"\s*(?:/|／|\bover\b|\bна\b|\bпо\b)\s*"
    + _NUMBER,
    re.IGNORECASE,
)
#: A blood pressure needs one of these between its numbers: a substring test spares the regex.
#: One of them is in every blood pressure reading (_BP); one search for all of them.
_BP_SEPARATOR = re.compile("/|／|over|Over|OVER|на|по")
_VALUE = re.compile(_NUMBER)
_FILLER = re.compile(
    # "psa, 5.8", "пса - 5,8": a comma or a dash between a name and its value sets the value off
    r"^[\s:=：—–,，-]*(?:(?:level|levels|result|reading|count|test|was|is|now|currently|came back|back|at|of|to|about|"
    r"around|already|still|down|dropped|fell|уровень|сейчас|теперь|уже|всё ещё|все еще|все ещё|всё еще|ещё|еще|был|"
    r"была|было|составил|составила|составляет|показал|около|упал|упала|снизился|снизилась|до|пересдала|пересдал|"
    r"是|为|有|现在|已经|还是|仍然|才|达到|大概|左右|降到|降至|升到|升至|了)[\s:=：—–,，-]*)*",
    re.IGNORECASE,
)
_JUDGEMENTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "abnormal",
        re.compile(
            # "off" only as a predicate ("were a bit off"), never "keep the weight off", "off warfarin"
            r"\b(?:abnormal|not normal|(?:is|was|were|are|back|bit|little|slightly) off|out of range|"
            r"не в норме|с отклонениями|отклонени\w*)\b|异常|不正常|不太好"
        ),
    ),
    (
        "high",
        re.compile(
            r"\b(?:high|higher|elevated|raised|up|above (?:the )?normal|too high|высок\w*|повыш\w*|выше нормы|"
            r"завышен\w*|подскочил\w*|above (?:the )?target|over (?:the )?target|выше цел\w*)\b|"
            r"偏高|升高|增高|过高|超标|高了|有点高|很高|没达标|不达标|未达标|没有达标",
            re.IGNORECASE,
        ),
    ),
    (
        "low",
        re.compile(
            r"\b(?:low|lower|decreased|reduced|below (?:the )?normal|too low|низк\w*|пониж\w*|сниж\w*|ниже нормы)\b|"
            r"偏低|降低|过低|低了|有点低|很低",
            re.IGNORECASE,
        ),
    ),
    (
        "normal",
        # a clinician's content with it is a result at its target ("48, the nurse was happy", "6,9, сказал
        # для меня хорошо", "糖化6.1医生说控制挺好")
        re.compile(
            r"\b(?:normal|fine|ok|okay|in range|happy|pleased|good|great|в норме|нормальн\w*|норма|хорош\w*|"
            r"доволен|довольна|отличн\w*)\b|正常|达标|挺好|很好|不错|还行",
            re.IGNORECASE,
        ),
    ),
)
#: A dose verb right before a test's name makes it a medication ("taking vitamin d", "пью железо",
#: "吃叶酸"): one searched over the few characters before the name.
_DOSE_VERB = re.compile(
    r"(?:\b(?:take|takes|taking|started|starting|(?:i'?m|i am|been|me|still|now|currently) on|prescribed|"
    r"supplementing|пью|пила|пил|пьёт|пьет|принимаю|"
    r"принимала|принимал|принимает|назначили|назначила|назначил|выписали|выписала|выписал|колю|колют)\s+|"
    r"(?:吃|服|服用|补|补充|口服|开了)\s*)$",
    re.IGNORECASE,
)
#: A frequency right after a value makes it a dose ("1000 twice daily", "5 в день", "600 每天一片").
_FREQUENCY = re.compile(
    r"[\s,，]*(?:\b(?:a day|a week|per day|per week|daily|weekly|twice|once|three times|bd|tds|od|"
    r"в день|в сутки|в неделю|раз в|раза в|через день|р/д)\b|"
    r"(?:每天|每日|一天|一日|每周|一周)[一二两三四1-4](?:次|片|粒))",
    re.IGNORECASE,
)
#: The user speaking of themselves again after naming a relative ("mum has diabetes but my a1c...").
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|my|me|у меня|мне|мой|моя|мои|моё|мое|я)\b|我", re.IGNORECASE)
#: A number that names a disease's type or stage ("сахар 2 типа", "血糖是2型") is not a value.
_TYPE_OR_STAGE = re.compile(r"\s*-?\s*(?:тип|типа|стади[ияю]|степени|型|期)", re.IGNORECASE)
#: A denial right before a judgement ("not elevated", "не очень высокий", "没有升高") takes it back.
_DENIED = re.compile(
    r"(?:\b(?:не|not|no longer|wasnt|isnt|arent|werent|dont|doesnt|didnt|aint)\b|n't)\s*(?:\w+\s+)?$"
    r"|(?:没有?|不|未)(?:太|很|明显|再)?$",
    re.IGNORECASE,
)
_RANGE = re.compile(
    r"(?:normal|norm|reference|range|ref|норма|референс\w*|参考值|参考范围|正常值|正常范围)[^\d\n]{0,12}"
    + _NUMBER
    + r"\s*(?:-|–|—|~|to|до|到|至)\s*"
    + _NUMBER,
    re.IGNORECASE,
)
#: A clinician's target the value must come down to ("得降到1.8以下", "надо ниже 1,4", "хочет меньше
#: 1,4", "target is under 1.8"): a value above it is judged high, as the clinician judged it.
_TARGET = re.compile(
    r"(?:\b(?:below|under|less than)|<|\b(?:ниже|меньше|до)\b)\s*" + _NUMBER + r"|" + _NUMBER + r"\s*(?:以下|之下)",
    re.IGNORECASE,
)
#: The words that make a number after them a target rather than another reading ("LDL 2.9, wants it
#: below 1.8" but not "a1c 8.1, fasting below 7"): a want, a need, a target.
_TARGET_WORD = re.compile(
    r"\b(?:target|aim|goal|should|needs?|wants?|has to|must|надо|нужно|должен|должна|должно|хочет|хотят|цель\w*)\b"
    r"|要|得|应该|需要|目标|控制",
    re.IGNORECASE,
)
_WEEKDAYS = {
    "mon": ("monday", "понедельник", "周一", "星期一", "礼拜一"),
    "tue": ("tuesday", "вторник", "周二", "星期二", "礼拜二"),
    "wed": ("wednesday", "среду", "среда", "周三", "星期三", "礼拜三"),
    "thu": ("thursday", "четверг", "周四", "星期四", "礼拜四"),
    "fri": ("friday", "пятницу", "пятница", "周五", "星期五", "礼拜五"),
    "sat": ("saturday", "субботу", "суббота", "周六", "星期六", "礼拜六"),
    "sun": ("sunday", "воскресенье", "周日", "星期日", "星期天", "礼拜天"),
}
_LAST_WEEKDAY = re.compile(
    r"(?:\blast\s+|\bв\s+прошл\w+\s+|\bпрошл\w+\s+|上)("
    + "|".join(w for names in _WEEKDAYS.values() for w in names)
    + ")",
    re.IGNORECASE,
)
_ISO_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
_AGO = re.compile(
    r"\b(\d{1,3}|a|one|two|three|four)\s+(day|days|week|weeks|month|months)\s+ago\b|"
    r"\b(\d{1,3}|одн\w*|две|два|три|четыре)?\s*(день|дня|дней|неделю|недели|недель|месяц|месяца|месяцев)\s+назад\b|"
    r"(\d{1,3}|一|两|二|三|四)?\s*(天|周|个星期|个月)前",
    re.IGNORECASE,
)
_FIXED_DAYS = (
    (re.compile(r"\b(?:yesterday|вчера|вчерашн\w*)\b|昨天", re.IGNORECASE), 1),
    (re.compile(r"\b(?:last week|на прошлой неделе)\b|上周|上个星期", re.IGNORECASE), 7),
    (re.compile(r"\b(?:last month|в прошлом месяце)\b|上个月", re.IGNORECASE), 30),
)
_COUNT_WORDS = {
    "a": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "две": 2,
    "два": 2,
    "три": 3,
    "четыре": 4,
    "一": 1,
    "两": 2,
    "二": 2,
    "三": 3,
    "四": 4,
}
_UNIT_DAYS = {
    "day": 1,
    "week": 7,
    "month": 30,
    "ден": 1,
    "дня": 1,
    "дне": 1,
    "нед": 7,
    "мес": 30,
    "天": 1,
    "周": 7,
    "个星期": 7,
    "个月": 30,
}


def _float(text: str) -> float:
    return float(text.replace(",", "."))


def message_when(text: str) -> str | None:
    """The date a message gives its results, in the relative form of ``WHEN_PATTERN``."""
    if found := _ISO_DATE.search(text):
        return found.group(1)
    if found := _LAST_WEEKDAY.search(text):
        word = found.group(1).lower()
        return next(f"last-{key}" for key, names in _WEEKDAYS.items() if word in names)
    if found := _AGO.search(text):
        count_text = next((g for g in (found.group(1), found.group(3), found.group(5)) if g), None)
        unit_text = next(g for g in (found.group(2), found.group(4), found.group(6)) if g).lower()
        count = 1 if count_text is None else _COUNT_WORDS.get(count_text.lower()[:4], None)
        if count is None:
            count = int(count_text) if count_text and count_text.isdigit() else 1
        days = next(v for k, v in _UNIT_DAYS.items() if unit_text.startswith(k))
        return f"-{count * days}d"
    for pattern, days in _FIXED_DAYS:
        if pattern.search(text):
            return f"-{days}d"
    return None


_WORD_NEXT = re.compile(r"\s+[^\W\d_]")


def _unit_at(text: str, start: int) -> tuple[str | None, int]:
    """The UCUM code of the unit written at ``text[start:]`` (one space allowed), and its end."""
    forms = unit_forms()
    head = text[start : start + 24]
    lead = len(head) - len(head.lstrip(" "))
    if lead > 1:
        return None, start
    head = head[lead:].lower().replace("µ", "u").replace("μ", "u")
    for size in range(min(len(head), 20), 0, -1):
        piece = head[:size]
        if piece[-1:].isspace():
            continue
        key = "".join(piece.split())
        code = forms.get(key)
        if code is None:
            continue
        after = head[size : size + 1]
        # a Latin or Cyrillic unit ends a word ("mg" is not the start of "mgmt")
        if after.isalpha() and not ("\u4e00" <= after <= "\u9fff") and piece[-1].isalpha():
            continue
        # "98 in march", "-2.1 in the spine": the preposition before a word is no inch
        if piece == "in" and _WORD_NEXT.match(head, size):
            continue
        return code, start + lead + size
    return None, start


#: A few words between a test's name and its value: up to three (of at most four Chinese characters).
_FEW_WORDS = re.compile(r"(?:(?:[^\W\d_一-鿿]{1,12}|[一-鿿]{1,4})[\s,:：—–]*){1,3}?(?=\d)")
_TAKEN = re.compile(
    r"\b(?:take|takes|taking|took|on|dose|пью|пила|пил|принимаю|принимала|принимал|доза|дозу)\b|吃|服|剂量",
    re.IGNORECASE,
)
#: A count of time or of times after a number: "in 3 months", "через 3 месяца", "3个月后" is no value.
_COUNTED = re.compile(
    r"\s*(?:days?|weeks?|months?|years?|yrs?|hours?|hrs?|times|дн|день|нед|мес|год|лет|час|раз|天|周|个|年|小时|次|岁)",
    re.IGNORECASE,
)


#: Right before a number, what makes it an age: "at 70", "aged 55", "в 68", "в возрасте 60".
_AGE_BEFORE = re.compile(r"(?:\b(?:at|aged|age)|(?<![а-яё])(?:в возрасте|в))\s+$", re.IGNORECASE)


def _after_few_words(catalog: Catalog, test: str, segment: str, offset: int) -> re.Match[str] | None:
    """The value a few words after a test's name ("ТТГ пришел 8,7", "psa in march was 5.6",
    "糖化出来了 7.9"), unless those words judge the result already ("TSH高了 ... 加到125微克": the
    number is something else), take it as a medicine, or the number counts time or is a dose."""
    gap = _FEW_WORDS.match(segment, offset)
    if gap is None or gap.end() - offset > 24 or _TAKEN.search(gap.group(0)) or _judgement(segment[: gap.end()]):
        return None
    number = _VALUE.match(segment, gap.end())
    if number is None or _COUNTED.match(segment, number.end()):
        return None
    unit, unit_end = _unit_at(segment, number.end())
    return None if _is_dose(catalog, test, unit, segment, unit_end if unit else number.end()) else number


#: A minus written before a value ("T-score -2.9", "т-критерий −2,9", "T值-2.6").
_MINUS = frozenset("-−–")


def _signed(test: TestDef, segment: str, number: re.Match[str]) -> float:
    """The value of ``number``, negative when a minus stands right before it and the test can be
    below zero (a bone density T-score): elsewhere a dash only joins a name to its value."""
    value = _float(number.group(1))
    negative = test.minimum is not None and test.minimum < 0 and segment[number.start() - 1 : number.start()] in _MINUS
    return -value if negative and number.start() > 0 else value


def _above_target(after: str, value: float) -> bool:
    """Whether the words after a value set a clinician's target below it ("3.4, 医生说要降到1.8以下")."""
    target = _TARGET.search(after)
    if target is None or _TARGET_WORD.search(after, 0, target.start()) is None:
        return False
    return value > _float(target.group(1) or target.group(2))


def _judgement(segment: str) -> str | None:
    """The user's judgement in ``segment``; one they deny ("не снижается") is none."""
    for flag, pattern in _JUDGEMENTS:
        for found in pattern.finditer(segment):
            if not _DENIED.search(segment, max(0, found.start() - 14), found.start()):
                return flag
    return None


def _sentences(text: str) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for end in _SENTENCE_END.finditer(text):
        bounds.append((start, end.end()))
        start = end.end()
    if start < len(text):
        bounds.append((start, len(text)))
    return bounds


def _blood_pressure(sentence: str) -> tuple[list[dict[str, Any]], list[tuple[int, int]]]:
    out, spans = [], []
    for found in _BP.finditer(sentence):
        mention = found.group(0).strip()
        rest = sentence[found.end() : found.end() + 40]
        unit, _ = _unit_at(sentence, found.end())
        flag = _judgement(rest) or _judgement(sentence[: found.start()][-30:])
        for test, group in (("systolic blood pressure", 1), ("diastolic blood pressure", 2)):
            reading = {"test": test, "value": _float(found.group(group)), "unit": unit, "flag": flag}
            out.append({k: v for k, v in reading.items() if v is not None} | {"mention": mention})
        spans.append((found.start(), found.end()))
    return out, spans


def _said_of_other(text: str, relatives: list[tuple[int, int]], sentence_start: int, at: int) -> bool:
    """Whether the test at ``text[at]`` is said of a relative named before it in its sentence
    ("my brother has high cholesterol", "у мамы давление 160 на 90", "我妈血糖8.5"), the user not
    speaking of themselves in between."""
    return any(
        sentence_start <= start and end <= at and not _FIRST_PERSON.search(text, end, at) for start, end in relatives
    )


def _is_dose(catalog: Catalog, test: str, unit: str | None, segment: str, after: int) -> bool:
    """Whether a value read for ``test`` is a dose: its unit is none the test's level is given in
    ("фолиевая кислота 5 мг", "витамин д 1000 ед"), or a frequency follows it ("1000 daily")."""
    if unit is not None and unit not in catalog.tests[test].accepted_units:
        return True
    return _FREQUENCY.match(segment, after) is not None


def extract_measurements(text: str, catalog: Catalog | None = None) -> list[dict[str, Any]]:
    """Measurement proposals (dicts of :class:`schemas.measurements.MeasurementProposal`) in ``text``."""
    if catalog is not None:
        return [proposal for _, proposal in _readings(text, catalog)]
    return [dict(proposal) for _, proposal in _own_readings(text)]


@lru_cache(maxsize=4_096)
def _own_readings(text: str) -> tuple[tuple[tuple[int, int] | None, dict[str, Any]], ...]:
    """:func:`_readings` with the loaded catalogue, kept: a message's reading and its measurements
    both read them (callers copy the dicts)."""
    return tuple(_readings(text, load_catalog()))


@dataclass(frozen=True, slots=True)
class _Finding:
    """What a test's reading outside its range is (see ``data/findings.tsv``)."""

    high: str | None
    low: str | None
    above: float | None
    below: float | None
    #: The lasting conditions that, named in the message, are this finding already.
    conditions: tuple[str, ...] = ()
    #: The threshold on the test's second scale (HbA1c in mmol/mol beside %): a value without a unit
    #: that is impossible in the catalogue's unit is read on it.
    second_above: float | None = None


@cache
def _findings() -> dict[str, _Finding]:
    def number(cell: str) -> float | None:
        return float(cell) if cell else None

    return {
        row["test"]: _Finding(
            row["high"] or None,
            row["low"] or None,
            number(row["above"]),
            number(row["below"]),
            tuple(name for name in row["condition"].split("|") if name),
            number(row["second_above"]),
        )
        for _, row in read_rows(FINDINGS_FILE, ("test", "high", "low", "above", "below", "condition", "second_above"))
    }


#: A result judged normal: what a reading may say with no number ("АЛТ в норме", "复查转氨酶正常了").
_NORMAL = Gated(re.compile(r"normal|норм|正常", re.IGNORECASE), ("normal", "норм", "正常"))


def judges_a_finding(text: str, norm: str, found: Literals) -> bool:
    """Whether a message with no number and no concept judges a reading of a test with a finding
    normal ("ALT back to normal", "ттг в норме"): worth reading, it may end that finding (``found``:
    the gates' literals in ``norm``)."""
    if _NORMAL.search(norm, found=found) is None:
        return False
    return any(proposal["test"] in _findings() for _, proposal in _own_readings(text))


#: Sections whose fact, said in the words of a reading, is that reading's finding already.
_NAMED_BY_WORDS = frozenset({"diagnoses", "chronic_conditions"})


#: A question mark ends the assistant's question; its last one is what a bare value answers.
_QUESTION_END = re.compile(r"[?？]")


@lru_cache(maxsize=4_096)
def asked_test(context: str) -> str | None:
    """The name of the one test whose result the assistant's last question asks for ("What was
    your last HbA1c?", "Какой был гликированный гемоглобин?", "最近一次糖化是多少？"), as it wrote
    it; None when it asks of no test with a finding, of several, or of taking one ("Do you take
    vitamin D?")."""
    last = context.rpartition("\n")[2]
    ends = [m.end() for m in _QUESTION_END.finditer(last)]
    if not ends:
        return None
    start = max((m.end() for m in _SENTENCE_END.finditer(last, 0, ends[-1] - 1)), default=0)
    question = last[start : ends[-1]]
    found = load_catalog().find(question)
    if len({test for _, _, test in found}) != 1 or found[0][2] not in _findings() or _TAKEN.search(question):
        return None
    return question[found[0][0] : found[0][1]]


def out_of_range_findings(
    facts: list[Fact],
    text: str,
    spans: list[tuple[int, int, bool]],
    asked: str | None = None,
    clauses: Sequence[Clause] = (),
) -> list[Fact]:
    """``facts`` and the finding of each of the user's own readings outside its test's range:
    abnormal lab results are diagnoses (CONTRACT §2). "a1c 8.4 last week" is an elevated HbA1c,
    "血钾3.2" hypokalemia, "ТТГ 6,8" an elevated TSH, "PSA 5.8，医生说有点高" an elevated PSA; a
    reading judged normal, in the range, or of a test with no finding in the table names none.
    A reading also ends the test's findings it is not, if the user holds them ("ALT 33", "ТТГ в
    норме", "TSH 0.1" after a high one): a ``^name`` event, which the fold drops when the user has
    no such finding (:func:`schemas.sections.held_name`). A reply that names no test of its own
    ("8,1 был", "上个月8.2") is the value of the test ``asked`` (:func:`asked_test`) names."""
    table = _findings()
    out = list(facts)
    readings = _own_readings(text)
    if asked is not None and not any(span is not None and p["test"] in table for span, p in readings):
        # one value and no test of its own: the asked name stands before the sentence that holds it
        # ("52, and TSH 2.1" answers two questions); its readings' spans are the reply's start
        at = _one_reading_value(text, asked)
        if at is not None:
            start = max((b for a, b in _sentences(text) if b <= at), default=0)
            named = f"{text[:start]}{asked} {text[start:]}"
            readings = tuple(((0, 0), p) for span, p in _own_readings(named) if span and span[0] >= start)
    for span, proposal in readings:
        finding = table.get(proposal["test"])
        if span is None or finding is None or _of_another(clauses, span[0]):
            continue
        side = _side_of(proposal, finding, load_catalog().tests[proposal["test"]])
        if side is None:
            continue
        sentence = next((i for i, (a, b, _) in enumerate(spans) if a <= span[0] < b), 0)
        # the words of the reading may name its finding already ("liver enzymes are up"), or the
        # lasting condition it is ("found high cholesterol", "胆固醇高": hypercholesterolemia)
        worded = any(f.section in _NAMED_BY_WORDS and f.start < span[1] and span[0] < f.end for f in out) or any(
            f.section in _NAMED_BY_WORDS and f.entity in finding.conditions for f in out
        )
        if any(f.section == "family_history" and f.start < span[1] and span[0] < f.end for f in out):
            continue  # "mom had high cholesterol": the relative's condition, no reading of the user's
        for other, name in (("high", finding.high), ("low", finding.low)):
            entity = name if other == side else f"{LAST_DISCUSSED}{name}"
            if name is None or (other == side and worded) or any(
                f.section == "diagnoses" and f.entity == entity for f in out
            ):
                continue
            status = "active" if other == side else "resolved"
            out.append(Fact(span[0], span[1], sentence, "diagnoses", entity, status, proposal["mention"]))
    return out


def _one_reading_value(text: str, asked: str) -> int | None:
    """Where the one value of a reply to a question about the test ``asked`` stands ("前天查的3.6
    医生说偏高 让改成2.25mg": 3.6), other numbers being doses, counts or times ("2.25mg", "3 months");
    None when no value, or more than one, may be the result."""
    found = load_catalog().find(asked)
    if not found:
        return None
    test = load_catalog().tests[found[0][2]]
    values = []
    for number in _VALUE.finditer(text):
        if _COUNTED.match(text, number.end()) or _TYPE_OR_STAGE.match(text, number.end()):
            continue
        if _AGE_BEFORE.search(text, max(0, number.start() - 12), number.start()):
            continue  # "my brother had prostate cancer at 70": an age, no result
        unit, _ = _unit_at(text, number.end())
        if unit is not None and unit not in test.accepted_units:
            continue
        values.append(number.start())
    return values[0] if len(values) == 1 else None


def _of_another(clauses: Sequence[Clause], at: int) -> bool:
    """Whether the reading at ``at`` lies in a clause about someone else ("my wife's cholesterol is
    7.5", "у мужа холестерин 7,2", "我老公胆固醇6.8", "mom had high cholesterol"): their result is no
    finding of the user's."""
    return any(
        c.start <= at < c.end
        and c.subject != "self"
        # a person named before the reading ("my wife's", "у мужа", "mom had"), not a pronoun for
        # the clinician who judged it ("INR 4.1 which she said is too high")
        and any((lex.cat in ("person", "family") or lex.kind == "relative") and start < at for start, _, lex in c.hits)
        for c in clauses
    )


def _side_of(proposal: dict[str, Any], finding: _Finding, test: TestDef) -> str | None:
    """Where a reading lies, ``high``, ``low`` or ``normal``: by the user's own judgement ("偏高",
    "low", "в норме"), else by its value against the range ("abnormal" only picks no side); None
    when neither tells."""
    flag = proposal.get("flag")
    if flag in ("high", "low", "normal"):
        return flag
    value = proposal.get("value")
    if value is None:
        return None
    try:
        level = canonical_level(value, proposal.get("unit"), test)
    except UnitError:
        return None
    if level is None:
        if finding.second_above is None or proposal.get("unit") is not None:
            return None
        # "hba1c 71": impossible in %, so on the second scale (mmol/mol)
        return "high" if value > finding.second_above else None if flag is not None else "normal"
    above = finding.above if finding.above is not None else test.high
    below = finding.below if finding.below is not None else test.low
    side = range_side(level, below, above)
    # a value judged "abnormal" ("糖化8.6 控制的不太好") is on the side its value lies, never normal
    return None if flag is not None and side == "normal" else side


#: Sections a test's name may share with a fact: "insulin", "testosterone", "vitamin D" are drugs
#: too, "PSA" is also an abbreviation of psoriatic arthritis.
_SHARED_SECTIONS = frozenset({"medications", "chronic_conditions", "diagnoses"})


def without_test_readings(facts: list[Fact], text: str) -> list[Fact]:
    """The facts without those named by a test read as a result: "PSA came back 5.2", "睾酮偏高",
    "my b12 came back low", "витамин D 15" report a level, not a medicine taken or an illness
    ("taking b12 tablets", "витамин D 2000 ед в день" stay medicines: no reading is made of them)."""
    named = [
        f
        for f in facts
        if f.section in _SHARED_SECTIONS
        and f.end > f.start
        and (_names_a_test(f.entity) or _names_a_test(text[f.start : f.end].lower()))
    ]
    if not named:
        return facts
    spans = [span for span, _ in _own_readings(text) if span is not None]
    return [
        f for f in facts if not any(f is n for n in named) or not any(a <= f.start and f.end <= b for a, b in spans)
    ]


@lru_cache(maxsize=16_384)
def _names_a_test(name: str) -> bool:
    """Whether an entity or a mention's words are a test's name (kept: a miss costs a scan of the name)."""
    return load_catalog().lookup(name) is not None


def _readings(text: str, catalog: Catalog) -> list[tuple[tuple[int, int] | None, dict[str, Any]]]:
    """Each measurement proposal with the span of the test's name in ``text`` (``None`` for a
    blood pressure, read from its numbers)."""
    found = catalog.find(text)
    pressure = _BP_SEPARATOR.search(text) is not None
    if not found and (not pressure or _BP.search(text) is None):
        return []
    when = message_when(text)
    relatives = catalog.relatives_in(text)
    proposals: list[tuple[tuple[int, int] | None, dict[str, Any]]] = []
    for s_start, s_end in _sentences(text):
        sentence = text[s_start:s_end]
        if _QUESTION_OR_IF.search(sentence):
            continue
        readings, taken = _blood_pressure(sentence) if pressure else ([], [])
        if not any(_said_of_other(text, relatives, s_start, s_start + x) for x, _ in taken):
            proposals.extend((None, reading) for reading in readings)
        tests = [(a - s_start, b - s_start, t) for a, b, t in found if s_start <= a < s_end]
        tests = [(a, b, t) for a, b, t in tests if not any(x <= a < y for x, y in taken)]
        for i, (start, end, test) in enumerate(tests):
            if _said_of_other(text, relatives, s_start, s_start + start):
                continue
            stop = tests[i + 1][0] if i + 1 < len(tests) else len(sentence)
            segment = sentence[end:stop]
            proposal: dict[str, Any] = {"test": test, "mention": sentence[start:stop].strip(" ,，、")[:200]}
            if _DOSE_VERB.search(sentence, max(0, start - 16), start):
                continue
            filler = _FILLER.match(segment)
            offset = filler.end() if filler else 0
            # "ттг 8,7", or a few words on: "ттг пришел 8,7", "糖化出来了 7.9", "ПСА в марте был 5,6"
            number = _VALUE.match(segment, offset) or _after_few_words(catalog, test, segment, offset)
            if number and _TYPE_OR_STAGE.match(segment, number.end()):
                number = None
            if number:
                unit, unit_end = _unit_at(segment, number.end())
                if _is_dose(catalog, test, unit, segment, unit_end if unit else number.end()):
                    continue
                proposal["value"] = _signed(catalog.tests[test], segment, number)
                if unit:
                    proposal["unit"] = unit
                judged = segment[unit_end if unit else number.end() :]
            else:
                judged = segment
            if reference := _RANGE.search(segment):
                proposal["reference_low"] = _float(reference.group(1))
                proposal["reference_high"] = _float(reference.group(2))
                judged = judged.replace(reference.group(0), " ")
            # a judgement before the name is its own only when no earlier test of the sentence took it
            before = sentence[:start] if i == 0 else ""
            if flag := _judgement(judged if "value" in proposal else before + " " + segment) or (
                "value" not in proposal and _ZH_BARE_HIGH.match(segment) and "high"
            ):
                proposal["flag"] = flag
            if "value" in proposal and "flag" not in proposal and _above_target(judged, proposal["value"]):
                proposal["flag"] = "high"
            if "value" in proposal or "flag" in proposal:
                proposals.append(((s_start + start, s_start + end), proposal))
    if when:
        for _, proposal in proposals:
            proposal["when"] = when
    return proposals
