"""Lineups: which roster players play a round, in board order, and the captain (R-3.2, R-3.3, R-16.1)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from fastapi import APIRouter
from sqlmodel import Session, select

from app.models import Club, Lineup, Round, Team
from app.models.schemas import LineupBoard, LineupPut, LineupRead
from app.operations import audit
from app.operations.read_models import lineup_read, player_view
from app.operations.repository import eligibility, get_team, roster_in_board_order, rules_of, to_player
from app.operations.rounds import get_round, lineup_changed
from app.routers.deps import MaybePrincipalDep, PrincipalDep, SessionDep, load_tournament
from app.security import Principal, is_staff, managed_team_ids, require_team_access
from app.services.errors import Forbidden, StateConflict
from app.services.lineups import validate_lineup

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds/{number}/lineups", tags=["lineups"])


def _can_see(session: Session, principal: Principal | None, team: Team, rnd: Round) -> bool:
    if rnd.state in ("in_progress", "completed"):
        return True
    if rnd.scheduled_start is not None and datetime.now(UTC) >= rnd.scheduled_start:
        return True
    return is_staff(session, principal, team.tournament_id) or (
        team.id in managed_team_ids(session, principal, team.tournament_id))


@router.get("/{team_id}", response_model=LineupRead,
            summary="A team's lineup for the round (before the start: the team and the officials only)")
def get_lineup(tournament_id: int, number: int, team_id: int, session: SessionDep,
               principal: MaybePrincipalDep) -> LineupRead:
    t = load_tournament(session, tournament_id)
    rnd = get_round(session, tournament_id, number)
    team = get_team(session, tournament_id, team_id)
    if not _can_see(session, principal, team, rnd):
        raise Forbidden("R-16.2", "a lineup is private to its team and the officials until the round starts")
    return lineup_read(session, t, team, number, principal)


@router.put("/{team_id}", response_model=LineupRead,
            summary="Submit the lineup (team manager or arbiter); boards follow board order (R-3.3)")
def put_lineup(tournament_id: int, number: int, team_id: int, body: LineupPut, session: SessionDep,
               principal: PrincipalDep) -> LineupRead:
    t = load_tournament(session, tournament_id, for_update=True)
    rnd = get_round(session, tournament_id, number)
    team = get_team(session, tournament_id, team_id)
    require_team_access(session, principal, team, scope="lineups")
    staff = is_staff(session, principal, tournament_id)
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
    session.commit()
    # the writer is the team's manager or an official: both see the players' private data
    by_id = {p.id: p for p in roster_rows}
    boards = [LineupBoard(board=i + 1, player=player_view(session, principal, by_id[lineup.players[i]], True)
                          if i < len(lineup.players) else None) for i in range(rules.boards)]
    return LineupRead(team_id=team.id or 0, round=number, submitted=True, captain_id=lineup.captain, boards=boards)
