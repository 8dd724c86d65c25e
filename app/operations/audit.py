"""Recording audit entries: every write that changes tournament data leaves one."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlmodel import Session, SQLModel

from app.models import AuditEntry
from app.security import Principal

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
) -> AuditEntry:
    entry = AuditEntry(
        user_id=principal.user_id if principal else None,
        actor=principal.actor if principal else "system",
        tournament_id=tournament_id,
        action=action,
        entity=entity,
        entity_id=str(entity_id),
        before=snapshot(before),
        after=snapshot(after),
        reason=reason,
    )
    session.add(entry)
    return entry
