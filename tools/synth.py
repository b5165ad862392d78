"""Synthetic chat exports (CONTRACT §1) of any size, for load tests and benchmarks.

The sample exports show every case once; this makes many of them. Lines are written as they
are made, so memory depends on the number of users, never on the number of messages, and a
seed always gives the same bytes. The words come from the terminology and cue data the rules
read (:mod:`tools.synth_vocab`); the sentence frames below are the generator's own.
"""

from __future__ import annotations

import csv
import json
import random
import string
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from schemas.langs import LANGS
from tools.synth_vocab import Entry, doses, vocabulary

OFFSETS = {"en": ("+00:00", "+01:00", "-05:00"), "ru": ("+03:00",), "zh": ("+08:00",)}
#: Session lengths (messages) and how often each occurs.
SESSION_LENGTHS = (1, 2, 3, 4, 6, 8)
SESSION_WEIGHTS = (1, 6, 2, 6, 4, 2)
PROGRESS_EVERY = 10_000
#: Share of users that get one message re-exported unchanged in a later file.
REEXPORT_SHARE = 0.01

#: How doses are written: the unit, and whether a space goes before it.
UNITS = {"en": " mg", "ru": " мг", "zh": "毫克"}

#: A slot fills one ``{name}`` of a template: (rng, lang, the message's drug) -> text.
Slot = Callable[[random.Random, str, Entry], str]


def _term(kind: str) -> Slot:
    """A slot taking the preferred form of a term of ``kind`` (terminology data), common ones more often."""

    def slot(rng: random.Random, lang: str, _drug: Entry) -> str:
        words = vocabulary(lang)
        return words.pick(rng, words.terms[kind]).forms[0]

    return slot


def _cue(category: str) -> Slot:
    """A slot taking the first form of a cue of ``category`` (the rules' cues.tsv), common ones more often."""

    def slot(rng: random.Random, lang: str, _drug: Entry) -> str:
        words = vocabulary(lang)
        return words.pick(rng, words.cues[category]).forms[0]

    return slot


def _number(low: int, high: int) -> Slot:
    return lambda rng, _lang, _drug: str(rng.randint(low, high))


def _drug_name(rng: random.Random, _lang: str, drug: Entry) -> str:
    """The message's drug by any of its names (generic or brand)."""
    return rng.choice(drug.forms)


def _dose(rng: random.Random, lang: str, drug: Entry) -> str:
    """One of the few doses the message's drug comes in; Russian writes decimal commas."""
    amount = rng.choice(doses(drug.canonical))
    return f"{amount.replace('.', ',') if lang == 'ru' else amount}{UNITS[lang]}"


def _other_drug(rng: random.Random, lang: str, drug: Entry) -> str:
    """A second drug, never the message's first one (no switch from X to X)."""
    words = vocabulary(lang)
    other = words.pick(rng, words.terms["drug"])
    while other.canonical == drug.canonical:
        other = words.pick(rng, words.terms["drug"])
    return other.forms[0]


def _ru_age(rng: random.Random, _lang: str, _drug: Entry) -> str:
    """An age with the Russian word for years that agrees with it (21 год, 22 года, 25 лет)."""
    age = rng.randint(18, 90)
    if age % 10 == 1 and age % 100 != 11:
        return f"{age} год"
    if 2 <= age % 10 <= 4 and not 12 <= age % 100 <= 14:
        return f"{age} года"
    return f"{age} лет"


SLOTS: dict[str, Slot] = {
    "drug": _drug_name,
    "drug2": _other_drug,
    "dose": _dose,
    "freq": _cue("freq"),
    "when": _cue("when"),
    "other": _cue("person"),
    "chronic": _term("condition"),
    "diagnosis": _term("diagnosis"),
    "symptom": _term("symptom"),
    "allergen": _term("allergen"),
    "procedure": _term("procedure"),
    "vaccine": _term("vaccine"),
    "injury": _term("injury"),
    "relative": _term("relative"),
    "n": _number(2, 4),
    "age": _number(18, 90),
    "age_ru": _ru_age,
    "height": _number(150, 195),
    "weight": _number(45, 120),
    "cigs": _number(5, 20),
    "hours": _number(5, 9),
    "year": _number(1995, 2025),
}

TEMPLATES_FILE = Path(__file__).parent / "data" / "synth_templates.tsv"


def _templates() -> dict[str, dict[str, tuple[str, ...]]]:
    """Each role's templates per language, in file order (the draws depend on it).

    Russian user templates keep every term in the nominative, the form the data lists: after a
    generic noun ("препарат метформин", "дозу препарата метформин") or a colon.
    """
    with TEMPLATES_FILE.open(encoding="utf-8", newline="") as rows:
        table = list(csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE))
    return {
        role: {lang: tuple(r["template"] for r in table if r["role"] == role and r["lang"] == lang) for lang in LANGS}
        for role in ("user", "assistant")
    }


_BY_ROLE = _templates()
TEMPLATES = _BY_ROLE["user"]
ASSISTANT = _BY_ROLE["assistant"]

_FIELDS = {
    lang: [(tmpl, [f for _, f, _, _ in string.Formatter().parse(tmpl) if f]) for tmpl in templates]
    for lang, templates in TEMPLATES.items()
}


def _user_text(rng: random.Random, lang: str) -> str:
    """One user turn: a template filled with random terms, capitalised; ``dose`` fits the drug named."""
    tmpl, fields = rng.choice(_FIELDS[lang])
    words = vocabulary(lang)
    drug = words.pick(rng, words.terms["drug"])
    text = tmpl.format_map({name: SLOTS[name](rng, lang, drug) for name in fields})
    return text[0].upper() + text[1:]


class _Speakers:
    """Picks who talks next: anyone at random, until the messages left are just enough to give
    each silent user one, so every user appears and the total stays exact."""

    def __init__(self, users: int, messages: int) -> None:
        self.users = users
        self.seen = bytearray(users)
        self.silent = min(users, messages)
        self.scan = 0

    def pick(self, rng: random.Random, remaining: int) -> int:
        if remaining > self.silent:
            user = rng.randrange(self.users)
        else:
            while self.seen[self.scan]:
                self.scan += 1
            user = self.scan
        if not self.seen[user]:
            self.seen[user] = 1
            self.silent -= 1
        return user


def write_synthetic_exports(
    out_dir: Path,
    *,
    users: int,
    messages: int,
    days: int = 10,
    seed: int = 0,
    start: date = date(2026, 1, 1),
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """Writes ``days`` files ``export-YYYY-MM-DD.jsonl`` holding exactly ``messages`` messages.

    Day ``i``'s conversations happen on ``start + i`` and are exported the next day. Every
    user gets at least one message (when ``messages >= users``). About 1% of users also have
    one message re-exported unchanged in the next file, so files hold a few more lines than
    ``messages``; the distinct message ids are exactly ``messages``.
    """
    if users < 1 or messages < 0 or days < 1:
        raise ValueError("users and days must be positive, messages non-negative")
    rng = random.Random(seed)
    out_dir.mkdir(parents=True, exist_ok=True)
    reexport = set(rng.sample(range(users), max(1, round(users * REEXPORT_SHARE)))) if days > 1 else set()
    pending: list[str] = []
    speakers = _Speakers(users, messages)
    remaining = messages
    written = session_no = 0
    paths = []
    for day_no in range(days):
        day = start + timedelta(days=day_no)
        path = out_dir / f"export-{(day + timedelta(days=1)).isoformat()}.jsonl"
        quota = messages // days + (1 if day_no < messages % days else 0)
        with path.open("w", encoding="utf-8", newline="\n") as out:
            out.writelines(pending)
            pending = []
            while quota:
                user = speakers.pick(rng, remaining)
                length = rng.choices(SESSION_LENGTHS, SESSION_WEIGHTS)[0]
                length = max(1, min(length, quota, remaining - speakers.silent))
                session_no += 1
                lines = _session(rng, user, day, session_no, written, length)
                out.writelines(lines)
                if user in reexport and day_no < days - 1:
                    reexport.discard(user)
                    pending.append(lines[0])
                if progress and (written + length) // PROGRESS_EVERY > written // PROGRESS_EVERY:
                    progress(written + length)
                written += length
                quota -= length
                remaining -= length
        paths.append(path)
    if progress and (written % PROGRESS_EVERY or not written):
        progress(written)
    return paths


def _session(
    rng: random.Random, user: int, day: date, session_no: int, first_id: int, length: int
) -> list[str]:
    """One dialogue of ``length`` lines, alternating user and assistant from a user turn."""
    lang = LANGS[user % 3]
    offsets = OFFSETS[lang]
    offset = offsets[(user // 3) % len(offsets)]
    user_id = f"synth-{user + 1:06d}"
    session_id = f"synth-s{session_no:08d}"
    clock = rng.randrange(7 * 3600, 22 * 3600)
    prefix = day.isoformat()
    lines = []
    for i in range(length):
        role = "user" if i % 2 == 0 else "assistant"
        text = _user_text(rng, lang) if role == "user" else rng.choice(ASSISTANT[lang])
        clock += rng.randrange(5, 90)
        hh, rest = divmod(clock, 3600)
        ts = f"{prefix}T{hh:02d}:{rest // 60:02d}:{rest % 60:02d}{offset}"
        record = {
            "message_id": f"synth-m{first_id + i + 1:09d}",
            "user_id": user_id,
            "session_id": session_id,
            "ts": ts,
            "role": role,
            "text": text,
            "lang": lang,
        }
        lines.append(json.dumps(record, ensure_ascii=False) + "\n")
    return lines


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.synth --users N --messages M --out DIR``: exports for scale runs."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m tools.synth", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="directory to write export files into")
    parser.add_argument("--users", type=int, default=100, help="number of users (default 100)")
    parser.add_argument(
        "--messages",
        type=int,
        default=10_000,
        help="distinct messages in all, over every user and day (default 10,000); the files hold a few more "
        "lines, as about 1%% of users get one message re-exported unchanged in a later file",
    )
    parser.add_argument("--days", type=int, default=10, help="export days, one file each (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        paths = write_synthetic_exports(
            args.out, users=args.users, messages=args.messages, days=args.days, seed=args.seed
        )
    except ValueError as exc:
        parser.error(str(exc))
    lines = sum(path.read_bytes().count(b"\n") for path in paths)
    where = f"{len(paths)} files to {args.out}"
    print(f"wrote {args.messages:,} messages ({lines:,} lines) of {args.users:,} users in {where}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
