"""Phrases that hold a count: "两个月没来月经", "no period for 3 months", "не было месячных 3 месяца".

Some complaints are named by how long something has not happened: a period missed for months
is amenorrhea, where "this month's is late" is not. The count sits inside the phrase, so a data
file marks its place with ``{N}`` and every count of the form's script fills it: the numbers two
to twelve as digits and as words, and the vague counts ("几", "a few", "несколько"). One, the
singular, is left out on purpose: a period a month late is late, not absent.
"""

from __future__ import annotations

from anamnesis.terminology.text import CJK_RE, CYRILLIC_RE

#: Where a count may stand inside a phrase of a data file.
COUNT = "{N}"

_DIGITS: tuple[str, ...] = tuple(str(n) for n in range(2, 13))
_COUNTS: dict[str, tuple[str, ...]] = {
    "zh": ("两", "二", "三", "四", "五", "六", "七", "八", "九", "十", "几", "好几", "两三", "三四", "四五", "五六", *_DIGITS),
    "ru": ("два", "две", "три", "четыре", "пять", "шесть", "несколько", *_DIGITS),
    "en": ("two", "three", "four", "five", "six", "several", "a few", "few", "couple of", "a couple of", *_DIGITS),
}


def count_forms(written: str) -> list[str]:
    """The phrase with each count of its script in its ``{N}``; ``[]`` without one."""
    if COUNT not in written:
        return []
    if written.count(COUNT) > 1:
        raise ValueError(f"{written!r}: one {COUNT} per phrase")
    lang = "zh" if CJK_RE.search(written) else "ru" if CYRILLIC_RE.search(written) else "en"
    return [written.replace(COUNT, count) for count in _COUNTS[lang]]
