"""Questions about someone the user looks after: the reply speaks of that person, not of the user.

"What have you given him for the temperature?", "What are you using on his skin?", "Что вы ему
даёте от температуры?", "你给孩子吃了什么药？": the "you" of such a question is the carer and the
one asked about is who gets the care, so "calpol and nurofen" after it is no medicine of the user's.
"How old is he?", "Сколько он весит?", "她最近一次INR是多少？" ask a value of that person: "27 кг"
is no weight of the user's. And a question that names nobody after one about that person in the
same turn ("孩子多重？以前烧到抽筋过吗？", "How old is he? Any allergies?") goes on about them.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.lexicon import Lex

Hit = tuple[int, int, Lex]

#: An English verb of giving or applying with a third person as who gets it: "given him", "using
#: on his skin", "put on her rash", "tried him on", "giving the baby".
_EN_CARE = re.compile(
    r"\b(?:give|gave|given|giving|using|use|used|put|putting|apply|applying|applied|rub|rubbing|rubbed"
    r"|tried|trying|treat|treating|treated|dose|dosing|dosed)\b"
    r"(?:\s+[a-z']+){0,3}?\s+(?:(?:on|to|for|in|into|onto)\s+)?(?:him|her|his|the baby|the child|the kids?)\b"
)
#: A Russian verb of giving or applying: with the dative of someone else ("ему", "ребёнку") in the
#: question, the "вы" of "даёте" is the carer.
_RU_CARE = re.compile(
    r"(?<![а-яё])(?:да[её]те|давали|дали|даете|мажете|мазали|намазали|капаете|капали|закапываете|закапывали"
    r"|поите|поили|применяете|применяли|используете|использовали|лечите|лечили|колете|кололи|ставите|ставили)"
    r"(?![а-яё])"
)
#: Someone else in a Russian question: the dative or "у" of a third person or a child, and the
#: nominative "он" / "она" before a verb of a person's life ("сколько он весит?", "она ходит в сад?").
_RU_ANOTHER = re.compile(
    r"(?<![а-яё])(?:ему|ей|у него|у нее|у неё|ребенку|ребёнку|у ребенка|у ребёнка|сыну|у сына|дочери|дочке"
    r"|у дочки|у дочери)(?![а-яё])"
    r"|(?<![а-яё])(?:он|она)\s+(?:сейчас\s+|уже\s+)?(?:весит|весил|весила|ходит|учится|ест|спит|жалуется"
    r"|принимает|пьет|пьёт|болеет|болел|болела|родился|родилась)(?![а-яё])"
)
#: A Chinese carer's 给 before who gets the care: "给孩子吃", "给他用", "给宝宝抹".
_ZH_CARE = re.compile(r"给(?:他|她|孩子|宝宝|小孩|儿子|女儿|娃|老人|老人家)")
#: The user addressed: "you", "your", "вы", "ваш", "принимаете" (the verb's second person plural).
_EN_YOU_WORDS = r"you|your|yours|yourself"
_RU_YOU_WORDS = r"вы|вас|вам|вами|ваш\w*|[а-яё]+(?:ете|ёте|ите)"
_EN_YOU = re.compile(rf"\b(?:{_EN_YOU_WORDS})\b")
_RU_YOU = re.compile(rf"(?<![а-яё])(?:{_RU_YOU_WORDS})(?![а-яё])")
#: Every person a question may name, the user included: the user's words and a third person's.
_EN_PERSON = re.compile(rf"\b(?:{_EN_YOU_WORDS}|he|she|him|her|his|hers|they|them|their)\b")
_RU_PERSON = re.compile(
    rf"(?<![а-яё])(?:{_RU_YOU_WORDS}|сами|сама|сам|он|она|они|его|её|ее|их|ему|ей|им|него|неё|нее|них)(?![а-яё])"
)
_ZH_PERSON = re.compile(r"[你您他她]")
#: A verb of prescribing or advising right after a pronoun: "did she suggest", "he prescribed", "她建议",
#: "他开了": the pronoun is the clinician, not someone the question asks about.
_EN_PRESCRIBES = re.compile(
    r"\s+(?:(?:just|also|already|ever|actually)\s+)?(?:suggest|recommend|prescrib|say|said|tell|told|give|gave|put|start"
    r"|offer|advis|think|thought|diagnos|mention|want|order|refer|chang|switch|increas|decreas|up\b|upped|lower|add|reckon"
    r"|check|examin|find|found|explain|arrang|book)"
)
_ZH_PRESCRIBES = re.compile(r"(?:有没有|有|都|还|也|当时|怎么)?(?:开|建议|说|让|给你|给您|诊断|推荐|安排|换)")


def prescriber_pronoun_at(norm: str, at: int, end: int) -> bool:
    """The third-person pronoun ending at ``at`` is the subject of a verb of prescribing or advising."""
    pattern = _EN_PRESCRIBES if norm.isascii() else _ZH_PRESCRIBES
    return pattern.match(norm, at, end) is not None


def addresses_the_user(norm: str, start: int, end: int) -> bool:
    """The question speaks to the user as well ("Did she ask about your mood?")."""
    if norm.isascii():
        return _EN_YOU.search(norm, start, end) is not None
    return "你" in norm[start:end] or "您" in norm[start:end] or _RU_YOU.search(norm, start, end) is not None


def cares_for_another(norm: str, start: int, end: int) -> bool:
    """The question (``norm[start:end]``) asks what the user gives or applies to someone else, or a
    value of a third person named as "он" / "она" (Russian)."""
    if norm.isascii():
        return _EN_CARE.search(norm, start, end) is not None
    if _ZH_CARE.search(norm, start, end) is not None:
        return True
    another = _RU_ANOTHER.search(norm, start, end)
    return another is not None and (
        another.group().startswith(("он", "она")) or _RU_CARE.search(norm, start, end) is not None
    )


def names_nobody(norm: str, start: int, end: int, hits: list[Hit]) -> bool:
    """The question names no person at all, neither the user nor anyone else ("Any allergies?",
    "以前烧到抽筋过吗？"): whom it asks of is whom the turn spoke of before it."""
    if any(
        start <= s < end and (lex.cat in ("person", "third", "self", "family") or _relative(lex)) for s, _, lex in hits
    ):
        return False
    if norm.isascii():
        return _EN_PERSON.search(norm, start, end) is None
    return _ZH_PERSON.search(norm, start, end) is None and _RU_PERSON.search(norm, start, end) is None


def _relative(lex: Lex) -> bool:
    return lex.term is not None and lex.term.kind == "relative"
