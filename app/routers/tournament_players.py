"""The players of a tournament: the list for a search box, one player's page, the board statistics."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from app.models.schemas import BoardStatsRead, PlayerPageRead, RosteredPlayer
from app.operations.read_models import board_stats_read, player_page_read, tournament_players
from app.routers.deps import Access, Id, SessionDep, load_tournament, public

router = APIRouter(prefix="/tournaments/{tournament_id}")
Public = Annotated[Access, public()]


@router.get("/players", response_model=list[RosteredPlayer], tags=["teams"],
            summary="Every rostered player of the tournament with team and board (for search)")
def list_tournament_players(tournament_id: Id, session: SessionDep, access: Public) -> list[RosteredPlayer]:
    return tournament_players(session, load_tournament(session, tournament_id), access.principal)


@router.get("/players/{player_id}", response_model=PlayerPageRead, tags=["players"],
            summary="A player's page (public): team, club, board, every published round's game with the "
                    "opponent, score, games, percentage, performance, and the next assignment")
def player_page(tournament_id: Id, player_id: Id, session: SessionDep, _: Public) -> PlayerPageRead:
    return player_page_read(session, load_tournament(session, tournament_id), player_id)


@router.get("/board-stats", response_model=BoardStatsRead, tags=["players"],
            summary="Every player's games, points, percentage and performance over the board in the completed "
                    "rounds, and each board's leaders (R-9.3; provisional before the games threshold)")
def board_stats(tournament_id: Id, session: SessionDep, _: Public) -> BoardStatsRead:
    return board_stats_read(session, load_tournament(session, tournament_id))
