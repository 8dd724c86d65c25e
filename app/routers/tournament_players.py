"""The players of a tournament: the list for a search box, one player's page, the board statistics."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Response

from app.http.deps import NOT_MODIFIED, Access, Id, IfNoneMatch, PagingDep, SessionDep, cached, public
from app.operations import cache
from app.operations.reads.players import board_stats_read, player_page_read, tournament_players
from app.schemas.base import Page
from app.schemas.players import BoardStatsRead, PlayerPageRead
from app.schemas.teams import RosteredPlayer

router = APIRouter(prefix="/tournaments/{tournament_id}")
Public = Annotated[Access, public()]


@router.get("/players", response_model=Page[RosteredPlayer], tags=["teams"], responses=NOT_MODIFIED,
            summary="Every rostered player of the tournament with team and board (for search)")
def list_tournament_players(tournament_id: Id, session: SessionDep, access: Public, paging: PagingDep,
                            if_none_match: IfNoneMatch = None) -> Response:
    """Every player on a roster of the tournament, with the team and the board (R-3.3), team by team: what a
    search box needs in one request (`limit` up to 500). Birth dates only for the tournament's officials and,
    for their team's players, the managers."""
    return paging.cached(cache.read(
        session, tournament_id, "players", lambda t: paging.of(tournament_players(session, t, access.principal)),
        Page[RosteredPlayer], params=paging.key, audience=cache.audience(access.principal, personal=True),
        if_none_match=if_none_match))


@router.get("/players/{player_id}", response_model=PlayerPageRead, tags=["players"], responses=NOT_MODIFIED,
            summary="A player's page (public): team, club, board, every published round's game with the "
                    "opponent, score, games, percentage, performance, and the next assignment")
def player_page(tournament_id: Id, player_id: Id, session: SessionDep, _: Public,
                if_none_match: IfNoneMatch = None) -> Response:
    """A player's page in the tournament, for the public: team, club and board, every published round's game
    (opponent, colour, result), score, percentage and rating performance, and where the player plays next."""
    return cached(cache.read(session, tournament_id, "player-page", lambda t: player_page_read(session, t, player_id),
                             PlayerPageRead, params=(player_id,), if_none_match=if_none_match))


@router.get("/board-stats", response_model=BoardStatsRead, tags=["players"], responses=NOT_MODIFIED,
            summary="Every player's games, points, percentage and performance over the board in the completed "
                    "rounds, and each board's leaders (R-9.3; provisional before the games threshold)")
def board_stats(tournament_id: Id, session: SessionDep, _: Public, if_none_match: IfNoneMatch = None) -> Response:
    """Board statistics over the completed rounds: every player's games, points, percentage and rating
    performance by board, and each board's leaders for the board prizes (R-9.3), marked provisional while a
    player has fewer games than the prize needs."""
    return cached(cache.read(session, tournament_id, "board-stats", lambda t: board_stats_read(session, t),
                             BoardStatsRead, if_none_match=if_none_match))
