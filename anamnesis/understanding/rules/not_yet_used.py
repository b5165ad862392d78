"""A medicine not used yet is a medicine held: the denial is of its use, not of having it.

"yes, have the GTN spray, haven't needed it yet", "нитроспрей в кармане, ни разу пока не пшикал",
"硝酸甘油带着，还没用过": a medicine kept for when it is needed (a spray, an inhaler, an auto-injector)
that the user has not had to use so far. The "not" governs the use, and "yet" says the use is still
to come: the medicine is the user's, held (``active``), never a ``confirmed_absent`` medicine.
Only verbs of using or needing count: "haven't started / taken the metformin yet" is a course not
begun, and stays what the clause says. The sentence must name one medicine, the one the use is of.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS, SECTION_WIDE

_SECTION = "medications"
#: A denied use, and a word that the use is still to come, in either order, within the sentence.
_NOT_YET_USED = {
    "en": re.compile(
        r"(?:\bnot|\bnever|n't)\s+(?:\w+\s+)?(?:used|needed|sprayed|puffed|had to use)\b[^.;!?]*?\byet\b"
        r"|\bnot yet\s+(?:\w+\s+)?(?:used|needed|sprayed|puffed)\b"
    ),
    "ru": re.compile(
        r"(?<![а-я])(?:пока|ещ[её]|ни разу)(?:\s+(?:пока|ещ[её]|ни разу))?\s+не\s+"
        r"(?:пшика|пшикн|пользова|воспользова|применя|применил|понадоби|использова|брызга|брызну)\w*"
    ),
    "zh": re.compile(r"(?:还|一次都|一次也|暂时)(?:没有|没)(?:用|喷|吸|需要)"),
}


def held_not_used_yet(facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """``facts`` with the one medicine of a sentence that tells it unused so far held, not denied."""
    pattern = _NOT_YET_USED.get(lang)
    if pattern is None or not any(f.section == _SECTION and f.status == CONFIRMED_ABSENT for f in facts):
        return facts
    for n, (start, end, _) in enumerate(spans):
        if pattern.search(norm, start, end) is None:
            continue
        named = [f for f in facts if f.sentence == n and f.section == _SECTION]
        if len(named) == 1 and named[0].status == CONFIRMED_ABSENT and named[0].entity != SECTION_WIDE:
            named[0].status = PRESENT_STATUS[_SECTION]
    return facts
