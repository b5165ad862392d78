"""Export rows with measurements in three languages, shared by the measurement tests."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import message

TOKEN = "t"

EN, RU, ZH, NONE = "u-meas-en", "u-meas-ru", "u-meas-zh", "u-meas-none"


def measurement_rows() -> list[dict]:
    return [
        message("e1", EN, "2026-03-02T09:00:00+00:00", "user", "My ALT came back at 98 U/L, AST 76. HbA1c 7.4%."),
        message(
            "e2",
            EN,
            "2026-03-02T09:05:00+00:00",
            "user",
            "I'm allergic to penicillin and I take enalapril 10 mg daily.",
        ),
        message(
            "e3",
            EN,
            "2026-06-10T09:00:00+00:00",
            "user",
            "Last Tuesday's blood test: ALT 41, fasting glucose 126 mg/dL, LDL 130 mg/dL.",
        ),
        message("e4", EN, "2026-06-11T09:00:00+00:00", "user", "My blood pressure was 500/90 at the pharmacy."),
        message("e5", EN, "2026-06-12T09:00:00+00:00", "user", "BP 150/95 this morning, pulse 88 bpm."),
        message("e6", EN, "2026-06-12T10:00:00+00:00", "user", "And my LDL is now 170 mg/dL."),
        message(
            "r1",
            RU,
            "2026-04-01T08:00:00+00:00",
            "user",
            "Вчера сдал анализы: АЛТ 120 ед/л, холестерин высокий.",
            lang="ru",
        ),
        message("r2", RU, "2026-04-02T08:00:00+00:00", "user", "давление 150 на 95, пульс 80", lang="ru"),
        message("r3", RU, "2026-04-03T08:00:00+00:00", "user", "Я принимаю эналаприл.", lang="ru"),
        message("z1", ZH, "2026-05-01T08:00:00+00:00", "user", "空腹血糖7.8毫摩尔/升，转氨酶偏高", lang="zh"),
        message("z2", ZH, "2026-05-02T08:00:00+00:00", "user", "血压150/95毫米汞柱", lang="zh"),
        message("n1", NONE, "2026-05-01T08:00:00+00:00", "user", "I have a headache since Monday."),
    ]


def build_measured_home(base: Path) -> Path:
    """A home after one real backfill of :func:`measurement_rows` (API token ``t``)."""
    from anamnesis.config import load_settings
    from pipelines.run import run_backfill
    from tests.conftest import write_config

    (base / "in").mkdir(parents=True)
    (base / "in" / "2026-06-12.jsonl").write_text(
        "\n".join(json.dumps(r, ensure_ascii=False) for r in measurement_rows()) + "\n", encoding="utf-8"
    )
    home = base / "home"
    write_config(home, api_tokens=TOKEN)
    run_backfill(load_settings(home), base / "in")
    return home
