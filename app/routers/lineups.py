"""Lineups: which roster players play a round, in board order, and the captain (R-3.2, R-3.3, R-16.1)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Annotated

from fastapi import APIRouter
from sqlmodel import select

from app.models import Club, Lineup, Round
from app.models.schemas import LineupBoard, LineupPut, LineupRead
from app.operations import audit
from app.operations.read_models import lineup_read, player_view
from app.operations.repository import eligibility, get_team, roster_in_board_order, rules_of, to_player
from app.operations.rounds import get_round, lineup_changed
from app.routers.deps import Access, Id, RoundNumber, SessionDep, load_tournament, permit, public
from app.services.errors import StateConflict
from app.services.lineups import validate_lineup

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds/{number}/lineups", tags=["lineups"])


def _started(rnd: Round) -> bool:
    return rnd.state in ("in_progress", "completed") or (
        rnd.scheduled_start is not None and datetime.now(UTC) >= rnd.scheduled_start)


@router.get("/{team_id}", response_model=LineupRead,
            summary="A team's lineup for the round (before the start: the team and the officials only)")
def get_lineup(tournament_id: Id, number: RoundNumber, team_id: Id, session: SessionDep,
               access: Annotated[Access, public("lineup.read")]) -> LineupRead:
    t = load_tournament(session, tournament_id)
    rnd = get_round(session, tournament_id, number)
    team = get_team(session, tournament_id, team_id)
    if not _started(rnd):
        access.require("lineup.read", team.id)  # private to its team and the officials until the round starts
    return lineup_read(session, t, team, number, access.principal)


@router.put("/{team_id}", response_model=LineupRead,
            summary="Submit the lineup (team manager or arbiter); boards follow board order (R-3.3)")
def put_lineup(tournament_id: Id, number: RoundNumber, team_id: Id, body: LineupPut, session: SessionDep,
               access: Annotated[Access, permit("lineup.write")]) -> LineupRead:
    principal = access.signed_in
    t = load_tournament(session, tournament_id, for_update=True)
    rnd = get_round(session, tournament_id, number)
    team = get_team(session, tournament_id, team_id)
    staff = access.holds("lineup.late")
    if team.status in ("withdrawn", "expelled", "waitlisted"):
        raise StateConflict("R-11.2", f"the team is {team.status} and plays no round")
    if rnd.state in ("in_progress", "completed"):
        raise StateConflict("R-3.2", f"round {number} is {rnd.state.replace('_', ' ')}; its lineups are final")
    now = datetime.now(UTC)
    if rnd.scheduled_start is not None and now >= rnd.scheduled_start and not staff:
        raise StateConflict("R-3.2", f"lineups for round {number} closed at its start "
                            f"({rnd.scheduled_start.isoformat()}); ask the arbiter")
    rules = rules_of(t)
    roster_rows = roster_in_board_order(session, team)
    roster = [to_player(p) for p in roster_rows]
    club = session.get(Club, team.club_id)
    on = t.start_date or date.today()
    lineup = validate_lineup(rules, roster, body.player_ids, body.captain_id, body.explicit_order,
                             eligibility(rules, club, on), team_id=team.id or 0, round=number)
    row = session.exec(select(Lineup).where(Lineup.tournament_id == tournament_id, Lineup.round_number == number,
                                            Lineup.team_id == team.id)).first()
    if row is not None and row.captain_removed and lineup.captain is not None and not staff:
        raise StateConflict("R-16.1", "the chief arbiter removed the captain role for this round")
    before = audit.snapshot(row) if row else None
    if row is None:
        row = Lineup(tournament_id=tournament_id, round_number=number, team_id=team.id or 0)
    row.player_ids = list(lineup.players)
    row.captain_id = lineup.captain
    row.submitted_at = now
    session.add(row)
    session.flush()
    lineup_changed(session, t, rnd, team)
    audit.record(session, principal, "lineup", "lineup", row.id, tournament_id=tournament_id, before=before,
                 after=row, reason=body.reason)
    by_id = {p.id: p for p in roster_rows}
    private = access.see_private(team.club_id)
    boards = [LineupBoard(board=i + 1, player=player_view(session, principal, by_id[lineup.players[i]], private)
                          if i < len(lineup.players) else None) for i in range(rules.boards)]
    return LineupRead(team_id=team.id or 0, round=number, submitted=True, captain_id=lineup.captain, boards=boards)
