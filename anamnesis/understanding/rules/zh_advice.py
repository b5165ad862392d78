"""Chinese advice and tests: what someone tells the user to do is not yet done, a tested drug not taken.

"医生说是咽炎，让多喝水", "社区医生让我打肺炎疫苗", "大夫建议我戒烟": a habit, a vaccine or an
operation after 让 / 叫 / 建议 / 嘱咐 is what the user was told to do, not what the user does or
had. It stays a topic of the message (its section is touched) but states no fact. A completion
after it ("让我打了流感疫苗") says it was done. Medicines are not advice here: "医生让吃阿司匹林"
is how Chinese users say a drug was prescribed, and the labels count it as taken.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.mentions import Mention
from anamnesis.understanding.rules.segment import Clause

#: Who tells the user to do something: 让 / 叫 / 建议 / 嘱咐 / 要求 / 劝, with or without 我; or what
#: a clinician says the user must not do ("医生说三个月不能打球", "大夫说别喝酒"): a rule, not a habit.
_ADVISE = re.compile(
    r"(?:让|叫|建议|嘱咐|嘱|要求|劝)(?:我|您|你)?"
    r"|(?:医生|大夫|医师|专家|护士)[^，。,.!?！？]{0,4}?说[^，。,.!?！？]{0,8}?(?:不能|不可以|不要|不准|禁止|别)"
)
#: Kinds that advice can name without the user having done it (the English and Russian advice's too).
ADVISED_KINDS = frozenset({"lifestyle", "vaccine", "procedure"})
#: A completion after the advice: it was followed ("让我打了", "叫我做过").
_DONE = re.compile(r"了|过")


def advised(norm: str, clause: Clause, mentions: list[Mention], since: int) -> tuple[list[Mention], list[Mention]]:
    """(mentions that are facts, mentions that are only advice) of a Chinese clause; ``since``:
    where its sentence starts, as advice reaches over commas ("让我多运动，少吃盐") until the user
    speaks of themselves again ("..., 我现在每天走路")."""
    if not any(m.kind in ADVISED_KINDS for m in mentions):
        return mentions, []
    advice = _ADVISE.search(norm, clause.start, clause.end)
    if advice is None and not clause.has("self"):
        advice = _last(norm, since, clause.start)
    if advice is None or _DONE.search(norm, advice.end(), clause.end):
        return mentions, []
    kept = [m for m in mentions if not (m.kind in ADVISED_KINDS and m.start >= advice.end())]
    return kept, [m for m in mentions if m not in kept]


def _last(norm: str, start: int, end: int) -> re.Match[str] | None:
    found = None
    for found in _ADVISE.finditer(norm, start, end):  # noqa: B007 - the last one is wanted
        pass
    return found


#: A prohibition right before a drug: "别吃布洛芬", "不要再用扶他林", "医生说别喝中药".
_DONT_TAKE = re.compile(r"(?:别|不要|不用|甭)再?(?:吃|用|服|服用|喝|贴|抹|打)$")


#: A change of state after the drug: "让我别吃阿司匹林了" stops the user's aspirin, it is no advice.
_NOW_STOPPED = re.compile(r"[^，。,.!！?？]{0,4}?了")


def forbidden_drugs(norm: str, mentions: list[Mention]) -> tuple[list[Mention], list[Mention]]:
    """(mentions that are facts, drugs the user is only told not to take): "医生说别吃布洛芬这类" is
    advice about ibuprofen, neither taken nor a denial of the user's own ("别吃阿司匹林了" is a stop)."""
    told = [
        m
        for m in mentions
        if m.kind == "drug"
        and _DONT_TAKE.search(norm, max(0, m.start - 6), m.start)
        and not _NOW_STOPPED.match(norm, m.end)
    ]
    return [m for m in mentions if m not in told], told


#: A drug right before 皮试 is skin-tested, not taken ("青霉素皮试阴性").
_SKIN_TEST = re.compile(r"\s*(?:做了|做过|做的)?\s*皮试")


def skin_tested(norm: str, clause: Clause, mentions: list[Mention]) -> list[Mention]:
    """Without the drugs the clause only skin-tests: a test is no medicine taken (what the test
    showed of an allergy, "不过敏" / "阳性", is the allergy clause's to say)."""
    if "皮试" not in norm or clause.has("allergy"):
        return mentions
    return [m for m in mentions if not (m.kind == "drug" and _SKIN_TEST.match(norm, m.end))]
