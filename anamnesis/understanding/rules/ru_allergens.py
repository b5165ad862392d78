"""Russian "на лекарства" in an allergy answer: the drugs as allergens, not the drugs one takes.

"На что аллергия?" — "на кошек, на лекарства нет": "на" + a medicines noun names what one
reacts to, so its denial is a denial of drug allergies, never "takes no medicines" (which
would stop every drug the user takes).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

_ON = re.compile(r"(?<![а-я])на\s+$")


def drugs_as_allergens(norm: str, clause: Clause, mentions: list[Mention], allergy_asked: bool) -> None:
    """Turn the medicines noun after "на" into the allergies noun when allergy is the topic."""
    if not (allergy_asked or clause.has("allergy")):
        return
    for m in mentions:
        if m.kind == "noun" and m.entity == "medications" and _ON.search(norm, max(0, m.start - 4), m.start):
            m.entity = "allergies"
