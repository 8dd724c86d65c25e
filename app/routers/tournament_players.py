"""The players of a tournament: every rostered player with team and board (one request for a search box)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from app.models.schemas import RosteredPlayer
from app.operations.read_models import tournament_players
from app.routers.deps import Access, Id, SessionDep, load_tournament, public

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["teams"])


@router.get("/players", response_model=list[RosteredPlayer],
            summary="Every rostered player of the tournament with team and board (for search)")
def list_tournament_players(tournament_id: Id, session: SessionDep,
                            access: Annotated[Access, public()]) -> list[RosteredPlayer]:
    return tournament_players(session, load_tournament(session, tournament_id), access.principal)
