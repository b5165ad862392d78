"""A medicine whose dose the message changes is taken: a change of dose is no stop and no denial.

"none since the team cut my lantus to 16 units", "not had one since they upped the propranolol
to 80", "кардиолог крестор увеличила до 20, холестерин не дотягивал", "来得时减到16个单位，就没再
低过": the denial or ending of the clause is of the lows, the cholesterol, the hypos; the drug
the change names goes on at its new dose. Reading it as stopped would show an insulin or a
statin as given up. A stop told of the drug after its change ("cut the pred to 5mg and stopped it
yesterday", "снизили преднизолон до 5, потом отменили", "泼尼松减到5mg，后来停了") is a stop: an
ending after the change that names nothing else of its own keeps the drug stopped, and so does
taking told as ended or denied after it ("сейчас его не колю", "以后我就不吃了", "就没吃了").
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.referring import changed_doses
from anamnesis.understanding.rules.segment import Hit
from schemas.sections import CONFIRMED_ABSENT, LAST_DISCUSSED, SECTION_WIDE

SECTION = "medications"
#: What may stand between a drug and the change verb after it ("крестор увеличила до 20", "лантус
#: мне снизили", "来得时减到16"): a few words, no pause.
_BEFORE_VERB = re.compile(r"[^,，;；.。!！?？:：—–]{0,16}")
#: A Chinese verb right after an ending that is not one of taking a medicine ("没再低过", "不疼了"):
#: the ending is of that complaint ("没再吃", "停了" stay the drug's).
_ZH_OWN_VERB = re.compile(r"(?![吃用打服喝涂抹喷贴了药])[\u4e00-\u9fff]")
#: Taking told as ended or denied after the change: "его не колю", "больше не пью", "以后我就不吃了",
#: "就没吃了", "not taking it", "stopped it".
_NOT_TAKEN = re.compile(
    r"(?<![а-яё])(?:не|больше не|уже не|перестал\w*)\s+(?:\w+\s+)?(?:кол\w*|пь\w*|пил\w*|приним\w*|ем|ест)(?![а-яё])"
    r"|(?:不|没|没有|别|停)(?:再|在)?(?:吃|用|打|服|喝|注射)"
    r"|\b(?:not|no longer|never|stopped|quit|don't|dont|didn't|didnt|off)\s+(?:\w+\s+)?"
    r"(?:tak\w*|us\w*|on\s+it|it|them|inject\w*)\b"
)
#: What closes the phrase of an ending after the change.
_PAUSE = re.compile(r"[,，;；.。!！?？:：—–]")


def _object_of(norm: str, lang: str, hits: list[Hit], f: Fact, change: tuple[int, int, str]) -> bool:
    """The drug ``f`` is what the change at ``change`` is of: inside it ("cut my lantus to 16", "увеличила
    крестор до 20") or, in Russian and Chinese, right before its verb with no cue or name between
    ("крестор увеличила до 20", "来得时减到16个单位"; not "эналаприл отменили и лозартан увеличили до 100")."""
    start, end, _ = change
    if start <= f.start < end:
        return True
    return (
        lang != "en"
        and f.end <= start
        and _BEFORE_VERB.fullmatch(norm, f.end, start) is not None
        and not any(f.end <= s < start for s, _, _ in hits)
    )


def _stopped_after(norm: str, hits: list[Hit], facts: list[Fact], f: Fact, change_end: int, until: int) -> bool:
    """An ending after the change, in the drug's sentence, whose phrase names no other fact: it is
    said of the drug ("..., and stopped it yesterday", "..., потом отменили", "..., 后来停了"); so is
    a switch after the change, which the switch rules read."""
    for s, e, lex in hits:
        if lex.cat in ("switch", "instead") and change_end <= s < until:
            return True  # "立普妥加到40以后腿酸 医生给换成可定了": raised, then switched away from
        if lex.cat != "end" or not change_end <= s < until:
            continue
        if _ZH_OWN_VERB.match(norm, e):
            continue  # "没再低过": the ending's verb is the lows', not taking the drug
        pause = _PAUSE.search(norm, e, until)
        closes = pause.start() if pause else until
        if not any(o is not f and e <= o.start < closes for o in facts):
            return True
    return False


def changed_is_taken(
    facts: list[Fact], norm: str, lang: str, hits: list[Hit], spans: list[tuple[int, int, bool]]
) -> None:
    """Make a stopped or denied medication whose dose the message changes (:func:`changed_doses`,
    a change not still to come) taken, unless an ending after the change is said of it."""
    held = [
        f
        for f in facts
        if f.section == SECTION
        and f.status in ("stopped", CONFIRMED_ABSENT)
        and f.entity not in (SECTION_WIDE, LAST_DISCUSSED)
        and 0 <= f.sentence < len(spans)
    ]
    if not held:
        return  # no medicine stopped or denied (most messages): no change is looked for
    changes = changed_doses(norm, lang)
    for f in held:
        change = next((c for c in changes if _object_of(norm, lang, hits, f, c)), None)
        if change is None:
            continue
        until = spans[f.sentence][1]
        if f.status == "stopped" and _stopped_after(norm, hits, facts, f, change[1], until):
            continue
        if _NOT_TAKEN.search(norm, change[1], until):
            continue  # "Лантус снизили до 16, сейчас его не колю", "减到5mg以后就没吃了": a stop after the change wins
        f.status = "active"
