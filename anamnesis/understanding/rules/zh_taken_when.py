"""A Chinese complaint that only says when a medicine is taken: "喘起来就喷万托林", "疼了就吃芬必得".

A complaint followed by 就 and a taking verb (with 了, 起来 or 得厉害 between) is the condition of
the medicine, like "when I get a headache I take ibuprofen" or "при болях пью нурофен": the user tells
how they use the medicine, not a complaint they have now. A taking told as done ("头疼，就吃了一片",
"疼了就吃过") is what happened this time, and the complaint stands.
"""

from __future__ import annotations

import re

#: Right after the complaint: how it comes on, 就, then a verb of taking a medicine.
_THEN_TAKES = re.compile(
    r"(?:了|起来|起来了|得(?:很|太|特别|比较)?厉害(?:了)?|的话)?\s?(?:就|才)(?:会)?(?:赶紧|马上|得)?"
    r"(?:吃|喷|用|喝|含|吸|贴|抹|涂|打|上)(?!了|过)"
)


def zh_taken_when(norm: str, end: int) -> bool:
    """The complaint ending at ``end`` of ``norm`` is followed by 就 and a taking verb."""
    return _THEN_TAKES.match(norm, end) is not None
