"""Lineups: which roster players play a round, in board order, and the captain (R-3.2, R-3.3, R-16.1)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter

from app.http.deps import Access, Id, RoundNumber, SessionDep, answers, one_hop, permit, public
from app.models import Round
from app.operations.lineups import check_lineup, lineup_target, submit_lineup
from app.operations.read_models import lineup_read
from app.operations.repository import get_team, load_tournament
from app.operations.rounds import get_round
from app.schemas.lineups import LineupCheckRead, LineupPut, LineupRead
from app.services.lifecycle import STARTED_STATES

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds/{number}/lineups", tags=["lineups"])


def _started(rnd: Round) -> bool:
    return rnd.state in STARTED_STATES or (
        rnd.scheduled_start is not None and datetime.now(UTC) >= rnd.scheduled_start)


@router.get("/{team_id}", response_model=LineupRead,
            responses=answers(403, s403="Before the round starts a lineup is private to its team and the officials"),
            summary="A team's lineup for the round (before the start: the team and the officials only)")
def get_lineup(tournament_id: Id, number: RoundNumber, team_id: Id, session: SessionDep,
               access: Annotated[Access, public("lineup.read")]) -> LineupRead:
    """The team's lineup for the round, board by board, and its captain: the submitted one, else the base
    lineup (R-3.1). Before the round starts only the team and the officials may read it (401/403)."""
    t = load_tournament(session, tournament_id)
    rnd = get_round(session, tournament_id, number)
    team = get_team(session, tournament_id, team_id)
    if not _started(rnd):
        access.require("lineup.read", team.id)  # private to its team and the officials until the round starts
    return lineup_read(session, t, team, number, access.principal)


@router.put("/{team_id}", response_model=LineupRead, responses=answers(409),
            summary="Submit the lineup (team manager or arbiter); boards follow board order (R-3.3)")
@one_hop
def put_lineup(tournament_id: Id, number: RoundNumber, team_id: Id, body: LineupPut, session: SessionDep,
               access: Annotated[Access, permit("lineup.write")]) -> LineupRead:
    """Submit the team's lineup for the round: roster players (`player_ids`) and a captain. The players play in
    the roster's board order (R-3.3); with `explicit_order` the order given is checked against it. Refused
    (409/422 with the rule) for an invalid lineup (R-3.1, R-3.2, ...), after the round's start (except by an
    arbiter) and once the round is in progress."""
    principal = access.signed_in
    target = lineup_target(session, tournament_id, number, team_id, for_update=True)
    return submit_lineup(session, target, body, principal, late=access.holds("lineup.late"),
                         private=access.see_private(target.team.club_id))


@router.post("/{team_id}/check", response_model=LineupCheckRead, responses=answers(409),
             summary="Check a lineup without saving it: every rule it breaks, as PUT would refuse it (dry run)")
def check_lineup_dry_run(tournament_id: Id, number: RoundNumber, team_id: Id, body: LineupPut, session: SessionDep,
                         access: Annotated[Access, permit("lineup.write")]) -> LineupCheckRead:
    """Every rule the lineup would break (`problems`, each with its rule id), without saving anything: the
    staff console's live check. The same rights and state checks as the PUT apply (a closed round is 409)."""
    target = lineup_target(session, tournament_id, number, team_id, for_update=False)
    return check_lineup(session, target, body, late=access.holds("lineup.late"))
