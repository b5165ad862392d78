"""A jab the assistant brought up, told done in the reply: "got the first one done at walgreens today".

The assistant recommends or explains a vaccine ("the shingles vaccine is recommended from 50",
"Прививку от гриппа лучше сделать осенью", "建议您打流感疫苗"); the reply says it is done without
naming it ("had it done last week", "сделала вчера", "昨天打了"). The done verb refers to the vaccine
the assistant named last (every one of them after "both" / "оба" / "都"), which the user now has
had: a `vaccinations` event, `historical`. A plan, a question or a denial ("will get it done",
"сделать?", "还没打") says nothing had, another person before the verb ("my husband got it done") or
in the assistant's turn ("您爱人和孩子打过乙肝疫苗吗？" — "都打了") had it, not the user, and "ok got
it" only says the reply was understood.
"""

from __future__ import annotations

import re

from anamnesis.terminology.text import normalise
from anamnesis.understanding.rules.lexicon import Lexicon
from anamnesis.understanding.rules.segment import Hit

#: The done verb, per language, the reply's own (what it refers to is the assistant's vaccine).
_DONE: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(?:got|had|have had|'ve had|ve had)\s+(?:it|one|that|that one|them|both|mine|the (?:first|second|1st|2nd|"
        r"last|booster)(?: one| dose| shot| jab)?)\s+(?:done|in)\b"
        r"|\b(?:got|had) (?:the|my) (?:first|second|1st|2nd) (?:one|dose|shot|jab)\b"
    ),
    "ru": re.compile(r"(?<![а-я])(?:сделал|сделала|сделали|поставил|поставила|поставили|привился|привилась)(?![а-я])"),
    "zh": re.compile(r"打(?:过|了)"),
}
#: A plan, a question or a denial anywhere in the reply: nothing has been had.
_NOT_HAD: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\?|\b(?:will|going to|gonna|plan|planning|should|shall|not|never|haven'?t|didn'?t|yet)\b"),
    "ru": re.compile(r"\?|(?<![а-я])(?:не|нет|еще не|ещё не|собираюсь|буду|планирую|хочу|надо|нужно)(?![а-я])"),
    "zh": re.compile(r"[?？吗]|没|不|还没|准备|打算|想|要|会"),
}
#: Another person who had it ("my husband got it done", "муж сделал", "孩子打了"): before the done verb.
_ANOTHER: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(?:husband|wife|son|daughter|mum|mom|dad|partner|kids?|child|children|mother|father|he|she|they)\b"
        r"(?:'s)?[^.,;!?]{0,24}$"
    ),
    "ru": re.compile(
        r"(?<![а-я])(?:муж|жена|сын|дочь|дочка|мама|папа|ребенок|дети|он|она|они)(?![а-я])[^.,;!?]{0,24}$"
    ),
    "zh": re.compile(r"(?:老公|老婆|丈夫|妻子|儿子|女儿|孩子|妈|爸|他|她)[^，。,.!！]{0,8}$"),
}
#: Another person the assistant's turn speaks of ("Have your wife and kids had the hep B jab?",
#: "您爱人和孩子打过乙肝疫苗吗？"): a bare "done" may be theirs.
_ANOTHER_ASKED = re.compile(
    r"\b(?:husband|wife|son|daughter|mum|mom|dad|partner|kids?|child|children|mother|father|baby|family)\b"
    r"|(?<![а-я])(?:муж\w*|жен[аеуы]|сын\w*|доч\w*|мам\w*|пап\w*|ребен\w*|ребён\w*|дет[иейям]\w*|семь\w*)(?![а-я])"
    r"|爱人|老公|老婆|丈夫|妻子|儿子|女儿|孩子|宝宝|家人|家里人|父母|妈妈|爸爸"
)
#: Every vaccine the assistant named ("both", "оба", "都").
_EVERY: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:both|all of them|them all)\b"),
    "ru": re.compile(r"(?<![а-я])(?:обе|оба|все)(?![а-я])"),
    "zh": re.compile(r"都"),
}


#: Words that may tell of a vaccine in the assistant's turn: only such a turn is scanned for one.
_JAB_WORDS = re.compile(r"vaccin|jab|shot|booster|immuni[sz]|shingrix|привив|вакцин|疫苗|针")


def vaccines_named(context: str, lexicon: Lexicon) -> tuple[str, ...]:
    """The vaccines the assistant's turn names, in order: what a bare "done" may refer to."""
    if _JAB_WORDS.search(context.lower()) is None:
        return ()
    norm = normalise(context)
    if _ANOTHER_ASKED.search(norm):
        return ()
    hits = lexicon.matcher.scan_each(norm)
    named: list[str] = []
    for (_, end, lex), after in zip(hits, [*hits[1:], None], strict=True):
        if lex.kind == "vaccine":
            named.append(lex.value)
        elif (
            lex.kind in ("diagnosis", "condition")
            and (vaccine := lexicon.vaccine_for.get(lex.value))
            and after is not None
            and after[2].value == "vaccinations"
            and after[0] - end <= 1
        ):  # "the flu vaccine": the illness, then the word of its jab
            named.append(vaccine)
    return tuple(dict.fromkeys(named))


def jabs_done(norm: str, lang: str, vaccines: tuple[str, ...], hits: list[Hit]) -> list[dict[str, str]]:
    """The `vaccinations` events of a reply (``hits``: its found phrases) that tells the assistant's
    vaccine done; none when the reply names a vaccine of its own, plans, asks or denies."""
    pattern = _DONE.get(lang)
    done = pattern.search(norm) if vaccines and pattern is not None else None
    if done is None or _NOT_HAD[lang].search(norm) or _ANOTHER[lang].search(norm, 0, done.start()):
        return []
    if any(lex.kind == "vaccine" for _, _, lex in hits):
        return []
    had = vaccines if _EVERY[lang].search(norm) else vaccines[-1:]
    return [{"section": "vaccinations", "entity": name, "status": "historical"} for name in had]
