"""The requests the read-path benchmarks send: multilingual questions for random synthetic users.

About nine in ten are asked in the user's own language, the rest in another one; a third carry
recent turns. Openings and closings vary, so questions rarely repeat word for word.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from urllib.parse import quote

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schemas.langs import LANGS  # noqa: E402
from tools.synth_vocab import vocabulary  # noqa: E402

# --- Questions a user asks the assistant: {slot} names a synthetic vocabulary column. ---------
QUESTIONS: dict[str, tuple[str, ...]] = {
    "en": (
        "Can I take {drug} together with my other medicines?",
        "Is it safe to take ibuprofen for {symptom}?",
        "I have {symptom} again. What should I do?",
        "Should I get {vaccine} this year?",
        "What should I eat with {chronic}?",
        "Can I drink alcohol while I'm on {drug}?",
        "Can I take a cold medicine with pseudoephedrine?",
        "Is it okay to go running after {procedure}?",
        "My doctor wants to add {drug}. Is that a problem for me?",
        "What painkiller can I take for {symptom}?",
        "Could {symptom} be a side effect of my medication?",
        "Do I need an antibiotic for a sore throat, given my allergies?",
    ),
    "ru": (
        "Можно ли мне принимать {drug} вместе с другими лекарствами?",
        "Что делать, если у меня {symptom}?",
        "Нужно ли мне делать прививку от {vaccine}?",
        "Можно ли пить алкоголь, если я принимаю {drug}?",
        "У меня {chronic}, можно ли мне заниматься спортом?",
        "Можно ли мне принять лекарство от простуды с псевдоэфедрином?",
        "Какое обезболивающее мне можно, если {symptom}?",
        "Врач хочет назначить {drug}. Это мне не противопоказано?",
        "Может ли {symptom} быть побочным эффектом моих таблеток?",
        "Мне нужен антибиотик от ангины, с учётом моих аллергий?",
    ),
    "zh": (
        "我可以同时吃{drug}和别的药吗？",
        "我{symptom}，该怎么办？",
        "我今年需要打{vaccine}吗？",
        "吃{drug}的时候可以喝酒吗？",
        "我有{chronic}，可以运动吗？",
        "我可以吃含伪麻黄碱的感冒药吗？",
        "我{symptom}，可以吃什么止痛药？",
        "医生想给我加{drug}，对我有问题吗？",
        "{symptom}会不会是我吃的药的副作用？",
        "我做过{procedure}，现在可以跑步吗？",
    ),
}
#: The synthetic vocabulary's kind of term each {slot} takes (tools/synth_vocab.py, the data files).
SLOT_KINDS: dict[str, str] = {
    "drug": "drug", "symptom": "symptom", "vaccine": "vaccine", "chronic": "condition", "procedure": "procedure",
}
TURNS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("user", "I've been feeling off since yesterday."),
           ("assistant", "I'm sorry to hear that. What symptoms do you have?")),
    "ru": (("user", "Со вчерашнего дня чувствую себя плохо."), ("assistant", "Сочувствую. Какие у вас симптомы?")),
    "zh": (("user", "我从昨天开始就不太舒服。"), ("assistant", "很抱歉听到这个。你有什么症状？")),
}
#: Openings and closings, so questions rarely repeat word for word (no cache answers them).
OPENINGS: dict[str, tuple[str, ...]] = {
    "en": ("", "", "Hi! ", "Quick question: ", "Sorry to bother you again. ", "Good morning. ", "One more thing: "),
    "ru": ("", "", "Здравствуйте! ", "Быстрый вопрос: ", "Извините, что снова беспокою. ", "Доброе утро. ", "И ещё: "),
    "zh": ("", "", "你好！", "问一下：", "不好意思又打扰你。", "早上好。", "还有一个问题："),
}
CLOSINGS: dict[str, tuple[str, ...]] = {
    "en": ("", "", " Thanks!", " It started {n} days ago.", " I'm {age} years old.", " I weigh {kg} kg."),
    "ru": ("", "", " Спасибо!", " Это началось {n} дня назад.", " Мой возраст: {age}.", " Я вешу {kg} кг."),
    "zh": ("", "", "谢谢！", "已经{n}天了。", "我今年{age}岁。", "我体重{kg}公斤。"),
}
#: Share of questions in the user's own language; the rest are asked in another one.
OWN_LANGUAGE = 0.9
WITH_TURNS = 0.33


def question(rng: random.Random, lang: str) -> str:
    template = rng.choice(QUESTIONS[lang])
    values = {}
    vocab = vocabulary(lang)
    for slot, kind in SLOT_KINDS.items():
        if "{" + slot + "}" in template:
            values[slot] = vocab.pick(rng, vocab.terms[kind]).forms[0]
    closing = rng.choice(CLOSINGS[lang]).format(n=rng.randint(2, 4), age=rng.randint(18, 90), kg=rng.randint(45, 120))
    return rng.choice(OPENINGS[lang]) + template.format_map(values) + closing


def requests_for(users: int, count: int, seed: int, max_tokens: int) -> list[tuple[str, bytes]]:
    """(path, JSON body) of ``count`` context requests for random users of the synthetic data."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randrange(users)
        user_lang = LANGS[n % 3]
        lang = user_lang if rng.random() < OWN_LANGUAGE else rng.choice([x for x in LANGS if x != user_lang])
        body: dict[str, object] = {"query": question(rng, lang), "max_tokens": max_tokens}
        if rng.random() < WITH_TURNS:
            body["recent_turns"] = [{"role": r, "text": t} for r, t in TURNS[lang]]
        out.append((f"/v1/users/{quote(f'synth-{n + 1:06d}', safe='')}/context", orjson.dumps(body)))
    return out
