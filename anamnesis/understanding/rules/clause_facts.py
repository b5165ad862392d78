"""The facts of one clause: each mention's section, status and attributes, and what "me too" borrows.

The per-message pass calls :func:`clause_facts` for each clause once mentions and states are known;
it decides family history against the user's own, allergies against medications, and section-wide
denials ("no medications") against specific ones.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules import quantities
from anamnesis.understanding.rules.allergic_setting import named_kind
from anamnesis.understanding.rules.allergies import allergy_mentions, zh_taken_with_reaction
from anamnesis.understanding.rules.facts import KIND_SECTION, Fact, status_for
from anamnesis.understanding.rules.gate import Gated, Literals
from anamnesis.understanding.rules.lexicon import Lexicon
from anamnesis.understanding.rules.medicines import PURPOSE, drinks_something_else
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.own_medicines import own_medicines_ended
from anamnesis.understanding.rules.reading import ASKED_FAMILY, FAMILY_KINDS, Message
from anamnesis.understanding.rules.relation_of import NO_BLOOD, relation_at
from anamnesis.understanding.rules.segment import Clause
from anamnesis.understanding.rules.zh_taken_when import zh_taken_when
from schemas.sections import SECTION_WIDE

#: A measure of what is drunk that no alcohol has: millilitres of a syrup, a dose in milligrams or tablets,
#: a count per day ("пять раз в день пить", "drink it three times a day", "一天喝三次"): a medicine's.
_MEASURED_DRINK = re.compile(
    r"\d\s*(?:ml|мл|毫升|mg|мг|毫克)(?![a-zа-я])|(?<![a-zа-я])(?:tablets?|pills?|таблет\w*|капсул\w*)"
    r"|(?:раз|раза)\s+в\s+(?:день|сутки)|\btimes a day\b|(?:一天|每天|一日)喝?[一二两三四五六\d]次"
)
_TOO = re.compile(
    r"\b(?:too|as well|also|same|so (?:do|does|did|am|is|was|have|has|had) i)\b"
    r"|тоже|также|то же|такая же|такой же|(?<![а-я])и у меня(?![а-я])|也"
)
#: "also" / "также" / "另外" opening a clause: it adds an item of its own, no "me too" ...
_ALSO_OPENS = re.compile(
    r"[\s,.;:!—-]*(?:(?:and|oh|btw|ps)[\s,]+)?(?:also|additionally|plus)\b"
    r"|[\s,.;:!—-]*(?:а\s+)?(?:также|ещё|еще)(?![а-яё])|[\s，,。]*(?:另外|还有|对了)"
)
#: ... when it gives a number: an age, a weight, a dose ("also i'm 34", "также мне 45").
_OWN_NUMBER = re.compile(r"\d")
#: A "me too" told in the past: "我小时候也有过", "I had it too as a kid", "у меня в детстве тоже была".
_PAST_TOO = re.compile(
    r"\bhad\b|\bso (?:did|was) i\b|\bused to\b|\bas a (?:child|kid|teen|teenager)\b|\bwhen i was\b|\byears ago\b"
    r"|(?<![а-яё])был[аои]?(?![а-яё])|в детстве|раньше|в молодости"
    r"|(?<!不)过(?!敏)|小时候|以前|年轻时|年轻的时候|曾经"
)
#: The sections a past "me too" ends (an allergy had once is no denial of it).
_ENDS_IN_THE_PAST = frozenset({"chronic_conditions", "diagnoses", "symptoms", "injuries"})


#: Having been ill ("had chickenpox as a girl", "ветрянкой в детстве болел", "小时候得过水痘") ...
_ILL = re.compile(
    r"\b(?:had|got|caught)\b|(?<![а-яё])(?:пере)?бол(?:ел|ела|ели|ею)(?![а-яё])|得过|出过|患过|得了"
    # ... or got well of it ("shingles all healed up", "опоясывающий прошёл", "带状疱疹好了"): the illness
    r"|\b(?:healed|healing|cleared|clearing|recovered|scabbed|gone)\b"
    r"|(?<![а-яё])(?:прош(?:ёл|ел|ла|ло|ли)|зажил\w*|вылечил\w*)(?![а-яё])|好了|痊愈|结痂|消了"
)
#: ... unless the clause speaks of a jab ("had the flu one", "had my covid jab").
_JAB = re.compile(
    r"\b(?:ones?|jabs?|shots?|vaccin\w*|boosters?|immuni[sz]\w*)\b|прив\w*|вакцин\w*|укол\w*|疫苗|打过|接种|打针"
)


def as_vaccines(
    mentions: list[Mention], lexicon: Lexicon, norm: str, clause: Clause, asked_ill: frozenset[str] = frozenset()
) -> None:
    """ "never had any of the covid ones" to "And the COVID vaccine?", "сделал первую от клеща"
    to a question about vaccines: the diseases an answer about vaccines names are their vaccines;
    a clause that tells, without a denial, of having had the illness ("had chickenpox as a girl",
    "ветрянкой в детстве болел") and names no jab speaks of the illness, and so does a disease the
    turn asked about itself (``asked_ill``: "Did you have chickenpox? And the shingles vaccine?" —
    "chickenpox as a kid yes")."""
    if not _of_jabs(norm, clause, clause.end):
        return
    for m in mentions:
        if m.entity in asked_ill:
            continue
        vaccine = _vaccine_of(m, lexicon)
        if vaccine:
            m.kind, m.entity = "vaccine", vaccine


def _vaccine_of(m: Mention, lexicon: Lexicon) -> str | None:
    """The vaccine against the disease ``m`` names, if it has one."""
    return lexicon.vaccine_for.get(m.entity) if m.kind in ("diagnosis", "condition") else None


def _of_jabs(norm: str, clause: Clause, end: int) -> bool:
    """Whether ``norm[clause.start:end]`` may speak of jabs: a denial ("never had rabies" to a question
    about jabs: never had the jab), no word of having been ill, or a word of a jab beside it."""
    return (
        clause.has("neg")
        or not _ILL.search(norm, clause.start, end)
        or _JAB.search(norm, clause.start, end) is not None
    )


#: What may open a clause before the disease it lists: "and", "а", "还有".
_LIST_OPENING = re.compile(r"[\s,.;:\-—]*(?:(?:and|but|also|а|и|но|ещ[её]|ну|还有|另外|然后)[\s,，]*)?")
#: A verb that says the jab was given or not: the clause states a fact, whatever it forgets.
_GIVEN = re.compile(
    r"\b(?:had|got|done|did|received|gave)\b|(?<![а-яё])(?:с?дела(?:л|ла|ли|ть)|(?:по)?ставил[аи]?)(?![а-яё])"
    r"|прив\w*|вакцин\w*|укол\w*|打过|打了|打的|接种|没打|打针"
)


#: Words of vaccinations ("сделали" alone may be an X-ray, so no bare verbs of doing).
_JAB_WORDS = re.compile(
    r"\b(?:jabs?|shots?|vaccin\w*|boosters?|immuni[sz]\w*)\b|(?<![а-яё])(?:привив\w*|прививк\w*|вакцин\w*)"
    r"|疫苗|打针|接种|预防针|加强针|[一二两三四五六七八九十几\d]针"
)


#: Every match of :data:`_JAB_WORDS` holds one of these (a cheap proof that it finds nothing).
_JAB_GATE = Gated(_JAB_WORDS, ("jab", "shot", "vaccin", "booster", "immuni", "привив", "вакцин", "疫苗", "接种", "针"))


def jab_talk(msg: Message, found: Literals | None = None) -> bool:
    """The message speaks of vaccinations: it names a jab or a vaccine (``found``: the gates' literals in its text)."""
    return _JAB_GATE.search(msg.norm, found=found) is not None or "vaccine" in {lex.kind for _, _, lex in msg.hits}


def named_among_jabs(mentions: list[Mention], lexicon: Lexicon, norm: str, clause: Clause) -> list[Mention]:
    """ "какие прививки нужны? ... столбняк лет 10 назад", "which jabs? typhoid never", "需要打什么疫苗？
    甲肝2019年打过": in a message about vaccinations, a disease with a vaccine that opens its clause is
    an item of the list of jabs, its vaccine; a clause that tells of the illness ("корь в детстве
    болел") keeps the illness. An item with no verb whose only doubt is of the time ("столбняк не
    помню когда") states nothing: neither that the jab was had nor that it was not."""
    kept = []
    for n, m in enumerate(mentions):
        vaccine = _vaccine_of(m, lexicon)
        end = mentions[n + 1].start if n + 1 < len(mentions) else clause.end  # the item's own words
        if vaccine and _LIST_OPENING.fullmatch(norm, clause.start, m.start) and _of_jabs(norm, clause, end):
            if clause.has("uncertain") and not clause.has("neg") and not _GIVEN.search(norm, clause.start, clause.end):
                continue
            m.kind, m.entity = "vaccine", vaccine
        kept.append(m)
    return kept


#: "the pneumonia one", "the shingles ones", "肺炎那个", "乙肝的": a word standing for a jab the
#: message speaks of, right after the disease.
_ONE = {
    "en": re.compile(r"\s+ones?\b"),
    "zh": re.compile(r"(?:的)?(?:那个|那针|那种|这个|这针)|的(?=[\s,，。]|[没未不]|还|也|都|打|$)"),
}
#: Words of jabs that make a message about vaccinations.
_JABS = {
    "en": re.compile(r"\b(?:jabs?|shots?|injections?|vaccines?|vaccinations?|vaccinated|boosters?|immuni[sz]\w*)\b"),
    "zh": re.compile(r"疫苗|打针|[打接]种|打了|打过|没打|打上|加强针"),
}


def one_of_the_jabs(norm: str, mentions: list[Mention], lexicon: Lexicon, lang: str) -> None:
    """ "had my flu and covid jabs last week. had the pneumonia one when i turned 65", "流感疫苗打了
    肺炎那个没打上": in a message about jabs, a disease that has a vaccine followed by "one" ("那个",
    "的") names that vaccine."""
    one, jabs = _ONE.get(lang), _JABS.get(lang)
    if one is None or jabs is None or not jabs.search(norm):
        return
    for m in mentions:
        vaccine = lexicon.vaccine_for.get(m.entity) if m.kind in ("diagnosis", "condition") else None
        if vaccine and one.match(norm, m.end):
            m.kind, m.entity = "vaccine", vaccine


def me_too(msg: Message, clause: Clause) -> None:
    """ "my mum has diabetes and I have it too", "у мамы гипертония, у меня тоже": a clause of the
    user's own that names nothing and says "too" has the conditions just said of a relative; told
    in the past ("我小时候也有过", "I had it too as a kid") the user's own is over."""
    if not _TOO.search(msg.norm, clause.start, clause.end) or "давлени" in msg.norm[clause.start : clause.end]:
        return  # "у меня тоже давление" names hypertension in the word ru_pressure reads
    if _ALSO_OPENS.match(msg.norm, clause.start, clause.end) and _OWN_NUMBER.search(msg.norm, clause.start, clause.end):
        return  # "my sister has graves. also i'm 34": "also" opens a figure of the user's own, no "me too"
    kinds = {lex.value: lex.kind for _, _, lex in msg.hits if lex.kind in FAMILY_KINDS}
    relatives = [
        f
        for f in msg.facts
        if f.section == "family_history" and f.status == "active" and f.end <= clause.start and f.entity in kinds
    ]
    if not relatives:
        return
    last = max(f.sentence for f in relatives)
    past = _PAST_TOO.search(msg.norm, clause.start, clause.end) is not None
    for f in relatives:
        if f.sentence == last:
            section = KIND_SECTION[kinds[f.entity]]
            msg.facts.append(
                Fact(
                    clause.start,
                    clause.end,
                    clause.sentence,
                    section,
                    f.entity,
                    status_for(section, "end" if past and section in _ENDS_IN_THE_PAST else None),
                    f.mention,
                )
            )


def me_neither(msg: Message, clause: Clause, told: list[Mention]) -> None:
    """ "我老公有痛风，我没有", "我爸有糖尿病，我没有": a clause of the user's own that names
    nothing and only denies, after another person's or a relative's illness in the same
    sentence, denies that illness of the user (as "у папы диабет, у меня нет" does)."""
    cats = {lex.cat for _, _, lex in clause.hits}
    if "neg" not in cats or not cats <= {"self", "neg", "still", "split"}:
        return
    for m in told:
        section = KIND_SECTION[m.kind]
        msg.facts.append(Fact(clause.start, clause.end, clause.sentence, section, m.entity, "confirmed_absent"))


def relative_too(msg: Message, clause: Clause) -> None:
    """ "у мамы гипертония, у сестры тоже", "у меня астма, у сына тоже", "my dad has gout, my
    brother too": a clause of a relative that names nothing and says "too" has the conditions
    just said (in the last sentence that said any), of that relative."""
    if not clause.relations or not _TOO.search(msg.norm, clause.start, clause.end):
        return
    kinds = {lex.value: lex.kind for _, _, lex in msg.hits if lex.kind in FAMILY_KINDS}
    said = [
        f
        for f in msg.facts
        if f.end <= clause.start
        and f.entity in kinds
        and f.section in ("family_history", KIND_SECTION[kinds[f.entity]])
        and f.status in ("active", "resolved")
    ]
    last = max((f.sentence for f in said), default=None)
    for f in (f for f in said if f.sentence == last):
        fact = Fact(clause.start, clause.end, clause.sentence, "family_history", f.entity, "active", f.mention)
        fact.put("relation", joined_relation(clause.relations))
        msg.facts.append(fact)


#: What follows the relative in a clause that only says the relative has it: "我爸有", "我哥倒是有",
#: "my brother does", "my dad had one at 50", "у мамы есть", "у отца был".
_RELATIVE_HAS = {
    "zh": re.compile(r"\s*(?:倒是|倒|就|才|是|可)?有(?:的|过)?[吧啊呢呀]?\s*"),
    "en": re.compile(
        r"\s*(?:does|did|has|had|has had|'s had|s had|'s got|has got)(?:\s+(?:it|one|that|them|too|though|tho))*"
        r"(?:\s+(?:at|in|when|since|around|about)\b[^,;.!?]*)?[\s.!,]*"
    ),
    "ru": re.compile(r"\s*(?:тоже\s+)?(?:есть|был|была|было|были|болеет|болел|болела|болели)(?:\s+тоже)?[\s.!,]*"),
}


def relative_has(msg: Message, clause: Clause, answered: bool = False) -> None:
    """ "我没有糖尿病，我爸有", "I don't have diabetes but my brother does": a clause of a relative
    that names nothing and only says "has", after the user's own denial in the same sentence, gives
    that relative what the user denied; with ``answered``, what the user's answer to the
    assistant's question denied ("Do you have diabetes?" — "no, but my brother does", "нет, а у мамы
    есть", "没有，我妈有")."""
    pattern = _RELATIVE_HAS.get(msg.lang)
    if pattern is None or not clause.relations:
        return
    last = max((e for _, e, lex in clause.hits if lex.kind == "relative"), default=None)
    if last is None or not pattern.fullmatch(msg.norm, last, clause.end):
        return
    denied = [
        f
        for f in msg.facts
        if (f.sentence == -1 if answered else f.sentence == clause.sentence and f.end <= clause.start)
        and f.status == "confirmed_absent"
        and f.section in ("chronic_conditions", "diagnoses")
    ]
    for f in denied:
        fact = Fact(clause.start, clause.end, clause.sentence, "family_history", f.entity, "active", f.mention)
        fact.put("relation", joined_relation(clause.relations))
        msg.facts.append(fact)


def touch(msg: Message, clause: Clause, mentions: list[Mention]) -> None:
    """Sections a clause states no fact about but is about (a question about allergies)."""
    allergy = clause.has("allergy")
    for m in mentions:
        if m.kind == "noun":
            msg.touched.add(m.entity)
        elif m.kind in ("drug", "allergen") and allergy:
            msg.touched.add("allergies")
        elif m.kind in KIND_SECTION and (m.kind != "allergen" or allergy) and not m.weak:
            msg.touched.add(KIND_SECTION[m.kind])


def clause_facts(msg: Message, clause: Clause, mentions: list[Mention]) -> None:
    family = clause.subject == "family" or (
        clause.subject == ASKED_FAMILY and any(m.kind in FAMILY_KINDS for m in mentions)
    )
    # after a question about one relative ("У ребёнка есть аллергия?"), a clause naming nobody is theirs
    kin = clause.subject == ASKED_FAMILY and msg.asked is not None and msg.asked.kin
    allergy = allergy_mentions(msg, clause, mentions)
    specific: set[str] = set()
    nouns: list[Mention] = []
    for m in mentions:
        if m.kind == "noun":
            nouns.append(m)
            continue
        if kin and m.kind not in FAMILY_KINDS:
            continue  # "Как кашель у ребёнка?" — "кашляет по ночам": the child's complaint
        if family:
            if id(m) in allergy and m.state in (None, "pos") and _beside_allergy(msg, clause, m):
                _relative_allergy(msg, clause, m)  # "my daughter is allergic to peanuts", "у сына аллергия на орехи"
                continue
            if m.kind not in FAMILY_KINDS:
                continue
            section = "family_history"
        elif id(m) in allergy:
            section = "allergies"
        elif m.kind == "allergen" or m.kind not in KIND_SECTION:
            continue
        else:
            section = KIND_SECTION[m.kind]
            if section == "symptoms" and msg.lang == "zh" and zh_taken_when(msg.norm, m.end):
                continue  # "喘起来就喷万托林": when the medicine is taken, no complaint told
        specific.add(section)
        # "以前吃别嘌醇全身起疹子": the allergy stands, and the dated taking is a stopped medicine
        taken = section == "allergies" and zh_taken_with_reaction(msg, clause, m)
        fact = _fact(msg, clause, m, section, None if taken else m.state)
        if fact is None:
            continue
        if section == "allergies":
            fact.put("reaction", allergy[id(m)])
        elif family:
            relation = _relation(msg, clause, m.start)
            if relation == NO_BLOOD:
                continue  # "dad's wife has bipolar": no blood relative's
            fact.put("relation", relation)
        msg.facts.append(fact)
        if taken and m.state == "end" and m.kind == "drug":
            stopped = _fact(msg, clause, m, "medications", "end")
            if stopped is not None:
                msg.facts.append(stopped)
        if m.allergen and not family and m.state is None and not named_kind(msg, m.allergen):
            # "I have hay fever": a pollen allergy ("поллиноз на березу": the birch pollen named)
            msg.facts.append(Fact(m.start, m.end, clause.sentence, "allergies", m.allergen, "active", fact.mention))
    for noun in nouns:
        section = _noun_section(noun.entity, family or kin, allergy_clause=clause.has("allergy"))
        if section == "medications" and PURPOSE.match(msg.norm, noun.end):
            continue  # "бросила таблетки от давления": some medicines, not all of them
        if _OTHER.search(msg.norm, max(0, noun.start - 12), noun.start):
            continue  # "других болезней нет", "no other operations": none besides those told
        if _THIS.search(msg.norm, max(0, noun.start - 12), noun.start):
            continue  # "never had that vaccine", "эту прививку не делала", "这个疫苗没打过": one, not all
        if noun.state == "neg" and (_EXCEPT.search(msg.norm, clause.start, clause.end) or _except_follows(msg, clause)):
            continue  # "no allergies apart from that one", "кроме этого аллергии нет": one there, no "none"
        if section == "vaccinations" and any(
            lex.kind == "drug" and 0 <= noun.start - e <= 1 for _, e, lex in clause.hits
        ):
            continue  # "a toradol shot", "a B12 jab": an injection of that drug, no vaccination
        if section == "surgeries" and _NO_NEED.search(msg.norm, clause.start, clause.end):
            continue  # "no need to operate for now", "операция не нужна", "可以先不做手术": a plan, no history
        one = _the_asked_one(msg, clause, section, noun) if section in _ASKED_ONE and noun.state == "neg" else None
        ended = own_medicines_ended(msg, clause, noun) if section == "medications" and not family else None
        if ended is not None:
            msg.facts.append(ended)  # "stopped both meds", "四个药都停了": the user's own, each of them
        elif one is not None:
            # "Делали прививку от лишая?" — "прививку не делал"; "对青霉素过敏吗？" — "不过敏": that one denied
            msg.facts.append(Fact(noun.start, noun.end, clause.sentence, section, one, "confirmed_absent"))
        elif section and (noun.state in ("neg", "end") or _denies_itself(msg.norm, noun)) and section not in specific:
            msg.facts.append(
                Fact(
                    noun.start,
                    noun.end,
                    clause.sentence,
                    section,
                    SECTION_WIDE,
                    "confirmed_absent",
                    msg.text[noun.start : noun.end],
                )
            )


#: A section noun that holds its own denial: "ничего не беспокоит", "nothing's bothering me" say
#: what "жалоб нет" says, with no denial word left outside the noun.
_SELF_DENYING = re.compile(r"(?:ничего|больше ничего|nothing)\b")


def _denies_itself(norm: str, noun: Mention) -> bool:
    return noun.state is None and _SELF_DENYING.match(norm, noun.start, noun.end) is not None


#: Sections whose bare noun in a denial stands for the one thing of it the assistant asked about.
_ASKED_ONE = frozenset({"vaccinations", "allergies"})
#: A word that makes the noun all of its kind: "any jabs", "никаких прививок", "什么疫苗都没打过",
#: "我什么都不过敏", "not allergic to anything", "ни на что".
_ALL_BEFORE = re.compile(
    r"\b(?:any|all|no|every)\s+$|(?<![а-яё])(?:никак\w*|ни одн\w*|вс[её]\w*)\s+$|(?:任何|什么|所有|啥)\S{0,3}$|都不?$"
)
_ALL_AFTER = re.compile(
    r"\s*(?:都|也|at all|whatsoever|(?:to\s+)?(?:anything|any\b)|ни на что|ни к чему|ни на какие|ни на какое)"
)


#: "others" anywhere before the noun in its clause ("其他的没有过敏", "nothing else", "остального нет").
_OTHERS_BEFORE = re.compile(r"\b(?:other|others|else)\b|(?<![а-яё])(?:друг|остальн|прочи)\w*|其他|其它|别的|其余")


def _the_asked_one(msg: Message, clause: Clause, section: str, noun: Mention) -> str | None:
    """The one vaccine or allergen the assistant asked about, when the reply names the bare noun
    ("прививку", "the jab", "疫苗", "not allergic", "不过敏") with no word making it all of them and
    nothing else named in its clause ("药物没有过敏" denies drugs): the noun stands for the asked one."""
    asked = msg.asked
    if asked is None or any(s != noun.start and (lex.kind or lex.cat == "section") for s, _, lex in clause.hits):
        return None
    if _OTHERS_BEFORE.search(msg.norm, clause.start, noun.start):
        return None  # "对，虾过敏，其他的没有过敏": the others denied, not the one asked
    # "阿莫西林是青霉素类的，你对青霉素过敏吗？": the drug the question takes as given is not asked of
    ones = {
        entity
        for s, entity in asked.items
        if s == section and entity != SECTION_WIDE and (s, entity) not in asked.presumes
    }
    if len(ones) != 1:
        return None
    every = _ALL_BEFORE.search(msg.norm, max(0, noun.start - 12), noun.start)
    if every is not None and every.group().strip() == "no" and not msg.norm[noun.start : noun.end].endswith("s"):
        every = None  # "And the shingles vaccine?" — "no vaccine": that one; "no jabs" are all of them
    if every is not None or _ALL_AFTER.match(msg.norm, noun.end):
        return None
    return ones.pop()


#: "other" right before a section noun: the denial leaves out what the user has told.
_OTHER = re.compile(r"(?:\bother|(?<![а-я])(?:других|другие|другой|другого|иных|прочих)|其他|别的)\s*$")
#: A demonstrative right before a section noun: it points at one thing told or offered before ("I've
#: never had that vaccine" after the shingles jab is recommended), never at the whole section ("nothing like that"
#: and "таких нет" speak of a kind, and deny it).
_THIS = re.compile(
    r"(?:(?<!like )(?<!as )\b(?:this|that|these|those|the same)"
    r"|(?<![а-я])(?:эт(?:от|а|у|о|и|ой|им|их|ом)|тот|ту|та|те|той|тех)"
    r"|这个|那个|这种|那种|这些|那些|这|那)\s*$"
)
#: An exception beside a denial ("apart from that one", "кроме этой", "除了这个"): something of the
#: kind is there, so the denial is of the rest, no section-wide "none" ("only" / "just" / "только"
#: may list what the user takes beside a denial of another section, and are left out).
_EXCEPT = re.compile(
    r"\b(?:except|apart from|other than|besides|aside from)\b"
    r"|(?<![а-яё])(?:кроме|за исключением|не считая|если не считать)(?![а-яё])|除了|除开"
)

_EXCEPT_OPENS = re.compile(r"\s*(?:" + _EXCEPT.pattern + ")")


def _except_follows(msg: Message, clause: Clause) -> bool:
    """The exception opens the next clause of the sentence with no pause before it ("no allergies
    apart from that one": "apart from" cuts the clause); after a comma ("不过敏，除了扶他林没用别的")
    it is another statement's."""
    if msg.norm[clause.start : clause.end].rstrip().endswith((",", "，", ";", "；", ".", "。")):
        return False
    after = next((c for c in msg.clauses if c.start >= clause.end), None)
    return (
        after is not None
        and after.sentence == clause.sentence
        and _EXCEPT_OPENS.match(msg.norm, after.start) is not None
    )


#: An operation not needed or put off: the surgeries section records what was done, and a
#: judgment about what need not be done says nothing of it.
_NO_NEED = re.compile(
    r"\b(?<!never )(?:need|needs|needed|necessary|unnecessary|required|no reason for|hold off|put off|wait and see)\b"
    r"|(?<![а-яё])(?:не нуж\w*|не надо|не требу\w*|нет необходимости|не обязательн\w*|можно не|отлож\w*)"
    r"|不用|不需要|不必|先不|暂时不|暂不|没必要|用不着",
    re.IGNORECASE,
)


def _relation(msg: Message, clause: Clause, at: int) -> str | None:
    """The relation of the family-history mention at ``at``: of the relative its clause names nearest
    to it (:mod:`~anamnesis.understanding.rules.relation_of`), or the clause's subject's."""
    named = relation_at(msg.norm, clause, at) if clause.relations else None
    return named if named is not None else joined_relation(clause.relations)


def joined_relation(relatives: tuple[str, ...]) -> str | None:
    """Several relatives with the same condition, as the reconciler joins them: "father, mother"."""
    return ", ".join(sorted(relatives)) or None


def _noun_section(section: str, family: bool, allergy_clause: bool) -> str | None:
    if family:
        return "family_history" if section in ("family_history", "chronic_conditions", "diagnoses") else None
    if section == "medications" and allergy_clause:
        return "allergies"
    return None if section == "family_history" else section


def _fact(msg: Message, clause: Clause, m: Mention, section: str, state: str | None) -> Fact | None:
    if section == "lifestyle":
        if m.weak and (
            drinks_something_else(clause, msg.clauses, msg.lang, msg.norm)
            or _MEASURED_DRINK.search(msg.norm, clause.start, clause.end)
        ):
            return None
        if m.value and state == "neg":  # "I'm not vegetarian" says nothing about the diet
            return None
        if m.entity == "sleep":
            if state == "neg":
                state, m.value = None, "poor"
            said = m.value or clause.has("lsvalue") or quantities.sleep_hours(msg.norm[clause.start : clause.end])
            if not said:
                return None
    fact = Fact(
        m.start, m.end, clause.sentence, section, m.entity, status_for(section, state), msg.text[m.start : m.end]
    )
    fact.put("value", m.value)
    return fact


#: Between "allergic" and its allergens: "to", articles and the allergens' own "and"s and commas
#: ("аллергия на арахис", "对花生过敏" has its allergen before the word).
_ALLERGY_OBJECT_GAP = re.compile(
    r"^(?:\s|,|/|\b(?:to|of|the|a|an|any|all|and|or|both|also|really|very|badly|mildly|severely"
    r"|на|и|тоже|сильная|сильнейшая)\b"
    r"|\w+(?= and | or |, ))*$"
)


def _beside_allergy(msg: Message, clause: Clause, m: Mention) -> bool:
    """The allergen is the object of the allergy word ("allergic to peanuts", "a peanut allergy"),
    not a drug later in the sentence ("..., we carry an epipen")."""
    for s, e, lex in clause.hits:
        if lex.cat != "allergy":
            continue
        if e <= m.start and _ALLERGY_OBJECT_GAP.match(msg.norm[e : m.start]):
            return True
        if m.end <= s and not msg.norm[m.end : s].strip():
            return True
    return False


def _relative_allergy(msg: Message, clause: Clause, m: Mention) -> None:
    """A relative's allergy is their history: family_history "<allergen> allergy" ("peanut allergy")."""
    words = m.entity.split()
    last = words[-1]
    if last.endswith("s") and not last.endswith(("ss", "is", "us")) and len(last) > 3:
        words[-1] = last[:-1]  # "peanuts" -> "peanut allergy", "tree nuts" -> "tree nut allergy"
    fact = Fact(
        m.start,
        m.end,
        clause.sentence,
        "family_history",
        " ".join(words) + " allergy",
        "active",
        msg.text[m.start : m.end],
    )
    relation = _relation(msg, clause, m.start)
    if relation == NO_BLOOD:
        return
    fact.put("relation", relation)
    msg.facts.append(fact)
