"""The warehouse's types and documentation: ENUM types, typed numeric values, ``COMMENT ON``.

- ``section_t``, ``status_t`` and ``change_type_t`` are ENUMs (labels in alphabetical order, so
  ``order by section`` sorts as it did with strings and cursors keep working).
- Doses and numeric values are typed where they are numbers: ``dose_value`` DOUBLE with
  ``dose_unit``, ``value_number`` DOUBLE (age "61" → 61.0); ``attributes`` JSON stays as it was.
  The parsing lives in SQL macros stored in the file, so a DuckDB session can use them too.
- Every relation and column carries a comment from :mod:`schemas.docs`.
- The file is written in DuckDB's 1.5 storage format, so the DuckDB CLI of the README (the
  ``duckdb-cli`` wheel) opens it.
"""

from __future__ import annotations

import duckdb

from schemas.docs import RELATIONS, column_doc
from schemas.frames import _ALL_STATUSES
from schemas.sections import CHANGE_TYPES, SECTIONS

#: Storage format of the warehouse file: the newest the bundled DuckDB CLI reads.
STORAGE_VERSION = "v1.5.0"

ENUMS: dict[str, tuple[str, ...]] = {
    "section_t": tuple(sorted(SECTIONS)),
    "status_t": tuple(sorted(_ALL_STATUSES)),
    "change_type_t": tuple(sorted(CHANGE_TYPES)),
}
#: Table → column → ENUM type. ``rejects`` keeps VARCHAR: a rejected proposal may name anything.
ENUM_COLUMNS: dict[str, dict[str, str]] = {
    "extracted_events": {"section": "section_t", "status": "status_t"},
    "fact_events": {"section": "section_t", "status": "status_t", "change_type": "change_type_t"},
    "fact_state": {"section": "section_t", "status": "status_t"},
    "conflicts": {"section": "section_t"},
}
_NUMBER = r"^\s*(-?[0-9]+(?:[.,][0-9]+)?)"
MACROS = (
    f"create macro number_of(s) as try_cast(replace(regexp_extract(s, '{_NUMBER}', 1), ',', '.') as double)",
    f"create macro unit_of(s) as nullif(lower(trim(regexp_extract(s, '{_NUMBER}\\s*(.*)$', 2))), '')",
    "create macro dose_value(a) as number_of(a->>'dose')",
    "create macro dose_unit(a) as case when number_of(a->>'dose') is not null then unit_of(a->>'dose') end",
    "create macro value_number(a) as number_of(a->>'value')",
)
#: Typed columns added after ``attributes`` in these relations.
TYPED_VALUES = "dose_value(attributes) as dose_value, dose_unit(attributes) as dose_unit, " \
    "value_number(attributes) as value_number"


def create_types(con: duckdb.DuckDBPyConnection) -> None:
    """The ENUM types and parsing macros, before any table uses them."""
    for name, labels in ENUMS.items():
        quoted = ", ".join("'" + label.replace("'", "''") + "'" for label in labels)
        con.execute(f"create type {name} as enum ({quoted})")
    for macro in MACROS:
        con.execute(macro)


def casts(table: str) -> list[str]:
    """``replace`` expressions turning ``table``'s enum columns into their ENUM types."""
    return [f"{column}::{enum} as {column}" for column, enum in ENUM_COLUMNS.get(table, {}).items()]


def comment_everything(con: duckdb.DuckDBPyConnection) -> None:
    """``COMMENT ON`` every table, view and column; a relation or column without a doc is an error.

    The comments go to DuckDB in one call: hundreds of small calls each wait for the GIL while
    the memory tables are built on another thread of the step.
    """
    relations = con.execute(
        "select table_name, 'table' from duckdb_tables() where not internal "
        "union all select view_name, 'view' from duckdb_views() where not internal and not temporary"
    ).fetchall()
    columns: dict[str, list[str]] = {}
    for relation, column in con.execute(
        "select table_name, column_name from duckdb_columns() order by table_name, column_index"
    ).fetchall():
        columns.setdefault(relation, []).append(column)
    statements = []
    for relation, kind in relations:
        doc = RELATIONS.get(relation)
        if doc is None:
            raise ValueError(f"warehouse relation {relation!r} has no description in schemas.docs")
        statements.append(f"comment on {kind} {relation} is {_literal(doc)}")
        for column in columns.get(relation, []):
            column_text = column_doc(relation, column)
            if column_text is None:
                raise ValueError(f"column {relation}.{column} has no description in schemas.docs")
            statements.append(f'comment on column {relation}."{column}" is {_literal(column_text)}')
    con.execute(";\n".join(statements))


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
