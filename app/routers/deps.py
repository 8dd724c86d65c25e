"""Dependencies and small helpers shared by the routers: the session, bounded path ids, paging, lookups."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from fastapi import Depends, Path, Query
from sqlalchemy import func
from sqlmodel import Session, SQLModel, select

from app.config import get_settings
from app.db import SessionDep
from app.models import Tournament
from app.permissions import MAX_ID, Access, Permit
from app.security import Principal, current_principal, optional_principal
from app.services.errors import NotFound

__all__ = ["Access", "Permit", "SessionDep"]

PrincipalDep = Annotated[Principal, Depends(current_principal)]
MaybePrincipalDep = Annotated[Principal | None, Depends(optional_principal)]

#: Path ids are bounded to the database's 32-bit id columns: a larger number is a 422, never a 500.
Id = Annotated[int, Path(ge=1, le=MAX_ID)]
RoundNumber = Annotated[int, Path(ge=1, le=1000, description="the round number")]
BoardNumber = Annotated[int, Path(ge=1, le=100, description="the board number")]

M = TypeVar("M", bound=SQLModel)


class Paging:
    def __init__(
        self,
        limit: Annotated[int, Query(ge=1, le=500, description="page size")] = 50,
        offset: Annotated[int, Query(ge=0, le=MAX_ID, description="items to skip")] = 0,
    ) -> None:
        self.limit = min(limit, get_settings().page_size_max)
        self.offset = offset


PagingDep = Annotated[Paging, Depends()]


def get_or_404(session: Session, model: type[M], ident: int, what: str | None = None) -> M:
    obj = session.get(model, ident) if 0 < ident <= MAX_ID else None
    if obj is None:
        raise NotFound(None, f"no {what or model.__name__.lower()} with id {ident}")
    return obj


def paginate(session: Session, stmt: Any, paging: Paging) -> tuple[list[Any], int]:
    total = session.exec(select(func.count()).select_from(stmt.order_by(None).subquery())).one()
    items = list(session.exec(stmt.offset(paging.offset).limit(paging.limit)).all())
    return items, int(total)


def load_tournament(session: Session, tournament_id: int, *, for_update: bool = False) -> Tournament:
    t = None
    if 0 < tournament_id <= MAX_ID:
        if for_update:
            t = session.exec(select(Tournament).where(Tournament.id == tournament_id).with_for_update()).first()
        else:
            t = session.get(Tournament, tournament_id)
    if t is None:
        raise NotFound(None, f"no tournament with id {tournament_id}")
    return t


def permit(action: str) -> Any:
    """``access: Annotated[Access, permit("round.pair")]``: the route's declared action, checked first."""
    return Depends(Permit(action))


def public(action: str | None = None) -> Any:
    """A read anyone may make; ``action`` names what the handler may check to show more (private data)."""
    return Depends(Permit.public_read(action))
