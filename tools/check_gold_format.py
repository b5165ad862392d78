"""Format check for a gold-format file: run `python -m tools.check_gold_format FILE.jsonl`.

Self-contained on purpose: the authors of a blind set never open the rules, so this checks the
format of CONTRACT §2/§3 and anamnesis/evaluation/data/gold/README.md without importing the project.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime

SECTIONS = ("medications", "symptoms", "diagnoses", "chronic_conditions", "demographics", "lifestyle",
            "allergies", "surgeries", "injuries", "vaccinations", "family_history")
STATUSES = {
    "medications": {"active", "stopped", "confirmed_absent"},
    "lifestyle": {"active", "stopped", "confirmed_absent"},
    "allergies": {"active", "confirmed_absent"},
    "family_history": {"active", "confirmed_absent"},
    "surgeries": {"historical", "confirmed_absent"},
    "vaccinations": {"historical", "confirmed_absent"},
    "demographics": {"active"},
}
CHANGE_TYPES = {"first_mention", "confirmation", "change", "negation"}


def allowed(section: str, entity: str) -> set[str]:
    base = STATUSES.get(section, {"active", "resolved", "confirmed_absent"})
    return base | {"superseded"} if entity == "*" else base


def check_line(obj: dict) -> list[str]:
    errs: list[str] = []
    turns = obj.get("turns", [])
    last = None
    for i, t in enumerate(turns):
        if t.get("role") not in ("user", "assistant") or not isinstance(t.get("text"), str):
            errs.append(f"turn {i}: role/text")
        ts = datetime.fromisoformat(t["ts"])
        if ts.tzinfo is None:
            errs.append(f"turn {i}: ts without offset")
        if last and ts <= last:
            errs.append(f"turn {i}: ts not increasing")
        last = ts
        if "sections" in t:
            if t["role"] != "user":
                errs.append(f"turn {i}: sections on an assistant turn")
            errs += [f"turn {i}: unknown section {s}" for s in t["sections"] if s not in SECTIONS]
        elif t.get("role") == "user":
            errs.append(f"turn {i}: user turn without sections")
    for e in obj.get("events", []):
        n = e.get("turn")
        if not isinstance(n, int) or not 0 <= n < len(turns) or turns[n]["role"] != "user":
            errs.append(f"event {e}: turn must index a user turn")
            continue
        if e["section"] not in turns[n].get("sections", []):
            errs.append(f"event {e}: section not among the turn's sections")
        if e["status"] not in allowed(e["section"], e["entity"]):
            errs.append(f"event {e}: status not allowed")
        if e.get("change_type") not in CHANGE_TYPES:
            errs.append(f"event {e}: change_type")
        if e["entity"] != e["entity"].lower():
            errs.append(f"event {e}: entity must be lower case")
    keys = set()
    for f in obj.get("facts", []):
        k = (f["section"], f["entity"])
        if k in keys:
            errs.append(f"fact {k} twice")
        keys.add(k)
        if f["status"] not in allowed(f["section"], f["entity"]):
            errs.append(f"fact {f}: status not allowed")
    event_keys = {(e["section"], e["entity"]) for e in obj.get("events", [])}
    if keys != event_keys:
        errs.append(f"facts and events name different facts: {sorted(keys ^ event_keys)}")
    q = obj.get("query")
    if q:
        for s, ent in q.get("relevant", []):
            if (s, ent) not in keys:
                errs.append(f"query relevant {(s, ent)} not in facts")
    return errs


def main(path: str) -> int:
    ids: set[str] = set()
    bad = 0
    with open(path, encoding="utf-8") as fh:
        for no, line in enumerate(fh, 1):
            if not line.strip():
                continue
            obj = json.loads(line)
            for key in ("id", "lang", "user_id", "turns", "events", "facts"):
                if key not in obj:
                    print(f"{path}:{no}: missing {key}")
                    bad += 1
            if obj.get("id") in ids:
                print(f"{path}:{no}: duplicate id {obj.get('id')}")
                bad += 1
            ids.add(obj.get("id"))
            for err in check_line(obj):
                print(f"{path}:{no} ({obj.get('id')}): {err}")
                bad += 1
    print(f"{len(ids)} dialogues, {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
