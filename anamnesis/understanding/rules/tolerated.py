"""A medicine the user says they took without trouble, in answer to a question about allergies.

"Any allergies to antibiotics?" — "амоксиклав пил норм", "took augmentin before, no problem", "阿莫西林
以前吃过 没事": the medicine was tolerated, so the answer states no allergy to it; the drug is then read
as any drug of the message is (a medicine taken).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.reading import Message
from anamnesis.understanding.rules.segment import Clause

#: Words that say a medicine went down without trouble.
_TOLERATED: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(?:no problems?|no issues?|no reaction|was fine|were fine|fine with it|was ok(?:ay)?|tolerated)\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:норм|нормально|без проблем|без последствий|переношу|переносил[аи]?"
        r"|ничего не было|всё хорошо|все хорошо)(?![а-яё])"
    ),
    "zh": re.compile(r"没事|没问题|没反应|没有反应|没什么反应|都还好"),
}


#: Words of having taken a medicine: without one, "青霉素没事" / "penicillin is fine" denies the allergy.
_TAKEN: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:took|taken|had|been on|used|was on|were on)\b"),
    "ru": re.compile(
        r"(?<![а-яё])(?:пил[аи]?|выпил[аи]?|принимал[аи]?|кололи|колол[аи]?|ставили|давали|дали|лечил[аи]?сь)(?![а-яё])"
    ),
    "zh": re.compile(r"吃过|用过|吃了|用了|输过|打过|输液|服过"),
}


def tolerated(msg: Message, clause: Clause, m: Mention) -> bool:
    """After the medicine ``m``, before the next medicine of its sentence and with no allergy word in
    its clause, the user says it was taken ("пил", "took", "吃过") without trouble, with no reaction or
    cause word between ("amoxicillin gave me a rash, the rest was fine" is an allergy). Said without
    a taking word ("青霉素没事", "penicillin is fine") it denies the allergy, as the allergy reading has it."""
    pattern = _TOLERATED.get(msg.lang)
    if pattern is None or m.kind != "drug" or clause.has("allergy"):
        return False
    end = max(c.end for c in msg.clauses if c.sentence == clause.sentence)
    end = min((s for s, _, lex in msg.hits if m.end <= s < end and lex.kind == "drug"), default=end)
    found = pattern.search(msg.norm, m.end, end)
    start = max((c.start for c in msg.clauses if c.sentence == clause.sentence and c.start <= m.start), default=m.start)
    if found is None or _TAKEN[msg.lang].search(msg.norm, start, found.start()) is None:
        return False
    return not any(
        m.end <= s < found.start() and (lex.reactive or lex.cat in ("react", "allergy")) for s, _, lex in msg.hits
    )
