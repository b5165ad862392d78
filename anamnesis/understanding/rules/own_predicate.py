"""A denial of a verb of its own, in a phrase after a pause, denies that verb, not the thing before.

"I'm allergic to peanuts, didn't notice they were in it", "а на арахис у меня аллергия давно, не
заметила", "у меня аллергия на арахис, не знала что он там есть": the later phrase says what the user
did not notice, know or expect; the allergy before it stands. A bare trailing denial ("cough, not
really", "penicillin allergy, no") has no verb of its own and still denies what it follows.
"""

from __future__ import annotations

import re

#: A denial opening a verb of noticing, knowing, thinking or remembering.
_DENIED_VERB = re.compile(
    r"(?:didn'?t|did not|don'?t|do not|never|wasn'?t|was not|hadn'?t|had not)\s+(?:even\s+|really\s+)?"
    r"(?:notice|realis|realiz|know|knew|see|saw|check|read|think|thought|expect|remember|spot|look|mean|bother)"
    r"|(?<![а-яё])не\s+(?:сразу\s+)?(?:заметил|знал|знаю|понял|увидел|подумал|посмотрел|прочитал|ожидал|помню"
    r"|обратил|проверил|догадал|сообразил|думал|хотел)"
    r"|(?:没|不|没有)(?:注意|留意|知道|想到|发现|看到|看见|仔细看|料到|意识到)"
)


def denies_own_verb(norm: str, cue: int) -> bool:
    """The denial at ``cue`` opens a verb of its own ("didn't notice", "не заметила", "没注意")."""
    return _DENIED_VERB.match(norm, cue) is not None
