"""Chinese symptom phrases that patients split with a degree or frequency word.

A patient writes 胸闷 as often as 胸有点闷, 胸口很闷 or 头老是晕: the body part and the feeling
with an adverb between them. The matcher finds listed phrases only, so a data file marks the
place such a word may go with ``…`` (``胸…闷``) and every filled form becomes a lookup key:
the joined phrase (胸闷) as written, and one generated key per adverb. Negations (不, 没) are
deliberately not adverbs here: 胸不闷 must never read as 胸闷; nor is the modal 会 (头会晕吗,
吃了会心慌): what may happen is not a symptom.
"""

from __future__ import annotations

#: Where an adverb may stand inside a Chinese phrase of a data file.
SLOT = "…"

#: Degree, frequency and onset adverbs patients put between a body part and what it feels, and the
#: manner words of a pain (火辣辣的, 隐隐, 针扎一样).
ADVERBS: tuple[str, ...] = (
    "有点",
    "有点儿",
    "有一点",
    "有一点儿",
    "有些",
    "稍微",
    "稍稍",
    "略",
    "很",
    "挺",
    "好",
    "蛮",
    "太",
    "真",
    "特别",
    "非常",
    "十分",
    "比较",
    "明显",
    "更",
    "越来越",
    "老",
    "老是",
    "总",
    "总是",
    "经常",
    "常常",
    "时常",
    "一直",
    "有时",
    "有时候",
    "偶尔",
    "时不时",
    "时而",
    "还",
    "还是",
    "也",
    "又",
    "都",
    "阵阵",
    "一阵阵",
    "一阵一阵",
    "突然",
    "就",
    "感觉",
    "觉得",
    "倒",
    "倒是",
    "还有点",
    "还是有点",
    "也有点",
    # two adverbs in a row, as patients stack them: a time or frequency word, then the degree
    "有点点",
    "稍微有点",
    "稍微有些",
    "稍有点",
    "稍有些",
    "又有点",
    "一直有点",
    "一直都",
    "总是有点",
    "总有点",
    "老是有点",
    "老有点",
    "经常有点",
    "常常有点",
    "时不时有点",
    "有时候有点",
    "有时有点",
    "偶尔有点",
    "最近",
    "最近有点",
    "最近老是",
    "最近总是",
    "最近一直",
    "这几天",
    "这几天有点",
    # how it hurts, said between what hurts and the pain word (尿的时候火辣辣的疼, 胃隐隐地痛)
    "火辣辣",
    "火辣辣的",
    "火辣辣地",
    "隐隐",
    "隐隐的",
    "隐隐地",
    "针扎一样",
    "针扎似的",
    "像针扎一样",
    "刀割一样",
    "像刀割一样",
    "一抽一抽的",
    "一抽一抽地",
    "一跳一跳的",
    "一跳一跳地",
    "一阵一阵地",
    "钻心地",
    "钻心的",
)


def slot_forms(written: str) -> list[str]:
    """The phrase with its slot removed, then with each adverb in it; ``[]`` without a slot."""
    if SLOT not in written:
        return []
    head, sep, tail = written.partition(SLOT)
    if not head or not tail or SLOT in tail:
        raise ValueError(f"{written!r}: one {SLOT} between two parts of the phrase")
    return [head + tail, *(head + adverb + tail for adverb in ADVERBS)]
