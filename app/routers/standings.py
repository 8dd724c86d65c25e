"""Standings with every tiebreak value, the crosstable, a team's record, and the prizes (R-8, R-9)."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlmodel import Session, select

from app.models import Round, Tournament
from app.models.schemas import (
    CrossRound,
    CrossRow,
    CrosstableRead,
    StandingsRead,
    TeamRef,
    TeamResultsRead,
    TeamRoundRead,
)
from app.repository import load_domain
from app.routers.deps import SessionDep, load_tournament
from app.routers.teams import get_team
from app.services import tournament as dom
from app.services.errors import StateConflict
from app.services.prizes import compute_prizes
from app.services.standings import compute_standings, format_value, standings_to_dict

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["standings"])

RoundParam = Annotated[int | None, Query(ge=1, description="after this completed round (default: the last one)")]


def completed_view(session: Session, t: Tournament, up_to: int | None) -> tuple[dom.Tournament, int | None]:
    """The tournament with only its completed rounds (up to ``up_to``)."""
    done = [r.number for r in session.exec(select(Round).where(Round.tournament_id == t.id,
                                                               Round.state == "completed")).all()]
    last = max(done, default=None)
    if up_to is not None:
        if up_to not in done:
            raise StateConflict("R-8", f"round {up_to} is not completed; standings exist after completed rounds "
                                f"({', '.join(map(str, sorted(done))) or 'none yet'})")
        last = up_to
    d = load_domain(session, t)
    keep = tuple(r for r in d.rounds if r.number in done and (last is None or r.number <= last))
    return dataclasses.replace(d, rounds=keep), last


@router.get("/standings", response_model=StandingsRead,
            summary="Standings after a completed round with every tiebreak of the tournament's list (public)")
def standings(tournament_id: int, session: SessionDep, round: RoundParam = None) -> dict[str, Any]:
    t = load_tournament(session, tournament_id)
    d, last = completed_view(session, t, round)
    return standings_to_dict(d, compute_standings(d, after_round=last))


def _ref(d: dom.Tournament, team_id: int | None) -> TeamRef | None:
    if team_id is None:
        return None
    tm = d.team(team_id)
    return TeamRef(id=tm.id, name=tm.name, tpn=tm.tpn)


def _cross(tr: dom.TeamRound, d: dom.Tournament) -> CrossRound:
    score = None if tr.gp is None else f"{format_value(tr.gp)}-{format_value(tr.opponent_gp or 0)}"
    return CrossRound(round=tr.round, outcome=tr.outcome.value, opponent=_ref(d, tr.opponent), colour=tr.colour,
                      score=score if tr.opponent is not None else (format_value(tr.gp) if tr.gp is not None else None),
                      match_points=format_value(tr.mp) if tr.mp is not None else None)


@router.get("/crosstable", response_model=CrosstableRead,
            summary="Each team's opponent, colour and match score per completed round, in standings order")
def crosstable(tournament_id: int, session: SessionDep, round: RoundParam = None) -> CrosstableRead:
    t = load_tournament(session, tournament_id)
    d, last = completed_view(session, t, round)
    st = compute_standings(d, after_round=last)
    rows = [CrossRow(team=_ref(d, r.team_id),  # type: ignore[arg-type]
                     rounds=[_cross(tr, d) for tr in dom.team_history(d, r.team_id, last)])
            for r in st.rows]
    return CrosstableRead(after_round=last, rows=rows)


@router.get("/teams/{team_id}/results", response_model=TeamResultsRead,
            summary="A team's round-by-round record (published rounds)")
def team_results(tournament_id: int, team_id: int, session: SessionDep) -> TeamResultsRead:
    t = load_tournament(session, tournament_id)
    get_team(session, tournament_id, team_id)
    published = {r.number for r in session.exec(select(Round).where(
        Round.tournament_id == tournament_id, Round.state.in_(("published", "in_progress", "completed")))).all()}  # type: ignore[attr-defined]
    d = load_domain(session, t)
    d = dataclasses.replace(d, rounds=tuple(r for r in d.rounds if r.number in published))
    hist = dom.team_history(d, team_id)
    mp, gp = dom.totals(hist)
    return TeamResultsRead(
        team=_ref(d, team_id),  # type: ignore[arg-type]
        match_points=format_value(mp), game_points=format_value(gp),
        rounds=[TeamRoundRead(round=tr.round, outcome=tr.outcome.value, opponent=_ref(d, tr.opponent),
                              colour=tr.colour, table=tr.table,
                              game_points=format_value(tr.gp) if tr.gp is not None else None,
                              match_points=format_value(tr.mp) if tr.mp is not None else None,
                              opponent_game_points=format_value(tr.opponent_gp) if tr.opponent_gp is not None
                              and tr.opponent is not None else None)
                for tr in hist],
    )


@router.get("/prizes", response_model=dict[str, Any],
            summary="Top 3 teams with their players, the Union top 3, board prizes (R-9)")
def prizes(tournament_id: int, session: SessionDep, round: RoundParam = None) -> dict[str, Any]:
    t = load_tournament(session, tournament_id)
    d, last = completed_view(session, t, round)
    return compute_prizes(d, compute_standings(d, after_round=last)).to_dict()
