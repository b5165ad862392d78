"""A short answer that a complaint is better but still there: "уже меньше, но да", "好点了但还是麻".

To "Желудок до сих пор болит?", "Одышка изменилась?", "脚麻有没有好一点？" or "Is the cough gone?", a
reply that grants some relief and then says the thing goes on ("чуть легче, но есть", "a bit
better but still there", "好点了但还是麻"), or that a little of it remains ("чуть-чуть осталась",
"still a bit", "还有一点"), answers that the asked complaint is present, whatever way the
question was put (a question whether it is gone would otherwise take a "yes" as its end).
"""

from __future__ import annotations

import re

_SPACE = r"[\s,;.—–-]*"
_STILL = {
    "en": re.compile(
        r"(?:(?:it's|its|it is|they're|a bit|a little|a lot|much|way|slightly|somewhat|getting|bit)\s+)*"
        r"(?:better|less|easier|improved|improving|milder|calmer|calming down|settling|fewer)(?:\s+now)?"
        + _SPACE
        + r"(?:but|though)\s+(?:it's |its |it is |they're |they are )?"
        r"(?:still(?: there| here| around| a bit| a little| some| happening| going on| coming)?|not gone"
        r"|not (?:fully|totally|completely|all the way) gone|yes|yeah)"
        r"|(?:still )?(?:a (?:bit|little)|some) (?:left|remaining|still there)|still a (?:bit|little)(?: there)?"
    ),
    "ru": re.compile(
        r"(?:(?:уже|стало|стала|стал|чуть|немного|гораздо|намного|значительно|вроде|по-моему)\s+)*"
        r"(?:меньше|легче|лучше|получше|полегче|реже|слабее|поменьше)"
        + _SPACE
        + r"(?:но|а|однако)\s+(?:(?:вс[её] ещ[её]|ещ[её]|пока|вс[её]-таки|вс[её] же)\s+)*"
        r"(?:да|есть|бывает|бывают|осталась|остался|осталось|остались|беспокоит|беспокоят|не прош\w+|сохраняется)"
        r"|(?:чуть-чуть|чуть|немного|слегка|капельку)\s+(?:ещ[её]\s+)?(?:осталась|остался|осталось|остались)"
    ),
    "zh": re.compile(
        r"(?:好点了|好一点了|好些了|好多了|轻点了|轻一点了|轻些了|减轻了|少了|少点了|少一点了)[\s,，]*"
        r"(?:但是?|可是?|不过|就是)?(?:还是|还|仍然|依然)(?:有点|有一点|有|在)?[\u4e00-\u9fff]{0,2}"
        r"|还(?:是)?有(?:一)?点(?:儿)?"
    ),
}
_TAIL = " .!。！~～…"


def still_there(norm: str, lang: str) -> bool:
    """The whole reply says the asked complaint is better, or mostly gone, but still there."""
    pattern = _STILL.get(lang)
    return pattern is not None and pattern.fullmatch(norm.strip(_TAIL)) is not None


def asked_last(items: tuple[tuple[str, str], ...], named: set[str]) -> tuple[tuple[str, str], ...]:
    """The asked items the question's last clause names (``named``: the canonical names found in
    it), so that advice before it ("注意监测有没有低血糖。脚麻有没有好一点？") is not answered too;
    all of them when the last clause names none by a listed name ("Одышка изменилась?" names it)."""
    last = [item for item in items if item[1] in named]
    return tuple(last) or items


def last_clause(question: str) -> str:
    """The question's last clause ("脚麻有没有好一点？" of "注意监测有没有低血糖。脚麻有没有好一点？")."""
    parts = [p for p in re.split(r"[,.;!?，。；！？]+", question) if p.strip()]
    return parts[-1] if parts else question
