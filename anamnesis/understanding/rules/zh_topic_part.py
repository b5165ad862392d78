"""A Chinese body part said once for several predicates: "头不疼也不晕", "肚子又疼又胀", "胃不疼不胀".

Chinese names the part as the topic and then lists what it does or does not do. The
terminology knows each symptom with its part ("头晕", "肚子胀"), so the first predicate is
found with the part and the next ones, alone ("晕", "胀"), are found as nothing or as a more
general symptom ("痒" itching for "眼睛…痒" itchy eyes). Here every predicate joined to the one
before it (by 也 / 又 / 还 / 不 / 没, a contrast 但是 / 就是, a comma and one of those) is read
with the part of the term before it; the new hit takes the predicate's own span, so the denial or the degree right
before it is read as for any term.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from anamnesis.terminology import load_terminology
from anamnesis.terminology.text import CJK_RE
from anamnesis.understanding.rules.segment import Hit

#: What links the next predicate to the one before: an adverb, or a contrast ("头不疼，就是晕",
#: "胸口不疼，但是有点闷": the part denied one thing and has another).
_LINK = r"也|又|还|都|而且|并且|但是|不过|可是|就是|只是|倒是|但"
#: How the next predicate joins the one before: an optional pause, a link, a denial or a degree
#: ("也不晕", "，又胀", "不胀", "还有点麻", "，但是有点闷").
_JOIN = re.compile(
    rf"[，,、\s]{{0,2}}(?=(?:{_LINK})|(?:不|没有|没)(?!有))"
    rf"(?:{_LINK})?(?:不|没有|没|有点|有些|很|特别|老是|老|总是|总)?"
)
#: The predicate itself: a few Han characters up to a pause or the next link.
_PREDICATE = re.compile(r"[\u4e00-\u9fff]{1,3}?(?=$|[，,、。.!！?？;；\s]|也|又|还|了|得|的|吧|啊)")
#: Parts too short or too general to carry over ("手" in "手术" is no part here).
_NOT_A_TOPIC = frozenset({"身", "心"})


@cache
def _zh_parts() -> frozenset[str]:
    """The Chinese names of body parts (terminology anatomy.tsv)."""
    return frozenset(
        surface
        for term in load_terminology().terms
        if term.kind == "body_part"
        for surface in term.surfaces
        if surface and all("\u4e00" <= ch <= "\u9fff" for ch in surface) and surface not in _NOT_A_TOPIC
    )


def _part_of(surface: str) -> str | None:
    """The body part a symptom's surface starts with ("肚子疼" → "肚子"), longest first."""
    parts = _zh_parts()
    for n in range(len(surface) - 1, 0, -1):
        if surface[:n] in parts:
            return surface[:n]
    return None


def zh_shared_part(norm: str, hits: Sequence[Hit], scan: Callable[[str], list[Hit]]) -> list[Hit]:
    """The hits, with every predicate that shares the body part of the symptom before it read
    as that part's symptom ("头不疼也不晕": dizziness on 晕)."""
    out = list(hits)
    if norm.isascii() or CJK_RE.search(norm) is None:
        return out  # no Chinese part to share (the matcher's hits are in text order already)
    symptoms = sorted((h for h in out if h[2].cat == "term" and h[2].kind == "symptom"), key=lambda h: h[0])
    for start, end, lex in symptoms:
        part = _part_of(norm[start:end])
        if part is None:
            continue
        pos, seen = end, {lex.value}
        while (join := _JOIN.match(norm, pos)) is not None and join.end() > pos:
            pred = _PREDICATE.match(norm, join.end())
            if pred is None:
                break
            found = [
                (s, e, new)
                for s, e, new in scan(part + pred.group())
                if s == 0 and e > len(part) and new.cat == "term" and new.kind == "symptom"
            ]
            if not found:
                break
            _, e, new = max(found, key=lambda h: h[1])
            span = (pred.start(), pred.start() + e - len(part))
            inside = [h for h in out if h[2].cat == "term" and span[0] <= h[0] and h[1] <= span[1]]
            crossing = [
                h for h in out if h[2].cat == "term" and h[0] < span[1] and span[0] < h[1] and h not in inside
            ]
            if crossing or new.value in seen:
                break
            out = [h for h in out if h not in inside]
            out.append((span[0], span[1], new))
            seen.add(new.value)
            pos = span[1]
    out.sort(key=lambda h: (h[0], h[1]))
    return out


#: Where a Chinese reply's predicates open: its start, a pause or a link; then adverbs of time,
#: degree or denial before the predicate ("还肿着", "不肿了", "，疼倒还能忍").
_OPENS = re.compile(rf"[，,、。.!！;；\s]+|{_LINK}")
_ADVERBS = re.compile(r"(?:还是|还|又|也|都|已经|现在|有点|有些|很|特别|不太|不怎么|不|没有|没)*")


def zh_asked_part(norm: str, hits: Sequence[Hit], part: str, scan: Callable[[str], list[Hit]]) -> list[Hit]:
    """The hits of a reply to a question about a body part ("术后膝盖情况怎么样？" — "还肿着，疼倒
    还能忍"), with each bare predicate read as that part's symptom, as zh_shared_part reads the
    predicates after a symptom that named the part."""
    out = list(hits)
    if not part or any(h[2].cat == "term" and h[2].kind in ("symptom", "body_part") for h in out):
        return out
    opens = [0, *(m.end() for m in _OPENS.finditer(norm))]
    for at in dict.fromkeys(opens):
        adverbs = _ADVERBS.match(norm, at)
        start = adverbs.end() if adverbs else at
        pred = _PREDICATE.match(norm, start)
        if pred is None:
            continue
        found = [
            (s, e, new)
            for s, e, new in scan(part + pred.group())
            if s == 0 and e > len(part) and new.cat == "term" and new.kind == "symptom"
        ]
        if not found:
            continue
        _, e, new = max(found, key=lambda h: h[1])
        span = (start, start + e - len(part))
        if any(h[0] < span[1] and span[0] < h[1] and h[2].cat == "term" for h in out):
            continue
        out.append((span[0], span[1], new))
    out.sort(key=lambda h: (h[0], h[1]))
    return out
