"""Cutting a message into sentences and clauses, and deciding what each clause is about.

Negation, questions and "my friend takes..." all have a scope; a clause is the smallest
unit that carries one. A clause starts at a sentence boundary, at a conjunction ("but",
"но", "但是"), at "if", and at a comma followed by a new subject ("..., I take", "..., 我妈妈").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from anamnesis.understanding.rules.clause_cuts import EN_SO_DO_I, cuts_of, is_relative, opens_a_habit
from anamnesis.understanding.rules.compact_profile import compact_profile
from anamnesis.understanding.rules.condition_after_drug import items_after_condition
from anamnesis.understanding.rules.given_to import NAMED, PRONOUN, given_to
from anamnesis.understanding.rules.lexicon import Lex
from anamnesis.understanding.rules.prescriber_pronoun import acts_as_clinician
from anamnesis.understanding.rules.topic_relative import introduced_relatives

Hit = tuple[int, int, Lex]

#: A full stop not before a digit nor inside an abbreviation that goes on with its sentence ("Any
#: allergies, e.g. to nickel?", "i.e.", "напр.", "т.е."), or a run of the other end marks. Written to
#: open with one class of every end mark, so ``re`` skips to the next mark.
_SENTENCE_END = re.compile(
    r"[.!?;。！？；\n…](?:(?<=\.)(?!\d)(?!(?<=\be\.)g\.)(?!(?<=\bi\.)e\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\beg\.)"
    r"(?<!напр\.)(?!(?<=\bт\.)\s?е\.)(?<!\bт\.е\.)(?<!\bт\. е\.)|(?<!\.)[!?;。！？；\n…]*)"
)
_SUBJECT_CATS = frozenset({"self", "person", "third", "family", "k:relative"})
#: "生孩子", "生了孩子", "生完老二", "怀宝宝的时候": the child is what was born or carried, not who
#: the clause is about
_BORN = re.compile(r"(?:生|怀|怀上|怀着)(?:了|完|过)?(?:个|一个|两个)?$")


@dataclass(slots=True)
class Clause:
    """One clause: its span, the hits inside it and what it is about."""

    start: int
    end: int
    hits: list[Hit]
    sentence: int
    #: cue categories present, plus "k:<kind>" for each term kind and "s:<section>" for section nouns
    cats: set[str] = field(default_factory=set)
    #: a question, a hypothesis or doubt: touches sections but states no fact
    skip: bool = False
    #: position of a wish or plan ("I want to..."): nothing after it is a fact
    intent_at: int = 0
    #: "self", "other" (a friend, a spouse), "family" (blood relatives), or the default the
    #: caller gives a clause that names nobody
    subject: str = "self"
    relations: tuple[str, ...] = field(default_factory=tuple)

    def has(self, cat: str) -> bool:
        return cat in self.cats


#: Illness kinds 怕 can take as its object; a symptom after it is one name with it ("怕冷", "怕光").
_FEARED_KINDS = frozenset({"condition", "diagnosis", "injury"})


def _zh_feared(norm: str, start: int, end: int, hits: list[Hit]) -> bool:
    """ "我有点怕中风", "就怕心梗": an illness that 怕 (fear) takes as its object is feared, not
    had, and the clause states no fact of it (as "怕得", "担心" do, cues of doubt)."""
    if "怕" not in norm[start:end]:
        return False
    return any(lex.cat == "term" and lex.kind in _FEARED_KINDS and h > 0 and norm[h - 1] == "怕" for h, _, lex in hits)


def sentences(norm: str) -> list[tuple[int, int, bool]]:
    """(start, end, ends with a question mark) of every non-blank sentence."""
    first = _SENTENCE_END.search(norm)
    if first is None:
        return [(0, len(norm), False)] if norm and not norm.isspace() else []
    if first.end() == len(norm) and first.start() > 0:  # one sentence, the usual case
        return [(0, len(norm), "?" in first.group() or "？" in first.group())]
    out: list[tuple[int, int, bool]] = []
    start = 0
    for m in _SENTENCE_END.finditer(norm):
        if not norm[start : m.start()].isspace() and m.start() > start:
            out.append((start, m.end(), "?" in m.group() or "？" in m.group()))
        start = m.end()
    if start < len(norm) and not norm[start:].isspace():
        out.append((start, len(norm), False))
    return out


def last_question(norm: str) -> str:
    """The last sentence of ``norm`` that ends with a question mark ("" when none does): what a
    reply to the turn answers."""
    asked = [norm[start:end] for start, end, question in sentences(norm) if question]
    return asked[-1] if asked else ""




def phrase_at(norm: str, at: int, low: int, high: int, pauses: frozenset[str]) -> tuple[int, int]:
    """(start, end) of the phrase around ``at`` within ``norm[low:high]``: from just after the last
    of ``pauses`` before ``at`` to the first at or after it. A denial's time ("for a week, no fever")
    or its "since then" counts only in the denial's own phrase."""
    start = max((i + 1 for i in range(low, at) if norm[i] in pauses), default=low)
    end = next((i for i in range(at, high) if norm[i] in pauses), high)
    return start, end


def clauses(
    norm: str,
    hits: list[Hit],
    lang: str,
    spans: list[tuple[int, int, bool]],
    default: tuple[str, tuple[str, ...]] = ("self", ()),
    own: frozenset[int] = frozenset(),
    others: dict[int, tuple[str, tuple[str, ...]]] | None = None,
) -> list[Clause]:
    """The clauses of a message with their flags and subjects, in order.

    ``spans`` are the message's :func:`sentences`; ``default`` is the subject of a clause
    that names none (the family, when the assistant just asked about it), but in the sentences
    ``own``, which tell of the user's own care (:mod:`~anamnesis.understanding.rules.own_care`),
    and ``others``, the subject of each sentence that answers an earlier question of the turn
    about the family.
    """
    out: list[Clause] = []
    i, n = 0, len(hits)
    last_other: tuple[str, tuple[str, ...]] = ("other", ())
    someone_else = default[0] == "other"  # a person other than the user named so far (or asked about)
    # the relative the message opened by writing about: later sentences naming nobody are theirs
    topic: tuple[str, tuple[str, ...]] | None = None
    for s_no, (s_start, s_end, is_question) in enumerate(spans):
        while i < n and hits[i][0] < s_start:
            i += 1
        j = i
        while j < n and hits[j][0] < s_end:
            j += 1
        s_hits = hits[i:j]
        i = j
        s_tags = set().union(*[h[2].tags for h in s_hits])
        cuts = cuts_of(norm, s_hits, s_start, s_end, lang, is_question, s_tags)
        # "..., is that normal?": the question covers the statement before it
        hypothetical = is_question and "check" in s_tags
        # "GTN spray if I get chest pain, atorvastatin 40mg": the list goes on past the medicine's condition
        listed = () if is_question or "hypo" not in s_tags else items_after_condition(norm, s_hits)
        hedged = False  # the clause before was a bare Russian hedge ("кажется,", "боюсь, что")
        subject: tuple[str, tuple[str, ...]] | None = None
        k, n_s, last = 0, len(s_hits), len(cuts) - 2
        opened = len(out)  # this sentence's clauses are out[opened:]
        for c_no in range(last + 1):
            c_start, c_end = cuts[c_no], cuts[c_no + 1]
            if last == 0:  # one clause: the sentence's hits and tags (not read again below)
                c_hits, k, cats = s_hits, n_s, s_tags
            else:
                first = k
                while k < n_s and s_hits[k][0] < c_end:
                    k += 1
                c_hits = s_hits[first:k]
                cats = set().union(*[h[2].tags for h in c_hits])
            clause = Clause(c_start, c_end, c_hits, s_no, cats, intent_at=c_end)
            # "吃二甲双胍的话能喝酒吗": 的话 closes a condition, the clause before it is hypothetical
            if hypothetical and c_no > 0 and not is_question and "hypo" not in cats:
                # "if I have pain, I take Tylenol": the user's habit, where the condition's scope ends
                hypothetical = not opens_a_habit(norm, c_start, c_hits, lang)
            if hypothetical and next((h[0] for h in c_hits if h[2].cat == "term"), None) in listed:
                hypothetical = False
            hypothetical = hypothetical or "hypo" in cats or (lang == "zh" and norm.startswith("的话", c_end))
            if hedged and "split" not in cats:
                cats.add("uncertain")  # "кажется, у меня гастрит": the hedge before covers the clause
            clause.skip = (
                "asked" in cats
                or hypothetical
                or ("uncertain" in cats and not _only_approximate(norm, c_hits, c_end))
                or (is_question and c_no == last)
                or ("question" in cats and _asks(norm, clause, lang, is_question))
                or (lang == "ru" and _RU_ASKS.search(norm, c_start, c_end) is not None)
                or (hedged and "split" not in cats)  # its hedge is no amount of this clause's
                or (lang == "zh" and "neg" in cats and _zh_a_not_a(norm, c_hits))
                or (lang == "zh" and _zh_feared(norm, c_start, c_end, c_hits))
            )
            hedged = lang == "ru" and "uncertain" in cats and _bare_hedge(norm, c_start, c_end, c_hits)
            if "intent" in cats:
                clause.intent_at = next(h[0] for h in c_hits if h[2].cat == "intent")
                if lang == "ru":
                    clause.intent_at = _planned_object_at(norm, c_hits, clause.intent_at)
            if "offer" in cats and not _taken_after_offer(c_hits, s_hits[k:]):
                clause.intent_at = c_start  # "Климонорм предлагали": offered, whichever side the drug stands
            found = None
            if "family" in cats and _others_family(norm, c_hits):
                found = ("other", ())  # "runs in their family", "我老公家里人": in-laws, not blood
                someone_else = True
            elif cats & _SUBJECT_CATS:
                found = _subject(norm, _agents_left_out(norm, c_hits, cats, lang), cats, lang, last_other)
                if found == ("other", ()) and not someone_else and (
                    _stops_it(norm, c_hits, lang)
                    or _clinicians_they(norm, c_hits, lang)
                    or acts_as_clinician(norm, c_start, c_end, lang)
                ):
                    # "the naproxen made me sick so they stopped it", "they put a stent in", "he's added
                    # finasteride": with nobody else named, they are the clinicians and the fact is the user's
                    found = ("self", ())
                elif found is not None and found[0] in ("other", "family") and _acts_on_me(norm, c_start, c_end, lang):
                    found = ("self", ())  # "my wife got me walking every day": what she does is done to the user
                    someone_else = True
                elif found == ("self", ()) and "k:relative" in cats:
                    # "I look after my mum, she has dementia": the relative the user speaks of is "she"
                    last_other = ("family", _relatives(c_hits, cats))
                someone_else = someone_else or (found is not None and found[0] != "self")
            if found is None and subject is None and someone_else and (
                (
                    lang == "ru"
                    and (_WE_TREAT.search(norm, c_start, c_end) or _THIRD_PERSON_OPENS.match(norm, c_start, c_end))
                )
                or (
                    lang == "en"
                    and (
                        _EN_THIRD_PERSON_OPENS.match(norm, c_start, c_end)
                        or _EN_GIVING_OPENS.match(norm, c_start, c_end)
                    )
                )
            ):
                # "Сыну 5 лет, дерматит. Мажем Адвантаном": the parents treat the son; "у мужа
                # гипертония. Пьёт лозартан": a verb of the third person goes on about the husband
                found = last_other
            if found is None and (
                (lang == "en" and _EN_CHILD.search(norm, c_start, c_end))
                or _SEEN_BY_CLINICIAN[lang].search(norm, c_start, c_end)
            ):
                # "my 4yo has chickenpox", "gp saw him today, ear infection": someone the user speaks of
                found = ("other", ())
                someone_else = True
            if found is not None:
                subject = found
                if found[0] != "self":
                    last_other = found
            fallback = ("self", ()) if s_no in own else (topic if topic and default == ("self", ()) else default)
            if others and s_no in others:
                fallback = others[s_no]
            clause.subject, clause.relations = subject or fallback
            out.append(clause)
        if any(c.subject == "self" and c.has("self") for c in out[opened:]):  # this sentence's clauses
            topic = None  # "I have a cold myself": the user speaks of themself from here on
        elif rels := introduced_relatives(norm, s_hits, s_start, s_end, lang):
            topic = ("family", rels)
        if last > 0:
            _names_go_with_their_thing(norm, out[opened:])  # "换那个新的抗凝药，叫利伐沙班": as planned
        if is_question and last > 0 and "hypo" in out[-1].cats and "hypo" not in out[-2].cats:
            out[-2].skip = True  # "а нурофен мне можно, если спину прихватит?": the "if" clause is the question's
    return out


#: A clause that only gives the name of the thing the clause before spoke of: "叫利伐沙班", "called
#: rivaroxaban", "называется ксарелто".
_NAME_GIVEN = re.compile(
    r"[\s，,:：—-]*(?:(?:它|这个|那个|药)?(?:名字)?(?:叫做|名叫|叫作|叫)"
    r"|(?:it'?s |its )?(?:called|named)\b|(?:он |она |оно )?(?:называется|называют|под названием))"
)


def _names_go_with_their_thing(norm: str, sentence: list[Clause]) -> None:
    """ "医生说以后可能给我换那个新的抗凝药，叫利伐沙班", "my friend is on a new blood thinner, called
    rivaroxaban", "врач может назначить новый препарат, называется ксарелто": the clause that only
    names the thing of the clause before is read as that clause is, a plan, a question or someone
    else's, so the name is no fact where the thing was none."""
    for before, clause in zip(sentence, sentence[1:], strict=False):
        if _NAME_GIVEN.match(norm, clause.start) is None:
            continue
        clause.skip = clause.skip or before.skip
        if before.intent_at < before.end:
            clause.intent_at = clause.start
        if before.subject != "self":
            clause.subject, clause.relations = before.subject, before.relations


#: The particle "ли" ("нормально ли", "так можно ли мне") and a closing "или нет" ask, with or
#: without a question mark (patients often leave it out); the words hold them in any cue.
_RU_ASKS = re.compile(r"(?<![а-яё-])(?:ли|или нет)(?![а-яё-])")
#: A Russian first-person plural treating verb: "мажем", "даём", "капаем" (a parent for a child).
_WE_TREAT = re.compile(
    r"(?<![а-я])(?:мажем|даём|даем|даю|капаем|закапываем|колем|ставим|лечим|поим|промываем|растираем|пшикаем"
    r"|дышим|ингалируем|пьём|пьем|принимаем|пропиваем)(?![а-я])"
)
#: What may stand beside a Russian hedge in a clause of its own: "боюсь, что", "мне кажется,".
_HEDGE_REST = re.compile(r"[\s,.:;—–-]*(?:(?:что|мне|я|а|и|но|ну|так)[\s,.:;—–-]*)*")


def _bare_hedge(norm: str, start: int, end: int, hits: list[Hit]) -> bool:
    """The clause is only a hedge ("кажется,", "боюсь, что", "по-моему"), whose doubt covers the
    clause after it; a clause that says more ("завтра иду к врачу,") keeps its doubt to itself."""
    pos = start
    for h_start, h_end, lex in hits:
        if lex.cat == "self":
            continue  # "мне", "я": words of the rest
        if lex.cat != "uncertain" or not _HEDGE_REST.fullmatch(norm, pos, h_start):
            return False
        pos = h_end
    return _HEDGE_REST.fullmatch(norm, pos, end) is not None


def _taken_after_offer(hits: list[Hit], later: Sequence[Hit] = ()) -> bool:
    """ "предложили аторвастатин, пью месяц": a taking verb after the offer says it was taken up, in
    its clause or in a later clause of its sentence before any denial ("GP suggested ibuprofen and
    I've been taking it"; "offered statins but I'm not taking them" is not taken up)."""
    offer = next((s for s, _, lex in hits if "offer" in lex.tags), None)
    if offer is None:
        return False
    if any(s > offer and "start" in lex.tags for s, _, lex in hits):
        return True
    for _, _, lex in later:
        if lex.cat == "neg":
            return False
        if "start" in lex.tags:
            return True
    return False


#: What a Russian plan can take as its object before its verb ("омепразол попробую").
_PLANNED_KINDS = frozenset({"drug", "vaccine", "lifestyle"})


def _planned_object_at(norm: str, hits: list[Hit], intent_at: int) -> int:
    """Russian puts the object of a plan before its verb as often as after ("омепразол попробую",
    "прививку от клеща сделаю", "алкоголь брошу"): the drugs, vaccines and habits right before the
    plan word, with no other cue and no comma between them and it ("пью конкор, хочу бросить" takes
    it), are planned too, so the plan starts at the first of them."""
    at = intent_at
    for start, end, lex in reversed([h for h in hits if h[0] < intent_at]):
        if lex.cat != "term" or lex.kind not in _PLANNED_KINDS or "," in norm[end:at]:
            break
        at = start
    return at


#: A Russian clause opening with a verb of the third person that takes, treats or has something
#: ("пьёт", "колет", "принимает", "курит", "болеет"): its subject is the person named before,
#: never the user, who would say "пью", "колю" (Russian leaves the pronoun out in both).
_THIRD_PERSON_OPENS = re.compile(
    r"[\s,.!;:—-]*(?:(?:и|а|но|ещё|еще|тоже|также|сейчас|теперь|постоянно|регулярно|давно|уже)\s+)*"
    r"(?:пь[её]т|пьют|кол(?:ет|ют|ется)|принима(?:ет|ют)|сид(?:ит|ят)\s+на|кур(?:ит|ят)|мажет|мажут|капает"
    r"|пользуется|использует|получа(?:ет|ют)|леч(?:ится|атся)|наблюда(?:ется|ются)|боле(?:ет|ют)|страда(?:ет|ют)"
    r"|жалу(?:ется|ются)|кашля(?:ет|ют)|перен[её]с(?:ла)?|лежит|лежал[аи]?|ходит на|занимается)(?![а-яё])"
)
#: The same in English: a clause opening with a verb of the third person singular ("still has the
#: eczema", "takes ramipril too") goes on about the person named before; the user says "have", "take".
_EN_THIRD_PERSON_OPENS = re.compile(
    r"[\s,.!;:—-]*(?:(?:and|but|also|still|now|just|only|though|tho|plus)\s+)*"
    r"(?:has|takes|gets|uses|needs|suffers|keeps getting|is on|is allergic|was diagnosed|was told)\b(?!\s+been)"
)
#: An English clause opening with giving, its subject left out ("been giving calpol every 4 hours",
#: "giving nurofen at night"): a parent or carer treating the person named before, as Russian "даём" is.
_EN_GIVING_OPENS = re.compile(
    r"[\s,.!;:—-]*(?:(?:and|but|also|so|just|now|still)\s+)*(?:(?:have|we'?ve|weve|we'?re|were)\s+)?(?:been\s+)?"
    r"(?:giving|give|gave)\b(?!\s+(?:me|myself|up)\b)"
)
#: A clinician who saw or examined someone else: "gp saw him today", "the doctor checked her ears",
#: "педиатр осмотрел его", "医生看了孩子": the sentence goes on about that person.
_SEEN_BY_CLINICIAN = {
    "en": re.compile(
        r"\b(?:saw|seen|checked|examined|looked at|listened to|assessed|admitted|treated)\s+"
        r"(?:him|her|the baby|the kids?)\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:осмотрел\w*|посмотрел\w*|смотрел\w*|послушал\w*|проверил\w*|госпитализировал\w*)\s+"
        r"(?:его|её|ее|ребенка|ребёнка|сына|дочь|дочку|малыша)(?![а-яё])"
    ),
    "zh": re.compile(
        r"(?:看了|检查了|查了|听了)(?:一下)?(?:他|她|孩子|宝宝|小孩)|带(?:他|她|孩子|宝宝|小孩)(?:去)?(?:看|查)"
    ),
}
#: A child named by its age ("my 4yo", "our 2 year old", "my little 6-month-old"): someone else.
_EN_CHILD = re.compile(
    r"\b(?:my|our)\s+(?:little\s+|eldest\s+|youngest\s+|oldest\s+)?\d{1,2}\s*-?\s*"
    r"(?:yo|y/o|yrs?\s*-?\s*old|years?\s*-?\s*old|months?\s*-?\s*old|mo)\b"
)
#: "maybe 2 a week", "probably a glass", "大概两周": a hedge before an amount only rounds the amount.
_APPROXIMATE = re.compile(
    r"\s*(?:\d|a |an |one |two |three |four |five |six |a couple|a few|half |once |twice |around |about )"
    r"|[一二两三四五六七八九十几半\d]"
)
_HEDGES = frozenset({"maybe", "perhaps", "probably", "大概", "可能"})


#: What a doubt word is about when it is only the time: "not sure when", "can't remember the year",
#: "не помню когда", "не помню, в каком году", "不记得什么时候", "不太清楚是哪年".
_OF_THE_TIME = re.compile(
    r"[\s,]*(?:(?:exactly|precisely|quite)\s+)?(?:when\b|what year|which year|the (?:exact )?(?:date|year|month)"
    r"|(?:точно\s+)?(?:когда|в каком году|какого числа|какой год|дату|год)(?![а-яё])"
    r"|(?:是|具体)?(?:什么时候|哪一?年|几几年|几号|具体时间|哪个月)"
    # a guess at when, not at what: "好像是三年前", "кажется, года три назад", "probably 2 years ago"
    r"|是?(?:[一二两三四五六七八九十几半\d]+多?(?:年|个月|个星期|周)前|去年|前年|上个?月|小时候)"
    r"|,?\s*(?:года?|лет)\s+(?:\d+|два|три|четыре|пять)\s+назад|,?\s*(?:\d+|пару|несколько|два|три|четыре|пять)\s+"
    r"(?:года?|лет|месяц\w*)\s+назад|,?\s*в прошлом году"
    r"|(?:about |around )?(?:\d+|two|three|four|five|a few|a couple of) (?:years?|months?) ago\b|last year\b)"
)


#: What may follow a doubt word that closes its clause.
_CLAUSE_TAIL = re.compile(r"[\s.,!?;:)…]*")
#: An amount or a count a habit is told with: "a beer", "twice a week", "пару раз", "两次".
_HABIT_AMOUNT = re.compile(
    r"\b(?:a|an|one|two|three|four|five|a couple|a few|once|twice|half)\s|\d"
    r"|(?<![а-яё])(?:пар[уы]|раз|бокал\w*|стакан\w*)(?![а-яё])"
    r"|[一二两三四五六七八九十几半]"
)


def _only_approximate(norm: str, hits: list[Hit], end: int) -> bool:
    """Every doubt word of the clause only rounds the amount right after it ("maybe a glass"), or
    the habit with an amount it closes ("a beer at a bbq maybe", "пару раз в неделю наверное";
    not "smoke from the wildfires probably"), or doubts only
    when ("had one a while ago, not sure when"), not a guess at a name ("probably a migraine",
    "a migraine maybe")."""
    named = {s for s, _, lex in hits if lex.cat == "term" and lex.kind != "lifestyle"}
    habit = not named and any(lex.cat == "term" for _, _, lex in hits)
    habit = habit and _HABIT_AMOUNT.search(norm, hits[0][0], end) is not None
    return all(
        (norm[s:e] in _HEDGES and (m := _APPROXIMATE.match(norm, e)) is not None and m.end() not in named)
        or (habit and norm[s:e] in _HEDGES and _CLAUSE_TAIL.fullmatch(norm, e, end) is not None)
        or _OF_THE_TIME.match(norm, e) is not None
        for s, e, lex in hits
        if lex.cat == "uncertain"
    )


#: "бабушка по маме", "дядя по отцу": the relative after "по" names the side of the family.
_LINEAGE = re.compile(r"(?<![а-я])по\s+$")
#: "мама мужа", "брат моей жены": between a relative and the person in the genitive who owns them
_OWNER_GAP = re.compile(r"\s+(?:мо(?:его|ей|их)\s+)?")


def _of_someone(norm: str, end: int, persons: set[int]) -> bool:
    """A Russian relative owned by the person right after it ("у мамы мужа", "сестра подруги"):
    that person's relative, an in-law or a stranger, not the user's blood relative."""
    m = _OWNER_GAP.match(norm, end)
    return m is not None and m.end() in persons


#: Right before a person the user does something with: "with my mates", "с друзьями", "跟室友".
_WITH = re.compile(
    r"(?:\bwith\s+(?:my|our|the|a few|some)?\s*|(?<![а-яё])со?\s+(?:моим[иу]?\s+|своим[иу]?\s+)?"
    r"|(?:跟|和|同|与|陪)(?:我的?)?)$"
)


def _companions_left_out(norm: str, hits: list[Hit]) -> list[Hit]:
    """Without the people a habit is shared with: "beers with my mates on a friday", "с друзьями по
    пятницам пиво", "周末跟室友喝点啤酒": the user drinks, they keep company. Only in a clause whose
    terms are all habits: "I live with my mum, who has dementia" names the mother's illness."""
    terms = [lex for _, _, lex in hits if lex.cat == "term"]
    if not terms or any(lex.kind != "lifestyle" for lex in terms):
        return hits
    return [
        h for h in hits
        if not ((h[2].cat == "person" or is_relative(h[2])) and _WITH.search(norm, max(0, h[0] - 16), h[0]))
    ]


def _agents_left_out(norm: str, hits: list[Hit], cats: set[str], lang: str) -> list[Hit]:
    """Without the person words that are no subject. Chinese: the agent of a passive
    (被邻居家的狗咬了), an owner (邻居家的狗, 朋友家), a child being born (生孩子是剖的) and someone who
    says what the user has (我爸说我血压高, in every language: "my wife says i snore"): the clause
    is about the user. Russian: a relative
    naming the side of the family ("бабушка по маме"), and one owned by a spouse or a friend
    ("мама мужа"), whose owner is the subject. Every such word is a relative or a person (zh),
    or leaves one out (a Chinese "my" before one): a clause whose tags ``cats`` name neither
    keeps its hits."""
    if "k:relative" not in cats and "person" not in cats:
        return hits
    hits = _roles_left_out(norm, _companions_left_out(norm, hits))
    if lang != "zh":  # "my wife says i snore", "жена говорит, что я храплю": the user is the subject
        hits = [h for h in hits if not _speaks_of_user(norm, h) and not (lang == "en" and _a_place(norm, h))]
        if "k:relative" not in cats:
            return hits
    if lang == "ru":
        persons = {h[0] for h in hits if h[2].cat == "person"}
        return [
            h
            for h in hits
            if not (
                is_relative(h[2])
                and (_LINEAGE.search(norm, max(0, h[0] - 4), h[0]) or _of_someone(norm, h[1], persons))
            )
        ]
    if lang != "zh":
        return hits
    others = {h[0] for h in hits if h[2].cat == "person" or is_relative(h[2])}
    return [h for h in hits if not _no_subject(norm, h) and not _whose(norm, h, others)]


#: Between a sex-age pair and the job that follows it as the next item of the same list ("50, F,
#: office manager", "M 45, retired teacher", "男45，经理"), then where that item ends.
_ROLE_GAP = re.compile(r"[\s,，]+(?:(?:an?|the)\s+)?(?:[a-zа-яё-]+\s+)?")
_ITEM_END = re.compile(r"\s*(?:[.,!;\n，。；]|$)")


def _roles_left_out(norm: str, hits: list[Hit]) -> list[Hit]:
    """Without a person word that is the user's own job in a compact self-description ("hi. 50, F,
    office manager. had reflux for years, GERD they call it"): the manager is the user, so no later
    "they" or "she" goes back to them."""
    if not any(h[2].cat == "person" for h in hits):
        return hits
    ends = {v.end for v in compact_profile(norm)}
    if not ends:
        return hits
    return [
        h for h in hits
        if not (
            h[2].cat == "person"
            and _ITEM_END.match(norm, h[1]) is not None
            and any(e < h[0] and _ROLE_GAP.fullmatch(norm, e, h[0]) for e in ends)
        )
    ]


#: "我一个同事", "我有个朋友", "我的一位亲戚": between "my" and the person it owns
_MY_ONE = re.compile(r"(?:的)?(?:有)?(?:一|两|几)?(?:个|位|名)")


def _whose(norm: str, hit: Hit, others: set[int]) -> bool:
    """我 owning the person right after it ("我一个同事说...", "我有个朋友"): "my", not "I"."""
    start, end, lex = hit
    if lex.cat != "self":
        return False
    m = _MY_ONE.match(norm, end)
    return m is not None and m.end() in others


#: "我爸说我血压高", "老婆嫌我打呼噜", "my wife says i snore", "жена говорит, что я храплю", "мама
#: говорила, что у меня аллергия": someone who speaks of the user ("says I...") is no subject; the
#: user is, right after
_SAYS_I = re.compile(
    r"(?:老|总|也|都|一直)?(?:说|讲|觉得|嫌)(?:我|本人)"
    r"|'?s?\s+(?:always\s+|keeps\s+)?(?:says|tells me|complains)"
    r"\s+(?:that\s+)?(?:i|i'm|im|i've|ive)\b(?!\s+(?:should|shouldn't|could|might|may|must|need|needs|ought|can|can't"
    r"|would|will|won't|'d|'ll|have to|got to|gotta)\b|'d|'ll)"
    r"|\s+(?:говорит|говорила|говорил|сказала|сказал|жалуется|считает|заметила|заметил|ворчит)\s*,?\s*(?:что\s+)?"
    r"(?:я|у меня)(?![а-яё])(?!\s+(?:должн|долж|могу|мог|буду|будет|бы|надо|нужно)\w*)"
)


#: "mum said I was allergic to penicillin", "my dad told me i had measles as a baby": a relative
#: who said before what the user had or was; the user is the subject, as with "says".
_RELATIVE_SAID_I = re.compile(
    r"'?s?\s+(?:always\s+|once\s+)?(?:said|told me)\s+(?:that\s+)?(?:i|i'd|id)\s+(?:was|had|have|am)\b"
)


#: "at my gf's", "round my mum's", "staying at our friend's place": someone's home, a place, no subject.
_AT_HOME_OF = re.compile(r"\b(?:at|to|round|from|in|over at|stay(?:ing|ed)? at)\s+(?:my|our|the|a|his|her)\s+$")
_HOME = re.compile(r"(?:'s|’s|s')(?!\s+(?:been|got|gone|had|just|always|still|not|on|off|taking|having|getting)\b)")


def _a_place(norm: str, hit: Hit) -> bool:
    """A person or relative named as the place the user is at ("my eyes go crazy at my gf's place,
    turns out im allergic to cats"): whose home it is, not who the clause is about."""
    start, end, _ = hit
    return _HOME.match(norm, end) is not None and _AT_HOME_OF.search(norm, max(0, start - 24), start) is not None


def _speaks_of_user(norm: str, hit: Hit) -> bool:
    """A person or relative who says what the user has or is (:data:`_SAYS_I`), or a relative who
    said it before (:data:`_RELATIVE_SAID_I`): no subject, the user is."""
    _, end, lex = hit
    if lex.cat == "person":
        return _SAYS_I.match(norm, end) is not None
    return is_relative(lex) and (_SAYS_I.match(norm, end) or _RELATIVE_SAID_I.match(norm, end)) is not None


def _no_subject(norm: str, hit: Hit) -> bool:
    start, end, lex = hit
    if _speaks_of_user(norm, hit):
        return True
    if lex.cat == "person":
        return norm[start - 1 : start] == "被" or norm[end : end + 1] == "家"
    return is_relative(lex) and _BORN.search(norm, max(0, start - 3), start) is not None


def _asks(norm: str, clause: Clause, lang: str, is_question: bool) -> bool:
    """A question word at the clause's first word, or a question particle anywhere; not an English
    auxiliary after the subject its opening split names ("and i can't have penicillin", "so i will"),
    nor chat's "did my ..." or "did a ..." with the "I" left out in a sentence that asks nothing
    ("did my flu jab yesterday", "did my back in lifting", "did a test, not pregnant")."""
    first = clause.start
    for h_start, h_end, lex in clause.hits:
        if lex.cat == "question" and (lex.value == "anywhere" or lang == "zh"):
            return True
        if lex.cat == "split" and h_start <= first + 1:
            if lang == "en" and lex.value == "self":
                return False
            first = h_end
    while first < clause.end and norm[first] in " ,，":
        first += 1
    so_do_i = EN_SO_DO_I.match(norm, first, clause.end) if lang == "en" else None
    if so_do_i is not None and not norm[so_do_i.end() : clause.end].strip(" .!"):
        return False  # "my dad has gout. so do I": the inverted auxiliary says "me too", it asks nothing
    if lang == "en" and (filler := _EN_FILLER.match(norm, first, clause.end)) is not None:
        first = filler.end()  # "and what about ozempic, ...?", "so can I take it?": the filler asks nothing
    if lang == "en" and not is_question and norm.startswith(("did my ", "did a ", "did an "), first):
        return False
    return any(lex.cat == "question" and h_start == first for h_start, _, lex in clause.hits)


#: Chinese words built like an A-not-A question that ask nothing: "动不动就喘" (at the slightest),
#: "时不时心慌" (now and then).
_ZH_NOT_ASKING = frozenset({"动不动", "时不时"})


def _zh_a_not_a(norm: str, hits: list[Hit]) -> bool:
    """A Chinese A-not-A question ("支架手术贵不贵", "严重不严重", "疼没疼"): the verb or
    adjective said, denied and said again asks; its 不 or 没 denies nothing."""
    for s, e, lex in hits:
        if lex.cat != "neg" or e - s != 1:
            continue
        for n in (1, 2):
            if s >= n and norm[s - n : s] == norm[e : e + n] and "\u4e00" <= norm[e] <= "\u9fff":
                if norm[s - n : e + n] not in _ZH_NOT_ASKING:
                    return True
    return False


#: Words that open an English clause before its question word ("and", "so", "ok so", "btw").
_EN_FILLER = re.compile(r"(?:(?:and|so|but|also|ok|okay|oh|hmm|btw|then|plus|right|well)[,.]? +)+", re.IGNORECASE)


def _subject(
    norm: str, hits: list[Hit], cats: set[str], lang: str, last_other: tuple[str, tuple[str, ...]]
) -> tuple[str, tuple[str, ...]] | None:
    """Who the clause is about, from its first subject word; ``None`` when it names nobody."""
    if "family" in cats:
        return "family", _relatives(hits, cats)
    for n, (_, h_end, lex) in enumerate(hits):
        cat = lex.cat
        if cat == "self" or (cat == "split" and lex.value == "self"):
            given = given_to(norm, hits, n, lang)
            if given == PRONOUN:
                return last_other  # "i gave him calpol", "so i gave her nurofen": the medicine is theirs
            if given == NAMED:
                continue  # "i gave my son nurofen", "я даю ему зиртек": the one it is given to
        if cat == "split" and lex.value == "self":
            return "self", ()
        if cat == "self":
            mine = lang == "zh" or (lang == "ru" and norm[hits[n][0] : h_end] == "у меня")
            if mine and _possessive(norm, hits, n, h_end):
                continue  # 我妈妈, "у меня мама диабетик": the relative is the subject
            if lang == "zh" and _zh_for_another(norm, hits, n, h_end):
                continue  # 我让他吃, 我给我妈买了: the one the user acts for is the subject
            if lang == "ru" and _RU_EMPHATIC_THIRD.match(norm, hits[n][0]):
                return last_other  # "муж говорит пей меньше, сам пьёт водку": "сам" is the husband
            return "self", ()
        if (cat == "person" or lex.kind == "relative") and _companion_or_wanted(norm, hits[n][0], h_end, lang):
            continue  # "хотим с мужем ребенка", "trying for a baby with my husband": the user's own clause
        if cat == "person":
            return "other", ()
        if lex.kind == "relative":
            if lang == "en" and _EN_HANDLED.search(norm, 0, hits[n][0]):
                continue  # "did my back in carrying my son upstairs": the son is who the user carried
            return "family", _relatives(hits, cats)
        if cat == "third":
            if (lang == "zh" and _ZH_HANDLED.search(norm, 0, hits[n][0])) or (
                lang == "en" and _EN_HANDLED.search(norm, 0, hits[n][0])
            ):
                continue  # "扶他起床把腰闪了": the one the user lifts or helps up is the object
            # "she put me on losartan": whoever she is, the drug is the user's
            if any(
                (h[2].value == "me" and h[2].cat in ("start", "end")) or h[2].cat == "switch" for h in hits[n + 1 :]
            ):
                return "self", ()
            return last_other
    return None


#: Verbs of lifting, carrying or helping someone up: a pronoun (in English also a relative) right
#: after one is who the user handles ("扶他起床", "抱她上车", "carrying my son upstairs", "lifting the
#: kids trampoline"), the object of the clause, never its subject.
_ZH_HANDLED = re.compile(r"(?:扶|抱|背|搬|抬|架|拽|拉|推)(?:着|了)?$")
_EN_HANDLED = re.compile(
    r"\b(?:lift(?:ing|ed)?|carry(?:ing)?|carried|pick(?:ing|ed)? up|chas(?:ing|ed)|hold(?:ing)?|held|push(?:ing|ed)"
    r"|pull(?:ing|ed)|help(?:ing|ed) up|catch(?:ing)|caught|running after|ran after)\s+(?:the |my |our |his |her )?$"
)


#: A spouse the user does something with ("хотим с мужем ребенка", "trying for a baby with my
#: husband"): a companion, not who the clause is about; the user is one of the "we". A child or a
#: parent along ("сидим с сыном дома", "went to the GP with my mum") is often the one cared for, so
#: only a partner counts. (Chinese "我和老公" is the user and them by :func:`_possessive`.)
_WITH_RELATIVE = {
    "ru": re.compile(r"(?<![а-яё])(?:с|со|вместе с)\s+(?:(?:моим|моей|моими|своим|своей|своими|нашим|нашей)\s+)?$"),
    "en": re.compile(r"\b(?:with|together with|along with)\s+(?:my|our)\s+$"),
}

#: A child wanted or planned ("хотим ребенка", "планируем второго ребенка", "хотим с мужем
#: ребенка"): one not yet born, who has no history of their own.
_RU_WANTED = re.compile(
    r"(?<![а-яё])(?:хочу|хотим|хотели|хотела|планиру\w*|жд[её]м|жду)\s+"
    r"(?:(?:с|со)\s+[а-яё]+\s+|(?:ещё|еще|второго|второй|третьего)\s+)*$"
)


_PARTNER = re.compile(r"(?:муж|жен|супруг|husband|wife|partner|boyfriend|girlfriend|fianc)")


def _companion_or_wanted(norm: str, at: int, end: int, lang: str) -> bool:
    """The person or relative at ``at`` (to ``end``) is a partner the user does something with, or
    a child they want: the clause stays the user's."""
    window = max(0, at - 32)
    together = _WITH_RELATIVE.get(lang)
    if together is not None and _PARTNER.match(norm, at, end) and together.search(norm, window, at):
        return True
    return lang == "ru" and _RU_WANTED.search(norm, window, at) is not None


#: 让 / 叫 / 给 / 帮 / 替 / 劝 / 带 right after the user: "我让他吃…", "我给我妈买了降压药".
_ZH_FOR = re.compile(r"(?:让|叫|给|帮|替|劝|带)(?:了)?")
_OTHERS = frozenset({"person", "third"})


def _zh_for_another(norm: str, hits: list[Hit], n: int, h_end: int) -> bool:
    """ "我让他吃奥美拉唑", "我给我妈买了降压药", "我叫儿子吃了布洛芬": the user makes, helps or buys
    for another person, who takes what the clause names; the person right after the verb is who the
    clause is about (the user acting for themself, "我给自己买了", stays the user)."""
    m = _ZH_FOR.match(norm, h_end)
    if m is None or n + 1 >= len(hits):
        return False
    start, _, lex = hits[n + 1]
    if start != m.end():
        return False
    if lex.cat in _OTHERS or is_relative(lex):
        return True
    return lex.cat == "self" and _possessive(norm, hits, n + 1, hits[n + 1][1])


#: "сам пьёт", "сама курит": an emphatic "сам" before a verb of the third person is that person,
#: not the user ("сам пью" is the user).
_RU_EMPHATIC_THIRD = re.compile(r"сам[аи]?\s+(?:не\s+)?[а-яё]+(?:ет|ёт|ит|ут|ют|ат|ят)(?![а-яё])")


#: "stopped it", "took me off them": after an ending, an object pronoun makes it a transitive
#: "stop taking", whose object is a drug or a habit, never a symptom.
STOPS_IT = re.compile(r"\s+(?:me\s+)?(?:off\s+)?(?:it|them|that|those)\b")


def ends_it(norm: str, hits: Sequence[Hit]) -> bool:
    """An ending among ``hits`` takes "it" / "them" as its object ("took me off it", "stopped them")."""
    return any(lex.cat == "end" and STOPS_IT.match(norm, e) for _, e, lex in hits)


def _stops_it(norm: str, hits: list[Hit], lang: str) -> bool:
    """An English "they"/"she" whose clause stops "it" with no one else named in the message
    before: a prescriber stopping the user's drug, not a third person's own course."""
    return lang == "en" and any(lex.cat == "third" for _, _, lex in hits) and ends_it(norm, hits)


#: "my wife got me walking", "my mum has me on a gluten free diet", "my husband made me
#: stop smoking": the other person is the agent and the user the one it happens to.
_ACTS_ON_ME = re.compile(r"\b(?:got|gets|has|had|made|makes|keeps|kept|put|puts|started|starts)\s+me\s+(?:on\b|off\b|\w+ing\b|stop|quit|cut|try)")


def _acts_on_me(norm: str, start: int, end: int, lang: str) -> bool:
    """An English clause in which someone else gets, puts or keeps "me" doing something."""
    return lang == "en" and _ACTS_ON_ME.search(norm, start, end) is not None


#: "they say coffee is bad for you": a generic "they" reports common opinion, not a treatment.
_THEY_SAY = re.compile(r"\s+(?:say|says|reckon|claim)\b")


def _clinicians_they(norm: str, hits: list[Hit], lang: str) -> bool:
    """An English clause whose first person word is "they": with no one named before it in the
    message, the impersonal "they" of the hospital ("they took my gallbladder out", "they found I
    had high blood pressure"), not another person with facts of their own."""
    if lang != "en":
        return False
    first = next((h for h in hits if h[2].cat in _SUBJECT_CATS or h[2].kind == "relative"), None)
    if first is None or first[2].cat != "third" or not norm[first[0] : first[1]].startswith("they"):
        return False
    return _THEY_SAY.match(norm, first[1]) is None


#: "their family", "his side of the family": an English possessive that is not the user's.
_EN_THEIR = re.compile(r"\b(?:their|his|her)\s+(?:own\s+|whole\s+)?$")
#: What may stand between a person and the family word that is theirs: "husband's family", "他家里人".
_OWNER_GAP = re.compile(r"(?:'s|s'|的)?\s*")


def _others_family(norm: str, hits: list[Hit]) -> bool:
    """Every family word of the clause names another person's family ("runs in their family", "у
    мужа в семье", "у них в роду", "她家里人", "我老公家里人"): in-laws and strangers, not the user's
    blood relatives, so the clause is about someone else."""
    owned = False
    for n, (start, _, lex) in enumerate(hits):
        if lex.cat != "family":
            continue
        before = hits[n - 1] if n else None
        if _EN_THEIR.search(norm, max(0, start - 16), start) or (
            before is not None
            and before[2].cat in ("person", "third")
            and _OWNER_GAP.fullmatch(norm, before[1], start) is not None
        ):
            owned = True
        else:
            return False
    return owned


def _relatives(hits: list[Hit], cats: set[str]) -> tuple[str, ...]:
    if "k:relative" not in cats:
        return ()
    return tuple(dict.fromkeys(lex.value for _, _, lex in hits if lex.kind == "relative"))


#: Words joining the user to another person ("我和老公", "我跟我妈"): "and" / "with", not "my".
_AND = frozenset("和跟同与及")


def _possessive(norm: str, hits: list[Hit], n: int, end: int) -> bool:
    """我 directly before a person or relative (我妈妈, 我的朋友), or "у меня мама", is "my", not "I";
    "我和老公" (me and my husband) is "I" and them."""
    for h_start, _, lex in hits[n + 1 : n + 3]:
        if h_start - end <= 1 and (lex.cat == "person" or is_relative(lex)) and norm[end:h_start] not in _AND:
            return True
    return False


#: A word that gives the reason for what comes before it: "because (of)", "из-за", "потому что", "因为".
_REASON = re.compile(r"\b(?:because|cause|cos|coz|due to)\b|из-за|потому что|так как|因为|由于")


def reason_after(norm: str, start: int, end: int) -> int:
    """Where a reason clause starts between ``start`` and ``end`` (``end`` when none): a plan or a
    ban's scope stops at it ("can't have amoxicillin because of my penicillin allergy": the allergy is
    told, not planned)."""
    m = _REASON.search(norm, start, end)
    return end if m is None else m.start()
