"""What the server computes once per warehouse file, for every user: few rows, read on many requests.

Loaded when a warehouse is prefetched (at start, and in the background after a rebuild), so a
question about a test or a drug costs no DuckDB query; a replaced warehouse starts new memos,
so a rebuild or an erasure shows at once.
"""

from __future__ import annotations

from anamnesis.api.warehouse_generation import Memo
from anamnesis.measurements.read import measurements_by_user
from anamnesis.review.queries import open_conflicts_by_user

#: Every user's open conflicts (the context block, the safety check, the review page).
OPEN_CONFLICTS = Memo("open_conflicts", open_conflicts_by_user, {})
#: Every user's readings, oldest first (the measurements route, trend lines in the context block).
MEASUREMENTS = Memo("measurements", measurements_by_user, {})
#: Token counts of the lines the context block was drafted from, kept with their warehouse file:
#: a cache keyed by text must go with the file that held the text, or a forgotten user's fact
#: lines would outlive their erasure in the server's memory. Filled by requests, never prefetched.
TOKEN_COUNTS = Memo("token_counts", lambda _cursor: {}, None)
#: Each fact's line in the context block (``render_fact``), by fact id: fixed for the file's life
#: (of what a line shows, only ``decayed`` could move with the clock, and no line shows it).
#: Filled by requests, never prefetched, gone with its file like the token counts.
FACT_LINES = Memo("fact_lines", lambda _cursor: {}, None)
#: Each cached user's facts arranged for the context block (:class:`~anamnesis.api.context.UserFacts`),
#: by user id, each good for as long as the cached list it was made from: gone with its file too.
USER_FACTS = Memo("user_facts", lambda _cursor: {}, None)
#: Both read memos, computed whenever a warehouse is prefetched.
SERVED_MEMOS = (OPEN_CONFLICTS, MEASUREMENTS)
