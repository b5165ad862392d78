"""A diagnostic look (a gastroscopy, a colonoscopy, a cystoscopy, a prostate biopsy) is a surgery only when undergone.

The labels count an instrumented look the user went through as a ``surgeries`` event ("had the
camera down the throat", "сделала гастроскопию", "做了前列腺穿刺"), but not one that only names
where a finding came from ("the endoscopy showed gastritis", "на гастроскопии нашли гастрит",
"胃镜查出来是胃炎"), nor one still to come ("mri and biopsy next month", "胃镜还没敢做"). A look is
kept when its sentence, up to the end of its clause, has a verb of having it done; otherwise the
clause only touches the section.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: The looks (procedures.tsv canonicals) that need a verb of having them done.
LOOKS = frozenset({"esophagogastroduodenoscopy", "colonoscopy", "cystoscopy", "prostate biopsy"})

#: A verb of having the look done, per language.
_UNDERGONE = {
    "en": re.compile(
        r"\b(?:had|have|has|having|did|done|got|underwent|undergone|went for|been for)\b", re.IGNORECASE
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:с?дела(?:л|ла|ли|ло|но|на|ны)|прош(?:[её]л|ла|ли)|проходил\w*|провел\w*|провели"
        r"|был[аи]? на)(?![а-яё])"
    ),
    "zh": re.compile(r"做了|做过|做完|做的|查了|查过|去做"),
}


def unundergone_looks(
    norm: str, clause: Clause, clauses: list[Clause], mentions: list[Mention], lang: str
) -> tuple[list[Mention], list[Mention]]:
    """(mentions kept, looks not told as undergone) of a clause among its message's ``clauses``."""
    looks = [m for m in mentions if m.kind == "procedure" and m.entity in LOOKS]
    if not looks:
        return mentions, []
    since = next(c.start for c in clauses if c.sentence == clause.sentence)
    verb = _UNDERGONE.get(lang)
    if verb is not None and verb.search(norm, since, clause.end) is not None:
        return mentions, []
    return [m for m in mentions if m not in looks], looks
