"""A reply that the whole family is well: the family history is denied as a whole, not item by item.

"Any diabetes or heart disease in the family?" — "no, nothing runs in the family", "family's pretty
healthy", "не, в семье ничего такого нет", "все крепкие", "没有 家里人都挺健康的": the user speaks of
the whole family, so the answer is the section-wide denial (family_history ``*``), and the items the
question listed are not denied one by one (the labels give the ``*`` alone). A relative's illness
told in the same reply keeps its own fact and no ``*`` is added against it.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.gate import Gated
from anamnesis.understanding.rules.reading import Message
from schemas.sections import SECTION_WIDE

_WELL = Gated(
    re.compile(
        r"\bnothing (?:runs )?in (?:the|my|our) family|\bno family history"
        r"|\b(?:family|everyone|everybody|all of them)(?:'s| is| are)? "
        r"(?:all |pretty |very |quite |generally |really )*(?:healthy|fine|well)\b"
        r"|(?<![а-яё])(?:в семье|в роду|у родных)[^.!?]{0,12}ничего"
        r"|(?<![а-яё])все (?:крепкие|здоровы\w*|живы и здоровы)"
        r"|家里人?都(?:挺|很|还|蛮)?(?:健康|没啥大病|没什么大病|没病)|家里人?(?:都)?没(?:有)?(?:什么|啥)(?:大)?病|都挺健康"
    ),
    ("nothing", "family", "everyone", "everybody", "all of them", "семье", "роду", "родных", "все", "家里", "健康"),
)


def whole_family_well(msg: Message) -> None:
    """After a question about the family, a reply that the family is well denies the section."""
    if msg.asked is None or not msg.asked.family or not _WELL.search(msg.norm):
        return
    family = [f for f in msg.facts if f.section == "family_history"]
    if any(f.status != "confirmed_absent" for f in family):
        return  # "dad had a stroke, otherwise all healthy": the stroke stands, no denial of all
    msg.facts = [f for f in msg.facts if f.section != "family_history"]
    msg.facts.append(Fact(0, 0, -1, "family_history", SECTION_WIDE, "confirmed_absent"))
