"""The players of a tournament: every rostered player with team and board (one request for a search box)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from app.models.schemas import Page, RosteredPlayer
from app.operations.read_models import tournament_players
from app.routers.deps import Access, Id, PagingDep, SessionDep, load_tournament, public

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["teams"])


@router.get("/players", response_model=Page[RosteredPlayer],
            summary="Every rostered player of the tournament with team and board (for search)")
def list_tournament_players(tournament_id: Id, session: SessionDep, access: Annotated[Access, public()],
                            paging: PagingDep) -> Page[RosteredPlayer]:
    """Every player on a roster of the tournament, with the team and the board (R-3.3), team by team: what a
    search box needs in one request (`limit` up to 500)."""
    return paging.of(tournament_players(session, load_tournament(session, tournament_id), access.principal))
