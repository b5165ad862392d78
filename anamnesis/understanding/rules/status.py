"""What a clause says about each of its entities: present (``pos``), denied (``neg``) or ended (``end``).

A cue governs the entities after it ("no fever or cough", "stopped lisinopril") until the
next cue; "started"/"take" after an entity resets a denial ("stopped aspirin and started
clopidogrel") but not right after it ("don't take any"). A cue with no entity after it
looks back ("my headache is gone", "температуры нет", "对青霉素不过敏") to the last entity
and those joined to it by "and"/"or". Two opposite cues in a row cancel ("hasn't gone").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.clause_cuts import in_and_also
from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.others import denies_the_rest
from anamnesis.understanding.rules.own_noun import denies_its_own_noun, ends_own_noun
from anamnesis.understanding.rules.own_predicate import denies_own_verb
from anamnesis.understanding.rules.referring import NEVER_BEFORE
from anamnesis.understanding.rules.ru_negation import denies_no_mention
from anamnesis.understanding.rules.segment import STOPS_IT, Clause, Hit, phrase_at

_STATUS_CUES = frozenset({"neg", "end", "start", "except", "partial"})
_PAUSE = frozenset(",，;；:：.。!！?？")
_CUES = _STATUS_CUES | {"anymore", "switch", "instead"}
_COORDINATED = re.compile(r"^[\s,、，/&+]*(?:and|or|nor|и|или|ни|和|跟|与|及|或者|或|还有|以及)?[\s,、，]*$")
#: "and the", "and my": a list whose second name has its own determiner.
_COORDINATED_NP = re.compile(r"^\s*,?\s*(?:and|or)\s+(?:the|my|those|these|that|this)\s+$")
#: A plural verb between a list and its ending: "... have gone", "... are both gone".
_PLURAL = re.compile(r"\b(?:are|have|were)\b")
_FROM = re.compile(r"(?:from|off|с|со|从|把)\s*$")
_PRONOUN = re.compile(r"\s*(?:него|нее|них|этого|того|it|that|them|this|它|这个|那个|这种|那种)(?![a-zа-я])")
_TO = re.compile(r"(?:to|onto|on|на|(?:成|为)了?)\s*$")


def _denies_a_bare_pain(hits: list[Hit], s: int, e: int, norm: str, mentions: list[Mention]) -> bool:
    """The denial at ``s``-``e`` after medicines only is of a pain word right after it that is part of
    no mention ("took an ibuprofen and it doesn't hurt now", "выпил нурофен, больше не болит",
    "吃了药就不疼了"): it says the pain told of is gone, never that the medicine was stopped or is not
    taken. A pain that names its part ("голова не болит") is a mention and keeps its denial, and after
    an illness the verb is its own ("ветрянкой не болела": never had it)."""
    before = [m for m in mentions if m.end <= s]
    if not before or not all(m.kind == "drug" or (m.kind == "noun" and m.entity == "medications") for m in before):
        return False
    after = next(((hs, he, lex) for hs, he, lex in hits if hs >= e), None)
    if after is None or after[2].cat != "pain" or norm[e : after[0]].strip():
        return False
    return not any(m.start <= after[0] < m.end for m in mentions)


def _combine(state: str | None, cue: str, fresh: bool) -> str | None:
    """The state after ``cue``; ``fresh``: no entity since the last cue."""
    if cue in ("except", "partial"):
        return "pos"
    if cue == "start":
        return "pos" if (not fresh or state is None) else state
    if fresh and state in ("neg", "end") and state != cue:
        return "pos"  # "hasn't stopped", "не прошла... нет"
    return cue


def assign_states(mentions: list[Mention], clause: Clause, norm: str, zh_ended: bool) -> bool:
    """Set ``state`` on every mention of the clause.

    Returns whether the clause ends something it does not name before the pause that closes
    the ending ("..., but I stopped it 2 weeks ago, my hands were tingling"): the caller refers
    that ending back to what the sentence named before.
    """
    if not mentions:
        return False
    if clause.cats.isdisjoint(_CUES):
        if "removal" in clause.cats:
            _removed_drugs(mentions, clause, norm)
        return False  # no cue (but a removal): every mention is simply present
    last = max(m.key for m in mentions)
    cues: list[tuple[int, str]] = []
    closing: list[tuple[int, str]] = []  # closing cues with an entity after them; the last ones look back anyway
    for s, e, lex in clause.hits:
        if lex.cat in _STATUS_CUES:
            if lex.cat == "neg" and (
                _NOT_THIS_NUMBER.match(norm, e) is not None  # "не 20, а 18 единиц": a corrected number
                or denies_no_mention(norm, s, e, mentions)
                or denies_the_rest(norm, s)
                or denies_its_own_noun(norm, s, mentions, clause.hits)
            ):
                continue  # "бросила, толку от него никакого", "asthma, the rest no", "no lows since": its own noun
            if lex.cat == "end" and norm.isascii() and ends_own_noun(norm, s, clause.hits):
                continue  # "..., no more spots": the ending is of the spots
            if lex.cat in ("neg", "end") and _denies_a_bare_pain(clause.hits, s, e, norm, mentions):
                continue  # "吃了布洛芬就不疼了", "выпил нурофен, больше не болит": the pain is gone, not the drug
            after = lex.cat == "partial" or any(m.start >= e for m in mentions)
            (closing if after and _closing(norm, s, e, lex.cat, mentions) else cues).append((s, lex.cat))
    timeline: list[tuple[int, int, str | Mention]] = [(s, 0, cat) for s, cat in cues]
    timeline += [(m.key, 1, m) for m in mentions]
    timeline.sort(key=lambda t: (t[0], t[1]))
    state: str | None = None
    fresh = True
    previous = clause.start
    named: Mention | None = None
    # a cue that is its own term ("non-smoker", "ex-smoker") speaks of that term only
    worded = {(s, e) for s, e, lex in clause.hits if lex.cat in ("neg", "end")} & {(m.start, m.end) for m in mentions}
    ends = {s: e for s, e, lex in clause.hits}
    for pos, is_mention, obj in timeline:
        if is_mention:
            lapsed = (
                _new_phrase(norm, named, obj, state, fresh)
                or _closed_by_now(norm, named, obj, state, fresh)
                or _new_agent(norm, named, obj, state, fresh)
                or _governs_other(norm, previous, obj, state, fresh)
                or _zh_goes_on(norm, ends.get(previous, previous), obj, state)
            )
            obj.state = None if lapsed else state  # type: ignore[arg-type]
            named = obj  # type: ignore[assignment]
            fresh = False
            if worded and (obj.start, obj.end) in worded:  # type: ignore[union-attr]
                state, fresh = None, True
        else:
            apart = (
                any(ch in _PAUSE for ch in norm[previous:pos])
                or _zh_apart(norm, ends.get(previous, previous), pos)
                or (obj == "start" and _AND_NEXT_VERB.search(norm, ends.get(previous, previous), pos) is not None)
            )
            if fresh and state is not None and apart:
                state = None  # "не пью, спина прошла": a cue after a pause starts a new phrase
            state = _combine(state, obj, fresh)  # type: ignore[arg-type]
            fresh = True
            previous = pos
    dangling = False
    for s, cat in closing:  # "пневмонии нет, это бронхит": the denial closes its phrase
        before = _objects_of(norm, s, cat, _past_the_family([m for m in mentions if m.start < s]))
        if cat == "end" and _IT.match(norm, ends[s]):
            before = [m for m in before if m.kind in _TAKEN]  # "sunburnt so they stopped it": a drug, else refer back
        after = [m for m in mentions if m.start > s]
        if before:
            _apply_back(before, cat, norm)
        elif after and _LIST_AFTER.match(norm, _pause_after(norm, s)):
            _apply_back(after, cat, norm)  # "всё прошло, и кашель и температура": it announces a list
        elif cat == "end":
            dangling = True
    if cues and cues[-1][0] > last:
        dangling = _look_back(mentions, cues, norm, clause.hits) or dangling
    if norm.isascii() or _CYRILLIC.search(norm, clause.start, clause.end):
        _no_drug_recovers(mentions, clause, norm)
    if "anymore" in clause.cats or zh_ended:
        anymore = [s for s, _, lex in clause.hits if lex.cat == "anymore"]
        # "уже" / "any more" ends a denial in the denied thing's phrase or the denial's own
        denials = [s for s, _, lex in clause.hits if lex.cat == "neg"]
        denial_ended = zh_ended or any(_same_phrase(norm, at, d, d) for at in anymore for d in denials)
        for m in mentions:
            if m.state == "neg" and (denial_ended or any(_same_phrase(norm, at, m.start, m.end) for at in anymore)):
                m.state = "end"
    if "switch" in clause.cats or "instead" in clause.cats:
        _switches(mentions, clause, norm)
    if "removal" in clause.cats:
        _removed_drugs(mentions, clause, norm)
    return dangling


def _no_drug_recovers(mentions: list[Mention], clause: Clause, norm: str) -> None:
    """ "aches gone on the rosuva", "тремор прошёл на анаприлине": when every ending of an English or
    Russian clause says an illness got well, a drug it reached is taken still, not stopped."""
    endings = [s for s, _, lex in clause.hits if lex.cat == "end" and not ends_own_noun(norm, s, clause.hits)]
    if not endings or not all(_RECOVERY.match(norm, s) for s in endings):
        return
    for m in mentions:
        if m.kind == "drug" and m.state == "end":
            m.state = "pos"
    for s in endings:  # "the tremor is gone on the propranolol": the illness before it is what got well
        subject = max((m for m in mentions if m.end <= s), key=lambda m: m.end, default=None)
        if subject is not None and subject.kind != "drug" and subject.state is None:
            if _SUBJECT_GAP.fullmatch(norm, subject.end, s):
                subject.state = "end"


#: Between "убрал" and the drug it takes away: nothing, or who it was taken from ("убрали мне").
_REMOVED_GAP = re.compile(r"\s*(?:мне\s+|у меня\s+)?$")


def _removed_drugs(mentions: list[Mention], clause: Clause, norm: str) -> None:
    """ "кардиолог убрал престариум", "убрали мне аторис": a removal verb whose object is a drug
    stops the drug (with a body part the same verb is an operation, read in mentions)."""
    removals = [e for _, e, lex in clause.hits if lex.cat == "removal"]
    for m in mentions:
        if m.kind == "drug" and m.state in (None, "pos") and any(
            e <= m.start and _REMOVED_GAP.match(norm[e : m.start]) for e in removals
        ):
            m.state = "end"


def _new_phrase(norm: str, named: Mention | None, m: Mention, state: str | None, fresh: bool) -> bool:
    """ "came off the citalopram in march, still getting headaches", "бросила Конкор, голова
    болит": an English or Russian ending that has already ended one thing does not carry over a
    pause to a thing of another kind."""
    return (
        state == "end"
        and not fresh
        and named is not None
        and (norm.isascii() or _CYRILLIC.search(norm, named.start, m.end) is not None)
        and _group(named) != _group(m)
        and any(ch in _PAUSE or ch in "—–" for ch in norm[named.end : m.start])
    )


#: "and" before a start verb: "took me off the brown one and put me on symbicort" starts a new verb
#: phrase, not "stopped taking" (a start right after an ending, which the ending keeps).
_AND_NEXT_VERB = re.compile(r"\band\b|(?<![а-яё])и(?![а-яё])")
#: "now" or "for good" closing an ending's object before a pause: "fully off keppra now, lamotrigine 100mg".
_NOW_PAUSE = re.compile(
    r"\s*(?:(?:now|for good|completely|altogether)|(?<![а-яё])(?:сейчас|теперь|совсем|насовсем)(?![а-яё]))\s*[,;:—–]"
)


def _closed_by_now(norm: str, named: Mention | None, m: Mention, state: str | None, fresh: bool) -> bool:
    """ "fully off keppra now, lamotrigine 100mg", "с эналаприла сняли совсем, лозартан 50": an ending
    whose object is closed by "now" / "for good" and a pause does not reach the next thing named."""
    return (
        state == "end" and not fresh and named is not None and _NOW_PAUSE.match(norm, named.end, m.start) is not None
    )


_CYRILLIC = re.compile(r"[а-яё]")
#: After a denial, a number set right by another: "не 20, а 18 единиц", "not 20 but 18", "不是20，是18".
_NUMBER = r"\d+(?:[.,]\d+)?"
_NOT_THIS_NUMBER = re.compile(
    rf"\s*(?:是)?{_NUMBER}\s*(?:[a-zа-яё]+\.?|个单位|单位|毫克)?\s*[,，]?\s*(?:а|but|rather|而是|是)\s*(?:уже\s+)?{_NUMBER}"
)
#: "and" / "и" opening a clause with its own agent: "..., and gp bumped the zoloft", "и врач поднял".
_AND_AGENT = re.compile(
    r"(?:\band|(?<![а-яё])и|(?<![а-яё])а)\s+(?:then\s+|now\s+|потом\s+|теперь\s+)?"
    r"(?:i|he|she|they|we|gp|doc|doctor|dr\.?\s+\w+|nurse|(?:my|the)\s+(?:gp|doc|doctor|nurse|\w+ologist|consultant)"
    r"|\w+ologist|neuro|cardio|endo|psych|rheumy"
    r"|врач\w*|доктор\w*|терапевт\w*|[а-яё]+олог\w*|участков\w*|я|он|она|они)\s+[\w']+"
)


def _new_agent(norm: str, named: Mention | None, m: Mention, state: str | None, fresh: bool) -> bool:
    """ "stopped the wine altogether and gp bumped the zoloft up to 100", "бросил курить, и врач поднял
    глюкофаж": an ending that has already ended one thing does not reach past an "and" that opens a
    clause with its own agent and verb."""
    return (
        state == "end" and not fresh and named is not None and _AND_AGENT.search(norm, named.end, m.start) is not None
    )


#: Chinese words between two cues that make the second a new predicate: "停了以后就不恶心了".
_ZH_APART = re.compile(r"[\u3400-\u9fff]{2,}")
#: What says a complaint goes on after a stop: "药停了还是头疼", "停了仍然咳嗽".
_ZH_STILL = re.compile(r"还|仍|依然|照样|照旧")


def _zh_apart(norm: str, cue_end: int, pos: int) -> bool:
    """ "二甲双胍停了以后就不恶心了": a Chinese stop and a later "不" with words between them are two
    predicates (the drug stopped, the nausea over), not "hasn't stopped" (that is "没停", adjacent)."""
    return _ZH_APART.search(norm, cue_end, pos) is not None


def _zh_goes_on(norm: str, cue_end: int, m: Mention, state: str | None) -> bool:
    """ "药停了还是头疼": a Chinese ending does not reach a complaint that "还"/"仍" says goes on."""
    return state == "end" and m.kind != "drug" and _ZH_STILL.search(norm, cue_end, m.start) is not None


_EN_AND = re.compile(r"\w \w+ and ")


def _governs_other(norm: str, cue: int, m: Mention, state: str | None, fresh: bool) -> bool:
    """ "came off my bike on sunday and broke my wrist": an English ending that took an object of
    its own ("my bike", not a pronoun for a drug) before an "and" does not reach the entity of
    the next verb."""
    if state != "end" or not fresh or not norm.isascii() or _EN_AND.search(norm, cue, m.start) is None:
        return False
    gap = norm.find(" ", cue)
    return gap < 0 or not STOPS_IT.match(norm, gap)  # "stopped it and ...": the pronoun was a drug


#: What may stand between a closing cue and its pause: the verb or pronoun it governs and a
#: time ("уже не колю,", "stopped it 2 wks ago,"), a few words at most.
_CLOSING_GAP = 24


def _closing(norm: str, start: int, end: int, cat: str, mentions: list[Mention]) -> bool:
    """A denial or ending after its entity and before a pause ("пневмонии нет, это бронхит",
    "Мовалис уже не колю, желудок заболел", "i stopped it 2 wks ago, my hands...") or a "not
    completely" anywhere: it speaks of what comes before it, never of what follows the pause.
    Only a verb, pronoun or time may stand between the cue and the pause, no entity."""
    if cat == "partial":
        return True
    if cat not in ("neg", "end") or start == 0:
        return False
    if cat == "end" and _predicate_ending(norm, start, end, mentions):
        return True
    if cat == "end" and _IT.match(norm, end) and not NEVER_BEFORE.search(norm, max(0, start - 8), start):
        return True  # "the doc stopped it and started gliclazide": the pronoun is what it ends, not what follows
    if cat == "neg" and _ru_denial_predicate(norm, start, end, mentions):
        return True  # "температуры нет и поясница не болит": "нет" is the fever's, the back has its own
    nxt = min((m.start for m in mentions if m.start >= end), default=len(norm))
    gap = norm[end : min(nxt, end + _CLOSING_GAP)]
    pause = next((i for i, ch in enumerate(gap) if ch in _PAUSE or ch in "—–"), None)
    if pause is None or gap[pause] in ":：" or (pause > 1 and not _PRONOUN_OR_VERB.match(gap[:pause])):
        return False
    head = norm[:start].rstrip(" ")
    if cat == "end" and _IT.match(gap):
        return bool(head)  # "..., бросила его, живот не болит": the pronoun is what it ends
    return bool(head) and head[-1] not in _PAUSE  # "Нет, только его": an answer word, not a closing denial


#: A Russian denial said as the predicate of the thing right before it ("температуры нет", "кашля не
#: было"), then "и"/"а"/"но" opening the next phrase ...
_RU_DENIAL_PREDICATE = re.compile(r"(?:нет|нету|не было)\s*,?\s*(?:и|а|но|да и)\s")
#: ... which has a denial or a verb of its own ("и поясница не болит", "а кашель прошёл").
_RU_OWN_PREDICATE = re.compile(r"(?<![а-яё])(?:не|нет|нету|прош\w*|болит|беспокоит|есть|был\w?)(?![а-яё])")


def _ru_denial_predicate(norm: str, start: int, end: int, mentions: list[Mention]) -> bool:
    """ "температуры нет и поясница не болит", "кашля нет, а горло болит": a Russian "нет" right after
    the thing it denies is that thing's predicate; it closes at the "и"/"а" that opens a phrase with
    its own predicate and denies nothing of that phrase (which says itself what its thing is)."""
    if _RU_DENIAL_PREDICATE.match(norm, start) is None:
        return False
    before = max((m.end for m in mentions if m.end <= start), default=-1)
    if before < 0 or norm[before:start].strip():
        return False
    rest = _RU_DENIAL_PREDICATE.match(norm, start).end()
    stop = next((i for i in range(rest, len(norm)) if norm[i] in _PAUSE), len(norm))
    return _RU_OWN_PREDICATE.search(norm, rest, stop) is not None


#: An English ending said of the entity right before it ("cough is gone", "the rash has cleared
#: up", "the nausea went away"): between them only a copula or "'s".
_SUBJECT_GAP = re.compile(r"(?:'s|’s)?\s*(?:(?:is|are|has|have|was|were)\s+)?(?:all\s+|totally\s+|completely\s+)?$")
#: What follows such an ending when a new clause starts: "and"/"but" and its own subject.
_NEXT_CLAUSE = re.compile(r"\s*(?:now\s+)?(?:and|but)\s")


def _predicate_ending(norm: str, start: int, end: int, mentions: list[Mention]) -> bool:
    """ "cough is gone and chest feels normal", "the nausea went away and the rash is still there":
    an English ending whose subject is the entity right before it closes at the "and" that opens
    the next clause; it does not reach the entity of that clause."""
    if not norm.isascii():
        return _ru_object_ending(norm, start, end, mentions)
    if not _NEXT_CLAUSE.match(norm, end):
        return False
    subject = max((m.end for m in mentions if m.end <= start), default=-1)
    return subject >= 0 and _SUBJECT_GAP.fullmatch(norm, subject, start) is not None


#: Russian: what may stand between a drug and the verb that ends it ("эналаприл мне отменили",
#: "конкор врач отменил"), and the "и"/"а" that opens the next verb's clause.
_RU_OBJECT_GAP = re.compile(r"(?:\s*(?:мне|врач|доктор|уже|сразу|тоже|его|её|ее|их))*\s*")
_RU_NEXT_CLAUSE = re.compile(r"\s*,?\s*(?:и|а)\s")


def _ru_object_ending(norm: str, start: int, end: int, mentions: list[Mention]) -> bool:
    """ "эналаприл отменили и назначили лозартан": a Russian ending verb after the drug it ends
    closes at the "и" that opens the next verb; it does not reach the drug that verb takes."""
    if not _RU_NEXT_CLAUSE.match(norm, end):
        return False
    if _RU_IT_BEFORE.search(norm, max(0, start - 8), start):
        return True  # "врач его отменил и назначил лозартан": the pronoun is the drug it ends
    before = max((m for m in mentions if m.end <= start), key=lambda m: m.end, default=None)
    return (
        before is not None and before.kind == "drug" and _RU_OBJECT_GAP.fullmatch(norm, before.end, start) is not None
    )


_RU_IT_BEFORE = re.compile(r"(?<![а-я])(?:его|её|ее|их)\s+$")


#: The pronoun an ending takes for a drug named before ("бросила его", "stopped it").
_IT = re.compile(r"\s*(?:его|её|ее|их|it|them)(?![a-zа-я])")
#: Between a closing cue and its pause: words, no digits of a dose ("stopped it 2 wks ago" is a
#: time, allowed; a list "no fever, cough" has no gap at all).
_PRONOUN_OR_VERB = re.compile(r"^[\w\s'’-]*$")


def _apply_back(before: list[Mention], cat: str, norm: str) -> None:
    ordered = sorted(before, key=lambda m: m.key)
    target = ordered[-1]
    target.state = "pos" if cat == "partial" else _combine(target.state, cat, True) if target.state else cat
    for m in reversed(ordered[:-1]):
        if m.state is not None or not _coordinated(norm, m, target):
            break
        m.state = target.state
        target = m


#: A preposition that denies only its object: "сел на диету, без сладкого" keeps the diet, "putting
#: on weight without eating more" the weight gain.
_FORWARD_ONLY = re.compile(r"(?:без|безо)(?![а-я])|without\b")


def _look_back(mentions: list[Mention], cues: list[tuple[int, str]], norm: str, clause_hits: list[Hit]) -> bool:
    """Give a trailing denial or ending to what the clause named before it; True when it is an
    ending of "it" with nothing taken named (the caller refers it back to the drug before)."""
    last = max(m.key for m in mentions)
    if cues[-1][0] <= last:
        return False
    trailing: str | None = None
    fresh = True
    previous = last
    for s, cat in cues:
        if s > last and cat in ("neg", "end") and not _FORWARD_ONLY.match(norm, s):
            if trailing is not None and any(ch in _PAUSE for ch in norm[previous:s]):
                break  # "Бегать бросила, ... нет времени": a new phrase
            trailing = _combine(trailing, cat, fresh)
            fresh = True
            previous = s
    if trailing is None:
        return False
    ordered = _past_the_family(sorted(mentions, key=lambda m: m.key))
    first = next(s for s, cat in cues if s > last and cat in ("neg", "end") and not _FORWARD_ONLY.match(norm, s))
    ordered = _objects_of(norm, first, trailing, ordered)
    if (
        trailing == "end"
        and _ENDS_A_COURSE.match(norm, first)  # not "sorted it with jelly babies": that ends the complaint
        and _stops_a_pronoun(norm, first)
        and not any(m.kind in _TAKEN for m in ordered)
    ):
        return True  # "but it gave me joint pain so they took me off it": "it" is the drug before, not the pain
    if trailing == "end" and _RECOVERY.match(norm, first):
        ordered = [m for m in ordered if m.kind != "drug"]  # "aches gone on the rosuva": a drug gets no better
        if not ordered:
            return False
    target = ordered[-1]
    if target.state == "pos" and max((c for c in cues if c[0] < target.start), default=(0, ""))[1] == "except":
        return False  # "кроме гастрита ничего", "nothing except the inhaler, none": the denial is of all else
    if trailing == "neg" and target.state is not None and any(ch in _PAUSE for ch in norm[target.end : first]):
        return False  # "I've stopped running, no time...": the entity has its state; a later phrase is not about it
    if trailing == "neg" and any(ch in _PAUSE for ch in norm[target.end : first]) and denies_own_verb(norm, first):
        return False  # "allergic to peanuts, didn't notice they were in it": the phrase denies its own verb
    if trailing == "neg" and _denies_since(norm, target.end, first):
        # "had a nosebleed, none since", "стент ставили, после этого ничего": nothing since it is its
        # ending (resolved; an operation stays historical), never a denial that it happened
        trailing = "end"
    if (
        trailing == "neg"
        and any(ch in _PAUSE for ch in norm[target.end : first])
        and any(
            lex.cat == "yes" and target.end <= s < first and not in_and_also(norm, (s, e, lex))
            for s, e, lex in clause_hits
        )
        and not any(lex.cat == "anymore" for _, _, lex in clause_hits)
    ):
        return False  # "swelling yes, pain not really": the entity had its answer; the denial is of the next word
    target.state = trailing
    first_end = next(e for s, e, lex in clause_hits if s == first)
    if _ALL_OF_THEM.match(norm, first_end) or _BOTH_BEFORE.search(norm, max(0, first - 16), first):
        for other in ordered[:-1]:  # "had pneumonia and covid, fully recovered from both"
            if other.state is None and _group(other) == _group(target):
                other.state = trailing
        return False
    plural = _PLURAL.search(norm, ordered[-1].end, first_end) is not None
    for before in reversed(ordered[:-1]):
        if before.state is not None or not _coordinated(norm, before, target, plural):
            break
        before.state = trailing
        target = before
    return False


_TAKEN = frozenset({"drug", "lifestyle"})


#: An ending only a course of something taken has: "took me off", "came off", "stopped", "бросила".
_ENDS_A_COURSE = re.compile(
    r"(?:took|taken|take|taking|came|come|coming|got|went|put)\s+(?:me\s+)?off\b|stopp|quit|ditch|dropp|binn|chuck"
    r"|бросил|броси|отменил|отмени|перестал|прекратил"
)


def _stops_a_pronoun(norm: str, cue: int) -> bool:
    """The ending at ``cue`` takes "it" as its object ("took me off it", "stopped them", "бросила его"):
    something taken, never a complaint."""
    gap = norm.find(" ", cue)
    return gap >= 0 and (STOPS_IT.match(norm, gap) is not None or _IT.match(norm, gap) is not None)


#: An ending that says an illness got well, which a drug never does ("is back to normal", "gone",
#: "cleared up", "прошёл"): looking back, it passes over the drugs.
_RECOVERY = re.compile(
    r"(?:is |are |has |have |'s )?(?:gone|went away|gone away|disappeared|cleared|resolved|recovered|settled"
    r"|back to normal|all better|fine now|healed|mended|wore off|worn off|wearing off)\b"
    r"|went off\b(?!\s+(?:it|them|that|those|the|my|his|her|this)\b)"
    # the same in Russian ("тремор прошёл на анаприлине"); a course that was gone through ends its drug
    r"|(?:прош(?:ёл|ел|ла|ло|ли)|пропал[аои]?|исчез(?:ла|ло|ли)?)(?![а-яё])(?!\s+курс)"
)


def _past_the_family(before: list[Mention]) -> list[Mention]:
    """What a denial after them can deny: not the family the clause names beside an illness
    ("инфарктов в семье не было", "диабета у родственников нет" deny the illness in the family)."""
    return [m for m in before if not (m.kind == "noun" and m.entity == "family_history")] or before


def _objects_of(norm: str, cue: int, cat: str, before: list[Mention]) -> list[Mention]:
    """What an ending at ``cue`` can look back to: after "stopped it" ("the flomax made me dizzy
    so they stopped it") only what is taken, a drug or a habit, when the clause names one."""
    if cat != "end":
        return before
    gap = norm.find(" ", cue)
    if not (gap >= 0 and STOPS_IT.match(norm, gap)) and not _RU_STOPS_TAKING.match(norm, cue):
        return before
    return [m for m in before if m.kind in _TAKEN] or before


#: A Russian ending that stops taking, not one that gets well: "больше не пью", "уже не принимаю",
#: "бросила", "отменили", "допила", "прокололи".
_RU_STOPS_TAKING = re.compile(
    r"(?:больше |уже )?не\s+(?:пью|пила|пил|принима\w*|колю|кололи|пользуюсь)(?![а-я])"
    r"|(?:брос|перестал|прекратил|отмен[ия]|допил|пропил|прокол|прокапал|докол|докапал|завязал)"
)


#: "both", "all of them", "оба": an ending after several things ends every one of them.
_ALL_OF_THEM = re.compile(
    r"\s*(?:from |of |with )?(?:both|all of them|all three|them all)\b|\s*(?:от )?(?:оба|обе|обоих|все)(?![а-я])"
)
_BOTH_BEFORE = re.compile(r"\b(?:both|all)\s+(?:are |were |have |has )?$|(?<![а-я])(?:оба|обе|все|всё)\s+$")
#: A list announced after a pause: "..., и кашель и температура", "..., both the cough and the fever".
_LIST_AFTER = re.compile(r"[,，;:：—–\s]*(?:и|and|both|как)\s")


#: A time after the thing named: "since", "after that", "после этого", "с тех пор", "之后".
_SINCE_THEN = re.compile(
    r"\b(?:since|since then|ever since|after that|afterwards|after it)\b"
    r"|(?<![а-яё])(?:после этого|после того|после неё|после нее|после него|с тех пор|с того времени|потом)(?![а-яё])"
    r"|之后|以后|此后|后来"
)


def _denies_since(norm: str, named_end: int, cue: int) -> bool:
    """A denial, in a phrase of its own after the thing named, of what came after it: the phrase
    (from the pause before the cue to the one after it) names a time since then."""
    opens, closes = phrase_at(norm, cue, named_end, len(norm), _PAUSE)
    return opens > named_end and _SINCE_THEN.search(norm, opens, closes) is not None


def _same_phrase(norm: str, at: int, start: int, end: int) -> bool:
    """Whether ``at`` stands in the phrase of ``norm[start:end]`` (a mention or a denial), no comma
    or stop between them: "уже" in "болею уже неделю, температуры нет" is the illness's week, not
    "no fever any more"; in "no chest pain, not any more" it is the denial's."""
    low, high = (end, at) if at >= end else (at, start)
    return not any(ch in _PAUSE for ch in norm[low:high])


def _pause_after(norm: str, start: int) -> int:
    return next((i for i in range(start, len(norm)) if norm[i] in _PAUSE), len(norm))


#: Kinds a list joins: medicines with allergens, habits apart, illnesses of any kind together.
_LIST_GROUP = {"drug": "agent", "allergen": "agent", "lifestyle": "habit", "noun": "noun"}


def _group(m: Mention) -> str:
    return _LIST_GROUP.get(m.kind, "illness")


def _coordinated(norm: str, before: Mention, after: Mention, plural: bool = False) -> bool:
    """ "fever and cough", "ни кашля, ни температуры": joined in one list, so under one cue. A
    comma between two kinds of thing ("от депрессии, Мелаксен пробовала") is no list. ``plural``:
    the cue's verb is plural ("the headache and the nausea have gone"), so a determiner may open
    the second name; with a singular verb ("a headache and the nausea is gone") it opens a clause."""
    if _group(before) != _group(after):
        return False
    gap = norm[before.end : after.start]
    return _COORDINATED.match(gap) is not None or (plural and _COORDINATED_NP.match(gap) is not None)


def _switches(mentions: list[Mention], clause: Clause, norm: str) -> None:
    """ "switched from aspirin to clopidogrel", "перевели с аспирина на клопидогрел", "把阿司匹林换成氯吡格雷"."""
    drugs = [m for m in mentions if m.kind == "drug" and not _allergen_before_switch(clause, m)]
    if not drugs:
        return
    for s, e, lex in clause.hits:
        if lex.cat == "instead":  # "clopidogrel instead of aspirin": the one after it is stopped
            after = [d for d in drugs if d.start >= e]
            if _PRONOUN.match(norm, e):  # "вместо него пью Плавикс": the old drug was named before
                for d in after:
                    d.state = "pos"
                return
            if after:
                for d in drugs:
                    d.state = "end" if d is after[0] else "pos"
            return
        if lex.cat == "switch" and len(drugs) == 1 and drugs[0].start >= e and _side(norm, drugs[0]) == "pos":
            drugs[0].state = "pos"  # "...so they switched me to losartan": the old drug is in an earlier clause
            return
        if lex.cat == "switch" and len(drugs) >= 2:
            after = [d for d in drugs if d.start >= e]
            if len({d.entity for d in after}) >= 2:
                # "started allopurinol and swapped the hctz for losartan": both sides follow the verb,
                # a drug before it is another verb's
                drugs = after
            drugs = _past_earlier_phrases(norm, drugs, s)
            before = [d for d in drugs if d.end <= s]
            if before and len(before) < len(drugs):  # "把阿司匹林换成氯吡格雷": before the verb is the old drug
                for d in drugs:
                    d.state = "end" if d in before else "pos"
                return
            sides = _sides(norm, drugs)
            if all(side == "pos" for side in sides) and drugs[0].start >= e:
                for d in drugs:  # "сменил на эриус и назонекс": every drug is new, the old one is earlier
                    d.state = "pos"
                return
            if "end" not in sides:  # "заменили аспирин на клопидогрел": the old one is the first unmarked
                sides[sides.index(None) if None in sides else 0] = "end"
            old = {d.entity for d, side in zip(drugs, sides, strict=True) if side == "end"}
            for d, side in zip(drugs, sides, strict=True):
                # named again ("swapped the hctz for losartan since hctz can set off gout"): still the old one
                d.state = "end" if d.entity in old else side or "pos"
            return


def _past_earlier_phrases(norm: str, drugs: list[Mention], verb: int) -> list[Mention]:
    """The drugs of a switch without those told before it in a phrase of their own: "конкор снизили
    до 2,5, аторис поменял на роксеру" switches the atorvastatin only; the bisoprolol's phrase,
    closed by a pause before the drug nearest the verb, says its own change."""
    before = [d for d in drugs if d.end <= verb]
    if len(before) < 2:
        return drugs
    nearest = max(before, key=lambda d: d.end)
    apart = [d for d in before if d is not nearest and any(ch in _PAUSE for ch in norm[d.end : nearest.start])]
    return [d for d in drugs if d not in apart]


def _allergen_before_switch(clause: Clause, drug: Mention) -> bool:
    """ "аллергия на пенициллин, перевели на азитромицин": a drug after an allergy word with no
    switch word between is the allergen, which no switch stops."""
    last = max(
        (s for s, _, lex in clause.hits if s < drug.start and lex.cat in ("allergy", "switch", "instead")), default=None
    )
    return last is not None and any(s == last and lex.cat == "allergy" for s, _, lex in clause.hits)


def _sides(norm: str, drugs: list[Mention]) -> list[str | None]:
    """Each drug's side of a switch; a drug joined by "and" to the one before shares its side
    ("switched me to desloratadine and mometasone", "с аторвастатина и эзетимиба на ...")."""
    sides: list[str | None] = []
    for k, d in enumerate(drugs):
        side = _side(norm, d)
        if side is None and k and _COORDINATED.match(norm[drugs[k - 1].end : d.start]) is not None:
            side = sides[-1]
        sides.append(side)
    return sides


def _side(norm: str, drug: Mention) -> str | None:
    """ "end" after "from"/"с"/"从", "pos" after "to"/"на"/"成", else ``None``."""
    before = norm[max(0, drug.start - 8) : drug.start]
    if _FROM.search(before):
        return "end"
    if _TO.search(before):
        return "pos"
    return None
