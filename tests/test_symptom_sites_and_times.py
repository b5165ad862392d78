"""Symptoms named by where and when they are felt (anatomy.tsv's cheek and jaw, symptoms_own_words.tsv).

- a swollen cheek or jaw is facial swelling, and a later bare "the swelling's gone" ends that one
  ("my jaw is swollen", "щёку раздуло", "腮帮子肿了");
- a rash told with what it looks like is the rash alone ("a blistering rash on my side",
  "сыпь пузырьками", "疱疹样的皮疹"): no blisters beside it;
- belly pain told at the time of the period is dysmenorrhea ("my tummy hurts on my period",
  "на месячных болит живот", "来大姨妈的时候肚子疼");
- the mouth dry and split is cheilitis, not a dry mouth ("嘴干裂", "my mouth is all cracked").
None fires inside a question, of a relative, or in the assistant's text acknowledged with "ok".

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, folded, triples, understand

# fmt: off
NAMED: list[Row] = [
    ("my jaw is swollen and hot since yesterday", None, {("symptoms", "facial swelling", "active")}),
    ("left cheek is swollen, dentist tomorrow", None, {("symptoms", "facial swelling", "active")}),
    ("со вчера щёку раздуло", None, {("symptoms", "facial swelling", "active")}),
    ("с утра опухла щека справа", None, {("symptoms", "facial swelling", "active")}),
    ("拔完牙腮帮子肿得老高", None, {("symptoms", "facial swelling", "active")}),
    ("woke up with a blistering rash on my side", None, {("symptoms", "rash", "active")}),
    ("на боку сыпь пузырьками", None, {("symptoms", "rash", "active")}),
    ("my tummy hurts on my period, every single month", None, {("symptoms", "dysmenorrhea", "active")}),
    ("на месячных болит живот так что не встать", None, {("symptoms", "dysmenorrhea", "active")}),
    ("每次来大姨妈的时候肚子疼", None, {("symptoms", "dysmenorrhea", "active")}),
    ("这几天嘴干裂 喝水也没用", None, {("symptoms", "cheilitis", "active")}),
]

NOT_THE_USERS: list[Row] = [
    ("my sister's cheek is swollen after her filling", None, set()),
    ("у мужа щеку раздуло, что делать?", None, set()),
    ("我女儿来大姨妈肚子疼怎么办", None, set()),
    ("does a blistering rash always mean shingles?", None, set()),
    ("ok", "A swollen cheek after an extraction usually settles in a few days.", set()),
    ("понятно", "При месячных живот болит у многих.", set()),
    ("好的", "来大姨妈肚子疼很常见，可以热敷。", set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NAMED + NOT_THE_USERS)
def test_named_by_site_or_time(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("first", "later"),
    [
        ("my jaw is swollen since the tooth came out", "swelling's gone now"),
        ("щёку раздуло, зуб ноет", "отёк спал"),
        ("腮帮子肿了 牙疼", "消肿了"),
    ],
)
def test_bare_swelling_ends_the_face(first: str, later: str) -> None:
    facts = folded((first, None), (later, None))
    assert facts.get(("symptoms", "facial swelling")) == "resolved"
    assert ("symptoms", "swelling") not in facts
