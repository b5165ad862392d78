"""Dose changes and stops that name no medicine: they refer to the one discussed last.

"neuro upped it to 750", "дозу снизили до 25 мг", "又减回50了", "came off it", "那个药不吃了":
a message cannot tell which drug that is, so it proposes a medications event with the entity
:data:`schemas.sections.LAST_DISCUSSED`, which the fold resolves against the user's history
(:mod:`anamnesis.facts.anaphora`). A dose without its unit ("to 750") stays bare; the fold gives
it the unit of the drug's current dose. Only a message that names no medicine of its own, in a
clause that states something (no question, no plan, not about someone else), refers back.
"""

from __future__ import annotations

import re

from anamnesis.measurements.catalog import load_catalog
from anamnesis.understanding.rules import quantities
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.gate import Gated, Literals
from anamnesis.understanding.rules.lexicon import load_lexicon
from anamnesis.understanding.rules.segment import Clause
from schemas.sections import LAST_DISCUSSED, SECTION_WIDE, WHOLE_EPISODE

_NUMBER = r"(\d+(?:[.,]\d+)?|(?:one|two|three|four|five) and a half|half|[一二两三四五六七八九十百]+(?:点[一二三四五六七八九])?)"  # noqa: E501 (one pattern reads best on one line)
_UNIT = r"\s*(mg|mcg|µg|ug|ml|iu|units?|мг|мкг|мл|ед\w*|毫克|微克|毫升|国际单位|个单位|单位|个)?(?![a-zа-я\d])"
#: What follows a number that makes it no dose: a body measure, a count, a time, a percent.
_NOT_A_DOSE = re.compile(
    r"\s*(?:%|kg|кг|lbs?|pounds|kilos?|stone|cm|см|mm|мм|公斤|斤|厘米|years?|лет|год|岁|times|раз|次|days?|дн|天|"
    r"weeks?|недел|周|hours?|час|小时|cigarettes|cigs|сигарет|支|根|cups?|чаш|杯|puffs?|tabs?|tablets?|pills?|таблет|片|粒"
    r"|a day|a week|per day|per week|drinks?|beers?|glass|coffees?|cans?|steps|km|miles|min"
    r"|[/:]\d)"
)
#: A measurement just before the verb makes the number a reading ("血压降到130", "weight down to 80").
_MEASURE = re.compile(
    r"(?:blood pressure|bp|pressure|sugar|glucose|weight|a1c|cholesterol|давлени\w*|сахар\w*|вес|пульс|холестерин\w*"
    r"|血压|血糖|体重|心率|胆固醇)\W{0,3}$"
)
#: A measurement the change verb governs makes the number a reading too ("снизил давление до 130").
_MEASURED = re.compile(
    r"давлени|сахар|\bвес\b|пульс|холестерин|глюкоз|гемоглобин|температур|кислот"
    r"|\b(?:sugars?|glucose|weight|pressure|bp|a1c|hba1c|cholesterol|ldl|pulse|heart rate|inr|tsh|temp)\b"
)
#: What a dose is changed on in English: "cut it to 2.5 mg", "upped my dose to 750" (or the user:
#: "cut me down to 2.5mg", "knocked me back to 50").
_OBJECT = r"it|them|my dose|the dose|my dosage|the dosage"
_CHANGE_PATTERNS = {
    "en": re.compile(
        r"\b(?:upped|up|raised|increased|bumped|lowered|reduced|decreased|doubled|halved|titrated)\b"
        rf"(?:\s+(?:{_OBJECT}|me|down|up|back|right)){{0,3}}\s+(?:to|onto)\s+{_NUMBER}{_UNIT}"
        rf"|\b(?:cut|dropped|brought|put|changed|adjusted|moved|took|knocked)\s+(?:{_OBJECT}|me)(?:\s+(?:down|up|back))?"
        rf"\s+(?:to|onto)\s+{_NUMBER}{_UNIT}"
        rf"|\bnow (?:on|taking|at)\s+{_NUMBER}{_UNIT}"
        rf"|\b(?:on|taking|at)\s+{_NUMBER}\s*(mg|mcg|µg|ug|ml|units?)\s+now\b"
    ),
    # The change verb governs the next "до N" of its clause, whatever stands between ("поднял
    # туджео до 20", "дозу подняли в два раза, до 100"); a restatement gives the number itself
    # ("снизил до половинки, то есть 50"); "перешла на 50 мг" moves onto a dose with its unit.
    "ru": re.compile(
        r"(?:повыси\w*|подня\w*|поднима\w*|увеличи\w*|увеличива\w*|сниз\w*|снижа\w*|пониз\w*|уменьш\w*"
        r"|сократи\w*|добави\w*|убави\w*)(?:\s+(?:мне|дозу|дозировку|её|ее|его)){0,2}"
        rf"(?:\s+|[^\d.;!?]{{0,40}}?(?:\bдо|\bто есть|\bточнее|\bвернее)\s+){_NUMBER}{_UNIT}"
        rf"|(?:теперь|сейчас)\s+(?:по\s+|на\s+)?{_NUMBER}\s*(мг|мкг|мл|ед\w*)(?![a-zа-я\d])"
        rf"|перешл\w*\s+на\s+{_NUMBER}\s*(мг|мкг|мл|ед\w*)(?![a-zа-я\d])"
    ),
    "zh": re.compile(
        rf"(?:加到|加至|加成|增加到|增到|减到|减至|减成|减回|减少到|降到|降至|调到|调成|调整到|加回到|加回)了?\s*{_NUMBER}{_UNIT}"
    ),
}
_STOP_PATTERNS = {
    "en": re.compile(
        r"\b(?:stopped|quit|came off|come off|gave up(?: on)?|given up(?: on)?|ditched|dropped|binned)"
        r"\s+(?:taking\s+)?(?:it|them|that one|those)\b(?! (?:up|down|to|on)\b)"
        # "don't take that anymore", "not taking them any more", "no longer on it", "I'm off it now",
        # "finished the course": the medicine discussed is over
        r"|\b(?:don'?t|do not|not|never)\s+(?:take|taking|on|using|use)\s+(?:it|them|that|those)"
        r"(?: ones?)?\s+(?:anymore|any more)\b"
        r"|\bno longer (?:take|taking|on|using|use) (?:it|them|that|those)\b"
        r"|\b(?:i'm|im|i am) off (?:it|them|those|that)\b"
        r"|\bfinished (?:the course|the tablets|the pills|them|it|that)\b(?! (?:off|up)\b)"
        # an order to stop, and a swap of it for another: "dentist said stop it", "swapped it for losartan"
        r"|\b(?:said|said to|told me to|had to)\s+stop\s+(?:taking\s+)?(?:it|them)\b"
        r"|\b(?:swapped|switched|changed|replaced)\s+(?:it|them)\s+(?:for|to|with|onto)\b"
    ),
    "ru": re.compile(
        r"(?:бросил\w*|прекратил\w*|отменил\w*|перестал\w* (?:пить|принимать)) (?:его|её|ее|их)\b"
        r"|перестал\w* (?:его|её|ее|их) (?:пить|принимать)"
        r"|\b(?:его|её|ее|их) (?:бросил\w*|отменил\w*|отменили|допил\w*|больше не пью|уже не пью|не пью)"
    ),
    "zh": re.compile(
        r"(?:那个药|这个药|那药|这药|那种药|这种药)[^，。,.！!？?]{0,6}?(?:不吃了|停了|停掉了|没吃了|不用了|没再吃)"
        # "药也吃完了", "药也停了": the course of the drug in question ended; "药全停了" and
        # "啥药都不吃了" (every drug) stay section-wide
        r"|(?<![全都所有啥什么些])药(?:也|已经)?(?:吃完了|用完了|吃完停了|吃完就停了|停了|停掉了)"
    ),
}
#: An English dose change told of a drug the message names: the verb, up to four words (the
#: drug: "put the keppra up to 750", "dropped it to 40"), a "from" dose, then "to" and the new dose;
#: a dose said to be the one now ("zoloft is 50 now", "so 100 now", "on 50 of the topamax").
_EN_NAMED_CHANGE = re.compile(
    r"\b(?:upped|upping|raised|raising|increased|increasing|bumped|bumping|lowered|lowering|reduced|reducing"
    r"|decreased|decreasing|doubled|doubling|halved|halving|titrated|cut|cutting|dropped|dropping|brought"
    r"|put|putting|pushed|knocked|adjusted|moved|took|taken)"
    r"(?:\s+(?!to\b|onto\b|from\b)[^\s,.;:!?\d]+){0,4}?(?:\s+from\s+\d+(?:[.,]\d+)?(?:\s*[a-z]+)?)?"
    rf"\s+(?:to|onto)\s+{_NUMBER}{_UNIT}"
    rf"|\b(?:is|so|at|now)\s+{_NUMBER}{_UNIT}\s+now\b"
    rf"|\bnow (?:on|taking|at)\s+{_NUMBER}{_UNIT}"
    rf"|\bon\s+{_NUMBER}{_UNIT}\s+of\s+(?:the|my)\b"
)
#: Every change names its new dose, a number (_NUMBER): a digit, "half" or a Chinese numeral; an
#: English one also its verb, the rarer of the two (a third of English texts hold a digit).
_CHANGES = {
    "en": Gated(
        _CHANGE_PATTERNS["en"],
        ["up", "raised", "increased", "bumped", "lowered", "reduced", "decreased", "doubled", "halved", "titrated",
         "cut", "dropped", "brought", "put", "changed", "adjusted", "moved", "took", "knocked", "now"],
    ),
    **{lang: Gated(_CHANGE_PATTERNS[lang], ["half"], chars=r"\d一二两三四五六七八九十百") for lang in ("ru", "zh")},
}  # fmt: skip
#: Each stop's verb (English, Russian) or 药 (Chinese).
_STOPS = {
    "en": Gated(
        _STOP_PATTERNS["en"],
        ["stopped", "quit", "came off", "come off", "gave up", "given up", "ditched", "dropped", "binned",
         "anymore", "any more", "no longer", "off", "finished", "stop", "swapped", "switched", "changed", "replaced"],
    ),
    "ru": Gated(_STOP_PATTERNS["ru"], ["бросил", "прекратил", "отменил", "перестал", "допил", "не пью"]),
    "zh": Gated(_STOP_PATTERNS["zh"], ["药"]),
}
_TAIL = {"units": "units", "unit": "units", "个单位": "units", "单位": "units", "个": "units"}


def stops_by_pronoun(norm: str, found: Literals | None = None) -> bool:
    """The message stops a medicine it points at ("бросил его", "came off them") in any of the
    languages: worth reading although it names nothing, before its language is known
    (``found``: the gates' literals in ``norm``)."""
    return any(pattern.search(norm, found=found) for pattern in _STOPS.values())


def with_referring(
    norm: str, lang: str, parts: list[Clause], facts: list[Fact], found: Literals | None = None
) -> list[Fact]:
    """``facts`` plus the ``^`` medication event of a message that names no medicine of its own
    (``found``: the gates' literals in ``norm``).

    "那个药我不吃了" is about one medicine, not all: its section-wide reading goes, and so does
    a drink inside the reference ("перестала его пить" drinks no alcohol).
    """
    if any(f.section == "medications" and f.entity != SECTION_WIDE for f in facts):
        return facts
    referred = _referring(norm, lang, parts, found)
    if not referred:
        return facts
    spans = [(f.start, f.end) for f in referred]
    # a demographic value stands at its clause's start, not at a word inside the reference
    kept = [
        f
        for f in facts
        if f.section != "medications" and (f.section == "demographics" or not any(s <= f.start < e for s, e in spans))
    ]
    return kept + referred


#: Words that an illness is over as a whole, said without naming it: "all cleared up", "fully
#: recovered", "back to normal"; "好了", "早就好了", "没事了", "痊愈了" as a clause of their own.
_RECOVERED = {
    "en": Gated(
        re.compile(
            r"\b(?:all|it's all|its all|it's|its|it has|it's totally|totally|completely|everything's|everything has)"
            r"\s+(?:cleared up|cleared|clear now|gone now|better now)\b"
            r"|\b(?:fully|completely) recovered\b|\bfeeling normal again\b|\bback to normal\b|\ball better\b"
            # every complaint over: "all the symptoms went", "no symptoms at all now", "symptoms all gone"
            r"|\ball (?:the |my |of the |of my )?symptoms (?:have |are |had )?(?:all )?"
            r"(?:gone|went(?: away)?|cleared(?: up)?|disappeared|stopped)\b"
            r"|\bno (?:more )?symptoms (?:at all |whatsoever )?(?:now|anymore|any more)\b"
            r"|\bsymptoms (?:have |are |'ve )?(?:all )?(?:gone|went away|cleared(?: up)?|disappeared)\b"
            r"|\binfection (?:has |is |'s )?(?:cleared|gone)\b"
            # what the user had is over by itself: "it cleared up after a few days", "it went away on
            # its own", "that's settled down now", "it stopped after a couple of days", "all gone"
            r"|\b(?:it|that|they|it's|its|that's|thats|it has|that has|they have|they've)"
            r"\s+(?:(?:all|totally|completely|finally|just|now)\s+)?"
            r"(?:cleared(?: up)?|went away|gone away|gone|settled(?: down)?|died down|stopped|eased off|disappeared)\b"
            r"(?! (?:it|them|taking|the|my)\b)"
            r"|^\s*(?:all |completely |totally )?gone(?: completely| now| away)?\b"
            # a control test clear, a stone passed, a bone knit: "repeat swab came back negative",
            # "the follow-up x-ray was clear", "passed the stone", "the bone has healed"
            # (a test of something else, or one that names what it rules out, ends nothing discussed)
            r"|(?<!pregnancy )(?<!blood )(?<!patch )(?<!skin )(?<!allergy )"
            r"\b(?:test|swab|scan|x-?ray|culture|smear)s?\s+"
            r"(?:(?:was|were|is|are|came back|come back|now|also|too|all)\s+)*(?:negative|clear|clean)\b(?! for\b)"
            r"|\bpassed (?:the |my |a |that )?(?:kidney )?stone\b|\bstone (?:has |finally )?(?:passed|came out)\b"
            r"|\b(?:bone|fracture|break|it|it's|its)\s+(?:has\s+|is\s+)?(?:healed|knitted|mended)\b"
        ),
        ["clear", "gone", "better", "recovered", "normal", "went away", "settled", "died down", "stopped", "eased off",
         "disappeared", "negative", "clean", "stone", "healed", "knitted", "mended", "symptoms"],
    ),
    "zh": Gated(
        re.compile(
            r"(?:^|(?<=[，。,.！!;；\s]))(?:骨头|骨折|复查|片子|结果|石头|结石)*"
            r"(?:现在|目前|已经|都|全|全都|早就|早|基本|基本上|差不多|完全|也|总算|终于|彻底)*"
            r"(?:好了|好啦|痊愈了?|康复了|没事了|没事儿了|没啥事了|没什么事了|消了|消下去了|退了|不疼了|不痛了|不难受了"
            r"|长好了|愈合了|长上了|转阴了?|干净了|排出来了|排出去了|排掉了|排出了)"
            r"(?=$|[，。,.！!~～\s])"
            # every complaint over: "症状都没了", "什么症状都没有了"
            r"|(?:什么|啥)?症状(?:也|都|全|全都)?(?:没了|没有了|消失了)"
        ),
        ["好", "痊愈", "康复", "没事", "没啥事", "没什么事", "消", "退", "不疼", "不痛", "不难受", "愈合", "长上",
         "转阴", "干净", "排出", "排掉", "症状"],
    ),
    # a Russian clause that is nothing but an ending of what was treated: "всё прошло", "уже прошло,
    # спасибо", "прошло само через три дня", "больше не беспокоит", "выздоровела", "отпустило";
    # a time that passed ("год прошёл", "прошло две недели") names its subject and is no ending
    "ru": Gated(
        re.compile(
            r"\s*(?:(?:да|ну|в общем|короче|кстати|слава богу|тьфу-тьфу)\s*[,!]?\s*)*"
            r"(?:(?:всё|все|уже|вроде|наконец|наконец-то|давно|совсем|полностью)\s+)*"
            r"(?:прош(?:ло|ёл|ел|ла|ли)(?:\s+(?:само|сам|сама|сами|всё|все|совсем|полностью|бесследно|без следа"
            r"|за (?:\d+|пару|несколько|два|две|три|неделю|день|месяц)(?:\s+\S+)?"
            r"|через (?:\d+|пару|несколько|два|две|три|неделю|день|месяц)(?:\s+\S+)?))*"
            r"|(?:больше|уже) не беспокоит|перестало беспокоить|выздоровел\w*|поправил(?:ся|ась|ись)|отпустило"
            # well again, every complaint over: "всё, здорова" ("нет, здорова" answers a question),
            # "симптомов больше нет"
            r"|(?:(?<=вс[её], )|(?<=вс[её] ))здоров(?:а)?"
            r"|(?:никаких )?симптомов (?:больше |уже )(?:никаких )?нет|никаких симптомов (?:больше|уже)"
            r"|как рукой сняло"
            # a control test clear, a stone passed, a bone knit: "контрольный тест отрицательный",
            # "повторный мазок чистый", "камень вышел сам", "кость срослась"
            r"|(?:[а-яё]+\s+){0,2}(?:тест|анализ|мазок|посев|снимок|рентген|узи)[а-яё]*\s+(?:тоже\s+|уже\s+)?"
            r"(?:отрицательн[а-яё]*|чист[а-яё]*)"
            r"|камень\s+(?:сам\s+)?(?:вышел|отош[её]л)(?:\s+сам)?"
            r"|(?:кость|перелом|всё|все)\s+(?:срос(?:лась|ся|лось)|зажил[аои]?))"
            r"\s*(?:[,!.]+\s*(?:спасибо|слава богу|ура)?)?[\s!.)]*"
        ),
        ["прош", "беспоко", "выздоров", "поправил", "отпустило", "сняло", "отрицательн", "чист", "вышел", "отошел",
         "отошёл", "срос", "зажил", "здоров", "симптом"],
    ),
}
#: What makes a Chinese "好了" the end of a conversation, not of an illness: "好了，我知道了".
_ZH_DONE_TALKING = re.compile(r"知道|明白|懂了|收到|那我|那就|好了好了|(?<!早)就好了|会好了|能好了")
#: Where each language's recovery points when two illnesses were discussed together: English
#: "all cleared up" to the diagnosis, a Chinese pain, swelling or fever that went to the symptom,
#: a bone or a wound that healed (骨头长好了, 已经长好了) to the injury.
_ZH_SYMPTOM_ENDS = ("消", "退", "不疼", "不痛", "不难受")
_ZH_HEALED = ("长好了", "愈合了", "长上了")
#: A recovery of a bone ("кость срослась", "bone has healed"): the injury, whatever the language.
_KNIT = re.compile(r"срос|зажил|\bbone\b|\bfracture\b|\bbreak\b|knitted|mended")
#: A recovery read from a control test or a passed stone: the diagnosis, not a complaint.
_CONTROL = re.compile(
    r"тест|анализ|мазок|посев|снимок|рентген|узи|камень|\btests?\b|swab|scan|x-?ray|culture|smear|stone|转阴|干净|排"
)
#: A recovery of everything, not of one illness: "all cleared up", "all the symptoms went", "всё
#: прошло", "всё, здоров", "都好了", "症状都没了" (read on the ending's words and, in Russian, the few
#: characters before them).
_WHOLE = {
    "en": re.compile(r"\b(?:all|everything)\b|\bsymptoms\b"),
    "ru": re.compile(r"(?<![а-яё])(?:вс[её]|симптом\w*)(?![а-яё])"),
    "zh": re.compile(r"都|全|症状"),
}
#: The characters before a Russian ending read for its "всё" ("всё, здоров").
_RU_WHOLE_BEFORE = 6
#: The sections whose facts, named in the message, say themselves what is over ("the rash has cleared").
_ILLNESS_SECTIONS = frozenset({"diagnoses", "chronic_conditions", "symptoms", "injuries"})


def recovers(norm: str, found: Literals | None = None) -> bool:
    """The message says, in any of the languages, that an illness it does not name is over ("好了"):
    worth reading although it names nothing, before its language is known (``found``: the gates'
    literals in ``norm``)."""
    return any(pattern.search(norm, found=found) for pattern in _RECOVERED.values())


def with_recovery(
    norm: str, lang: str, parts: list[Clause], facts: list[Fact], found: Literals | None = None
) -> list[Fact]:
    """``facts`` plus a ``^`` event, resolved, of a message that says an illness is over as a
    whole ("finished the antibiotics, all cleared up now", "好了，药也停了", "всё прошло, спасибо"):
    it is the one discussed last (the fold finds it, or drops the event when that is unclear).
    A message that names an illness of its own says itself what is over, except a Russian
    "всё прошло" beside named complaints, which also ends the diagnosis discussed before
    ("сумамед допил, всё прошло: температуры нет" ends the angina), and in any language a clear
    control test or a passed stone beside them ("石头排出来了，腰也不疼了" ends the stone too).
    ``found``: the gates' literals in ``norm``."""
    pattern = _RECOVERED.get(lang)
    # a section-wide denial ("no symptoms at all now") names nothing that is over
    named = [f for f in facts if f.section in _ILLNESS_SECTIONS and f.entity != SECTION_WIDE]
    if pattern is None or any(f.section == "diagnoses" for f in named):
        return facts
    endings = _endings(norm, lang, found)
    if not endings or (lang == "zh" and _ZH_DONE_TALKING.search(norm)):
        return facts
    whole = next((m for m in endings if _says_whole(norm, lang, *m, named, parts)), None)
    if whole is not None and (clause := _recovery_clause(norm, lang, parts, *whole)) is not None:
        # everything is over: every complaint and illness of the episode ("all cleared up", "всё прошло")
        facts = [*facts, Fact(whole[0], whole[1], clause.sentence, "symptoms", WHOLE_EPISODE, "resolved")]
    start, end = endings[0]
    if (start, end) == whole:
        return facts
    said = norm[start:end]
    control = _CONTROL.search(said) is not None
    if named and lang != "ru" and not control:
        return facts
    clause = _recovery_clause(norm, lang, parts, start, end)
    if clause is None:
        return facts
    section = "diagnoses"
    if _KNIT.search(said):
        section = "injuries"  # "кость срослась", "the bone has healed": the bone
    elif control:
        pass  # "тест отрицательный", "камень вышел": the illness the test or the stone was of
    elif lang == "ru" and not named:
        section = "symptoms"  # a bare "всё прошло" is mostly a complaint; the fold takes the last illness
    elif lang == "zh" and ("骨" in said or said.endswith(_ZH_HEALED)):
        section = "injuries"  # "骨头长好了", "已经长好了": the bone or the wound
    elif lang == "zh" and any(w in said for w in _ZH_SYMPTOM_ENDS):
        section = "symptoms"
    return [*facts, Fact(start, end, clause.sentence, section, LAST_DISCUSSED, "resolved")]


def _recovery_clause(norm: str, lang: str, parts: list[Clause], start: int, end: int) -> Clause | None:
    """The clause of the ending at ``start:end`` when it tells the user's own recovery: no question,
    no one else, and in English no denial ("came back negative" is the test's; "no symptoms at all
    now" is its own)."""
    clause = _clause_at(parts, start)
    if clause is None or clause.subject != "self" or clause.has("question"):
        return None
    said = norm[start:end]
    if lang == "en" and clause.has("neg") and _CONTROL.search(said) is None and not said.startswith("no "):
        return None
    return clause


def _says_whole(norm: str, lang: str, start: int, end: int, named: list[Fact], parts: list[Clause]) -> bool:
    """Whether the ending at ``start:end`` is of everything ("all cleared up", "всё прошло", "都好了"),
    not of the one illness discussed last ("it cleared up", "прошло", "好了"), of a control test or
    a bone, or of a complaint its clause names before it ("my rash is all gone")."""
    whole = _WHOLE.get(lang)
    said = norm[start:end]
    if whole is None or _CONTROL.search(said) or _KNIT.search(said):
        return False
    before = _RU_WHOLE_BEFORE if lang == "ru" else 0
    if whole.search(norm, max(0, start - before), end) is None:
        return False
    clause = next((c for c in parts if c.start <= start < c.end), None)
    return clause is None or not any(clause.start <= f.start < start for f in named)


#: A phrase of a message, between punctuation.
_PHRASE = re.compile(r"[^,.;:!?]+")


def _endings(norm: str, lang: str, found: Literals | None) -> list[tuple[int, int]]:
    """(start, end) of each place the message says the illness is over: the words anywhere, or for
    Russian a phrase between punctuation that is nothing but its ending (so "прошло две недели"
    is no ending)."""
    pattern = _RECOVERED[lang]
    if lang != "ru":
        return [m.span() for m in pattern.finditer(norm, found)]
    if not pattern.may_match(norm, found=found):  # not its search (38 µs a text): a phrase's fullmatch ~1
        return []
    out = []
    for phrase in _PHRASE.finditer(norm):
        if pattern.pattern.fullmatch(norm, phrase.start(), phrase.end()):
            text = phrase.group()
            out.append((phrase.start() + len(text) - len(text.lstrip()), phrase.start() + len(text.rstrip())))
    return out


def pronoun_stops(
    norm: str, lang: str, parts: list[Clause], found: Literals | None = None
) -> list[tuple[int, int, int]]:
    """(start, end, sentence) of each stop by a pronoun ("stopped it", "бросил его", "那个药不吃了") in a
    clause that states something of the user's own (no question, plan or other person) and not
    denied ("never stopped it")."""
    stops = _STOPS.get(lang)
    out = []
    for m in stops.finditer(norm, found) if stops else ():
        clause = _clause_at(parts, m.start())
        if clause is not None and not NEVER_BEFORE.search(norm, max(0, m.start() - 8), m.start()):
            out.append((m.start(), m.end(), clause.sentence))
    return out


#: A denial right before a stop: "never stopped it" is no stop.
NEVER_BEFORE = re.compile(r"(?:\bnever|\bnot|n't|(?<![а-я])не)\s+$")


def _referring(norm: str, lang: str, parts: list[Clause], found: Literals | None) -> list[Fact]:
    out: list[Fact] = []
    changes = _CHANGES.get(lang)
    for m in changes.finditer(norm, found) if changes else ():
        dose = _dose(m)
        clause = _clause_at(parts, m.start())
        if dose is None or clause is None or _reading(m):
            continue
        span = norm[m.start() : m.end()]
        fact = Fact(m.start(), m.end(), clause.sentence, "medications", LAST_DISCUSSED, "active", span)
        fact.put("dose", dose)
        out.append(fact)
    for start, end, sentence in pronoun_stops(norm, lang, parts, found):
        out.append(Fact(start, end, sentence, "medications", LAST_DISCUSSED, "stopped"))
    return out[-1:]  # the message's last word on it


#: A dose change still to come: a time ahead beside the change ("going up to 50 in a fortnight",
#: "说一周后加到10", "через неделю увеличим до 100"); the dose said before it is the one now. A
#: change ordered to start tomorrow ("cut down to 4mg from tomorrow") is the regimen now.
_PLANNED = {
    "en": re.compile(
        r"\b(?:in|within)\s+(?:a|an|one|two|three|four|\d+|a couple of|a few)\s*(?:days?|weeks?|wks?|fortnight|months?)\b"
        r"|\bnext (?:week|month|time)\b|\bfrom (?:next|monday)\b|\bthen\s+(?:up|down|increase|go)"
    ),
    "ru": re.compile(r"через\s+\S+(?:\s+\S+)?|со следующей|с понедельника|будем|буду|увеличим|повысим|снизим"),
    "zh": re.compile(r"[一二两三四五六七八九十几\d]+\s*(?:天|周|个?星期|个?礼拜|个?月)(?:以)?后|下周|下个?月|过几天|之后再|然后再|再加|以后再"),
}
#: How far before and after a change a time ahead is looked for (characters).
_PLAN_REACH = 16


#: A change told as done: a Russian past verb ("через неделю подняли до 50"), a Chinese 了 ("两周后加到了50").
_DONE = {"ru": re.compile(r"[а-яё]+л[аои]?(?![а-яё])"), "zh": re.compile(r"[^，。,.]{0,8}了")}


def planned(norm: str, lang: str, start: int, end: int) -> bool:
    """The dose change at ``start``-``end`` is still to come: a time ahead just before or after it,
    and the change not told as done."""
    pattern, done = _PLANNED.get(lang), _DONE.get(lang)
    if pattern is None or (done is not None and done.match(norm, start)):
        return False
    return pattern.search(norm, max(0, start - _PLAN_REACH), end + _PLAN_REACH) is not None


#: A dose that went up or down, said of the drug right before it ("losartan went up to 100",
#: "propranolol's gone up to 60"): only the drug is its subject, never a reading ("sugars came down to 7").
_EN_WENT = re.compile(
    rf"(?:'s|’s)?\s*(?:dose\s+|dosage\s+)?(?:has\s+|have\s+|is\s+|was\s+)?(?:went|gone|going|goes|come|came|been)"
    rf"\s+(?:up|down|back(?:\s+down|\s+up)?)\s+to\s+{_NUMBER}{_UNIT}"
)


def went_to_dose(norm: str, after: int) -> tuple[int, int, str] | None:
    """(start, end, dose) of a dose that went up or down to a new one, right after a drug's name
    ending at ``after``."""
    m = _EN_WENT.match(norm, after)
    if m is None or _reading(m) or planned(norm, "en", m.start(), m.end()):
        return None
    dose = _dose(m)
    return None if dose is None else (m.start(), m.end(), dose)


def _all_changes(norm: str, lang: str) -> list[tuple[int, int, str]]:
    pattern = _EN_NAMED_CHANGE if lang == "en" else _CHANGES.get(lang)
    if pattern is None:
        return []
    out = []
    for m in pattern.finditer(norm):
        dose = _dose(m)
        if dose is not None and not _reading(m):
            out.append((m.start(), m.end(), dose))
    return out


def changed_doses(norm: str, lang: str) -> list[tuple[int, int, str]]:
    """(start, end, dose) of every dose change verb with its new dose ("加到了24个单位", "upped
    it to 750"); a dose said without a unit stays bare ("160"). A change still to come is none."""
    return [c for c in _all_changes(norm, lang) if not planned(norm, lang, c[0], c[1])]


def planned_changes(norm: str, lang: str) -> list[tuple[int, int]]:
    """(start, end) of every dose change still to come ("going up to 50 mg in a fortnight")."""
    return [(s, e) for s, e, _ in _all_changes(norm, lang) if planned(norm, lang, s, e)]


def _reading(m: re.Match[str]) -> bool:
    """The number is a measurement: one is named just before the verb or between it and the number,
    or, for a number without a unit, any lab test ("гемоглобин поднялся до 112", "ferritin up to 35")."""
    if _MEASURE.search(m.string, max(0, m.start() - 24), m.start()) or _MEASURED.search(m.group(0)):
        return True
    if any(unit for unit in m.groups()[1::2]):
        return False  # "vitamin d up to 2000 IU": a unit makes it a dose whatever stands before
    before = m.string[max(0, m.start() - 24) : m.end()]
    at = len(before) - len(m.group(0))  # where the change starts in ``before``
    # a medicine named in the window is what changes ("氯沙坦加到100": 氯 is no chloride here)
    scanned = load_lexicon().matcher.scan_each(before)
    drugs = [s for s, _, lex in scanned if lex.term is not None and lex.term.kind == "drug"]
    # the test right before the verb ("ferritin up to 35") or inside the change, never one told
    # before a medicine's change ("TSH 6.8, so GP upped me to 125")
    return any(
        end >= at - 3 and not any(d >= start - 1 for d in drugs) for start, end, _ in load_catalog().find(before)
    )


def _dose(m: re.Match[str]) -> str | None:
    said, unit = next(((g, u) for g, u in zip(m.groups()[::2], m.groups()[1::2], strict=True) if g), (None, None))
    if said is None or _NOT_A_DOSE.match(m.string, m.end()):
        return None
    value = _value(said)
    if value is None or not 0 < value <= 3000:
        return None
    if unit is None:
        return quantities.fmt(value)
    found = quantities.doses(f"{quantities.fmt(value)} {unit.rstrip('.')}")
    return found[0][2] if found else f"{quantities.fmt(value)} {_TAIL.get(unit, 'units')}" if unit in _TAIL else None


def _value(said: str) -> float | None:
    said = said.replace(",", ".")
    if said.endswith(" and a half"):
        whole = quantities.number(said.removesuffix(" and a half"))
        return None if whole is None else whole + 0.5
    if said == "half":
        return 0.5
    if "点" in said:
        whole, frac = said.split("点")
        w, f = quantities.number(whole), quantities.number(frac)
        return None if w is None or f is None else w + f / 10
    return quantities.number(said)


def _clause_at(parts: list[Clause], pos: int) -> Clause | None:
    """The clause at ``pos`` when it states the user's own health (no question, plan or other person).

    "they cut it to 2.5 mg" / "she upped it": with nobody else named in the message, "he",
    "she" and "they" who change a dose are the user's doctors.
    """
    for clause in parts:
        if clause.start <= pos < clause.end:
            if clause.skip or clause.subject == "family" or clause.intent_at <= pos < clause.end:
                return None
            if clause.subject == "other" and (not clause.has("third") or _names_someone(parts)):
                return None
            return clause
    return None


def unstated_at(parts: list[Clause], pos: int) -> bool:
    """``pos`` lies in a question, after a plan's word, or after the word for someone else in their
    clause ("can I go up to 20 mg?", "my wife takes 10 mg of it"): a number there is no dose of
    the user's."""
    clause = next((c for c in parts if c.start <= pos < c.end), None)
    if clause is None or _clause_at(parts, pos) is not None:
        return False
    if clause.intent_at <= pos or (clause.skip and (clause.has("question") or clause.has("hypo"))):
        return True  # a doubt or a start tomorrow ("starting 0.5 mg tomorrow") still says the dose
    return any(s < pos and (lex.cat in ("person", "family") or lex.kind == "relative") for s, _, lex in clause.hits)


def _names_someone(parts: list[Clause]) -> bool:
    return any(c.has("person") or c.has("k:relative") or c.has("family") for c in parts)
