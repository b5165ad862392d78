"""A habit only tried to stop, or cut down, goes on: no stop.

"烟一天半包，戒过两次没戒掉", "tried to quit twice but couldn't", "пыталась бросить два раза, не
получилось": the quitting verb is there, but the attempt failed. "cut the beer down to weekends,
used to be every night", "стал меньше курить, раньше пачка в день", "酒少喝了，以前天天喝": the habit
is smaller, not gone ("used to", "раньше", "以前" tell how it was). In a sentence that says so,
and that quits nothing outside that phrase, a habit read as stopped is still active.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact

_FAILED = {
    "en": re.compile(
        r"\btried (?:to )?(?:quit|stop|give up|giving up|quitting|stopping)\b[^.!?]{0,50}?"
        r"\b(?:couldn'?t|could not|didn'?t (?:work|last|stick)|failed|back on|started again|relapsed)"
        r"|\b(?:can'?t|cannot|couldn'?t|could not|never managed to)\s+(?:quit|stop|give (?:it )?up)\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:пыта\w*|пробова\w*)\s+(?:[а-яё]+\s+){0,2}?бросить[^.!?]{0,50}?"
        r"(?:не получ\w*|не вышло|сорвал\w*|безуспешно|не смог\w*|не могу)"
        r"|(?<![а-яё])(?:не (?:могу|смог|смогла|получается|получилось|выходит))\s+бросить"
    ),
    "zh": re.compile(
        r"戒过[^，。,.！!？?]{0,6}?(?:没戒掉|没戒成|没成功|失败|又抽上|又开始)|没戒掉|没戒成|戒不掉|戒不了|戒了又抽"
    ),
}
_CUT_DOWN = {
    "en": re.compile(
        r"\bcut (?:\w+ ){0,3}?(?:down|back)\b|\bcutting (?:\w+ ){0,2}?(?:down|back)\b"
        r"|\b(?:drink|smoke|drinking|smoking)\s+(?:a lot |much |way )?less\b"
    ),
    "ru": re.compile(
        r"(?<![а-яё])(?:сократил\w*|уменьшил\w*|стал\w* меньше|меньше (?:стал\w* )?(?:пью|курю|пить|курить))"
    ),
    "zh": re.compile(r"少(?:喝|抽)了|(?:喝|抽)得少了|减少了|(?:喝|抽)少了"),
}
#: A quitting verb of its own: what a failed or smaller habit does not say outside its phrase.
_QUITS = re.compile(
    r"\b(?:quit|stopped|gave up|given up|packed in)\b|(?<![а-яё])(?:бросил\w*|завязал\w*|перестал\w*)|戒了|戒掉了"
)


def failed_stops_go_on(facts: list[Fact], norm: str, lang: str, spans: list[tuple[int, int, bool]]) -> list[Fact]:
    """Habits read as stopped in a sentence that only tried to quit them or cut them down: active."""
    failed, cut = _FAILED.get(lang), _CUT_DOWN.get(lang)
    stopped = [f for f in facts if f.section == "lifestyle" and f.status == "stopped"]
    if failed is None or cut is None or not stopped:
        return facts
    for n, (start, end, _) in enumerate(spans):
        said = failed.search(norm, start, end) or cut.search(norm, start, end)
        if said is None:
            continue
        rest = norm[start : said.start()] + " " + norm[said.end() : end]
        if _QUITS.search(rest):
            continue  # "cut down on beer and quit smoking": a quit of its own
        for f in stopped:
            if f.sentence == n:
                f.status = "active"
    return facts
