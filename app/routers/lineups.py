"""Lineups: which roster players play a round, in board order, and the captain (R-3.2, R-3.3, R-16.1)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from app.http.deps import Access, Id, RoundNumber, SessionDep, answers, one_hop, permit, public
from app.operations import lineups
from app.schemas.lineups import LineupCheckRead, LineupPut, LineupRead

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds/{number}/lineups", tags=["lineups"])


@router.get("/{team_id}", response_model=LineupRead,
            responses=answers(403, s403="Before the round starts a lineup is private to its team and the officials"),
            summary="A team's lineup for the round (before the start: the team and the officials only)")
def get_lineup(tournament_id: Id, number: RoundNumber, team_id: Id, session: SessionDep,
               access: Annotated[Access, public("lineup.read")]) -> LineupRead:
    """The team's lineup for the round, board by board, and its captain: the submitted one, else the base
    lineup (R-3.1). Before the round starts only the team and the officials may read it (401/403)."""
    return lineups.read_lineup(session, tournament_id, number, team_id, access)


@router.put("/{team_id}", response_model=LineupRead, responses=answers(409),
            summary="Submit the lineup (team manager or arbiter); boards follow board order (R-3.3)")
@one_hop
def put_lineup(tournament_id: Id, number: RoundNumber, team_id: Id, body: LineupPut, session: SessionDep,
               access: Annotated[Access, permit("lineup.write")]) -> LineupRead:
    """Submit the team's lineup for the round: roster players (`player_ids`) and a captain. The players play in
    the roster's board order (R-3.3); with `explicit_order` the order given is checked against it. Refused
    (409/422 with the rule) for an invalid lineup (R-3.1, R-3.2, ...), after the round's start (except by an
    arbiter) and once the round is in progress."""
    return lineups.submit_lineup(session, tournament_id, number, team_id, body, access)


@router.post("/{team_id}/check", response_model=LineupCheckRead, responses=answers(409),
             summary="Check a lineup without saving it: every rule it breaks, as PUT would refuse it (dry run)")
def check_lineup_dry_run(tournament_id: Id, number: RoundNumber, team_id: Id, body: LineupPut, session: SessionDep,
                         access: Annotated[Access, permit("lineup.write")]) -> LineupCheckRead:
    """Every rule the lineup would break (`problems`, each with its rule id), without saving anything: the
    staff console's live check. The same rights and state checks as the PUT apply (a closed round is 409)."""
    return lineups.check_lineup(session, tournament_id, number, team_id, body, access)
