"""Body-part words used in another sense: English "back" names the body only as a noun.

"came back", "bloods back", "put 2kg back on", "headache's back", "back to normal" use "back"
as an adverb, and "the tooth at the back", "the back of my knee" as a place. Read as the body
part, each of them composed a back pain with a pain or ending word of its phrase ("tooth at the
back is killing me", "bloating and the runs are gone and I've put 2kg back on"). The body part
is a noun: after a possessive, a determiner or an adjective of the body ("my back", "lower back",
"a bad back"), or opening its phrase with no adverb's word after it ("back's killing me",
"face and back", but not "back to work"). Russian and Chinese name the back with nouns only
(спина, 背), and their other senses are blocked as everyday words in cues.tsv ("骨头" for 头).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from anamnesis.understanding.rules.segment import Hit

#: Words that make the next "back" a noun: "my back", "his lower back", "a bad back".
_NOUN_BEFORE = re.compile(
    r"\b(?:my|his|her|your|their|our|its|a|no|any|some|of|with|lower|upper|mid|middle|bad|sore|stiff|achy|aching"
    r"|whole|painful|poor|chronic|constant|severe|mild)\s+$"
)
#: "the back" after a preposition is a place ("at the back", "round the back"), not the body.
_PLACE_BEFORE = re.compile(r"\b(?:at|in|to|round|around|from|down|on|up|into|towards?)\s+the\s+$")
_THE_BEFORE = re.compile(r"\bthe\s+$")
#: Where a phrase opens: the message's start, a pause, or "and"/"or" joining two nouns ("face and back").
_OPENS = re.compile(r"(?:^|[.,;:!?()\[\]\-—–~+/]|\b(?:and|or|n|also|plus))\s*$")
#: Words after "back" that make it an adverb even at a phrase's start: "back to normal", "back at work".
_ADVERB_AFTER = re.compile(
    r"\s*(?:to|at|in|on|onto|into|from|up|home|then|again|here|there|out|off|down|together|now|for|with)\b"
)
#: What follows "the back" when it is a place on something: "the back of my head".
_OF_AFTER = re.compile(r"\s+of\b")


def body_back(norm: str, start: int, end: int) -> bool:
    """Whether the English "back" at ``norm[start:end]`` names the body part."""
    before = norm[max(0, start - 24) : start]
    if _OF_AFTER.match(norm, end):
        return False  # "the back of my knee": a place on another part
    if _THE_BEFORE.search(before):
        return not _PLACE_BEFORE.search(before)
    if _NOUN_BEFORE.search(before):
        return True
    return _OPENS.search(before) is not None and not _ADVERB_AFTER.match(norm, end)


#: A found name that opens with the word "back": the part itself or a complaint said of it
#: ("back is killing me", "back's sore").
_OPENS_WITH_BACK = re.compile(r"back(?![a-z])")
#: A complaint named by a compound noun with "back" ("back pain", "back spasms") is the body's wherever it stands.
_COMPOUND = re.compile(r"back\s*(?:pain|ache|aches|spasms?|strain|injury|problems?|issues?|trouble)\b")
_OF_THE_BODY = frozenset({"body_part", "symptom", "injury"})


def without_adverb_backs(norm: str, hits: list[Hit], scan: Callable[[str], list[Hit]]) -> tuple[str, list[Hit]]:
    """``norm`` and its ``hits`` with every English "back" that is an adverb or a place blanked
    out, and the text scanned again: a name that opened with it ("back is killing me") hid the
    words after it, which may be another part's complaint ("tooth at the back is killing me")."""
    if "back" not in norm:
        return norm, hits  # no "back" for _OPENS_WITH_BACK to open with
    adverbs = [
        s
        for s, _, lex in hits
        if lex.kind in _OF_THE_BODY
        and _OPENS_WITH_BACK.match(norm, s)
        and not _COMPOUND.match(norm, s)
        and not body_back(norm, s, s + 4)
    ]
    if not adverbs:
        return norm, hits
    for s in adverbs:
        norm = f"{norm[:s]}    {norm[s + 4 :]}"
    return norm, scan(norm)
