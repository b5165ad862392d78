"""Complaints told over in the words of what works again, naming no complaint (rules.back_to_normal).

- a later message that says a function or a part is fine again ("peeing normally again", "сплю
  теперь хорошо", "胃口回来了") ends the complaints of it the user holds;
- the same words make up no complaint the user never had: the event is held-only and dropped;
- a denial before the words ("still not sleeping well", "не сплю нормально", "没睡好") is the complaint;
  a question, another person or a plan ends nothing;
- a complaint named earlier in the same message and then said over ("口干…停了就不干了") is resolved;
- a part said fine again ("ankle's totally fine", "脚踝好了") ends its complaints and its injury, an
  infection said gone ("感染好了") the infection the user holds;
- a bare "yes" to the assistant's "is your X back to normal?" says the question's words, a "no" keeps
  the complaint, each only for a user who holds it.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, probe_lang, triples, understand

# fmt: off
# (the complaint first, the later message, the fact and its status after both)
ENDED: list[tuple[str, str, tuple[str, str], str]] = [
    ("burning when I pee and going every 20 mins", "finished the course, peeing normally again",
     ("symptoms", "dysuria"), "resolved"),
    ("burning when I pee and going every 20 mins", "finished the course, peeing normally again",
     ("symptoms", "frequent urination"), "resolved"),
    ("I can't sleep at night for weeks", "sleeping fine since the new tablets", ("symptoms", "insomnia"), "resolved"),
    ("no appetite at all lately", "my appetite is back, eating properly again", ("symptoms", "loss of appetite"),
     "resolved"),
    ("my ankle is swollen after a fall", "the swelling has gone down", ("symptoms", "ankle swelling"), "resolved"),
    ("жжёт когда писаю, бегаю в туалет постоянно", "в туалет теперь нормально хожу", ("symptoms", "dysuria"),
     "resolved"),
    ("бессонница уже месяц", "сплю теперь хорошо, до утра", ("symptoms", "insomnia"), "resolved"),
    ("аппетита нет совсем", "аппетит вернулся", ("symptoms", "loss of appetite"), "resolved"),
    ("постоянно мерзну, даже летом", "мерзнуть перестала", ("symptoms", "cold intolerance"), "resolved"),
    ("拉肚子三天了", "今天不拉了", ("symptoms", "diarrhea"), "resolved"),
    ("晚上老是睡不着", "现在能睡着了", ("symptoms", "insomnia"), "resolved"),
    ("脚踝肿了", "这两天已经消肿了", ("symptoms", "ankle swelling"), "resolved"),
    ("嘴里发苦", "嘴里不苦了", ("symptoms", "dysgeusia"), "resolved"),
    ("my heart keeps racing at night", "hearts calmed down since", ("symptoms", "palpitations"), "resolved"),
    ("出汗特别多 晚上也是", "这个月出汗也正常了", ("symptoms", "sweating"), "resolved"),
    ("потливость сильная по ночам", "потливость уже прошла", ("symptoms", "sweating"), "resolved"),
    ("晚上老是睡不着", "现在不吃药也能睡着", ("symptoms", "insomnia"), "resolved"),
    ("twisted my ankle at netball, it's swollen", "ankle's all healed up now", ("injuries", "ankle sprain"),
     "resolved"),
    ("подвернула лодыжку, опухла", "лодыжка уже в порядке", ("symptoms", "ankle swelling"), "resolved"),
    ("崴脚了 脚踝肿得老高", "脚踝已经好了", ("injuries", "ankle sprain"), "resolved"),
    ("又尿路感染了 尿频尿急", "复查了 医生说感染好了", ("diagnoses", "urinary tract infection"), "resolved"),
]


@pytest.mark.parametrize(("first", "later", "fact", "status"), ENDED)
def test_words_of_working_again_end_the_held_complaint(
    first: str, later: str, fact: tuple[str, str], status: str
) -> None:
    assert folded((first, None), (later, None)).get(fact) == status


# the words alone, with no such complaint held (only a medicine): nothing at all
TAKES = {"en": "I take metformin 500 mg", "ru": "принимаю метформин", "zh": "我吃二甲双胍"}
NOT_HELD: list[str] = [
    "peeing normally again",
    "sleeping fine these days",
    "сплю нормально",
    "аппетит хороший",
    "能睡着了",
    "胃口回来了",
]


@pytest.mark.parametrize("later", NOT_HELD)
def test_words_of_working_again_make_up_no_complaint(later: str) -> None:
    facts = folded((TAKES[probe_lang(later)], None), (later, None))
    assert not [k for k in facts if k[0] == "symptoms"]


# a denial before the words, a question, another person or a plan: the complaint goes on
STILL_THERE: list[tuple[str, str]] = [
    ("I can't sleep at night", "still not sleeping well"),
    ("I can't sleep at night", "will I be sleeping well again soon?"),
    ("I can't sleep at night", "my husband is sleeping fine though"),
    ("бессонница уже месяц", "не сплю нормально до сих пор"),
    ("бессонница уже месяц", "муж спит нормально, а я нет"),
    ("晚上老是睡不着", "还是没睡好"),
    ("晚上老是睡不着", "吃了这个药能睡着了吗？"),
]


@pytest.mark.parametrize(("first", "later"), STILL_THERE)
def test_a_denied_asked_or_others_normal_ends_nothing(first: str, later: str) -> None:
    assert folded((first, None), (later, None)).get(("symptoms", "insomnia")) == "active"


# named and said over in one message: the complaint was had and is over
NAMED_AND_OVER: list[tuple[str, tuple[str, str, str]]] = [
    # (a stopped drug's past effect told over is no event at all: tests/test_drug_effects.py)
    ("had a dry mouth for a week but my mouth is back to normal now", ("symptoms", "dry mouth", "resolved")),
    ("сухость во рту была неделю, сейчас во рту больше не сохнет", ("symptoms", "dry mouth", "resolved")),
    ("неделю был понос, сейчас стул нормальный", ("symptoms", "diarrhea", "resolved")),
    ("拉肚子拉了三天，现在不拉了", ("symptoms", "diarrhea", "resolved")),
]


@pytest.mark.parametrize(("text", "fact"), NAMED_AND_OVER)
def test_a_complaint_named_then_said_over_is_resolved(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text))


# a bare answer to "is your X back to normal?": the question's words said, or denied
ASKED_BACK: list[tuple[str, str, str, tuple[str, str], str]] = [
    ("up at night to pee and the stream is weak", "Is the urinary stream back to normal now?", "yep",
     ("symptoms", "weak urinary stream"), "resolved"),
    ("I can't sleep at night for weeks", "Is your sleep back to normal?", "yes", ("symptoms", "insomnia"), "resolved"),
    ("I can't sleep at night for weeks", "Is your sleep back to normal?", "no", ("symptoms", "insomnia"), "active"),
    ("бессонница уже месяц", "Сон наладился?", "да", ("symptoms", "insomnia"), "resolved"),
    ("бессонница уже месяц", "Сон наладился?", "нет", ("symptoms", "insomnia"), "active"),
    ("晚上老是睡不着", "睡眠正常了吗？", "是的", ("symptoms", "insomnia"), "resolved"),
    ("晚上老是睡不着", "睡眠正常了吗？", "没有", ("symptoms", "insomnia"), "active"),
]


@pytest.mark.parametrize(("first", "question", "answer", "fact", "status"), ASKED_BACK)
def test_a_bare_answer_to_back_to_normal_asked(
    first: str, question: str, answer: str, fact: tuple[str, str], status: str
) -> None:
    facts = folded((first, None), (answer, question))
    assert facts.get(fact) == status
    assert ("lifestyle", "sleep") not in facts  # the question's sleep is no habit the answer stops or denies


@pytest.mark.parametrize("lang", ["en", "ru", "zh"])
def test_a_yes_to_back_to_normal_makes_up_no_complaint(lang: str) -> None:
    question = {"en": "Is your sleep back to normal?", "ru": "Сон наладился?", "zh": "睡眠正常了吗？"}[lang]
    answer = {"en": "yes", "ru": "да", "zh": "是的"}[lang]
    facts = folded((TAKES[lang], None), (answer, question))
    assert not [k for k in facts if k[0] in ("symptoms", "lifestyle")]
