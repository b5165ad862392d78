"""An activity that is only when a bare complaint is felt is no habit: "ещё ноет при беге", "走路的时候疼".

"колено болит при беге" already dropped the run (a named complaint); a complaint with no site of
its own ("болит при ходьбе", the site told before) or a bare Chinese "疼" after "的时候" left the
walk as exercise, a fact the user never stated. A habit told with the activity ("каждый день хожу
пешком", "跑步的时候听音乐") stays one. The sentences are new, written for this test; none is from
the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

_EXERCISE = ("lifestyle", "exercise", "active")

# fmt: off
ROWS: list[tuple[str, str | None, bool]] = [
    ("синяк прошел, но ещё ноет при беге", None, False),
    ("болит при ходьбе по лестнице", None, False),
    ("爬楼的时候还有点疼", None, False),
    ("my knee hurts when walking", None, False),
    ("каждый день хожу пешком по 5 км", None, True),
    ("跑步的时候听音乐", None, True),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "habit"), ROWS)
def test_an_activity_a_bare_complaint_comes_with_is_no_habit(text: str, context: str | None, habit: bool) -> None:
    assert (_EXERCISE in triples(understand(text, context))) is habit
