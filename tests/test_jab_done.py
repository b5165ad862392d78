"""A vaccine the assistant brought up, told done in the reply (rules.jab_done).

"Yes, the shingles vaccine is recommended from 50" — "ok got the first one done at walgreens
today": the done verb names no vaccine and refers to the assistant's, which the user has now had
(`vaccinations`, `historical`), in English, Russian and Chinese. A plan, a question, a denial,
another person before the verb, or a bare "got it" (understood) gives nothing.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

SHINGLES = "Yes, the shingles vaccine is recommended from 50 onward, two doses a few months apart."
FLU_EN = "You should get the flu vaccine this autumn."
FLU_RU = "Прививку от гриппа лучше сделать осенью."
FLU_ZH = "建议您今年打流感疫苗。"

DONE: list[tuple[str, str, tuple[str, str, str]]] = [
    ("ok got the first one done at the pharmacy today", SHINGLES,
     ("vaccinations", "herpes zoster vaccine", "historical")),
    ("had it done last week", FLU_EN, ("vaccinations", "influenza vaccine", "historical")),
    ("got it done, my husband too", FLU_EN, ("vaccinations", "influenza vaccine", "historical")),
    ("сделала вчера в поликлинике", FLU_RU, ("vaccinations", "influenza vaccine", "historical")),
    ("昨天打了", FLU_ZH, ("vaccinations", "influenza vaccine", "historical")),
]


@pytest.mark.parametrize(("text", "context", "fact"), DONE)
def test_a_done_verb_had_the_assistants_vaccine(text: str, context: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text, context))


NOTHING_HAD: list[tuple[str, str]] = [
    ("ok got it", SHINGLES),
    ("will get it done next week", FLU_EN),
    ("should i get it done before the trip?", FLU_EN),
    ("my husband got it done last week", FLU_EN),
    ("не сделала ещё", FLU_RU),
    ("муж сделал вчера", FLU_RU),
    ("还没打", FLU_ZH),
    ("孩子昨天打了", FLU_ZH),
    ("had it done last week", "Try to rest and drink plenty of fluids."),
    ("都打了", "您爱人和孩子打过乙肝疫苗吗？"),
    ("yes got it done", "Has your son had the MMR vaccine?"),
]


@pytest.mark.parametrize(("text", "context"), NOTHING_HAD)
def test_no_vaccine_had_without_the_users_own_done(text: str, context: str) -> None:
    assert not [t for t in triples(understand(text, context)) if t[0] == "vaccinations"]
