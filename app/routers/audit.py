"""The audit trail of a tournament (officials only)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from sqlmodel import col, select

from app.http.deps import Access, Id, PagingDep, SessionDep, permit
from app.models import AuditEntry
from app.operations.repository import load_tournament, paginate
from app.schemas.accounts import AuditRead
from app.schemas.base import Page

router = APIRouter(tags=["audit"])


@router.get("/tournaments/{tournament_id}/audit", response_model=Page[AuditRead],
            summary="Who changed what, when, from what to what (newest first)")
def list_audit(tournament_id: Id, session: SessionDep, paging: PagingDep,
               _: Annotated[Access, permit("audit.read")],
               entity: Annotated[str | None, Query(max_length=50, description="e.g. round, team, lineup")] = None,
               ) -> Page[AuditRead]:
    """The tournament's audit trail, newest first: who changed what and when, the values before and after, and
    the reason given. `entity` keeps one kind of record (`round`, `team`, `lineup`, `match`, ...)."""
    load_tournament(session, tournament_id)
    stmt = select(AuditEntry).where(AuditEntry.tournament_id == tournament_id).order_by(col(AuditEntry.id).desc())
    if entity:
        stmt = stmt.where(AuditEntry.entity == entity)
    items, total = paginate(session, stmt, paging.limit, paging.offset)
    return paging.page([AuditRead.model_validate(a, from_attributes=True) for a in items], total)
