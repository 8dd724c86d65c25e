"""Lineup use cases: submit a team's lineup for a round, or check one without saving (R-3.1-R-3.3, R-16.1).

The submission and its dry run share every check, so the staff console's live validation answers exactly
what the submission would: refusals that depend on the state (team status, round state, the start of the
round) are raised in both; the rules on the players themselves are listed by the check and raised (the
first one) by the submission.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import RowMapping, bindparam
from sqlmodel import Session, select

from app.models import Lineup, Round, Team, Tournament
from app.models.schemas import LineupBoard, LineupCheckRead, LineupPut, LineupRead
from app.operations import audit
from app.operations.read_models import player_row_view
from app.operations.repository import club_row, eligibility, roster_rows_in_board_order, rules_of
from app.operations.rounds import lineup_changed
from app.security import Principal
from app.services import tournament as dom
from app.services.errors import DomainError, StateConflict
from app.services.lineups import lineup_problems, validate_lineup
from app.services.rules import Rules


@dataclass(frozen=True)
class _Context:
    rules: Rules
    roster_rows: list[RowMapping]  # every player column, in board order
    roster: list[dom.Player]
    eligible: Callable[[dom.Player], None]
    row: Lineup | None


#: The team's submitted lineup for the round (built once: every lineup request runs it).
_LINEUP = select(Lineup).where(Lineup.tournament_id == bindparam("tid"), Lineup.round_number == bindparam("n"),
                               Lineup.team_id == bindparam("team"))


def _context(session: Session, t: Tournament, rnd: Round, team: Team, *, late: bool) -> _Context:
    """Refuse what the state forbids (R-11.2, the round's start), then load what the rules need."""
    if team.status in ("withdrawn", "expelled", "waitlisted"):
        raise StateConflict("R-11.2", f"the team is {team.status} and plays no round")
    if rnd.state in ("in_progress", "completed"):
        raise StateConflict("R-3.2", f"round {rnd.number} is {rnd.state.replace('_', ' ')}; its lineups are final")
    if rnd.scheduled_start is not None and datetime.now(UTC) >= rnd.scheduled_start and not late:
        raise StateConflict("R-3.2", f"lineups for round {rnd.number} closed at its start "
                            f"({rnd.scheduled_start.isoformat()}); ask the arbiter")
    rules = rules_of(t)
    roster = roster_rows_in_board_order(session, team.id or 0)  # rows: the players are read, never changed here
    club = club_row(session, team.club_id)
    row = session.exec(_LINEUP, params={"tid": t.id, "n": rnd.number, "team": team.id}).first()
    return _Context(rules, [r for r, _ in roster], [p for _, p in roster],
                    eligibility(rules, club, t.start_date or date.today()), row)


def _captain_problem(ctx: _Context, captain_id: int | None, late: bool) -> DomainError | None:
    if ctx.row is not None and ctx.row.captain_removed and captain_id is not None and not late:
        return StateConflict("R-16.1", "the chief arbiter removed the captain role for this round")
    return None


def check_lineup(session: Session, t: Tournament, rnd: Round, team: Team, body: LineupPut, *,
                 late: bool) -> LineupCheckRead:
    """Every problem the submission of ``body`` would be refused for, without saving anything."""
    ctx = _context(session, t, rnd, team, late=late)
    problems = list(lineup_problems(ctx.rules, ctx.roster, body.player_ids, body.captain_id, body.explicit_order,
                                    ctx.eligible))
    captain = _captain_problem(ctx, body.captain_id, late)
    if captain is not None:
        problems.append(captain)
    players: Sequence[int] = body.player_ids
    if not problems and not body.explicit_order:
        position = {p.id: i for i, p in enumerate(ctx.roster)}
        players = sorted(body.player_ids, key=position.__getitem__)
    return LineupCheckRead(valid=not problems, player_ids=list(players), captain_id=body.captain_id,
                           problems=[{"rule": e.rule, "detail": e.detail} for e in problems])


def submit_lineup(session: Session, t: Tournament, rnd: Round, team: Team, body: LineupPut, principal: Principal,
                  *, late: bool, private: bool) -> LineupRead:
    """Store the lineup (refused with the first problem's rule), refresh the team's boards, audit it."""
    ctx = _context(session, t, rnd, team, late=late)
    lineup = validate_lineup(ctx.rules, ctx.roster, body.player_ids, body.captain_id, body.explicit_order,
                             ctx.eligible, team_id=team.id or 0, round=rnd.number)
    captain = _captain_problem(ctx, lineup.captain, late)
    if captain is not None:
        raise captain
    row = ctx.row
    before = audit.snapshot(row) if row else None
    if row is None:
        row = Lineup(tournament_id=t.id or 0, round_number=rnd.number, team_id=team.id or 0)
    row.player_ids = list(lineup.players)
    row.captain_id = lineup.captain
    row.submitted_at = datetime.now(UTC)
    session.add(row)
    session.flush()
    lineup_changed(session, t, rnd, team)
    audit.record(session, principal, "lineup", "lineup", row.id, tournament_id=t.id, before=before, after=row,
                 reason=body.reason)
    by_id = {p["id"]: p for p in ctx.roster_rows}
    boards = [LineupBoard(board=i + 1, player=player_row_view(by_id[lineup.players[i]], private)
                          if i < len(lineup.players) else None) for i in range(ctx.rules.boards)]
    return LineupRead(team_id=team.id or 0, round=rnd.number, submitted=True, captain_id=lineup.captain,
                      boards=boards)
