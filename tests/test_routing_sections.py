"""The router reads a plain question's sections off its hits: exactly the reader's sections.

Every labelled query and user turn (gold, dev, validation queries; gold and dev turns with the
assistant turn before them) and thousands of synthetic questions and statements in three
languages are routed and read in full; the sections must be the same. Nothing is printed of
a text but on a mismatch, and validation items only by their position.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from anamnesis.api.routing import QueryRouter
from anamnesis.understanding.rules.answers import asked_in
from anamnesis.understanding.rules.lexicon import load_lexicon
from anamnesis.understanding.rules.message import read_message, scan_message, states_a_number
from anamnesis.understanding.rules.question_sections import question_sections
from schemas.langs import LANGS
from tools.synth import _user_text
from tools.synth_vocab import vocabulary

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "anamnesis" / "evaluation" / "data"
sys.path.insert(0, str(ROOT / "benchmarks"))
from api_requests import TURNS, question  # noqa: E402

#: Question frames of this test's own, one slot for a term of any kind.
FRAMES = {
    "en": (
        "Is {} dangerous?", "What should I know about {}?", "Hi! How long does {} last? Thanks!",
        "Could my {} get worse if I skip breakfast?", "Should I worry about {}?",
        "Good morning. Is {} normal at my age?",
    ),
    "ru": (
        "Это опасно, {}?", "Что нужно знать про {}?", "Здравствуйте! Сколько длится {}? Спасибо!",
        "Может ли {} стать хуже без завтрака?", "Стоит ли волноваться из-за {}?", "Как быть, если {}?",
    ),
    "zh": (
        "{}危险吗？", "关于{}我该知道什么？", "你好！{}一般持续多久？谢谢！",
        "不吃早饭{}会加重吗？", "{}需要担心吗？", "早上好。{}正常吗？",
    ),
}


def labelled() -> list[tuple[str, str, str | None]]:
    """(set, text, assistant turn before it) of every query and every gold and dev user turn."""
    out = []
    for kind in ("gold", "dev", "validation"):
        for path in sorted((DATA / kind).glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                dialogue = json.loads(line)
                if dialogue.get("query"):
                    out.append((kind, dialogue["query"]["text"], None))
                if kind == "validation":
                    continue
                before = None
                for turn in dialogue["turns"]:
                    if turn["role"] == "user":
                        out.append((kind, turn["text"], before))
                    before = turn["text"] if turn["role"] == "assistant" else None
    return out


def synthetic(count: int, seed: int) -> list[tuple[str, str, str | None]]:
    """Benchmark questions, this test's frames over every term kind, and the generator's statements."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        lang = LANGS[n % 3]
        context = rng.choice((None, TURNS[lang][1][1]))
        vocab = vocabulary(lang)
        kind = rng.choice(sorted(vocab.terms))
        term = vocab.pick(rng, vocab.terms[kind]).forms[0]
        out.append(("synthetic", question(rng, lang), context))
        out.append(("synthetic", rng.choice(FRAMES[lang]).format(term), None))
        out.append(("synthetic", _user_text(rng, lang), context))
    return out


#: Questions of this test's own around the shortcut's edges: pronouns, taking without a drug, a time
#: before a section noun, someone else, a greeting with a time or a vaccination verb in it.
PROBES = (
    "Can I keep taking it?", "Should I stop it?", "Is it safe to take ibuprofen after the flu shot?",
    "Can my wife take my aspirin?", "My doctor says I should stop statins, is that right?",
    "Good morning. Is coffee bad before surgery?", "Do I need antibiotics for a cold?",
    "Можно ли мне ещё его принимать?", "Я не принимаю лекарства, можно ли мне кофе?",
    "Что делать, если у мужа давление?", "Доброе утро. Можно ли после операции в баню?",
    "Нужна ли прививка от кори взрослым?", "我还可以吃吗？", "还能继续吃吗？", "我还在吃，可以喝酒吗？",
    "早上好。打完疫苗能洗澡吗？", "不好意思又打扰你。布洛芬伤胃吗？", "我老公高血压，我需要注意什么？",
)
CASES = labelled() + synthetic(3000, 15) + [("probe", text, None) for text in PROBES]


def test_the_router_gives_the_readers_sections_and_reads_most_plain_questions_off_their_hits() -> None:
    router, lexicon = QueryRouter(), load_lexicon()
    mismatches, plain = [], 0
    for n, (kind, text, context) in enumerate(CASES):
        asked = asked_in(context) if context else None
        expected = list(read_message(text, asked, None, lexicon)[0])
        turns = [("assistant", context)] if context else []
        if router.route(text, turns).sections != expected:
            mismatches.append(n if kind == "validation" else (text, context, expected))
        scanned = scan_message(text, asked, lexicon)
        if scanned and asked is None and not states_a_number(scanned[0]) and question_sections(*scanned) is not None:
            plain += 1
    assert mismatches == []
    assert plain > len(CASES) // 5  # the shortcut is taken, or this test proves nothing


@pytest.mark.parametrize(
    "text",
    [
        "Should I get the pneumonia jab?",  # the disease names the vaccine
        "Нужна ли мне ревакцинация от гриппа?",
        "Can I stop taking zoloftine?",  # DrugBank may know the drug
        "My mum has diabetes, should I get checked?",  # a relative: family history
        "Can I take ibuprofen? I'm 45 years old.",  # a number: demographics
        "Am I allergic to penicillin?",  # an allergy cue
        "I have a headache. What should I do?",  # a statement beside the question
    ],
)
def test_what_only_the_full_reading_can_tell_is_read_in_full(text: str) -> None:
    lexicon = load_lexicon()
    scanned = scan_message(text, None, lexicon)
    assert scanned is not None
    assert states_a_number(scanned[0]) or question_sections(*scanned) is None


@pytest.mark.parametrize(
    ("text", "sections"),
    [
        ("Can I take ibuprofen with my other medicines?", ("medications",)),
        ("Hi! What should I eat with type 2 diabetes? Thanks!", ("chronic_conditions",)),
        ("Можно ли мне принимать ибупрофен при мигрени?", ("medications", "chronic_conditions")),
        ("得了偏头痛可以运动吗？", ("chronic_conditions", "lifestyle")),
        ("Can I take ibuprofen after the vaccine?", ("medications",)),  # "after the vaccine" is a time
    ],
)
def test_a_plain_question_is_read_off_its_hits(text: str, sections: tuple[str, ...]) -> None:
    scanned = scan_message(text, None, load_lexicon())
    assert scanned is not None
    assert question_sections(*scanned) == sections
