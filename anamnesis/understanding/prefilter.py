"""Which fragments the ``openai`` backend need not ask about: greetings, thanks, "ok", logistics.

Most chat turns state nothing about health, and each one would cost a classifier call. A
fragment is skipped only when three independent signs agree, so a skip is very unlikely to lose a
fact:

1. the offline rules backend (its terminology of drugs, conditions and cue words in en/ru/zh)
   finds no section, no event and no reading in it;
2. it contains no digit and does not follow an assistant question (a bare "ok" or "偶尔" after
   "Any dizziness?" is an answer, and answers are always asked about);
3. every word of it is small talk: greeting, thanks, acknowledgement, farewell or logistics
   (:data:`SMALL_TALK`), with Chinese read as a run of such phrases.

Anything else goes to the model, so an unusual way of saying a symptom ("I feel awful") is never
skipped for want of a word in the terminology. ``tests/test_prefilter.py`` checks on the gold
and dev sets that no turn carrying an event is skipped.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache

from anamnesis.terminology.text import normalise
from anamnesis.understanding.rules import RulesBackend
from anamnesis.understanding.rules.lexicon import Lexicon, load_lexicon
from anamnesis.understanding.rules.measurements import extract_measurements
from anamnesis.understanding.rules.message import understand_text
from schemas.events import Fragment

#: Words (en, ru) and phrases (zh) that carry no health content on their own.
SMALL_TALK: dict[str, frozenset[str]] = {
    "en": frozenset(
        """hi hello hey hiya morning evening afternoon good day night thanks thank thx ty cheers you so
        much very lot a the ok okay okey k kk alright all right sure great cool nice perfect awesome
        excellent wonderful fine got it noted understood understand see i i'll i'm will be back talk
        later soon tomorrow bye goodbye take care have that's thats this is was helpful useful appreciate
        appreciated again for your help welcome please wait moment minute second just let me check
        brb lol haha makes sense sounds oh ah hmm well anyway continue""".split()
    ),
    "ru": frozenset(
        """привет здравствуйте здравствуй добрый доброе день утро вечер спасибо спс благодарю большое
        огромное очень вам тебе за помощь понятно ясно ясненько хорошо ладно ок окей отлично супер
        класс здорово принято понял поняла поняли угу ага договорились пока до свидания
        завтра позже потом скоро встречи связи минутку минуту секунду подождите подожди сейчас вернусь
        всего доброго хорошего помогли помогло полезно я вы это было всё все ну ой""".split()
    ),
    "zh": frozenset(
        """你好 您好 嗨 哈喽 早上好 早 晚上好 下午好 谢谢 谢谢你 谢谢您 多谢 感谢 非常感谢 太感谢了 麻烦了 辛苦了
        好的 好 好吧 行 可以 嗯 嗯嗯 哦 噢 哈哈 知道了 明白 明白了 了解 收到 懂了 清楚了 没问题
        再见 拜拜 回头聊 明天聊 下次聊 晚安 稍等 等一下 等等 一会儿 马上 回来 很有帮助 有帮助 帮助 很
        非常 太 了 啊 呀 吧 呢 啦 我 你 您 的 这 那 就 也""".split()
    ),
}
_WORD = re.compile(r"[a-zа-яё]+(?:['’][a-zа-яё]+)*|[\u3400-\u9fff]+")
_DIGIT = re.compile(r"\d")
_QUESTION = re.compile(r"[?？]")
_LATIN_CYRILLIC = SMALL_TALK["en"] | SMALL_TALK["ru"]
_ZH_LONGEST = max(len(p) for p in SMALL_TALK["zh"])


def prefilter_version() -> str:
    """Changes with the small-talk words and with the rules backend: a changed filter re-reads."""
    words = "\n".join(sorted(w for group in SMALL_TALK.values() for w in group))
    return hashlib.sha256(f"{words}\0{RulesBackend().fingerprint()}".encode()).hexdigest()[:12]


def no_health_content(fragment: Fragment) -> bool:
    """True when ``fragment`` is small talk the model need not read (see the module docstring)."""
    if _DIGIT.search(fragment.text) or (fragment.context and _QUESTION.search(fragment.context)):
        return False
    if not _all_small_talk(normalise(fragment.text)):
        return False
    sections, events = understand_text(fragment.text, fragment.context, fragment.lang, _lexicon())
    return not sections and not events and not extract_measurements(fragment.text)


def _all_small_talk(norm: str) -> bool:
    words = _WORD.findall(norm.replace("’", "'"))
    if not words:
        return False  # emoji or punctuation only: rare, and cheap to ask about
    return all(_zh_small_talk(w) if "\u3400" <= w[0] <= "\u9fff" else w in _LATIN_CYRILLIC for w in words)


def _zh_small_talk(run: str) -> bool:
    """Whether a run of Chinese characters splits into small-talk phrases (longest first)."""
    reachable = [True] + [False] * len(run)
    for end in range(1, len(run) + 1):
        reachable[end] = any(
            reachable[start] and run[start:end] in SMALL_TALK["zh"] for start in range(max(0, end - _ZH_LONGEST), end)
        )
    return reachable[-1]


@cache
def _lexicon() -> Lexicon:
    return load_lexicon()
