"""A whole removal with no object takes out the organ its sentence named before ("乳腺癌 左边全切了").

A bare removal may have taken a lump ("乳房里有个肿块，切了") and stays no operation; a relative's
cancer, removed, is no operation of the user's.
"""

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "context", "operation", "illness"),
    [
        ("三年前乳腺癌 左边全切了 现在每天吃三苯氧胺", None, "mastectomy", "breast cancer"),
        ("甲状腺癌做了全切，现在吃优甲乐", "做过手术吗？", "thyroidectomy", "thyroid cancer"),
        ("рак щитовидки, удалили целиком, теперь пью эутирокс", None, "thyroidectomy", "thyroid cancer"),
        ("thyroid cancer, it was completely removed, now on levothyroxine", None, "thyroidectomy", "thyroid cancer"),
    ],
)
def test_a_whole_removal_is_the_named_organs(text, context, operation, illness):
    got = triples(understand(text, context))
    assert ("surgeries", operation, "historical") in got
    assert any(e == illness and st == "active" for _, e, st in got)  # the cancer stays told


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("乳房里有个肿块，切了", None),
        ("had a lump in my breast, removed", None),
        ("妈妈乳腺癌，全切了", None),
        ("у мамы рак груди, удалили целиком", None),
        ("my mum had breast cancer, it was completely removed", None),
    ],
)
def test_no_organ_removal_without_a_whole_removal_of_ones_own(text, context):
    got = triples(understand(text, context))
    assert not any(s == "surgeries" and e in ("mastectomy", "thyroidectomy") for s, e, _ in got)
