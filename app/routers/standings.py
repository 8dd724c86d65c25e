"""Standings with every tiebreak value, the crosstable, a team's record, and the prizes (R-8, R-9)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from app.models.schemas import CrosstableRead, StandingsRead, TeamResultsRead
from app.operations.read_models import crosstable_read, prizes_read, standings_read, team_results_read
from app.operations.repository import get_team
from app.routers.deps import Access, Id, SessionDep, load_tournament, public

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["standings"])

RoundParam = Annotated[int | None, Query(ge=1, le=1000,
                                         description="after this completed round (default: the last one)")]
Public = Annotated[Access, public()]


@router.get("/standings", response_model=StandingsRead,
            summary="Standings after a completed round with every tiebreak of the tournament's list (public)")
def standings(tournament_id: Id, session: SessionDep, _: Public, round: RoundParam = None) -> dict[str, Any]:
    return standings_read(session, load_tournament(session, tournament_id), round)


@router.get("/crosstable", response_model=CrosstableRead,
            summary="Each team's opponent, colour and match score per completed round, in standings order")
def crosstable(tournament_id: Id, session: SessionDep, _: Public, round: RoundParam = None) -> CrosstableRead:
    return crosstable_read(session, load_tournament(session, tournament_id), round)


@router.get("/teams/{team_id}/results", response_model=TeamResultsRead,
            summary="A team's round-by-round record (published rounds)")
def team_results(tournament_id: Id, team_id: Id, session: SessionDep, _: Public) -> TeamResultsRead:
    t = load_tournament(session, tournament_id)
    get_team(session, tournament_id, team_id)
    return team_results_read(session, t, team_id)


@router.get("/prizes", response_model=dict[str, Any],
            summary="Top 3 teams with their players, the Union top 3, board prizes (R-9)")
def prizes(tournament_id: Id, session: SessionDep, _: Public, round: RoundParam = None) -> dict[str, Any]:
    return prizes_read(session, load_tournament(session, tournament_id), round)
