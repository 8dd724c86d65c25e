"""Recording audit entries: every write that changes tournament data leaves one."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import event, insert
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import Session, SQLModel, col, select

from app.auth.principal import Principal
from app.models import AuditEntry
from app.models.base import table_of, utcnow
from app.operations.repository import load_tournament, paginate
from app.schemas.accounts import AuditRead

PRIVATE_FIELDS = {"password_hash", "token_hash"}


def snapshot(obj: SQLModel | dict[str, Any] | None) -> dict[str, Any] | None:
    """A JSON-ready copy of a row's columns (secrets left out)."""
    if obj is None:
        return None
    data = obj if isinstance(obj, dict) else obj.model_dump()
    return {k: _plain(v) for k, v in data.items() if k not in PRIVATE_FIELDS}


def _plain(v: Any) -> Any:
    if isinstance(v, datetime | date):
        return v.isoformat()
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v


def record(
    session: Session,
    principal: Principal | None,
    action: str,
    entity: str,
    entity_id: object,
    *,
    tournament_id: int | None = None,
    before: SQLModel | dict[str, Any] | None = None,
    after: SQLModel | dict[str, Any] | None = None,
    reason: str = "",
) -> None:
    """Note an audit entry (the snapshots are taken now); it is written when the transaction commits.

    The entries of a transaction are inserted together, in the order they were recorded, by one statement as it
    commits (a batch of 40 results is 40 entries): no ORM object for each. A transaction that rolls back writes
    none, as before."""
    pending: list[dict[str, Any]] = session.info.setdefault(_PENDING, [])
    pending.append({
        "at": utcnow(),
        "user_id": principal.user_id if principal else None,
        "actor": principal.actor if principal else "system",
        "tournament_id": tournament_id,
        "action": action,
        "entity": entity,
        "entity_id": str(entity_id),
        "before": snapshot(before),
        "after": snapshot(after),
        "reason": reason,
    })


_PENDING = "teamswiss_audit"
_INSERT = insert(table_of(AuditEntry))


@event.listens_for(OrmSession, "before_commit")
def _write(session: OrmSession) -> None:
    pending = session.info.pop(_PENDING, None)
    if pending:
        session.connection().execute(_INSERT, pending)


@event.listens_for(OrmSession, "after_transaction_end")
def _forget(session: OrmSession, transaction: Any) -> None:
    if transaction.parent is None:  # the outermost transaction ended: what was not written is not
        session.info.pop(_PENDING, None)


def list_entries(session: Session, tournament_id: int, entity: str | None, limit: int,
                 offset: int) -> tuple[list[AuditRead], int]:
    """One page of the tournament's audit trail, newest first (``entity``: one kind of record), and how many."""
    load_tournament(session, tournament_id)
    stmt = select(AuditEntry).where(AuditEntry.tournament_id == tournament_id).order_by(col(AuditEntry.id).desc())
    if entity:
        stmt = stmt.where(AuditEntry.entity == entity)
    items, total = paginate(session, stmt, limit, offset)
    return [AuditRead.model_validate(a, from_attributes=True) for a in items], total
