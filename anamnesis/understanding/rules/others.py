"""Words for "the others" and "the rest", shared by the steps that read them.

:mod:`~anamnesis.understanding.rules.asked_parts` reads them as the asked things not yet answered
("the rest no", "其他都没有"), :mod:`~anamnesis.understanding.rules.answers` as the family's other
members ("家里还有其他人…吗？") and :mod:`~anamnesis.understanding.rules.message` as things other than
the one just named ("别的都不过敏"). They live here, below all three, because ``asked_parts``
imports ``answers``: the list is written once without an import cycle.
"""

from __future__ import annotations

#: Chinese "the others" ("别的", "其他", "其它", "其余").
ZH_OTHERS = "(?:别的|其他|其它|其余)"
#: English "the rest" / "the others" as a noun ("the rest", "others", "other things").
EN_THE_REST = r"\b(?:the )?(?:rest|others|other ones|other things)"
