"""The players of a tournament: every rostered player with team and board (one request for a search box)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Response

from app.models.schemas import RosteredPlayer
from app.operations import cache
from app.operations.read_models import tournament_players
from app.routers.deps import NOT_MODIFIED, Access, Id, IfNoneMatch, SessionDep, cached, public

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["teams"])


@router.get("/players", response_model=list[RosteredPlayer], responses=NOT_MODIFIED,
            summary="Every rostered player of the tournament with team and board (for search)")
def list_tournament_players(tournament_id: Id, session: SessionDep, access: Annotated[Access, public()],
                            if_none_match: IfNoneMatch = None) -> Response:
    return cached(cache.read(
        session, tournament_id, "players", lambda t: tournament_players(session, t, access.principal),
        list[RosteredPlayer], audience=cache.audience(access.principal, personal=True), if_none_match=if_none_match))
