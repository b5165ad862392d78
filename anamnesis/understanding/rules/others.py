"""Words for "the others" and "the rest", shared by the steps that read them.

:mod:`~anamnesis.understanding.rules.asked_parts` reads them as the asked things not yet answered
("the rest no", "其他都没有"), :mod:`~anamnesis.understanding.rules.answers` as the family's other
members ("家里还有其他人…吗？"), :mod:`~anamnesis.understanding.rules.message` as things other than
the one just named ("别的都不过敏"), :mod:`~anamnesis.understanding.rules.status` as a denial of the
things not named (:func:`denies_the_rest`), and ``endings`` and ``merge`` as "nothing else", which
denies all but what was named (:data:`NOTHING_ELSE`). They live here, below all four, because ``asked_parts``
imports ``answers``: each list is written once, without an import cycle.
"""

from __future__ import annotations

import re

#: Chinese "the others" ("别的", "其他", "其它", "其余").
ZH_OTHERS = "(?:别的|其他|其它|其余)"
#: English "the rest" / "the others" as a noun ("the rest", "others", "other things").
EN_THE_REST = r"\b(?:the )?(?:rest|others|other ones|other things)"


#: "the rest" / "остальное" / "其他" right before a denial, with what may stand between them ("the rest
#: are no", "остального тоже нет", "其他都没有").
_REST_DENIED = re.compile(
    rf"(?:{EN_THE_REST}|(?<![а-яё])остальн[а-яё]*|{ZH_OTHERS})"
    r"[\s,:—-]*(?:(?:are|is|were|тоже|также|всё|все|都|也)\s*)?$"
)


def denies_the_rest(norm: str, cue: int) -> bool:
    """The denial at ``cue`` follows "the rest" ("asthma, the rest no", "гипертония, остального нет",
    "高血压有，其他没有"): it denies the things not named, never the ones the clause names."""
    return _REST_DENIED.search(norm, max(0, cue - 24), cue) is not None


#: "Nothing else", "больше ничего", "别的都没": a denial of everything but what was named.
NOTHING_ELSE = re.compile(
    r"\b(?:nothing|none|no)\s+(?:else|other|more)\b|\bnot\s+(?:anything|taking anything)\s+else\b"
    r"|(?<![а-яё])(?:больше|кроме|другого|другое|ещё|еще)\s+ничего(?![а-яё])"
    r"|(?<![а-яё])ничего\s+(?:больше|другого|кроме|ещё|еще)(?![а-яё])"
    r"|(?:别的|其他|其它)(?:的)?(?:药)?(?:都|也)?(?:没|不)"
)
