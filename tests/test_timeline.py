"""``anamnesis timeline``: one patient's history in order, as Markdown, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from typer.testing import CliRunner

from pipelines.cli import app


def _run(home: Path, *args: str) -> str:
    result = CliRunner().invoke(app, ["timeline", *args, "--home", str(home)])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_timeline_exports_one_users_history_in_order(sample_home: Path) -> None:
    events = json.loads(_run(sample_home, "u-en-07", "--format", "json"))["events"]
    assert events and [e["valid_from"] for e in events] == sorted(e["valid_from"] for e in events)
    metformin = [(e["change_type"], e["attributes"].get("dose")) for e in events if e["entity"] == "metformin"]
    assert metformin[0] == ("first_mention", "500 mg") and ("change", "1000 mg") in metformin
    other = json.loads(_run(sample_home, "u-en-08", "--format", "json"))["events"]
    assert not {e["fact_id"] for e in events} & {e["fact_id"] for e in other}

    rows = list(csv.DictReader(io.StringIO(_run(sample_home, "u-en-07", "--format", "csv"))))
    assert [r["fact_id"] for r in rows] == [e["fact_id"] for e in events]
    assert json.loads(rows[0]["attributes"]) == events[0]["attributes"]

    md = _run(sample_home, "u-en-07").splitlines()
    assert md[0] == "# Timeline of u-en-07" and len(md) == 4 + len(events)
    assert "metformin" in md[4 + [e["entity"] for e in events].index("metformin")]


def test_timeline_of_an_unknown_user_and_a_bad_format(sample_home: Path) -> None:
    assert json.loads(_run(sample_home, "nobody", "--format", "json")) == {"user_id": "nobody", "events": []}
    result = CliRunner().invoke(app, ["timeline", "u-en-07", "--format", "xml", "--home", str(sample_home)])
    assert result.exit_code == 1 and "--format must be one of" in result.output
