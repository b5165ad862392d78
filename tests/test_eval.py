"""``anamnesis eval``: the metrics on hand-made inputs, the CLI, and the issue's bars.

The bars test runs the real pipeline (rules backend) on the bundled gold set and on the
MTS-Dialog validation split (``../shared/data/mts-dialog`` beside the clone) and fails when a
figure is below its bar.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from anamnesis.evaluation.bars import bars
from anamnesis.evaluation.chart import Row, write_chart
from anamnesis.evaluation.figures import FN, FP, MISS, OK, PRF, TP, Obs, Ratio, by_lang, by_section, errors, prf, ratio
from anamnesis.evaluation.gold import GoldFormatError, export_rows, load_gold, parse_dialogue
from anamnesis.evaluation.gold_scoring import (
    attribute_accuracy,
    change_type_accuracy,
    context_recall,
    event_recall,
    fact_detection,
    fact_detection_by_concept,
    forbidden_facts,
    negation_accuracy,
    section_classification,
    status_accuracy,
)
from anamnesis.evaluation.mts import MtsDialogue, reference_expectation
from anamnesis.evaluation.mts import parse_dialogue as parse_mts
from anamnesis.evaluation.mts_scoring import mts_named_recall, mts_placement, mts_presence
from anamnesis.evaluation.predictions import PredEvent, PredFact, Predictions

# -- small hand-made dialogues ---------------------------------------------------------------
EN_1 = {
    "id": "en-001", "lang": "en", "user_id": "gold-en-001", "tags": ["question"],
    "turns": [
        {"role": "assistant", "text": "Are you taking any medication at the moment?",
         "ts": "2026-03-01T09:00:00+00:00"},
        {"role": "user", "text": "Yes, metformin 500 mg twice a day.", "ts": "2026-03-01T09:01:00+00:00",
         "sections": ["medications"]},
        {"role": "assistant", "text": "Any allergies?", "ts": "2026-03-01T09:02:00+00:00"},
        {"role": "user", "text": "No allergies. Can I take ibuprofen for a headache?",
         "ts": "2026-03-01T09:03:00+00:00", "sections": ["allergies", "medications"]},
    ],
    "events": [
        {"turn": 1, "section": "medications", "entity": "metformin", "status": "active",
         "change_type": "first_mention", "dose": "500 mg"},
        {"turn": 3, "section": "allergies", "entity": "*", "status": "confirmed_absent", "change_type": "negation"},
    ],
    "facts": [
        {"section": "medications", "entity": "metformin", "status": "active", "dose": "500 mg"},
        {"section": "allergies", "entity": "*", "status": "confirmed_absent"},
    ],
    "query": {"text": "Can I take a cold medicine with pseudoephedrine?",
              "relevant": [["medications", "metformin"], ["allergies", "*"]]},
}
RU_1 = {
    "id": "ru-001", "lang": "ru", "user_id": "gold-ru-001", "tags": ["other_person"],
    "turns": [
        {"role": "user", "text": "Принимаю Глюкофаж 850 мг. А моя подруга пьёт лизиноприл.",
         "ts": "2026-03-01T09:00:00+00:00", "sections": ["medications"]},
    ],
    "events": [{"turn": 0, "section": "medications", "entity": "metformin", "status": "active",
                "change_type": "first_mention", "dose": "850 mg"}],
    "facts": [{"section": "medications", "entity": "metformin", "status": "active", "dose": "850 mg"}],
    "query": {"text": "Можно ли мне пить алкоголь?", "relevant": [["medications", "metformin"]]},
}
ZH_1 = {
    "id": "zh-001", "lang": "zh", "user_id": "gold-zh-001", "tags": [],
    "turns": [
        {"role": "assistant", "text": "您对什么药物过敏吗？", "ts": "2026-03-01T09:00:00+00:00"},
        {"role": "user", "text": "我对青霉素过敏。", "ts": "2026-03-01T09:01:00+00:00", "sections": ["allergies"]},
    ],
    "events": [{"turn": 1, "section": "allergies", "entity": "penicillin", "status": "active",
                "change_type": "first_mention"}],
    "facts": [{"section": "allergies", "entity": "penicillin", "status": "active"}],
    "query": {"text": "我可以吃阿莫西林吗？", "relevant": [["allergies", "penicillin"]]},
}


def _write_gold(directory: Path, *dialogues: dict) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    by_lang: dict[str, list[dict]] = {}
    for d in dialogues:
        by_lang.setdefault(d["lang"], []).append(d)
    for lang, ds in by_lang.items():
        (directory / f"{lang}.jsonl").write_text(
            "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in ds), encoding="utf-8"
        )
    return directory


def _pred(**kw) -> Predictions:
    return Predictions(**kw)


# -- figures ---------------------------------------------------------------------------------
def test_prf_and_ratio_formulas() -> None:
    f = PRF(tp=3, fp=1, fn=2)
    assert f.precision == pytest.approx(0.75)
    assert f.recall == pytest.approx(0.6)
    assert f.f1 == pytest.approx(2 / 3)
    assert PRF(0, 0, 0).f1 is None and PRF(0, 0, 4).precision is None and PRF(0, 0, 4).recall == 0.0
    assert PRF(0, 2, 3).f1 == 0.0
    assert Ratio(3, 4).value == 0.75 and Ratio(0, 0).value is None and Ratio(3, 4).misses == 1
    obs = [Obs("en", "a", TP, "x"), Obs("en", "a", FP, "x"), Obs("ru", "b", FN, "y"), Obs("ru", "b", OK, "y")]
    assert prf(obs) == PRF(1, 1, 1)
    assert ratio(obs) == Ratio(1, 1)
    assert {k: prf(v) for k, v in by_lang(obs).items()} == {"en": PRF(1, 1, 0), "ru": PRF(0, 0, 1)}


def test_section_classification_counts_per_turn_and_section() -> None:
    d = parse_dialogue(EN_1)
    pred = _pred(sections={"en-001-t1": ("medications", "chronic_conditions"), "en-001-t3": ("allergies",)})
    obs = section_classification([d], pred)
    per = {s: prf(o) for s, o in by_section(obs).items()}
    assert per == {
        "medications": PRF(tp=1, fp=0, fn=1),  # t1 found, t3 (the question touches medications) missed
        "chronic_conditions": PRF(tp=0, fp=1, fn=0),
        "allergies": PRF(tp=1, fp=0, fn=0),
    }
    assert prf(obs) == PRF(2, 1, 1)


def test_facts_status_negation_and_attributes() -> None:
    d = parse_dialogue(EN_1)
    facts = {"gold-en-001": [
        PredFact("medications", "metformin", "stopped", {"dose": "500  MG", "mention": "metformin"}),
        PredFact("medications", "ibuprofen", "active", {}, "en-001-t3"),
        PredFact("allergies", "*", "confirmed_absent"),
        PredFact("symptoms", "headache", "confirmed_absent", {}, "en-001-t3"),
    ]}
    pred = _pred(facts=facts, texts={"en-001-t3": "No allergies. Can I take ibuprofen for a headache?"})
    assert prf(fact_detection([d], pred)) == PRF(tp=2, fp=2, fn=0)
    assert prf(fact_detection([d], pred)).f1 == pytest.approx(2 / 3)
    status = status_accuracy([d], pred)
    assert ratio(status) == Ratio(1, 2)
    assert "expected active, got stopped" in errors(status)[0].detail
    # negation: allergies/* both confirmed absent (ok); symptoms/headache only predicted (miss)
    negation = negation_accuracy([d], pred)
    assert ratio(negation) == Ratio(1, 2)
    assert "expected no fact, got confirmed_absent" in errors(negation)[0].detail
    # attributes: the dose matches with case and spacing ignored
    assert ratio(attribute_accuracy([d], pred)) == Ratio(1, 1)


def test_facts_by_concept_fold_only_names_of_one_terminology_row() -> None:
    """A label written with another form of the found fact's concept counts as found by concept
    (not by name); a different concept, or the right one in another section, is still an error."""
    d = parse_dialogue({**EN_1, "facts": [
        {"section": "medications", "entity": "glucophage", "status": "active"},
        {"section": "chronic_conditions", "entity": "high blood pressure", "status": "active"},
        {"section": "symptoms", "entity": "myalgia", "status": "active"},
    ]})
    pred = _pred(facts={"gold-en-001": [
        PredFact("medications", "metformin", "active"),
        PredFact("chronic_conditions", "hypertension", "active"),
        PredFact("symptoms", "headache", "active"),
        PredFact("diagnoses", "muscle pain", "active"),
    ]})
    assert prf(fact_detection([d], pred)) == PRF(tp=0, fp=4, fn=3)
    assert prf(fact_detection_by_concept([d], pred)) == PRF(tp=2, fp=2, fn=1)


def test_negation_missed_and_read_as_present() -> None:
    d = parse_dialogue(EN_1)
    pred = _pred(facts={"gold-en-001": [PredFact("medications", "metformin", "active"),
                                        PredFact("allergies", "*", "superseded")]})
    assert ratio(negation_accuracy([d], pred)) == Ratio(0, 1)
    assert ratio(negation_accuracy([d], _pred())) == Ratio(0, 1)  # nothing recorded at all


def test_event_recall_and_change_type() -> None:
    d = parse_dialogue(EN_1)
    pred = _pred(fact_events={
        "en-001-t1": [PredEvent("medications", "metformin", "active", "first_mention")],
        "en-001-t3": [PredEvent("allergies", "*", "confirmed_absent", "first_mention")],
    })
    assert ratio(event_recall([d], pred)) == Ratio(2, 2)
    assert ratio(change_type_accuracy([d], pred)) == Ratio(1, 2)
    # an event recorded on another turn is not the gold event
    moved = _pred(fact_events={"en-001-t3": [PredEvent("medications", "metformin", "active", "first_mention")]})
    assert ratio(event_recall([d], moved)) == Ratio(0, 2)
    assert ratio(change_type_accuracy([d], moved)) == Ratio(0, 0)


def test_forbidden_facts() -> None:
    en, ru, zh = parse_dialogue(EN_1), parse_dialogue(RU_1), parse_dialogue(ZH_1)
    pred = _pred(extracted={
        "en-001-t1": [PredEvent("medications", "metformin", "active")],
        # the question gave a fact: a miss
        "en-001-t3": [PredEvent("allergies", "*", "confirmed_absent"), PredEvent("medications", "ibuprofen", "active")],
        # a misnamed real fact shares a word with the gold one: a fact error, not a forbidden fact
        "ru-001-t0": [PredEvent("medications", "metformin", "active")],
        "zh-001-t1": [PredEvent("allergies", "amoxicillin", "active")],  # untagged dialogue: not scored
    })
    obs = forbidden_facts([en, ru, zh], pred)
    assert ratio(obs) == Ratio(2, 3)
    (bad,) = errors(obs)
    assert bad.item == "en-001" and "medications/ibuprofen" in bad.detail and bad.tags == ("question",)
    misnamed = _pred(extracted={"ru-001-t0": [PredEvent("medications", "metformin hydrochloride", "active")]})
    assert ratio(forbidden_facts([ru], misnamed)) == Ratio(1, 1)
    friend = _pred(extracted={"ru-001-t0": [PredEvent("medications", "lisinopril", "active")]})
    assert ratio(forbidden_facts([ru], friend)) == Ratio(0, 1)


def test_context_recall() -> None:
    en, zh = parse_dialogue(EN_1), parse_dialogue(ZH_1)
    pred = _pred(context={"en-001": [("medications", "metformin"), ("symptoms", "cough")], "zh-001": []})
    obs = context_recall([en, zh], pred)
    assert ratio(obs) == Ratio(1, 3)
    assert {k: ratio(v) for k, v in by_lang(obs).items()} == {"en": Ratio(1, 2), "zh": Ratio(0, 1)}


def _mts(row_id: str, header: str, text: str, turns: tuple, expectation: str | None, named=()) -> MtsDialogue:
    section = {"ALLERGY": "allergies", "MEDICATIONS": "medications", "PASTSURGICAL": "surgeries"}.get(header)
    return MtsDialogue(row_id, "validation", header, text, f"mts-{row_id}", turns, section, expectation,
                       tuple(named), () if section else ("symptoms",))


def test_mts_presence_named_and_placement() -> None:
    talk = (("assistant", "Any allergies?"), ("user", "No."))
    ds = [
        _mts("1", "ALLERGY", "None.", talk, "absent"),
        _mts("2", "ALLERGY", "No known drug allergies.", talk, "absent"),
        _mts("3", "MEDICATIONS", "Cipro and Flagyl.", talk, "present",
             [("ciprofloxacin", "drug"), ("metronidazole", "drug")]),
        _mts("4", "PASTSURGICAL", "Unknown.", talk, "unknown"),
        _mts("5", "MEDICATIONS", "Accutane.", (("assistant", "Taking anything?"),), "present",
             [("isotretinoin", "drug")]),  # no patient turn: not evaluable
        _mts("6", "ROS", "Negative.", talk, None),
    ]
    facts = {
        "mts-1": [PredFact("allergies", "*", "confirmed_absent")],
        "mts-2": [PredFact("allergies", "*", "confirmed_absent"), PredFact("allergies", "latex", "active")],
        "mts-3": [PredFact("medications", "ciprofloxacin", "stopped"),
                  PredFact("allergies", "metronidazole", "active")],
        "mts-6": [PredFact("symptoms", "cough", "confirmed_absent")],
    }
    presence = mts_presence(ds, facts)
    assert [(o.item, o.outcome) for o in presence] == [("mts-1", OK), ("mts-2", MISS), ("mts-3", OK)]
    named = mts_named_recall(ds, facts)
    assert ratio(named) == Ratio(1, 2)
    assert "found in allergies" in errors(named)[0].detail
    assert ratio(mts_placement(ds, facts)) == Ratio(1, 1)


def test_bars() -> None:
    gold = {
        "facts": [Obs("en", "s", TP, "a")] * 9 + [Obs("en", "s", FN, "a")] + [Obs("ru", "s", TP, "b")],
        "negation": [Obs("en", "s", OK, "a")] * 19 + [Obs("en", "s", MISS, "a")],
        "forbidden": [Obs("en", "", OK, "a")],
    }
    mts = {"presence": [Obs("en", "s", OK, "x")] * 9 + [Obs("en", "s", MISS, "x")],
           "named": [Obs("en", "s", OK, "x")] * 3 + [Obs("en", "s", MISS, "x")]}
    by_name = {b.name: b for b in bars(gold, mts)}
    assert by_name["gold fact F1 (en)"].value == pytest.approx(18 / 19) and by_name["gold fact F1 (en)"].passed
    assert by_name["gold fact F1 (ru)"].passed
    assert by_name["gold fact F1 (zh)"].value is None and not by_name["gold fact F1 (zh)"].passed
    assert by_name["gold negation accuracy"].value == 0.95 and by_name["gold negation accuracy"].passed
    forbidden = next(b for n, b in by_name.items() if n.startswith("gold turns"))
    assert forbidden.value == 0 and forbidden.passed
    assert by_name["MTS presence / confirmed absence"].passed
    assert not by_name["MTS named-item recall"].passed
    missing = {b.name: b for b in bars(gold, None, mts_missing="no data")}
    assert missing["MTS named-item recall"].value is None and missing["MTS named-item recall"].detail == "no data"


# -- inputs ----------------------------------------------------------------------------------
def test_gold_loading_and_export(tmp_path: Path) -> None:
    dialogues = load_gold(_write_gold(tmp_path / "gold", EN_1, RU_1, ZH_1))
    assert [d.id for d in dialogues] == ["en-001", "ru-001", "zh-001"]
    assert dialogues[0].events[0].attributes == {"dose": "500 mg"}
    rows = export_rows(dialogues)
    assert [r["message_id"] for r in rows[:4]] == ["en-001-t0", "en-001-t1", "en-001-t2", "en-001-t3"]
    assert {r["user_id"] for r in rows} == {"gold-en-001", "gold-ru-001", "gold-zh-001"}
    assert rows[0]["session_id"] == "en-001-s0" and rows[0]["lang"] == "en"


def test_gold_sessions() -> None:
    turns = [{"role": "user", "text": "a", "ts": "2026-03-01T09:00:00+00:00"},
             {"role": "user", "text": "b", "ts": "2026-03-01T09:30:00+00:00"},
             {"role": "user", "text": "c", "ts": "2026-04-01T09:00:00+00:00"}]
    gap = parse_dialogue({"id": "x", "lang": "en", "turns": turns})
    assert [t.session for t in gap.turns] == [0, 0, 1]
    sessions = [{**t, "session": n} for t, n in zip(turns, "aba", strict=True)]
    marked = parse_dialogue({"id": "x", "lang": "en", "turns": sessions})
    assert [t.session for t in marked.turns] == [0, 1, 2]
    assert [r["session_id"] for r in export_rows([marked])] == ["x-s0", "x-s1", "x-s2"]


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"facts": [{"section": "meds", "entity": "x", "status": "active"}]}, "unknown section"),
        ({"facts": [{"section": "allergies", "entity": "x", "status": "historical"}]}, "not allowed"),
        ({"events": [{"turn": 0, "section": "allergies", "entity": "x", "status": "active",
                      "change_type": "first_mention"}]}, "index a user turn"),
        ({"facts": [{"section": "allergies", "entity": "Penicillin", "status": "active"}]}, "lower-case"),
    ],
)
def test_gold_format_errors_name_the_line(tmp_path: Path, patch: dict, message: str) -> None:
    _write_gold(tmp_path / "gold", EN_1)
    with (tmp_path / "gold" / "en.jsonl").open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({**EN_1, "id": "en-002", "user_id": "gold-en-002", **patch}) + "\n")
    with pytest.raises(GoldFormatError, match=rf"en\.jsonl:2: .*{message}"):
        load_gold(tmp_path / "gold")


def test_mts_reading() -> None:
    turns = parse_mts("Doctor: Any allergies?\r\nPatient: No.\nGuest_family_1: She has none.\nsorry, none at all\n"
                      "Patient: Really none.")
    assert turns == [("assistant", "Any allergies?"), ("user", "No."),
                     ("assistant", "She has none. sorry, none at all"), ("user", "Really none.")]
    assert reference_expectation("ALLERGY", "No known drug allergies.") == "absent"
    assert reference_expectation("ALLERGY", "The patient has asthma.  No known drug allergies.") == "absent"
    assert reference_expectation("ALLERGY", "PCN, but has tolerated cephalosporins in the past.") == "present"
    assert reference_expectation("MEDICATIONS", "None.") == "absent"
    assert reference_expectation("MEDICATIONS", "He is on no medications.") == "absent"
    assert reference_expectation("MEDICATIONS", "No medications other than recent amoxicillin.") == "present"
    assert reference_expectation("PASTSURGICAL", "Noncontributory.") == "absent"
    assert reference_expectation("PASTSURGICAL", "He has not had any previous surgery.") == "absent"
    assert reference_expectation("PASTSURGICAL", "Unknown.") == "unknown"
    assert reference_expectation("IMMUNIZATIONS", "Up-to-date.") == "unknown"
    assert reference_expectation("PASTSURGICAL", "Appendectomy 1988.") == "present"


def test_chart_draws_passing_and_failing_bars_with_a_legend(tmp_path: Path) -> None:
    from PIL import Image

    from anamnesis.evaluation.chart import FAIL, PASS, PLAIN

    rows = [Row("Gold set", group=True), Row("fact F1 en", 0.93, 0.9), Row("negation accuracy", 0.5, 0.95),
            Row("context recall", None), Row("placement", 0.7, note="3 bad")]
    path = write_chart(rows, tmp_path / "chart.png", title="anamnesis eval")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(path).convert("RGB")
    colours = {c for _, c in image.getcolors(maxcolors=1 << 20)}
    assert {PASS, FAIL, PLAIN} <= colours  # green, red and blue bars (and their legend patches)
    taller = write_chart(rows * 4, tmp_path / "taller.png", title="anamnesis eval")
    assert Image.open(taller).height > image.height


# -- the command -----------------------------------------------------------------------------
def test_eval_command_writes_report_and_chart(tmp_path: Path) -> None:
    from pipelines.cli import app

    gold = _write_gold(tmp_path / "gold", EN_1, RU_1, ZH_1)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold), "--mts", str(tmp_path / "nope"), "--out", str(out)])
    assert result.exit_code == 1 and "does not exist" in result.output
    result = CliRunner().invoke(app, ["eval", "--gold", str(tmp_path / "empty"), "--out", str(out)])
    assert result.exit_code == 1 and "no gold dialogues" in result.output
    mts = tmp_path / "mts"
    mts.mkdir()
    (mts / "validation.csv").write_text(
        'ID,section_header,section_text,dialogue\n'
        '0,ALLERGY,None.,"Doctor: Any allergies?\nPatient: No allergies that I know of."\n'
        '1,MEDICATIONS,Accutane.,"Doctor: What do you take?\nPatient: The dermatologist started me on Accutane."\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold), "--mts", str(mts), "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert f"anamnesis eval --gold {gold}" in report
    assert "| gold fact F1 (en) |" in report and "MTS-Dialog, validation split (2 rows" in report
    assert (out / "chart.png").read_bytes()[:4] == b"\x89PNG"
    assert "gold fact F1 (zh)" in result.output


# -- the bars --------------------------------------------------------------------------------


def test_eval_without_out_writes_to_a_scratch_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain ``anamnesis eval`` in a clone must not overwrite the committed docs/eval report."""
    from pipelines.cli import app

    gold = _write_gold(tmp_path / "gold", EN_1)
    clone = tmp_path / "clone"
    (clone / "docs" / "eval").mkdir(parents=True)
    committed = clone / "docs" / "eval" / "report.md"
    committed.write_text("committed report\n", encoding="utf-8")
    monkeypatch.chdir(clone)
    monkeypatch.delenv("ANAMNESIS_MTS_DIR", raising=False)
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold), "--mts", str(tmp_path / "none")])
    assert result.exit_code == 1  # an explicit --mts that does not exist still fails
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold)])
    assert result.exit_code == 0, result.output
    assert committed.read_text(encoding="utf-8") == "committed report\n"
    written = Path(result.output.strip().splitlines()[-1].split()[1])
    assert written.name == "report.md" and written.is_file()
    assert clone not in written.parents
