"""A bare abscess the user has is named by the one site its message names (rules.named_by_site).

"the dentist says it's an abscess" is a dental abscess; an abscess on the back, or a boil, stays the
skin abscess its words name.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("saw the dentist, it's an abscess, on antibiotics now", "active"),
        ("у зуба абсцесс, стоматолог вскрыл", "active"),
        ("牙疼 牙医说是脓肿", "active"),
        ("the tooth was pulled on friday, abscess cleared", "resolved"),
    ],
)
def test_a_bare_abscess_by_a_tooth_is_dental(text: str, status: str) -> None:
    assert ("diagnoses", "dental abscess", status) in triples(understand(text, None, probe_lang(text)))


@pytest.mark.parametrize("text", ["got an abscess on my back, the gp lanced it", "на спине абсцесс, хирург вскрыл"])
def test_an_abscess_elsewhere_stays_a_skin_abscess(text: str) -> None:
    entities = {e for _, e, _ in triples(understand(text, None, probe_lang(text)))}
    assert "skin abscess" in entities and "dental abscess" not in entities
