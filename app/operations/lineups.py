"""Lineup use cases: read a team's lineup for a round, submit it, or check one without saving (R-3.1-R-3.3, R-16.1).

The submission and its dry run share every check, so the staff console's live validation answers exactly
what the submission would: refusals that depend on the state (team status, round state, the start of the
round) are raised in both; the rules on the players themselves are listed by the check and raised (the
first one) by the submission.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import RowMapping, and_, bindparam
from sqlmodel import Session, col

from app.auth.rights import Access
from app.models import Club, Lineup, Round, Team, Tournament
from app.models.base import table_of
from app.operations import audit
from app.operations.boards import lineup_changed
from app.operations.reads.lineups import lineup_read
from app.operations.reads.players import player_row_view
from app.operations.repository import (
    TOURNAMENT_BY_ID,
    by_id,
    eligibility,
    get_team,
    load_tournament,
    roster_rows_in_board_order,
    rules_of,
    select_many,
)
from app.operations.rounds import get_round
from app.presentation.messages import problem_item
from app.schemas.lineups import LineupBoard, LineupCheckRead, LineupPut, LineupRead
from app.services import tournament as dom
from app.services.errors import DomainError, NotFound, StateConflict, Text
from app.services.lifecycle import STARTED_STATES, STATE_WORDS
from app.services.lineups import lineup_problems, validate_lineup
from app.services.rules import Rules

#: a team's status in words (translated with the refusal that says it)
TEAM_STATUS_WORDS = {"withdrawn": Text("withdrawn"), "expelled": Text("expelled"), "waitlisted": Text("waitlisted")}


@dataclass(frozen=True)
class _Context:
    rules: Rules
    roster_rows: list[RowMapping]  # every player column, in board order
    roster: list[dom.Player]
    eligible: Callable[[dom.Player], None]
    row: Lineup | None


@dataclass(frozen=True)
class Target:
    """What a lineup request is about: the tournament, the round, the team, its club and its submitted lineup."""

    t: Tournament
    rnd: Round
    team: Team
    club: dom.Club
    row: Lineup | None


_C = table_of(Club)
#: The tournament, round, team, the team's club and its lineup for the round, in one statement built once (on
#: PostgreSQL each statement is a round trip; every lineup request runs this one). Only the tournament row is locked.
_TARGET = (
    select_many(Tournament, Round, Team, _C.c.id, _C.c.name, _C.c.federation, _C.c.union_member, Lineup)
    .join(Round, and_(col(Round.tournament_id) == Tournament.id, col(Round.number) == bindparam("n")))
    .join(Team, and_(col(Team.id) == bindparam("team"), col(Team.tournament_id) == Tournament.id))
    .join(_C, _C.c.id == Team.club_id)
    .outerjoin(Lineup, and_(col(Lineup.tournament_id) == Tournament.id, col(Lineup.round_number) == Round.number,
                            col(Lineup.team_id) == Team.id))
    .where(Tournament.id == bindparam("tid"))
)
_TARGET_FOR_UPDATE = _TARGET.with_for_update(of=Tournament)


def lineup_target(session: Session, tournament_id: int, number: int, team_id: int, *, for_update: bool) -> Target:
    """Load what a lineup request is about; 404 for a tournament, round or team that does not exist (in that
    order, as one lookup after the other would say)."""
    found = session.exec(_TARGET_FOR_UPDATE if for_update else _TARGET,
                         params={"tid": tournament_id, "n": number, "team": team_id}).first()
    if found is None:  # one of them does not exist: the lookups one by one say which
        if by_id(session, Tournament, TOURNAMENT_BY_ID, tournament_id) is None:
            raise NotFound(None, "no tournament with id {tournament_id}",
                           params={"tournament_id": tournament_id})
        get_round(session, tournament_id, number)
        get_team(session, tournament_id, team_id)
        raise NotFound(None, "no club of team {team_id}",
                       params={"team_id": team_id})  # a team always has its club (foreign key)
    t, rnd, team, club_id, name, federation, union_member, row = found
    return Target(t, rnd, team, dom.Club(id=club_id, name=name, federation=federation, union_member=union_member),
                  row)


def _context(session: Session, target: Target, *, late: bool) -> _Context:
    """Refuse what the state forbids (R-11.2, the round's start), then load what the rules need."""
    t, rnd, team = target.t, target.rnd, target.team
    if team.status in ("withdrawn", "expelled", "waitlisted"):
        raise StateConflict("R-11.2", "the team is {status} and plays no round",
                            params={"status": TEAM_STATUS_WORDS[team.status]})
    if rnd.state in STARTED_STATES:
        raise StateConflict("R-3.2", "round {number} is {state}; its lineups are final",
                            params={"number": rnd.number, "state": STATE_WORDS[rnd.state]})
    rules = rules_of(t)
    if rnd.scheduled_start is not None and datetime.now(UTC) >= rnd.scheduled_start and not late:
        # the time in the tournament's zone; each language writes it its own way (the template's format)
        raise StateConflict("R-3.2", "lineups for round {number} closed at its start ({start:%Y-%m-%d %H:%M}); "
                            "ask the arbiter",
                            params={"number": rnd.number, "start": rnd.scheduled_start.astimezone(rules.zone)})
    roster = roster_rows_in_board_order(session, team.id or 0)  # rows: the players are read, never changed here
    return _Context(rules, [r for r, _ in roster], [p for _, p in roster],
                    eligibility(rules, target.club, t.start_date or date.today()), target.row)


def _captain_problem(ctx: _Context, captain_id: int | None, late: bool) -> DomainError | None:
    if ctx.row is not None and ctx.row.captain_removed and captain_id is not None and not late:
        return StateConflict("R-16.1", "the chief arbiter removed the captain role for this round")
    return None


def check_lineup(session: Session, tournament_id: int, number: int, team_id: int, body: LineupPut,
                 access: Access) -> LineupCheckRead:
    """Every problem the submission of ``body`` would be refused for, without saving anything."""
    target = lineup_target(session, tournament_id, number, team_id, for_update=False)
    late = access.holds("lineup.late")
    ctx = _context(session, target, late=late)
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
                           problems=[problem_item(e) for e in problems])


def submit_lineup(session: Session, tournament_id: int, number: int, team_id: int, body: LineupPut,
                  access: Access) -> LineupRead:
    """Store the lineup (refused with the first problem's rule), refresh the team's boards, audit it."""
    principal = access.signed_in
    target = lineup_target(session, tournament_id, number, team_id, for_update=True)
    late = access.holds("lineup.late")
    private = access.see_team_private(target.team.id)
    t, rnd, team = target.t, target.rnd, target.team
    ctx = _context(session, target, late=late)
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


def round_started(rnd: Round) -> bool:
    """Whether the round has begun: in play, or past its scheduled start."""
    return rnd.state in STARTED_STATES or (
        rnd.scheduled_start is not None and datetime.now(UTC) >= rnd.scheduled_start)


def read_lineup(session: Session, tournament_id: int, number: int, team_id: int, access: Access) -> LineupRead:
    """The team's lineup for the round: the submitted one, else the base lineup (R-3.1)."""
    t = load_tournament(session, tournament_id)
    rnd = get_round(session, tournament_id, number)
    team = get_team(session, tournament_id, team_id)
    if not round_started(rnd):
        access.require("lineup.read", team.id)  # private to its team and the officials until the round starts
    return lineup_read(session, t, team, number, access.principal)
