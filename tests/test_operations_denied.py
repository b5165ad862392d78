"""To "Any operations?", an illness is its operation only when the reply does not deny operations.

"没做过手术，就是有子宫肌瘤": no operation; the fibroids are an illness of today, not a myomectomy.
A reply that names its illness alone, or "no" followed by "only ..." ("нет, только аппендицит"),
still reads the illness as its operation.
"""

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "context", "illness", "operation"),
    [
        ("没做过手术，就是有子宫肌瘤，不大，每年复查", "做过手术吗？", "uterine fibroids", "myomectomy"),
        ("没做过手术，就是有疝气", "做过手术吗？", "hernia", "hernia repair"),
        ("операций не было, только миома матки, наблюдаюсь", "Операции были?", "uterine fibroids", "myomectomy"),
        ("no operations, just fibroids, they keep an eye on them", "Any operations?", "uterine fibroids", "myomectomy"),
        ("no surgeries, only a hernia that they're watching", "Any operations?", "hernia", "hernia repair"),
    ],
)
def test_an_illness_beside_a_denial_of_operations_is_an_illness(text, context, illness, operation):
    got = triples(understand(text, context))
    assert ("diagnoses", illness, "active") in got
    assert not any(s == "surgeries" and st == "historical" for s, _, st in got)
    assert operation not in {e for _, e, _ in got}


@pytest.mark.parametrize(
    ("text", "context", "operation"),
    [
        ("appendicitis at 12", "Any operations?", "appendectomy"),
        ("аппендицит в 15 лет", "Операции были?", "appendectomy"),
        ("阑尾炎，十几岁的时候", "做过手术吗？", "appendectomy"),
        ("子宫肌瘤", "做过手术吗？", "myomectomy"),
        ("no surgeries except the appendix out at 12", "Any operations?", "appendectomy"),
        ("没做过别的手术，就是阑尾切了", "做过手术吗？", "appendectomy"),
    ],
)
def test_an_illness_answering_operations_is_still_its_operation(text, context, operation):
    assert ("surgeries", operation, "historical") in triples(understand(text, context))
