"""Symptoms found in the sense their words have in the sentence, named as the labels name them.

- a body-part word that is no body part names no complaint: English "back" as an adverb ("came
  back", "put 3kg back on", "bloods back") or a place ("the tooth at the back")
  (``part_senses.body_back``);
- a pain or ending word beside a named complaint is that complaint's, not a body part's farther
  on: "painful rash on my back" is a rash, "cough is gone and my chest feels fine" ends the cough
  (``mentions._claimed``);
- a quality said of a body part names that part's symptom: dry eyes, cracked lips (cheilitis), red
  eyes (eye redness), a blocked nose or ear (``mentions._qualities``, anatomy.tsv's dry, red and
  blocked columns);
- a word whose sense its neighbours decide (``senses``, ``data/senses.tsv``): "cramps" beside
  bloating or loose stools are the belly's; "грудь", "胸" beside mastitis are the breast;
- a complaint that "went" ("nausea went after a week") is over (``en_went``), and so is one told
  over in more everyday words ("constipation's sorted", "кашель утих"); an episode the user "had"
  on a past weekday is over (``endings._EN_PAST_TIME``);
- words of a function working again end the known complaint they tell of even beside other
  complaints in the message ("сплю уже нормально, голова не болит"), and make no complaint the
  user never had (``back_to_normal.with_back_to_normal``).

Each row is (message, the assistant turn before it, the (section, entity, status) it must yield,
those it must not). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, triples, understand

Triple = tuple[str, str, str]
Row = tuple[str, str | None, set[Triple], set[Triple]]

# fmt: off
OTHER_SENSE: list[Row] = [
    ("the tooth at the back really hurts", None,
     {("symptoms", "toothache", "active")}, {("symptoms", "back pain", "active")}),
    ("swelling's down and I've put 3kg back on", None,
     {("symptoms", "swelling", "resolved")}, {("symptoms", "back pain", "resolved")}),
    ("results back today, the headaches came back too", None,
     {("symptoms", "headache", "active")}, {("symptoms", "back pain", "active")}),
    ("my back is killing me since the move", None, {("symptoms", "back pain", "active")}, set()),
    ("no fever and no back pain", None, {("symptoms", "back pain", "confirmed_absent")}, set()),
    # the same sentences' kind in Russian and Chinese: the back is where a rash is, no complaint
    ("сыпь на спине, чешется", None, {("symptoms", "rash", "active")}, {("symptoms", "back pain", "active")}),
    ("后背上起了一片疹子", None, {("symptoms", "rash", "active")}, {("symptoms", "back pain", "active")}),
]

CLAIMED_CUES: list[Row] = [
    ("painful itchy rash across my chest since sunday", None,
     {("symptoms", "rash", "active")}, {("symptoms", "chest pain", "active")}),
    ("cough is gone and my chest feels fine", None,
     {("symptoms", "cough", "resolved")}, {("symptoms", "chest pain", "resolved")}),
    ("my knee is swollen and painful", None, {("symptoms", "knee pain", "active")}, set()),
    ("болезненная сыпь на груди", None, {("symptoms", "rash", "active")}, {("symptoms", "chest pain", "active")}),
    ("胸口起了一片很疼的疹子", None, {("symptoms", "rash", "active")}, {("symptoms", "chest pain", "active")}),
]

QUALITIES: list[Row] = [
    ("my lips are really dry and cracked on this acne pill", None, {("symptoms", "cheilitis", "active")}, set()),
    ("eyes so red after the new drops", None, {("symptoms", "eye redness", "active")}, set()),
    ("left ear feels blocked since the flight", None, {("symptoms", "ear fullness", "active")}, set()),
    ("eyes aren't dry anymore", None, {("symptoms", "dry eyes", "resolved")}, {("symptoms", "eye pain", "resolved")}),
    ("глаза сухие и красные к вечеру", None,
     {("symptoms", "dry eyes", "active"), ("symptoms", "eye redness", "active")}, set()),
    ("нос совсем не дышит уже неделю", None, {("symptoms", "nasal congestion", "active")}, set()),
    ("眼睛发红 鼻子一直堵着", None,
     {("symptoms", "eye redness", "active"), ("symptoms", "nasal congestion", "active")}, set()),
    ("眼睛干涩 看手机就难受", None, {("symptoms", "dry eyes", "active")}, set()),
    ("a glass of red wine with dinner", None, set(), {("symptoms", "eye redness", "active")}),
]

NEIGHBOURS: list[Row] = [
    ("coeliac they think. cramps and bloating after bread", None,
     {("symptoms", "abdominal cramps", "active"), ("symptoms", "bloating", "active")},
     {("symptoms", "muscle cramps", "active")}),
    ("cramping and diarrhoea since the curry", None, {("symptoms", "abdominal cramps", "active")}, set()),
    ("cramps in my calves every night", None, {("symptoms", "muscle cramps", "active")}, set()),
    ("спазмы и вздутие после молока", None, {("symptoms", "abdominal pain", "active")},
     {("symptoms", "muscle cramps", "active")}),
    ("лактационный мастит, грудь болит и горячая", None, {("symptoms", "breast pain", "active")},
     {("symptoms", "chest pain", "active")}),
    ("грудь болит когда поднимаюсь по лестнице", None, {("symptoms", "chest pain", "active")}, set()),
    ("医生说是乳腺炎 胸疼得厉害", None, {("symptoms", "breast pain", "active")},
     {("symptoms", "chest pain", "active")}),
    ("爬楼的时候胸疼", None, {("symptoms", "chest pain", "active")}, set()),
]

ENDINGS: list[Row] = [
    ("the nausea went after about ten days", None, {("symptoms", "nausea", "resolved")}, set()),
    ("headache went overnight thankfully", None, {("symptoms", "headache", "resolved")}, set()),
    ("my headache went to the back of my neck", None, {("symptoms", "headache", "active")}, set()),
    ("diarrhoea's sorted now", None, {("symptoms", "diarrhea", "resolved")}, set()),
    ("had a seizure friday night, first in a year", None, {("symptoms", "seizure", "resolved")}, set()),
    ("кашель утих за неделю", None, {("symptoms", "cough", "resolved")}, set()),
    ("тошнота прошла через пару дней", None, {("symptoms", "nausea", "resolved")}, set()),
    ("恶心过了几天就没了", None, {("symptoms", "nausea", "resolved")}, set()),
    ("身上也不酸了", None, {("symptoms", "muscle pain", "resolved")}, set()),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "wanted", "unwanted"), OTHER_SENSE + CLAIMED_CUES + QUALITIES + NEIGHBOURS + ENDINGS
)
def test_symptom_in_its_sense(text: str, context: str | None, wanted: set[Triple], unwanted: set[Triple]) -> None:
    found = triples(understand(text, context))
    assert wanted <= found, f"{text!r}: {found}"
    assert not unwanted & found, f"{text!r}: {found}"


# (the earlier message, the later one, the insomnia's status after both: None for no such fact)
BACK_TO_NORMAL_BESIDE: list[tuple[str, str, str | None]] = [
    ("I can't sleep at night, lying awake for hours", "sleeping fine now, but I get headaches", "resolved"),
    ("не могу уснуть по ночам", "сплю уже нормально, голова не болит", "resolved"),
    ("晚上睡不着", "能睡着了 头也不疼了", "resolved"),
    ("my head hurts", "sleeping fine, head still hurts", None),
]


# Words that tell of a complaint the message names end that one only: no held ending of its siblings.
TELLS_OF_NAMED: list[tuple[str, str | None, set[Triple]]] = [
    ("the swelling has gone down", "Is the ankle swelling any better?", {("symptoms", "ankle swelling", "resolved")}),
    ("ноги больше не отекают", None, {("symptoms", "leg swelling", "resolved")}),
    ("膝盖不肿了", None, {("symptoms", "knee swelling", "resolved")}),
]


@pytest.mark.parametrize(("text", "context", "wanted"), TELLS_OF_NAMED)
def test_words_of_a_named_complaint_end_only_it(text: str, context: str | None, wanted: set[Triple]) -> None:
    found = triples(understand(text, context))
    assert wanted <= found, f"{text!r}: {found}"
    assert not {t for t in found if t[1].startswith("^")}, f"{text!r}: {found}"


@pytest.mark.parametrize(("earlier", "later", "status"), BACK_TO_NORMAL_BESIDE)
def test_back_to_normal_beside_other_complaints(earlier: str, later: str, status: str | None) -> None:
    assert folded((earlier, None), (later, None)).get(("symptoms", "insomnia")) == status
