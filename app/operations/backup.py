"""Backup and restore of the whole database as one JSON document.

``dump(engine)`` reads every table of the schema (``app.models.metadata``: tournaments,
clubs, players, teams, rounds, users with their password *hashes*, API tokens (their
SHA-256 hashes), memberships, audit trail, idempotency records, mirrors and publications, ...) and returns::

    {"format": "teamswiss-backup", "version": 1, "revision": "<alembic revision>",
     "created_at": "...", "tables": {"<table>": {"columns": [...], "rows": [[...], ...]}}}

Rows keep their ids. Values are JSON: timestamps and dates in ISO 8601, decimals as
strings, JSON columns as they are. The one plaintext secret of the database, a venue's
publishing key (:data:`SECRETS`), is left out, so none is in a backup; the file still
holds personal data (birth dates, contacts) and password hashes:
keep it private.

``restore(engine, data)`` refuses a database that has any row, inserts the tables in
foreign-key order in one transaction, and on PostgreSQL moves every id sequence past the
largest restored id (so the next insert does not collide).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, DateTime, Integer, Numeric, Table, func, select, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.types import TypeDecorator

import app.models  # noqa: F401 - registers every table
from app.models import metadata
from app.services.errors import InvalidInput, StateConflict

#: Plaintext secrets, left out of a backup (written as null): a venue's publishing key for the public server
#: (kept so that the console can publish; after a restore it is given again).
SECRETS = {("publication", "token")}
FORMAT = "teamswiss-backup"
VERSION = 1


def _tables() -> list[Table]:
    return list(metadata.sorted_tables)


def _impl(col_type: Any) -> Any:
    return col_type.impl if isinstance(col_type, TypeDecorator) else col_type


def _encode(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _decode(value: Any, col_type: Any) -> Any:
    if value is None:
        return None
    t = _impl(col_type)
    if isinstance(t, DateTime):
        dt = datetime.fromisoformat(value)
        if isinstance(col_type, TypeDecorator) and dt.tzinfo is None:
            dt = dt.replace(tzinfo=UTC)
        return dt
    if isinstance(t, Date):
        return date.fromisoformat(value)
    if isinstance(t, Numeric) and not isinstance(t, Integer):
        return Decimal(str(value))
    return value


def _revision(conn: Connection) -> str | None:
    try:
        row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
    except Exception:  # noqa: BLE001 - a database made without Alembic has no revision table
        return None
    return str(row[0]) if row else None


def dump(engine: Engine) -> dict[str, Any]:
    """Every row of every table (see the module docstring)."""
    tables: dict[str, Any] = {}
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ")  # one snapshot for every table
        revision = _revision(conn)
        if conn.in_transaction():
            conn.rollback()
        with conn.begin():
            for table in _tables():
                cols = [c.name for c in table.columns]
                pk = list(table.primary_key.columns)
                rows = conn.execute(select(table).order_by(*pk)).all()
                secret = {i for i, c in enumerate(cols) if (table.name, c) in SECRETS}
                tables[table.name] = {"columns": cols, "rows": [[None if i in secret else _encode(v)
                                                                 for i, v in enumerate(row)] for row in rows]}
    return {"format": FORMAT, "version": VERSION, "revision": revision,
            "created_at": datetime.now(UTC).isoformat(), "tables": tables}


def row_counts(engine: Engine) -> dict[str, int]:
    with engine.connect() as conn:
        return {t.name: int(conn.execute(select(func.count()).select_from(t)).scalar_one()) for t in _tables()}


def restore(engine: Engine, data: dict[str, Any]) -> dict[str, int]:
    """Load a :func:`dump` into an empty database; returns the rows restored per table."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidInput(None, "not a teamswiss backup (format teamswiss-backup)")
    if data.get("version") != VERSION:
        raise InvalidInput(None, "backup version {get!r} is not supported (expected {version})",
                           params={"get": data.get('version'), "version": VERSION})
    known = {t.name: t for t in _tables()}
    given = data.get("tables")
    if not isinstance(given, dict):
        raise InvalidInput(None, "the backup has no tables")
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise InvalidInput(None, "tables this version does not know: {unknown}",
                           params={"unknown": ', '.join(unknown)})
    counts: dict[str, int] = {}
    with engine.connect() as conn:
        revision = _revision(conn)
        if conn.in_transaction():
            conn.rollback()
        if data.get("revision") and revision and data["revision"] != revision:
            raise StateConflict(None, "the backup is of schema revision {revision}, the database is at {revision2}: "
                                "migrate to the same revision first",
                                params={"revision": data['revision'], "revision2": revision})
        with conn.begin():
            busy = [t.name for t in _tables()
                    if conn.execute(select(func.count()).select_from(t)).scalar_one()]
            if busy:
                raise StateConflict(None, "restore needs an empty database; these tables have rows: {tables}",
                                    params={"tables": ", ".join(busy)})
            for table in _tables():
                block = given.get(table.name)
                if not block:
                    counts[table.name] = 0
                    continue
                cols = block["columns"]
                missing = [c for c in cols if c not in table.columns]
                if missing:
                    raise InvalidInput(None, "table {name}: unknown columns {missing}",
                                       params={"name": table.name, "missing": ', '.join(missing)})
                types = [table.columns[c].type for c in cols]
                try:
                    rows = [{c: _decode(v, ty) for c, v, ty in zip(cols, row, types, strict=True)}
                            for row in block["rows"]]
                    for k in range(0, len(rows), 500):
                        conn.execute(table.insert(), rows[k:k + 500])
                except (KeyError, TypeError, ValueError, DBAPIError) as exc:
                    raise InvalidInput(None, "table {name}: the rows cannot be restored: {splitlines}",
                                       params={"name": table.name,
                                               "splitlines": str(exc).splitlines()[0][:300]}) from None
                counts[table.name] = len(rows)
            if engine.dialect.name == "postgresql":
                _reset_sequences(conn)
    return counts


def _reset_sequences(conn: Connection) -> None:
    """Every serial id continues after the largest restored id (PostgreSQL)."""
    for table in _tables():
        for col in table.primary_key.columns:
            if not isinstance(_impl(col.type), Integer):
                continue
            seq = conn.execute(text("SELECT pg_get_serial_sequence(:t, :c)"),
                               {"t": f'"{table.name}"',
                                "c": col.name}).scalar()
            if seq:
                conn.execute(text(f'SELECT setval(:s, COALESCE((SELECT MAX("{col.name}") FROM "{table.name}"), 0) + 1, '
                                  "false)"), {"s": seq})
