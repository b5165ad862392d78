"""What the review page shows of one user: each section as a timeline, conflicts side by side.

One read of the warehouse, bound to the one user id: current facts, every event of every fact
(retracted ones too) with who changed it and why, the conflicts, and the text of each message
an event or a conflict cites.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import duckdb
import orjson

from anamnesis.facts.queries import current_facts
from anamnesis.memory.texts import LABELS
from anamnesis.review.queries import conflicts, message_texts, statement
from schemas.sections import SECTIONS, allowed_statuses

EVENTS_SQL = """
select e.fact_id, e.section, e.entity, e.change_type, e.status, e.attributes, e.valid_from, e.source,
       e.source_message_id, coalesce(c.reviewer, r.reviewer, r.source) as changed_by, coalesce(c.note, r.note) as note
from fact_events e
left join corrections c on e.source = 'review' and c.correction_id = e.source_ref and c.user_id = e.user_id
left join resolutions r on e.source = 'clarification' and r.resolution_id = e.source_ref and r.user_id = e.user_id
where e.user_id = ?
order by e.section, e.entity, e.valid_from, e.recorded_at, e.event_id
"""


@dataclass(slots=True)
class FactView:
    fact_id: str
    entity: str
    current: dict[str, Any] | None  # None: retracted (or renamed) by a reviewer
    events: list[dict[str, Any]] = field(default_factory=list)
    statuses: tuple[str, ...] = ()


@dataclass(slots=True)
class SectionView:
    section: str
    label: str
    facts: list[FactView]


@dataclass(slots=True)
class UserView:
    user_id: str
    sections: list[SectionView]
    open_conflicts: list[dict[str, Any]]
    resolved_conflicts: list[dict[str, Any]]

    @property
    def empty(self) -> bool:
        return not self.sections and not self.open_conflicts and not self.resolved_conflicts


def user_view(con: duckdb.DuckDBPyConnection, user_id: str) -> UserView:
    """Everything the page shows of ``user_id``, and nothing of anyone else."""
    facts = {f["fact_id"]: f for f in current_facts(con, user_id)}
    rows = con.execute(EVENTS_SQL, [user_id]).fetchall()
    user_conflicts = conflicts(con, user_id)
    cited = [r[8] for r in rows] + [
        c[k] for c in user_conflicts for k in ("source_message_id", "conflicting_message_id")
    ]
    texts = message_texts(con, user_id, cited)
    views: dict[str, FactView] = {}
    for fid, section, entity, change, status, attributes, valid_from, source, mid, changed_by, note in rows:
        view = views.get(fid)
        if view is None:
            view = views[fid] = FactView(fid, entity, facts.get(fid), statuses=allowed_statuses(section, entity))
        attrs = orjson.loads(attributes) if isinstance(attributes, str) else attributes
        view.events.append({
            "section": section, "change_type": change, "status": status, "attributes": attrs,
            "valid_from": valid_from.isoformat(), "source": source, "changed_by": changed_by, "note": note,
            "message": texts.get(mid, {}).get("text") if source == "dialogue" else None,
            "retracted": bool(attrs.get("retracted")),
        })  # fmt: skip
    by_section: dict[str, list[FactView]] = {}
    for view in views.values():
        by_section.setdefault(view.events[0]["section"], []).append(view)
    for conflict in user_conflicts:
        conflict["earlier_text"] = texts.get(conflict["source_message_id"], {}).get("text")
        conflict["later_text"] = texts.get(conflict["conflicting_message_id"], {}).get("text")
        conflict["earlier"] = statement(conflict["section"], conflict["entity"], conflict["earlier_status"])
        conflict["later"] = statement(conflict["section"], conflict["later_entity"], conflict["later_status"])
    return UserView(
        user_id=user_id,
        sections=[SectionView(s, LABELS[s], by_section[s]) for s in SECTIONS if s in by_section],
        open_conflicts=[c for c in user_conflicts if c["status"] == "open"],
        resolved_conflicts=[c for c in user_conflicts if c["status"] == "resolved"],
    )
