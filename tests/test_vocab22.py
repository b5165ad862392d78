"""Vocabulary at the breadth patients use (issue 11): names the labels write, and the siblings of
each concept a patient would type in London, Moscow or Shanghai.

Canonicals follow the terminology README: the name annotators write most often (``gingival
bleeding``, ``epistaxis``, ``melena``, ``hemoptysis``: the plain medical name), a narrower concept
the labels name on its own as its own row (``shrimp`` beside ``shellfish``, ``elevated hba1c``
beside ``hyperglycemia``, ``incomplete bladder emptying`` and ``post-micturition dribbling`` beside
``weak urinary stream``). Every sentence is new, written for this test (none is from the gold,
dev, validation or blind sets).
"""

from __future__ import annotations

import pytest

from anamnesis.terminology import load_terminology
from tests.test_rules_backend import Triple, triples, understand


def _facts(text: str, context: str | None = None) -> set[Triple]:
    return triples(understand(text, context))


# fmt: off
#: names as the labels write them, and the narrower concepts split off a broader row
NAMED: list[tuple[str, str | None, Triple]] = [
    ("my gums have been bleeding every time i floss", None, ("symptoms", "gingival bleeding", "active")),
    ("десны кровят уже неделю, особенно по утрам", None, ("symptoms", "gingival bleeding", "active")),
    ("最近牙龈老出血，刷牙的时候更明显", None, ("symptoms", "gingival bleeding", "active")),
    ("I keep getting nosebleeds when the heating is on", None, ("symptoms", "epistaxis", "active")),
    ("I coughed up blood twice this morning", None, ("symptoms", "hemoptysis", "active")),
    ("大便黑得像柏油一样，已经两天了", None, ("symptoms", "melena", "active")),
    ("I threw up blood after the party last night", None, ("symptoms", "hematemesis", "active")),
    ("my last a1c was high so they doubled the metformin", None, ("diagnoses", "elevated hba1c", "active")),
    ("эндокринолог сказал, что гликированный гемоглобин повышен", None, ("diagnoses", "elevated hba1c", "active")),
    ("上个月查的糖化偏高，医生让我少吃主食", None, ("diagnoses", "elevated hba1c", "active")),
    ("体检说空腹血糖偏高，还没到糖尿病", None, ("diagnoses", "elevated fasting glucose", "active")),
    ("у меня ощущение неполного опорожнения мочевого пузыря", None, ("symptoms", "incomplete bladder emptying", "active")),
    ("老是尿不尽，上完厕所还想去", None, ("symptoms", "incomplete bladder emptying", "active")),
    ("i get some dribbling after i pee and it's embarrassing", None, ("symptoms", "post-micturition dribbling", "active")),
    ("年纪大了，尿后滴沥，内裤老是湿的", None, ("symptoms", "post-micturition dribbling", "active")),
    ("I've had some bleeding between periods this month", None, ("symptoms", "intermenstrual bleeding", "active")),
    ("вторую неделю мажет между месячными", None, ("symptoms", "intermenstrual bleeding", "active")),
    ("这个月经间期出血了两次", None, ("symptoms", "intermenstrual bleeding", "active")),
    ("I'm allergic to prawns, my lips swell up", None, ("allergies", "shrimp", "active")),
    ("у меня аллергия на креветки", None, ("allergies", "shrimp", "active")),
    ("我对虾过敏，一吃就起疹子", None, ("allergies", "shrimp", "active")),
    ("my sister has liver disease from hepatitis", None, ("family_history", "liver disease", "active")),
    ("у мамы проблемы с щитовидкой", None, ("family_history", "thyroid disease", "active")),
    ("我爸爸甲状腺有问题，吃了好几年药", None, ("family_history", "thyroid disease", "active")),
    ("мой дядя внезапно умер от остановки сердца в 45", None, ("family_history", "sudden cardiac death", "active")),
    ("我舅舅四十多岁就猝死了", None, ("family_history", "sudden cardiac death", "active")),
    ("尿路感染的时候吃三金片挺管用", None, ("medications", "sanjin", "active")),
    ("便秘了就吃几粒麻仁丸", None, ("medications", "maren", "active")),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NAMED)
def test_named_as_the_labels_name_it(text: str, context: str | None, expected: Triple) -> None:
    assert expected in _facts(text, context)


@pytest.mark.parametrize(
    ("old", "new"),
    [("gum bleeding", "gingival bleeding"), ("nosebleed", "epistaxis"), ("black stools", "melena"),
     ("coughing up blood", "hemoptysis"), ("difficulty swallowing", "dysphagia"), ("indigestion", "dyspepsia")],
)
def test_a_renamed_canonical_keeps_its_old_name_as_a_form(old: str, new: str) -> None:
    assert load_terminology().canonical(old) == new
