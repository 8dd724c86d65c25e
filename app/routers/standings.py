"""Standings with every tiebreak value, the crosstable, a team's record, and the prizes (R-8, R-9)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from app.http.deps import NOT_MODIFIED, Access, Id, IfNoneMatch, SessionDep, answers, cached, public
from app.operations import cache
from app.operations.reads.standings import crosstable_read, prizes_read, standings_read
from app.operations.reads.teams import team_results_read
from app.operations.repository import get_team
from app.schemas.rounds import TeamResultsRead
from app.schemas.standings import CrosstableRead, PrizesRead, StandingsRead

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["standings"])

RoundParam = Annotated[int | None, Query(ge=1, le=1000,
                                         description="after this completed round (default: the last one)")]
Public = Annotated[Access, public()]


@router.get("/standings", response_model=StandingsRead, responses={**NOT_MODIFIED, **answers(409)},
            summary="Standings after a completed round with every tiebreak of the tournament's list (public)")
def get_standings(tournament_id: Id, session: SessionDep, _: Public, if_none_match: IfNoneMatch = None,
                  round: RoundParam = None) -> Response:
    """The standings after a completed round (default: the last one): match and game points, and every
    tiebreak of the tournament's list (FIDE C.07) as an exact value. Teams equal on every tiebreak share their
    rank (`tied`, R-8.2). Asking for a round that is not completed is refused (409)."""
    return cached(cache.read(session, tournament_id, "standings", lambda t: standings_read(session, t, round),
                             StandingsRead, params=(round,), if_none_match=if_none_match))


@router.get("/crosstable", response_model=CrosstableRead, responses={**NOT_MODIFIED, **answers(409)},
            summary="Each team's opponent, colour and match score per completed round, in standings order")
def get_crosstable(tournament_id: Id, session: SessionDep, _: Public, if_none_match: IfNoneMatch = None,
                   round: RoundParam = None) -> Response:
    """For each team in standings order, every completed round: the opponent, the colour on board 1, the game
    points for and against and the match points."""
    return cached(cache.read(session, tournament_id, "crosstable", lambda t: crosstable_read(session, t, round),
                             CrosstableRead, params=(round,), if_none_match=if_none_match))


@router.get("/teams/{team_id}/results", response_model=TeamResultsRead, responses=NOT_MODIFIED,
            summary="A team's round-by-round record (published rounds)")
def get_team_results(tournament_id: Id, team_id: Id, session: SessionDep, _: Public,
                     if_none_match: IfNoneMatch = None) -> Response:
    """A team's record round by round in the published rounds: opponent, colour, table, scores, byes and
    unplayed rounds, with its match and game point totals."""

    def build(t: Any) -> TeamResultsRead:
        get_team(session, tournament_id, team_id)
        return team_results_read(session, t, team_id)

    return cached(cache.read(session, tournament_id, "team-results", build, TeamResultsRead, params=(team_id,),
                             if_none_match=if_none_match))


@router.get("/prizes", response_model=PrizesRead, responses={**NOT_MODIFIED, **answers(409)},
            summary="Top 3 teams with their players, the Union top 3, board prizes (R-9)")
def get_prizes(tournament_id: Id, session: SessionDep, _: Public, if_none_match: IfNoneMatch = None,
               round: RoundParam = None) -> Response:
    """The prizes after a completed round (R-9): the top three teams with their players, the top three teams
    of Union clubs, and the board prizes."""
    return cached(cache.read(session, tournament_id, "prizes", lambda t: prizes_read(session, t, round),
                             PrizesRead, params=(round,), if_none_match=if_none_match))
