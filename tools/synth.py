"""Synthetic chat exports (CONTRACT §1) of any size, for load tests and benchmarks.

The sample exports show every case once; this makes many of them. Lines are written as they
are made, so memory depends on the number of users, never on the number of messages, and a
seed always gives the same bytes. The words come from the terminology and cue data the rules
read (:mod:`tools.synth_vocab`); the sentence frames below are the generator's own.
"""

from __future__ import annotations

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

# Russian templates keep every term in the nominative, the form the data lists: after a
# generic noun ("препарат метформин", "дозу препарата метформин") or a colon.
TEMPLATES: dict[str, tuple[str, ...]] = {
    "en": (
        "I take {drug} {dose} {freq}.",
        "I'm taking {drug} {dose} {freq}.",
        "I still take {drug} {dose} {freq}.",
        "My GP started me on {drug} {dose}.",
        "My doctor raised my {drug} to {dose}.",
        "My doctor lowered my {drug} to {dose}.",
        "The doctor switched me from {drug} to {drug2}.",
        "I stopped taking {drug}.",
        "I don't take any medication.",
        "My {symptom} started {n} days ago.",
        "My {symptom} is gone.",
        "Sometimes my heart is racing at night.",
        "I have {chronic}.",
        "I was diagnosed with {diagnosis}.",
        "The doctor said I have {diagnosis}.",
        "I'm allergic to {allergen}.",
        "I'm allergic to {drug}.",
        "No allergies.",
        "I have no allergies.",
        "The test showed I'm not allergic to {allergen}.",
        "I had surgery in {year}: {procedure}.",
        "I've never had surgery.",
        "I was injured in {year}: {injury}.",
        "I got my {vaccine} {when}.",
        "I've never had the {vaccine}.",
        "My {relative} has {chronic}.",
        "I'm {age} years old.",
        "I'm {height} cm tall and weigh {weight} kg.",
        "I'm male.",
        "I'm female.",
        "I smoke about {cigs} cigarettes a day.",
        "I quit smoking {n} months ago.",
        "I don't drink alcohol.",
        "I go running {n} times a week.",
        "I sleep about {hours} hours a night.",
        "Can I take {drug} with {drug2}?",
        "What if I stop {drug}?",
        "My {other} takes {drug}.",
        "My {other} has {chronic}.",
        "Thanks!",
        "OK, got it.",
        "Yes.",
        "No.",
    ),
    "ru": (
        "Я принимаю препарат {drug} {dose} {freq}.",
        "Лекарства: {drug} {dose} {freq}.",
        "По-прежнему принимаю препарат {drug} {dose} {freq}.",
        "Врач назначил мне препарат {drug} {dose}.",
        "Врач увеличил дозу препарата {drug} до {dose}.",
        "Врач снизил дозу препарата {drug} до {dose}.",
        "Врач перевёл меня с препарата {drug} на препарат {drug2}.",
        "Я перестал принимать препарат {drug}.",
        "Я не принимаю никаких лекарств.",
        "У меня {symptom} уже {n} дня.",
        "{symptom} — уже прошло.",
        "По ночам бывает сильное сердцебиение.",
        "У меня {chronic}.",
        "Мне поставили диагноз: {diagnosis}.",
        "Врач сказал, что у меня {diagnosis}.",
        "У меня аллергия: {allergen}.",
        "У меня аллергия на препарат {drug}.",
        "Нет аллергии.",
        "У меня нет аллергии.",
        "Анализ показал, что аллергии нет: {allergen}.",
        "В {year} году у меня была операция: {procedure}.",
        "У меня никогда не было операций.",
        "В {year} году была травма: {injury}.",
        "Вакцинация: {vaccine}, {when}.",
        "{vaccine} — никогда не делали.",
        "У нас в семье {chronic}: болеет {relative}.",
        "Мне {age_ru}.",
        "Мой рост {height} см, вес {weight} кг.",
        "Я мужчина.",
        "Я женщина.",
        "Курю около {cigs} сигарет в день.",
        "Я бросил курить {n} месяца назад.",
        "Я не пью алкоголь.",
        "Я бегаю {n} раза в неделю.",
        "Сплю около {hours} часов за ночь.",
        "Можно ли принимать препарат {drug} вместе с препаратом {drug2}?",
        "Что будет, если я перестану принимать препарат {drug}?",
        "{other} принимает препарат {drug}.",
        "Спасибо!",
        "Понятно, спасибо.",
        "Да.",
        "Нет.",
    ),
    "zh": (
        "我在吃{drug}，{freq}，每次{dose}。",
        "我每天吃{drug}{dose}。",
        "我还在吃{drug}，{freq}，每次{dose}。",
        "医生给我开了{drug}，每次{dose}。",
        "医生把我的{drug}加到每次{dose}。",
        "医生把我的{drug}减到每次{dose}。",
        "医生让我把{drug}换成了{drug2}。",
        "我已经停了{drug}。",
        "我不吃任何药。",
        "我{symptom}{n}天了。",
        "我的{symptom}好了。",
        "晚上有时候心慌。",
        "我有{chronic}。",
        "我被诊断出{diagnosis}。",
        "医生说我有{diagnosis}。",
        "我对{allergen}过敏。",
        "我对{drug}过敏。",
        "没有过敏。",
        "我没有过敏。",
        "检查显示我对{allergen}不过敏。",
        "我{year}年做过手术：{procedure}。",
        "我从来没做过手术。",
        "我{year}年受过伤：{injury}。",
        "我{when}打了{vaccine}。",
        "我从来没打过{vaccine}。",
        "我{relative}有{chronic}。",
        "我今年{age}岁。",
        "我身高{height}厘米，体重{weight}公斤。",
        "我是男的。",
        "我是女的。",
        "我每天抽{cigs}支烟。",
        "我{n}个月前戒烟了。",
        "我不喝酒。",
        "我每周跑步{n}次。",
        "我每天晚上睡{hours}个小时左右。",
        "{drug}可以和{drug2}一起吃吗？",
        "如果我停了{drug}会怎样？",
        "我{other}在吃{drug}。",
        "谢谢！",
        "好的，明白了。",
        "是的。",
        "没有。",
    ),
}

ASSISTANT: dict[str, tuple[str, ...]] = {
    "en": (
        "Do you have any allergies?",
        "Are you taking any medication?",
        "How long have you had it?",
        "Have you had any operations?",
        "Does anyone in your family have health problems?",
        "Do you smoke?",
        "How much do you drink?",
        "Have you had your flu shot this year?",
        "What dose do you take?",
        "Have you seen a doctor about it?",
        "Any other symptoms?",
        "How old are you?",
        "Is that still the case?",
        "Noted. Anything else I should know?",
        "How are you feeling today?",
    ),
    "ru": (
        "Есть ли у вас аллергия?",
        "Принимаете ли вы какие-нибудь лекарства?",
        "Как давно это у вас?",
        "Были ли у вас операции?",
        "Есть ли болезни у ваших родственников?",
        "Вы курите?",
        "Как часто вы пьёте алкоголь?",
        "Делали ли вы прививку от гриппа в этом году?",
        "Какую дозу вы принимаете?",
        "Вы обращались к врачу?",
        "Есть ли другие симптомы?",
        "Сколько вам лет?",
        "Это всё ещё так?",
        "Записал. Что-нибудь ещё?",
        "Как вы себя чувствуете сегодня?",
    ),
    "zh": (
        "你有过敏吗？",
        "你在吃什么药吗？",
        "这种情况多久了？",
        "你做过手术吗？",
        "你家里人有什么病吗？",
        "你抽烟吗？",
        "你经常喝酒吗？",
        "你今年打流感疫苗了吗？",
        "你每次吃多少？",
        "你去看过医生吗？",
        "还有别的症状吗？",
        "你今年多大？",
        "现在还是这样吗？",
        "记下了。还有别的吗？",
        "你今天感觉怎么样？",
    ),
}

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
