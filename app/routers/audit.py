"""The audit trail of a tournament (officials only)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from app.http.deps import Access, Id, PagingDep, SessionDep, permit
from app.operations import audit
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
    items, total = audit.list_entries(session, tournament_id, entity, paging.limit, paging.offset)
    return paging.page(items, total)
