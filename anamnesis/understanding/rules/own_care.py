"""Sentences that tell of the user's own care even though the assistant asked about the family.

The assistant's last turn stays the context of every later user message, however late: after
"Any heart disease in the family?" the user may answer, and days later write "GP says underactive
thyroid, started levothyroxine" or "гастроэнтеролог сказал СРК, назначил дюспаталин". A clause
that names nobody is read as the family's after a family question; a sentence that names no
person at all and tells of a medicine the user is on, or of what a clinician or a test found,
is the user's news, not an answer about relatives.
"""

from __future__ import annotations

from anamnesis.understanding.rules.segment import Hit

#: Cue categories that name who a sentence is about: a relative, another person, the family.
_ABOUT_SOMEONE = frozenset({"person", "third", "family"})
#: Cue categories of the user's own care: a clinician who says or gives, a start, a switch.
_CARE = frozenset({"doctor", "switch"})


def own_care_sentences(norm: str, hits: list[Hit], spans: list[tuple[int, int, bool]]) -> frozenset[int]:
    """Indices of the sentences (``spans``) whose clauses are the user's own: every sentence of a
    message that names no relative, person or family word and names a medicine or a clinician
    ("holter showed SVT. cardiologist started bisoprolol", "精神科诊断是惊恐障碍，开了赛乐特"); in a
    message that names someone, only the sentences that name no one and such care themselves
    ("我爸六十出头就走了，心梗。血压高好几年了一直吃络活喜5mg")."""
    own: list[int] = []
    named: list[bool] = []
    i, n = 0, len(hits)
    for s_no, (start, end, is_question) in enumerate(spans):
        while i < n and hits[i][0] < start:
            i += 1
        someone = care = False
        while i < n and hits[i][0] < end:
            at, lex = hits[i][0], hits[i][2]
            they = lex.cat == "third" and norm.startswith("they", at)  # the clinic's "they doubled it"
            someone = someone or lex.kind == "relative" or (lex.cat in _ABOUT_SOMEONE and not they)
            care = care or lex.kind == "drug" or lex.cat in _CARE or (lex.cat == "start" and lex.value == "me")
            i += 1
        named.append(someone)
        if care and not someone and not is_question:
            own.append(s_no)
    if own and not any(named):
        return frozenset(range(len(spans)))
    return frozenset(own)


def answers_asked_of_the_user(
    hits: list[Hit], spans: list[tuple[int, int, bool]], asked: frozenset[str], *, family: bool = False
) -> frozenset[int]:
    """Indices of the sentences (``spans``) that name nobody and name only things the turn's earlier
    questions asked the user about (``asked``, their entities): "平时喝酒抽烟吗？有没有肾结石、高血压？
    家里有人痛风吗？" — "肾结石前年有过一次。血压有点高" answers the questions about the user, not the
    one about the family. With ``family``, the things an earlier question asked of the family, and a
    relative may be named ("Any diabetes in the family? When was your last tetanus?" — "yes to
    diabetes, my mum")."""
    own: list[int] = []
    i, n = 0, len(hits)
    for s_no, (start, end, is_question) in enumerate(spans):
        while i < n and hits[i][0] < start:
            i += 1
        someone = False
        named: set[str] = set()
        while i < n and hits[i][0] < end:
            lex = hits[i][2]
            if lex.cat == "self" or not family:
                someone = someone or lex.kind == "relative" or lex.cat in _ABOUT_SOMEONE or lex.cat == "self"
            if lex.cat == "term" and lex.kind not in ("relative", "body_part"):
                named.add(lex.value)
            i += 1
        # a kind of an asked thing is asked too ("type 2 diabetes" after "diabetes?")
        kinds = all(any(e == a or e.endswith(" " + a) for a in asked) for e in named)
        if named and kinds and not someone and not is_question:
            own.append(s_no)
    return frozenset(own)
