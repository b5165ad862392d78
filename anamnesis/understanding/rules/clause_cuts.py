"""Where a sentence is cut into clauses: the cue words that open a clause, and the checks around them.

A clause starts at a conjunction ("but", "но", "但是"), at "if", at a comma followed by a new
subject ("..., I take", "..., 我妈妈"), and where a stretch has a polarity of its own ("no
cough, a bit of fever"). :func:`anamnesis.understanding.rules.segment.clauses` uses these cuts.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from anamnesis.understanding.rules.condition_after_drug import items_after_condition
from anamnesis.understanding.rules.lexicon import Lex

if TYPE_CHECKING:
    from anamnesis.understanding.rules.segment import Hit

_COMMAS = frozenset(",，:：—")
#: Cues that may open a clause after a comma.
_OPENERS = frozenset({"self", "person", "third", "doctor", "family", "question", "yes", "it"})
_CUTTERS = frozenset({"split", "hypo"})
#: Cues that open a stretch saying how much of something there is: it is there ("a little breathless").
_AMOUNTS = frozenset({"some", "sev"})


def is_relative(lex: Lex) -> bool:
    """A relative ("mum", "брат", "奶奶"): a new subject when it opens a clause."""
    return lex.kind == "relative"


#: A possessive between a comma and the subject it opens: ", my mum had...", ", моя мама...";
#: Russian "у" says whose the rest is (", у мамы рак груди", ", у моей сестры астма").
_POSSESSIVE = re.compile(
    r"(?:\b(?:my|our|his|her)|(?<![а-я])(?:у|у моего|у моей|у нашего|у нашей|мой|моя|мои|моего|моей|наш|наша|наши))\s+$"
)


_DASH_BEFORE = re.compile(r"\s[-–—]+\s*$|—\s*$")
#: "so do I", "and so am I", "so have I": "me too" told with an inverted auxiliary; it opens a
#: clause of the user's own wherever it stands ("mum's diabetic and so am I").
EN_SO_DO_I = re.compile(r"\b(?:and +)?so +(?:do|does|did|am|is|was|have|has|had) +i\b")


def _after_comma(norm: str, pos: int, floor: int) -> bool:
    possessive = _POSSESSIVE.search(norm, max(floor, pos - 12), pos)
    j = (possessive.start() if possessive else pos) - 1
    while j > floor and norm[j] == " ":
        j -= 1
    return j >= floor and norm[j] in _COMMAS


def _comma_before(norm: str, pos: int, floor: int) -> bool:
    """A comma (not a dash) just before ``pos``: "..., это наследственное?"."""
    j = pos - 1
    while j > floor and norm[j] == " ":
        j -= 1
    return j > floor and norm[j] in ",，"


#: Every mark a cut after a pause looks for (:data:`_COMMAS`, :data:`_STRETCH_MARK`, Chinese commas):
#: a sentence without any of them is cut only at its cue words.
_PAUSES = re.compile("[,，:：—;]")


def cuts_of(
    norm: str, s_hits: list[Hit], s_start: int, s_end: int, lang: str, question: bool, tags: set[str]
) -> list[int]:
    """Where the sentence ``norm[s_start:s_end]`` (its hits ``s_hits``, their tags ``tags``) is
    cut into clauses, its start first. Each cut that needs a comma or a cue the sentence lacks is
    not looked for (most sentences have neither a comma nor a denial)."""
    cuts = [s_start]
    paused = _PAUSES.search(norm, s_start, s_end) is not None
    for h_start, _, lex in s_hits:
        if h_start <= cuts[-1]:
            continue
        cat = lex.cat
        if cat == "it" and question and not (lang == "ru" and _comma_before(norm, h_start, cuts[-1])):
            continue  # "Нурофен — это тоже ибупрофен?": one question; "руки трясутся, это опасно?" asks of a statement
        if cat in _CUTTERS or (
            paused
            and (cat in _OPENERS or is_relative(lex) or (lang == "ru" and (cat == "intent" or lex.value == "heard")))
            and _after_comma(norm, h_start, cuts[-1])
        ):  # Russian drops the subject: "пью конкор, хочу бросить", "пью омез, говорят он вредный"
            cuts.append(h_start)
        elif cat == "question" and lang == "en" and _DASH_BEFORE.search(norm, cuts[-1], h_start):
            # "my AF - is coffee ok with it?": the question after a dash does not take back what the
            # user stated before it, as after a comma ("I'm on warfarin, can I have wine?")
            cuts.append(h_start)
    if lang != "zh" and ("k:relative" in tags or "person" in tags):
        cuts = _relative_clause_cuts(norm, s_hits, cuts)
    if "hypo" in tags and "start" in tags and not question and lang != "zh":
        cuts = _habit_cuts(norm, s_hits, cuts, lang)
    if "hypo" in tags and paused and not question and lang != "zh":
        cuts = sorted(set(cuts).union(items_after_condition(norm, s_hits)))  # "GTN if I get pain, atorvastatin"
    if lang == "ru" and "question" in tags:
        cuts = _bare_request_cuts(norm, s_hits, cuts)
    if paused and "intent" in tags and lang != "zh":
        cuts = _complaint_after_plan_cuts(norm, s_hits, s_end, cuts)
    if paused:
        cuts = _own_polarity_cuts(norm, s_hits, s_start, s_end, cuts)
    if lang == "en":
        if "self" in tags and " so " in norm[s_start:s_end]:
            cuts = sorted(set(cuts).union(m.start() for m in EN_SO_DO_I.finditer(norm, cuts[0] + 1, s_end)))
        if paused and "uncertain" in tags:
            cuts = _hedge_cuts(norm, s_hits, s_start, cuts)
        if "neg" in tags:
            cuts = _and_no_cuts(norm, s_hits, s_start, cuts)
            if " so " in norm[s_start:s_end]:
                cuts = _so_cuts(norm, s_hits, s_start, s_end, cuts)
            if paused:
                cuts = _new_phrase_cuts(norm, s_hits, s_start, s_end, cuts)
    if lang == "ru" and paused and "uncertain" in tags:
        cuts = _ru_doubt_of_its_own_cuts(norm, s_hits, s_start, s_end, cuts)
    if lang == "zh":  # Chinese chains clauses with commas; each keeps its own scope
        if paused and (norm.find("，", s_start, s_end - 1) >= 0 or norm.find(",", s_start, s_end - 1) >= 0):
            commas = [m.end() for m in _ZH_COMMA.finditer(norm, s_start, s_end - 1)]
            commas = _zh_topic_commas_left_out(norm, s_hits, s_start, s_end, commas)
            cuts = sorted(set(cuts).union(commas))
        if "了" in norm[s_start:s_end]:  # "风团消了也不痒了": two endings, as with a comma between
            cuts = sorted(set(cuts).union(m.end() for m in _ZH_NEXT_ENDING.finditer(norm, s_start, s_end)))
    cuts.append(s_end)
    return cuts


#: A relative clause saying what a person has, right after them: "my mum who has dementia",
#: "a friend who takes warfarin", "с мамой, у которой деменция", "сестра, которая пьёт метформин".
_WHO_HAS = re.compile(
    r"\s+(?:who|that)\s+(?:also\s+|still\s+)?(?:has|had|'s got|has got|suffers|suffered|is on|was on|takes|took"
    r"|died|passed away|was diagnosed|is diabetic|is asthmatic)\b"
    r"|\s*,?\s*(?:у\s+)?(?:котор(?:ый|ая|ое|ые|ого|ой|ых))(?![а-яё])"
)


def _relative_clause_cuts(norm: str, s_hits: list[Hit], cuts: list[int]) -> list[int]:
    """A person told with a relative clause of what they have opens a clause of their own: "I live
    with my mum who has dementia" is the mother's dementia, not the user's."""
    opened = [
        h_start
        for h_start, h_end, lex in s_hits
        if (lex.cat == "person" or is_relative(lex)) and h_start > cuts[0] and _WHO_HAS.match(norm, h_end)
    ]
    return sorted(set(cuts).union(opened)) if opened else cuts


#: The user's own taking verbs in the present, which tell a habit: "I take", "пью", "吃".
_HABIT_VERBS: dict[str, frozenset[str]] = {
    "en": frozenset({"take", "use"}),
    "ru": frozenset({"пью", "принимаю", "колю", "пользуюсь", "использую", "выпиваю"}),
    "zh": frozenset({"吃", "服用", "服", "用"}),
}
#: What stands between a clause's start and its taking verb: the user ("then I usually take", "，我就吃";
#: Russian may drop it, ", обычно пью"), never an imperative ("if you need it, take Tylenol").
_HABIT_OPENING: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"[\s,]*(?:then\s+)?i\s+(?:(?:usually|always|normally|just|simply|generally|typically|only)\s+)?"),
    "ru": re.compile(r"[\s,]*(?:то\s+)?(?:я\s+)?(?:(?:обычно|всегда|просто|только|сразу)\s+)?"),
    "zh": re.compile(r"[\s，,]*(?:那)?我(?:一般|通常|都|就)*"),
}


#: A word of a condition's own beyond its subject ("if *I* get a headache").
_CONDITION = re.compile(r"(?!(?:i|я|me|мне)\b)\w{2,}")


def opens_a_habit(norm: str, start: int, hits: list[Hit], lang: str) -> bool:
    """The clause at ``start`` is what the user does whenever the condition before it holds: "if
    I have pain, I take Tylenol", "если болит голова, пью нурофен", "如果头疼，我就吃布洛芬". A
    statement's condition with the user taking something in the present (:data:`_HABIT_VERBS`)
    tells a habit, so the clause states a fact; "I'll take", "I would take" or a question stay
    hypothetical."""
    opening = _HABIT_OPENING.get(lang)
    m = opening.match(norm, start) if opening is not None else None
    return m is not None and any(
        s == m.end() and lex.cat == "start" and norm[s:e] in _HABIT_VERBS[lang] for s, e, lex in hits
    )


def _habit_cuts(norm: str, s_hits: list[Hit], cuts: list[int], lang: str) -> list[int]:
    """Cut where the user's habit opens after a condition with no comma before it ("if I get a
    headache I take ibuprofen"): the condition's scope ends there (:func:`opens_a_habit`)."""
    after = next((e for _, e, lex in s_hits if lex.cat == "hypo"), None)
    if after is None:
        return cuts
    # the condition says something of its own first: "if I take aspirin I get hives" takes it in the condition
    added = [
        h
        for h, _, lex in s_hits
        if h > after
        and _CONDITION.search(norm, after, h) is not None
        and (_after_comma(norm, h, after) or (lang == "en" and norm.startswith("i ", h)))
        and lex.cat in ("self", "start")
        and opens_a_habit(norm, h, s_hits, lang)
    ]
    return sorted(set(cuts).union(added)) if added else cuts


#: What a complaint told after a plan's comma names: a symptom, or a body part with its verb.
_COMPLAINT_KINDS = frozenset({"symptom", "body_part"})


def _complaint_after_plan_cuts(norm: str, s_hits: list[Hit], s_end: int, cuts: list[int]) -> list[int]:
    """Cut at a comma after a plan when the stretch after it names a complaint or a past stop or
    switch, and no plan of its own ("хочу к врачу, голова болит", "want to see a dentist, my tooth
    aches", "gonna see the doc, got a rash", "сказала нельзя, отменила"): a plan's scope covers its
    objects ("want to try ibuprofen, paracetamol"),
    not a clause with its own subject and verb (Chinese cuts at every comma already)."""
    planned = next((h_start for h_start, _, lex in s_hits if lex.cat == "intent"), None)
    if planned is None:
        return cuts
    commas = [m.end() for m in _PLAN_COMMA.finditer(norm, planned, s_end)]
    if not commas:
        return cuts
    added = []
    for at, until in zip(commas, [*commas[1:], s_end], strict=True):
        kinds = {lex.cat if lex.cat == "intent" else lex.kind for h, _, lex in s_hits if at <= h < until}
        if "intent" not in kinds and (not kinds.isdisjoint(_COMPLAINT_KINDS) or _done(norm, s_hits, at, until)):
            added.append(at)
    return sorted(set(cuts).union(added)) if added else cuts


#: An ending or a switch told in the past: "отменила и перевела на элидел", "stopped it and put me on".
_DONE_CUES = frozenset({"end", "switch"})
_PAST_VERB = re.compile(r"(?:[a-z]+ed|took|came|gave|quit|put)\b|[а-яё]+л[аио]?(?:сь|ся)?(?![а-яё])")


def _done(norm: str, s_hits: list[Hit], at: int, until: int) -> bool:
    """The stretch ``at``-``until`` opens with a stop or switch in the past tense, before anything it
    names: a deed of its own ("дерм сказала больше 2 недель нельзя, отменила и перевела на элидел"),
    not the plan's object."""
    stretch = [(h, lex) for h, _, lex in s_hits if at <= h < until]
    first_term = next((h for h, lex in stretch if lex.cat == "term"), until)
    return any(lex.cat in _DONE_CUES and h < first_term and _PAST_VERB.match(norm, h) for h, lex in stretch)


#: A comma after a plan, with the spaces after it.
_PLAN_COMMA = re.compile(r"[,—]\s*")


#: A request that opens a sentence and stands alone before its comma: "посоветуйте, ...".
_BARE_REQUEST_END = re.compile(r"\s*,")


def _bare_request_cuts(norm: str, s_hits: list[Hit], cuts: list[int]) -> list[int]:
    """Cut after "посоветуйте," that opens a clause: it asks the assistant, and what follows
    ("посоветуйте, пью конкор 5 мг, можно кофе") states what the user does; a request with its
    object ("посоветуйте что-нибудь от изжоги") stays one question."""
    added = []
    for h_start, h_end, lex in s_hits:
        if lex.cat != "question" or lex.value != "anywhere" or h_start not in cuts:
            continue
        comma = _BARE_REQUEST_END.match(norm, h_end)
        if comma is not None:
            added.append(comma.end())
    return sorted(set(cuts).union(added)) if added else cuts


#: What ends a stretch with a polarity of its own (a regex finds them faster than a loop over the characters).
_STRETCH_MARK = re.compile("[,;:]")
_ZH_COMMA = re.compile("[，,]")


def _own_polarity_cuts(norm: str, s_hits: list[Hit], s_start: int, s_end: int, cuts: list[int]) -> list[int]:
    """Cut at a comma (or ";", ":") whose following stretch names a term (or a bare pain, or "the
    rest") and denies it itself, or that follows a denial with a term of its own opened by an amount.

    "голова болит, тошноты нет", "headache, no fever": the denial after the comma has its own
    scope and must not reach back over the comma. "no chest pain, a little breathless", "没有胸痛，
    有点胸闷": an amount ("a little", "有点") after the comma says the next term is there. A list
    under one denial ("no fever, cough or chills") has neither and stays one clause.
    """
    commas = [m.start() for m in _STRETCH_MARK.finditer(norm, s_start, s_end)]
    if not commas:
        return cuts
    bounds = [s_start, *(p + 1 for p in commas), s_end]
    stretches: list[list[Hit]] = [[] for _ in bounds]  # the hits of each stretch, in one pass
    for h in s_hits:
        k = bisect_right(bounds, h[0]) - 1  # bounds[k] <= h[0] < bounds[k + 1]
        if 0 <= k < len(bounds) - 1:
            stretches[k].append(h)
    added: list[int] = []
    for n in range(1, len(bounds) - 1):
        before, after = stretches[n - 1], stretches[n]
        colon = norm[bounds[n] - 1] == ":"  # "всё прошло: температуры нет": what follows tells it anew
        termed = any(h[2].cat == "term" for h in before)
        denied_before = any(h[2].cat == "neg" for h in before)
        own = any(h[2].cat == "neg" for h in after)
        if own and denied_before and _names_a_section(before) and _names_a_section(after):
            added.append(bounds[n])  # "no allergies, no meds": each section denied on its own
            continue
        termed_after = any(h[2].cat == "term" for h in after)
        if (
            denied_before
            and termed_after
            and _names_a_section(before)
            and any(h[2].cat in ("neg", "end") for h in after)
        ):
            # "никаких симптомов больше нет, парацетамол больше не пью": a thing named after a section's
            # denial with a denial or an ending of its own is a clause of its own
            added.append(bounds[n])
            continue
        if (
            termed_after
            and any(h[2].cat in ("neg", "end") for h in before)
            and _RU_ALSO_AFTER.match(norm, bounds[n])
        ):
            added.append(bounds[n])  # "боли уже нет, тошноты тоже": "тоже" takes the denial (ru_ellipsis)
            continue
        if not ((colon or termed) and _names_something(norm, after, bounds[n])):
            continue
        if _list_denied_after_dash(norm, before, after, bounds[n - 1], bounds[n], bounds[n + 1]):
            continue  # "aspirin, warfarin - no", "диабет, астма — ничего такого": one list, one denial
        if (
            (own and not denied_before)
            or (not own and termed and _predicate_denial(norm, before))
            or (denied_before and after[0][2].cat in _AMOUNTS)
        ):
            added.append(bounds[n])
    return sorted(set(cuts).union(added)) if added else cuts


#: What may be left of a list item once its names are taken out: list words and marks.
_LIST_REST = re.compile(r"[\s,;:/&+]*(?:(?:and|or|и|или|а также)(?![a-zа-яё])[\s,]*)?")
#: A dash right after the last name of a list, before the denial that closes it.
_DASH = re.compile(r"\s*[-–—]+\s*")


def _list_denied_after_dash(
    norm: str, before: list[Hit], after: list[Hit], start: int, comma: int, end: int
) -> bool:
    """The stretch before the comma only names things, and the one after names more and closes with
    a dash and a denial that names nothing ("aspirin, warfarin - no", "аспирин, варфарин — нет",
    "diabetes, asthma - none of that"): the denial after the dash is said of the whole list, as
    "aspirin and warfarin, no" is, so the comma does not cut it off from the first names. A stretch
    that says more than names ("I take metformin, aspirin - no") keeps its own polarity."""
    names_before = [h for h in before if h[2].cat == "term"]
    if not names_before or len(names_before) != len(before):
        return False
    if _LIST_REST.fullmatch(_without(norm, before, start, comma)) is None:
        return False
    names_after = [h for h in after if h[2].cat == "term"]
    if not names_after:
        return False
    last = max(h[1] for h in names_after)
    if any(h[2].cat != "term" for h in after if h[0] < last):
        return False  # a cue among the names ("no fever, cough - no") speaks for itself
    if _LIST_REST.fullmatch(_without(norm, [h for h in after if h[0] < last], comma + 1, last)) is None:
        return False
    dash = _DASH.match(norm, last)
    if dash is None or not dash.group().strip():
        return False
    tail = [h for h in after if h[0] >= last]  # no name past the last one: "- no", "— не принимаю"
    return bool(tail) and tail[0][2].cat == "neg" and tail[0][0] == dash.end()


#: "остального нет", "другого ничего", "больше ничего": the rest of what was asked, denied.
RU_THE_REST = re.compile(
    r"\s*(?:а\s+)?(?:(?:всего )?(?:остальн\w*|друг(?:ого|ое|их)|прочего)"
    r"(?![а-я])(?:\s+(?:у меня|тоже|вроде|пока|совсем|вообще))*\s*(?:нет|нету|ничего|не\s|не$)"
    r"|(?:больше ничего|ничего больше|ничего другого)(?![а-я]))"
)


def _names_something(norm: str, hits: list[Hit], start: int) -> bool:
    """The stretch names a term, a bare pain ("боли нет") or the rest of a list ("другого ничего")."""
    return any(h[2].cat in ("term", "pain") for h in hits) or RU_THE_REST.match(norm, start) is not None


#: A stretch that is only a name and "тоже": "…, тошноты тоже", "…, тремора тоже".
_RU_ALSO_AFTER = re.compile(r"\s*[а-яё]+(?:\s+[а-яё]+)?\s+(?:тоже|также)\s*(?:[.!;]|$)")


def _names_a_section(hits: list[Hit]) -> bool:
    """The stretch names a section as a whole ("allergies", "meds", "операций"), which a denial
    in it denies by itself: a list of such denials is one denial per section, not one shared."""
    return any(h[2].cat in _SECTION_NOUNS for h in hits)


_SECTION_NOUNS = frozenset({"section", "allergy"})


def _and_no_cuts(norm: str, s_hits: list[Hit], s_start: int, cuts: list[int]) -> list[int]:
    """Cut before an "and" that opens a denial of its own after a named term: "the rash cleared
    up and no itching now", "bronchitis has cleared and no symptoms": the denial is the next
    phrase's, and neither reaches over the "and" to the other ("no allergies and no meds" too)."""
    added = [
        s - 4
        for s, _, lex in s_hits
        if lex.cat == "neg"
        and norm[max(s_start, s - 4) : s] == "and "
        and any((t[2].cat == "term" or t[2].cat in _SECTION_NOUNS) and s_start <= t[0] < s - 4 for t in s_hits)
    ]
    return sorted(set(cuts).union(added)) if added else cuts


#: "so" and the subject of what followed: "..., so they did lithotripsy", "so I started ibuprofen".
_SO_SUBJECT = re.compile(
    r"\bso\s+(?:then\s+)?(?:they|i|we|he|she|doc|dr|gp|(?:the|my)\s+(?:doc|doctor|gp|consultant|surgeon|urologist))\b"
)


def _so_cuts(norm: str, s_hits: list[Hit], s_start: int, s_end: int, cuts: list[int]) -> list[int]:
    """Cut before a "so" that opens what followed a denied verb, with a subject and a name of its own:
    "it didn't pass so they did lithotripsy", "the pain didn't settle so I started ibuprofen". The
    denial is of what did not happen ("didn't pass"), and the consequence after "so" is told as done;
    the denial never reaches over it (as "поэтому" and "所以" part the clauses in Russian and Chinese)."""
    added = []
    for m in _SO_SUBJECT.finditer(norm, s_start, s_end):
        at = m.start()
        floor = max(c for c in cuts if c <= at)
        if not any(lex.cat == "neg" and floor <= h < at for h, _, lex in s_hits):
            continue
        if any(lex.cat == "term" and at <= h < s_end for h, _, lex in s_hits):
            added.append(at)
    return sorted(set(cuts).union(added)) if added else cuts


#: Words a list under one denial is joined with ("no fever, cough or chills").
_LIST_WORDS = frozenset({"and", "or", "nor", "no", "any", "either", "neither", "also", "too"})
_WORD = re.compile(r"[a-z']+")


def _new_phrase_cuts(norm: str, s_hits: list[Hit], s_start: int, s_end: int, cuts: list[int]) -> list[int]:
    """Cut at a comma after a denial when what follows says more than a term: "no itching, the
    rash is just red", "never smoked, drink at weekends", "no fever, cough is getting worse" are
    a new statement each, while "no fever, cough or chills" is one list under the denial. A
    stretch is a list item when, its terms taken out, only list words ("or", "and", "no") are left."""
    if norm.find(",", s_start, s_end) < 0:  # the caller runs it on sentences with a denial only
        return cuts
    bounds = [*(p + 1 for p in range(s_start, s_end) if norm[p] == ","), s_end]
    added: list[int] = []
    for n in range(len(bounds) - 1):
        after = [h for h in s_hits if bounds[n] <= h[0] < bounds[n + 1]]
        if not any(h[2].cat == "term" and h[2].kind != "body_part" for h in after) or any(
            h[2].cat == "neg" for h in after
        ):
            continue
        floor = max(c for c in [*cuts, *added] if c < bounds[n])
        if not any(h[2].cat == "neg" and floor <= h[0] < bounds[n] for h in s_hits):
            continue
        rest = list(norm[bounds[n] : bounds[n + 1]])
        for h_start, h_end, lex in after:
            if lex.cat == "term":
                rest[h_start - bounds[n] : h_end - bounds[n]] = " " * (h_end - h_start)
        words = _WORD.findall("".join(rest))
        if any(w not in _LIST_WORDS for w in words) or (
            not words and _told_with_manner(norm, after) and _verb_denied(norm, s_hits, floor, bounds[n])
        ):
            added.append(bounds[n])
    return sorted(set(cuts).union(added)) if added else cuts


#: A denial of a verb, right before the verb term it denies: "never smoked", "don't drink".
_EN_VERB_DENIAL = re.compile(r"\b(?:never|don't|dont|do not|doesn't|doesnt|does not|didn't|didnt|did not)\s+$")


def _told_with_manner(norm: str, stretch: list[Hit]) -> bool:
    """The stretch names a term of several words ("drink socially", "social drinker"): a habit told
    with its manner, where a bare list item is one word ("I don't drink, smoke")."""
    return any(lex.cat == "term" and " " in norm[s:e] for s, e, lex in stretch)


def _verb_denied(norm: str, s_hits: list[Hit], start: int, end: int) -> bool:
    """The stretch ``norm[start:end]`` denies a verb term ("never smoked,", "don't drink,"): the
    denial is that verb's, so a term alone after the comma ("..., drink socially") is a phrase of
    its own, not the next item of a list the denial opens ("no fever, cough") or of one under the
    verb ("I don't drink, smoke")."""
    return any(
        lex.cat == "term" and start <= s < end and _EN_VERB_DENIAL.search(norm, start, s) for s, _, lex in s_hits
    )


#: A Russian doubt after a comma that names its own topic ("про маму не знаю", "насчёт отца не
#: уверена") or the user's fear ("..., боюсь", "..., боюсь пневмонии"): it comments, it does not
#: hedge what the comma ends. So does a doubt of a link or a cause ("..., может связано?", "...,
#: может из-за этого?"): it asks how the statement bears on something else, as "could that be
#: related?" does, and the statement stays one.
_RU_OWN_DOUBT = re.compile(
    r"[\s,]*(?:а\s+|но\s+)?(?:(?:про|насчёт|насчет|по поводу|за|об?)\s+[а-яё]+[^,.!?]*"
    r"|(?:(?:я|мне|очень|так|ужасно|вот)\s+)*(?:боюсь|страшно|переживаю|волнуюсь)(?![а-яё])"
    r"|(?:может|возможно)(?:,?\s*быть)?,?\s*(?:(?:это|оно|он|она|всё|все|как-то|как то)\s+)?"
    r"(?:связан\w*|из-за\s+(?:этого|него|неё|нее|них|того)|от\s+(?:этого|него|неё|нее|них|того)|поэтому|отсюда)"
    r"(?![а-яё]))"
)


def _ru_doubt_of_its_own_cuts(norm: str, s_hits: list[Hit], s_start: int, s_end: int, cuts: list[int]) -> list[int]:
    """Cut at the comma before a Russian doubt of its own topic or a fear: "у сестры тоже гипотиреоз,
    про маму не знаю", "у мамы рак груди нашли, боюсь", "кашель неделю, боюсь пневмонии": the
    statement before the comma stays a statement. A hedge of what it follows ("у меня гастрит,
    кажется") or one before it ("у меня, боюсь, язва") leaves it whole."""
    added = []
    for h_start, _, lex in s_hits:
        if lex.cat != "uncertain":
            continue
        comma = norm.rfind(",", s_start, h_start)
        if comma < 0 or not _RU_OWN_DOUBT.match(norm[comma + 1 : s_end]):
            continue
        floor = max(c for c in cuts if c <= comma)
        if any(other.cat == "term" and floor <= s < comma for s, _, other in s_hits):
            added.append(comma + 1)
    return sorted(set(cuts).union(added)) if added else cuts


def _hedge_cuts(norm: str, s_hits: list[Hit], s_start: int, cuts: list[int]) -> list[int]:
    """Cut at the comma before a doubt that comments on what was just said: "they stopped the
    amoxicillin, might be an allergy", "been wheezy all week, the smoke probably". The doubt
    covers its own phrase; the statement before the comma stays a statement. A doubt with no term
    before its comma ("i think, maybe it's asthma") leaves the clause whole."""
    added = []
    for h_start, _, lex in s_hits:
        if lex.cat != "uncertain":
            continue
        comma = norm.rfind(",", s_start, h_start)
        if comma < 0:
            continue
        floor = max(c for c in cuts if c <= comma)
        if any(other.cat == "term" and floor <= s < comma for s, _, other in s_hits):
            added.append(comma + 1)
    return sorted(set(cuts).union(added)) if added else cuts


def _predicate_denial(norm: str, stretch: list[Hit]) -> bool:
    """A denial that is the predicate of its own phrase: after the term it denies ("голова не
    кружится", "кашля нет") or a Russian "не" right before a verb term ("не курю", "не кашляю"),
    which negates that verb only. What follows the comma ("..., тошнит по утрам", "..., спортом
    занимаюсь") is then a new phrase, not a list it governs. A denial that opens a list of
    nouns ("нет температуры, кашля", "no fever, cough") is not cut."""
    first_term = next(s for s, _, lex in stretch if lex.cat == "term")
    for n, (s, e, lex) in enumerate(stretch):
        if lex.cat != "neg":
            continue
        if s > first_term:
            return True
        nxt = stretch[n + 1] if n + 1 < len(stretch) else None
        if norm[s:e] == "не" and nxt is not None and nxt[2].cat == "term" and nxt[0] == e + 1:
            return True
    return False


#: A Chinese topic: what is left of a stretch once its terms are taken out ("心慌呢", "胸痛嘛",
#: "头晕和心慌这些"): a topic particle or demonstrative, nothing that says anything of it.
#: A Chinese ending chained to the next one without a comma: "消了也不痒了", "好了又没再犯了".
_ZH_NEXT_ENDING = re.compile(r"了(?=[也又还](?:不|没有?|没再)[\u4e00-\u9fff]{1,3}了)")
#: The topic may list its terms with "还有" ("阿司匹林、华法林、还有氯吡格雷") and end on one more thing
#: named by its place ("…、还有第三个").
#: A thing of a Chinese list named by its place: "第三个", "第二种药".
_ZH_PLACE = r"第[一二三四五六七八九十\d]+[个样种](?:药|病)?"
_ZH_TOPIC_REST = re.compile(
    rf"(?:[\s、和跟或及]|还有|以及)*(?:这个|那个|这些|那些|这方面|方面|的话|{_ZH_PLACE})?[呢嘛啊吧呀]?[\s，,]*"
)
#: A Chinese stretch that only denies: "没有", "倒没有", "一直没有过", "也没", "从来没有", or the
#: denial of taking or doing it with no object of its own ("都没吃过", "没用过", "都不吃", "没打过").
_ZH_BARE_DENIAL = re.compile(
    r"\s*(?:(?:这|那)(?:些|几[个样种])(?:病|药|情况|症状|毛病)?)?"  # "这些都没有": the list just named, as a whole
    r"(?:倒|倒是|也|都|全|全都|一直|从来|还|暂时|目前|现在|基本|早就|早已|早|已经|就)*"
    r"(?:(?:没有|没|无|木有|从没|从来没有)(?:过|的)?|(?:没有|没|从没|从不|不)(?:吃|用|服|打|喝|抽|吸|擦|抹|涂)(?:过|了)?)"
    r"[呢吧啊呀的]?\s*"
)


def _zh_topic_commas_left_out(norm: str, s_hits: list[Hit], s_start: int, s_end: int, commas: list[int]) -> list[int]:
    """The commas that do not cut: after a topic that only names terms ("心慌呢，没有", "胸痛嘛，
    倒没有"), a stretch that only denies is the topic's predicate, so the denial is the topic's. A
    topic may run over several commas ("阿司匹林和华法林，还有氯吡格雷，都没吃", "…，还有第三个，都没有"):
    the one denial at its end is the whole list's."""
    bounds = [s_start, *commas, s_end]
    topics = [_zh_topic_stretch(norm, s_hits, bounds[k], bounds[k + 1]) for k in range(len(bounds) - 1)]
    kept: list[int] = []
    for n, comma in enumerate(commas, start=1):
        if topics[n - 1] and _zh_denial_closes(norm, topics, bounds, n):
            continue
        kept.append(comma)
    return kept


def _zh_denial_closes(norm: str, topics: list[bool | None], bounds: list[int], n: int) -> bool:
    """Whether the stretches from the ``n``-th on are more of the topic and then one bare denial,
    or a denial that echoes the topic's own word with an ending ("头疼，不疼了", "咳嗽，早就不咳了")."""
    topic = norm[bounds[n - 1] : bounds[n]]
    for k in range(n, len(topics)):
        if _ZH_BARE_DENIAL.fullmatch(norm, bounds[k], bounds[k + 1]) is not None:
            return True
        echo = _ZH_ECHOED_ENDING.fullmatch(norm, bounds[k], bounds[k + 1])
        if echo is not None and all(ch in topic for ch in echo.group(1)):
            return True
        if topics[k] is None:
            return False
    return False


#: A denial ended by "了" whose verb is a character of the topic ("头疼，不疼了"): the topic's end.
_ZH_ECHOED_ENDING = re.compile(
    r"\s*(?:也|都|早就|早已|早|已经|就|现在|基本)*(?:不|没)([\u4e00-\u9fff]{1,2})了[呢吧啊呀]?\s*"
)


def _zh_topic_stretch(norm: str, s_hits: list[Hit], start: int, end: int) -> bool | None:
    """``True`` when the stretch only names terms ("阿司匹林和华法林", "还有氯吡格雷"), ``False`` when it
    only points at one more thing of the list ("还有第三个"), ``None`` when it says something."""
    inside = [h for h in s_hits if start <= h[0] < end and not in_and_also(norm, h)]
    if any(h[2].cat != "term" for h in inside):
        return None
    rest = _without(norm, inside, start, end)
    if inside and _ZH_TOPIC_REST.fullmatch(rest) is not None:
        return True
    return False if not inside and _ZH_LIST_POINTER.fullmatch(rest) is not None else None


#: One more thing of a Chinese list named by its place or a pointer: "还有第三个", "另外那个", "还有一个".
_ZH_LIST_POINTER = re.compile(
    rf"[\s，,]*(?:还有|以及|另外|和)?\s*(?:{_ZH_PLACE}|(?:那|这|另|一)[个样种](?:药|病)?)[呢嘛啊吧呀]?[\s，,]*"
)


def in_and_also(norm: str, hit: Hit) -> bool:
    """Whether ``hit`` is (part of) the "还有" that adds a term to a Chinese list ("华法林、还有氯吡格雷"),
    not a "still" or a "yes" of its own."""
    start, end, _ = hit
    return end - start <= 2 and any(
        norm.startswith("还有", at) and at <= start and end <= at + 2 for at in (start, start - 1)
    )


def _without(norm: str, hits: list[Hit], start: int, end: int) -> str:
    """``norm[start:end]`` with the spans of ``hits`` taken out."""
    parts, at = [], start
    for h_start, h_end, _ in hits:
        parts.append(norm[at:h_start])
        at = max(at, h_end)
    parts.append(norm[at:end])
    return "".join(parts)
