"""What a denial is of: the state since something ended, a use still to come, a grade short of an
illness, an intention, and a growth named by the scan that ruled it out.

- ended, then denied: "quit drinking years ago, don't drink at all now", "бросил пить давно, ни
  капли не пью", "酒早戒了，一口不喝": the denial tells the state since it ended; the habit is
  ``stopped``, never ``confirmed_absent`` (``merge._denied_after_ended``);
- a medicine not used yet is held: "yes, haven't needed the GTN spray yet", "нитроспрей в кармане,
  ни разу пока не пшикал", "硝酸甘油带着，还没用过" are ``active``; a course not started yet keeps its
  denial (``not_yet_used``);
- a grade short of an illness: "osteopenia, not yet osteoporosis", "ещё не остеопороз",
  "还没到骨质疏松", "not quite diabetes" deny the illness as a ruled-out diagnosis (``ruled_out``'s
  ``short`` words), never a present one;
- an intention accepted after advice: "ок, постараюсь пока не пить", "ok, I'll try not to drink",
  "好的，我尽量先不喝" state no fact (``cues.tsv`` ``intent``);
- a tumour ruled out by a scan of the head is a brain tumour: "had a head CT, no tumour", "мрт
  головы, опухоли нет", "头颅核磁做了，没有肿瘤" (``sites.tsv``).

The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, triples, understand

Triple = tuple[str, str, str]

# fmt: off
ENDED_THEN_DENIED: list[tuple[str, str, Triple]] = [
    ("quit drinking years ago, don't drink at all now", "Do you drink alcohol?", ("lifestyle", "alcohol", "stopped")),
    ("бросил пить давно, ни капли не пью", "Алкоголь употребляете?", ("lifestyle", "alcohol", "stopped")),
    ("酒早戒了，一口不喝", "您现在还喝酒吗？", ("lifestyle", "alcohol", "stopped")),
    ("бросил курить год назад, теперь совсем не курю", "Курите?", ("lifestyle", "smoking", "stopped")),
]
STILL_DENIED: list[tuple[str, str, Triple]] = [
    ("не пью вообще", "Алкоголь употребляете?", ("lifestyle", "alcohol", "confirmed_absent")),
    ("I don't drink, never have", "Do you drink alcohol?", ("lifestyle", "alcohol", "confirmed_absent")),
    ("我不喝酒", "喝酒吗？", ("lifestyle", "alcohol", "confirmed_absent")),
]
_GTN = ("medications", "glyceryl trinitrate", "active")
HELD_NOT_USED: list[tuple[str, str, Triple]] = [
    ("yes, have the GTN spray, haven't needed it yet", "Do you have a GTN spray?", _GTN),
    ("да, нитроспрей в кармане, ни разу пока не пшикал", "Нитроглицерин с собой носите?", _GTN),
    ("有，硝酸甘油随身带着，还没用过", "您有硝酸甘油吗？", _GTN),
]
NOT_STARTED: list[tuple[str, str, Triple]] = [
    ("haven't started the metformin yet", "Did you start it?", ("medications", "metformin", "confirmed_absent")),
    ("ещё не начал пить метформин", "Метформин начали?", ("medications", "metformin", "confirmed_absent")),
]
SHORT_OF: list[tuple[str, Triple]] = [
    ("density scan showed osteopenia, not yet osteoporosis", ("diagnoses", "osteoporosis", "confirmed_absent")),
    ("сделала денситометрию, остеопения, ещё не остеопороз", ("diagnoses", "osteoporosis", "confirmed_absent")),
    ("骨密度查了，说是骨量减少，还没到骨质疏松", ("diagnoses", "osteoporosis", "confirmed_absent")),
    ("骨密度查了，骨量减少，还不到骨质疏松", ("diagnoses", "osteoporosis", "confirmed_absent")),
    ("sugar is a bit high, not quite diabetes yet the GP said", ("diagnoses", "diabetes", "confirmed_absent")),
    ("血糖有点高，还不算糖尿病", ("diagnoses", "diabetes", "confirmed_absent")),
]
INTENTIONS: list[tuple[str, str]] = [
    ("ок, постараюсь пока не пить", "Алкоголь лучше исключить на время лечения."),
    ("хорошо, буду стараться не курить", "Курить лучше бросить."),
    ("ok, I'll try not to drink for now", "Best to avoid alcohol while on the antibiotic."),
    ("好的，我尽量先不喝", "吃抗生素期间最好别喝酒。"),
]
HEAD_SCANS: list[str] = [
    "had a head CT last week, no tumour thank god",
    "MRI of my head was clear, no tumor",
    "сделали кт головы, опухоли нет",
    "мрт головы в январе, невролог сказал опухоли нет",
    "头颅核磁做了，没有肿瘤",
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "triple"), ENDED_THEN_DENIED + STILL_DENIED)
def test_a_denial_after_an_ending_keeps_it_ended(text: str, context: str, triple: Triple) -> None:
    assert triple in triples(understand(text, context))


@pytest.mark.parametrize(("text", "context", "triple"), HELD_NOT_USED + NOT_STARTED)
def test_a_medicine_not_used_yet_is_held(text: str, context: str, triple: Triple) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] == "medications"}
    assert got == {triple}


@pytest.mark.parametrize(("text", "triple"), SHORT_OF)
def test_a_grade_short_of_an_illness_rules_it_out(text: str, triple: Triple) -> None:
    got = triples(understand(text))
    assert triple in got
    assert not any(e == triple[1] and s != "confirmed_absent" for _, e, s in got)


@pytest.mark.parametrize(("text", "context"), INTENTIONS)
def test_an_intention_after_advice_states_nothing(text: str, context: str) -> None:
    assert understand(text, context).events == []


@pytest.mark.parametrize("text", HEAD_SCANS)
def test_a_tumour_ruled_out_by_a_head_scan_is_a_brain_tumour(text: str) -> None:
    got = triples(understand(text))
    assert ("diagnoses", "brain tumor", "confirmed_absent") in got
    assert not any(e == "tumor" for _, e, _ in got)


def test_a_bare_denied_tumour_without_a_site_stays_bare() -> None:
    got = triples(understand("голова болит, опухоли нет"))
    assert ("diagnoses", "tumor", "confirmed_absent") in got


def test_stopped_then_denied_folds_to_stopped_after_drinking() -> None:
    facts = folded(("пью по выходным пиво", "Алкоголь употребляете?"), ("бросил пить, ни капли не пью", None))
    assert facts[("lifestyle", "alcohol")] == "stopped"


# fmt: off
#: A cancer ruled out in a message whose own facts are of one organ (its medicine, its complaint).
_PROSTATE = ("diagnoses", "prostate cancer", "confirmed_absent")
ORGAN_BY_FACTS: list[tuple[str, Triple]] = [
    ("MRI and biopsy both clear, no cancer. Urologist added finasteride 5mg", _PROSTATE),
    ("на фокусине встаю раз за ночь. биопсию сделали — рака нет", _PROSTATE),
    ("穿刺结果出来了 不是癌 医生加了保列治 5mg", _PROSTATE),
]
#: "while on X" is a time of its own clause: the ending before it is not of the medicine.
WHILE_ON: list[tuple[str, str, set[Triple]]] = [
    ("stopped drinking while on metronidazole", "Do you drink?",
     {("lifestyle", "alcohol", "stopped"), ("medications", "metronidazole", "active")}),
    ("stopped drinking while I'm on the tablets", "Do you drink?", {("lifestyle", "alcohol", "stopped")}),
    ("бросила пить пока на таблетках", "Алкоголь употребляете?", {("lifestyle", "alcohol", "stopped")}),
    ("бросил пить, пока на метронидазоле", "Алкоголь употребляете?",
     {("lifestyle", "alcohol", "stopped"), ("medications", "metronidazole", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "triple"), ORGAN_BY_FACTS)
def test_a_cancer_is_named_by_the_organ_of_the_messages_own_facts(text: str, triple: Triple) -> None:
    got = triples(understand(text))
    assert triple in got
    assert not any(e == "cancer" for _, e, _ in got)


def test_a_relatives_organ_names_no_cancer_of_the_user() -> None:
    got = triples(understand("my dad is on tamsulosin, I never had cancer"))
    assert ("diagnoses", "prostate cancer", "confirmed_absent") not in got


@pytest.mark.parametrize(("text", "context", "wanted"), WHILE_ON)
def test_while_on_a_medicine_is_a_time_not_a_denial_of_it(text: str, context: str, wanted: set[Triple]) -> None:
    got = triples(understand(text, context))
    assert got == wanted


# fmt: off
#: A bare "no polyps" is the polyps of the site its message names, ruled out; none with no site.
POLYPS: list[tuple[str, Triple]] = [
    ("colonoscopy last week, all clear, no polyps", ("diagnoses", "colon polyps", "confirmed_absent")),
    ("сделал колоноскопию, полипов не нашли", ("diagnoses", "colon polyps", "confirmed_absent")),
    ("做了肠镜，没有息肉", ("diagnoses", "colon polyps", "confirmed_absent")),
    ("ENT said it's chronic sinusitis, no polyps", ("diagnoses", "nasal polyps", "confirmed_absent")),
    ("лор сказал гайморит, полипов нет", ("diagnoses", "nasal polyps", "confirmed_absent")),
    ("鼻内镜看了，没有息肉", ("diagnoses", "nasal polyps", "confirmed_absent")),
]
#: An EEG is a test: the illness it rules out is a diagnosis ruled out.
EEG: list[str] = ["had an EEG, no epilepsy they said", "ээг сделали, эпилепсии нет"]
# fmt: on


@pytest.mark.parametrize(("text", "triple"), POLYPS)
def test_a_bare_no_polyps_is_the_polyps_of_its_site(text: str, triple: Triple) -> None:
    assert triple in triples(understand(text))


@pytest.mark.parametrize("text", ["no polyps", "полипов нет", "没有息肉"])
def test_no_polyps_without_a_site_names_nothing(text: str) -> None:
    assert understand(text).events == []


def test_polyps_a_relative_was_scoped_for_are_not_the_users() -> None:
    got = triples(understand("my mum had a colonoscopy, no polyps"))
    assert not any(e == "colon polyps" for _, e, _ in got)


@pytest.mark.parametrize("text", EEG)
def test_an_eeg_rules_out_a_diagnosis(text: str) -> None:
    assert ("diagnoses", "epilepsy", "confirmed_absent") in triples(understand(text))


# fmt: off
#: A bare body temperature answering a fever question: above 37 a fever, below 37 none.
TEMPERATURES: list[tuple[str, str, str | None]] = [
    ("37,8 вечером", "Температура сейчас есть?", "active"),
    ("38.1 last night", "Any fever?", "active"),
    ("晚上38度2", "发烧吗？", "active"),
    ("36,6", "Температура есть?", "confirmed_absent"),
    ("36.5 this morning", "Any fever?", "confirmed_absent"),
    ("36度5", "发烧吗？", "confirmed_absent"),
    ("38", "Any fever?", None),  # no decimal, no degrees: maybe not a temperature
    ("у мужа 38,5", "Температура есть?", None),  # someone else's
    ("38,5", "Давление какое?", None),  # no fever asked
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "status"), TEMPERATURES)
def test_a_bare_temperature_answers_a_fever_question(text: str, context: str, status: str | None) -> None:
    fever = {s for sec, e, s in triples(understand(text, context)) if (sec, e) == ("symptoms", "fever")}
    assert fever == ({status} if status else set())


def test_a_normal_temperature_after_a_fever_ends_it() -> None:
    facts = folded(("38,2 второй день", "Температура есть?"), ("36,6", "Температура есть?"))
    assert facts[("symptoms", "fever")] == "resolved"


# fmt: off
#: A section noun after a demonstrative is one thing told or offered before, never the whole section.
ONE_NOT_ALL: list[tuple[str, str]] = [
    ("thanks, I've never had that vaccine actually", "The shingles vaccine is recommended at your age."),
    ("спасибо, эту прививку я не делала", "Рекомендуется прививка от опоясывающего лишая."),
    ("谢谢，这个疫苗我之前确实没打过", "可以考虑接种带状疱疹疫苗。"),
    ("I don't take those pills anymore", "How are the new tablets going?"),
    ("не пью эти таблетки больше", "Как новые таблетки?"),
]
WHOLE_SECTION: list[tuple[str, str, str]] = [
    ("no vaccines since childhood", "Any recent vaccinations?", "vaccinations"),
    ("прививок не делал никаких", "Прививки делали?", "vaccinations"),
    ("我没打过疫苗", "打过疫苗吗？", "vaccinations"),
]
# fmt: on


@pytest.mark.parametrize(("text", "context"), ONE_NOT_ALL)
def test_a_demonstrative_section_noun_is_no_section_wide_denial(text: str, context: str) -> None:
    assert not any(e == "*" for _, e, _ in triples(understand(text, context)))


@pytest.mark.parametrize(("text", "context", "section"), WHOLE_SECTION)
def test_a_plain_section_noun_still_denies_the_section(text: str, context: str, section: str) -> None:
    assert (section, "*", "confirmed_absent") in triples(understand(text, context))
