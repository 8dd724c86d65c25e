"""The board games of a round's matches, from the teams' lineups (R-3.1, R-3.3 board order, R-4.5 empty boards).

Every function here works inside the caller's transaction and never commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session, col, delete, select

from app.models import BoardGame, Club, Lineup, Match, Round, Team, Tournament
from app.models.base import table_of
from app.operations.repository import eligibility, roster_in_board_order, rosters, rules_of, to_player
from app.operations.rounds import has_entered_results, round_matches
from app.services.board_order import board_order
from app.services.errors import DomainError, Text
from app.services.lifecycle import PAIRED_STATES, STARTED_STATES
from app.services.lineups import base_lineup, lineup_problems
from app.services.rules import Rules


def team_lineup(session: Session, t: Tournament, team: Team, number: int) -> tuple[list[int], bool]:
    """Player ids on boards 1.. for the round: the submitted lineup, else the base lineup (R-3.1)."""
    lu = session.exec(select(Lineup).where(Lineup.tournament_id == t.id, Lineup.round_number == number,
                                           Lineup.team_id == team.id)).first()
    if lu is not None:
        return list(lu.player_ids), True
    roster = [to_player(p) for p in roster_in_board_order(session, team)]
    return [p.id for p in base_lineup(rules_of(t), roster)], False


def round_lineups(session: Session, t: Tournament, number: int) -> tuple[dict[int, list[int]], set[int]]:
    """Every team's player ids on boards 1.. for the round (as :func:`team_lineup`), and the teams that
    submitted theirs: one query, and one more for the rosters when a team has submitted none."""
    submitted = {lu.team_id: list(lu.player_ids) for lu in session.exec(
        select(Lineup).where(Lineup.tournament_id == t.id, Lineup.round_number == number)).all()}
    teams = session.exec(select(Team.id).where(Team.tournament_id == t.id, Team.status == "entered")).all()
    out = dict(submitted)
    if any(tid not in submitted for tid in teams):
        rules = rules_of(t)
        for team_id, players in rosters(session, t.id or 0).items():
            if team_id not in out:
                out[team_id] = [p.id for p in base_lineup(rules, board_order([to_player(p) for p in players]))]
    return out, set(submitted)


@dataclass(frozen=True, slots=True)
class TeamLineupProblem:
    """A rule a team's lineup for a round breaks (R-3.1, R-3.2, R-3.3): the submitted lineup, else the base
    lineup the team plays when it submits none (R-3.1)."""

    team_id: int
    team: str
    submitted: bool
    error: DomainError

    def key(self) -> list[Any]:
        """What a recorded decision covers: the team and the rule (a new rule broken needs a new decision)."""
        return [self.team_id, self.error.rule]

    def to_dict(self) -> dict[str, Any]:
        return {"team_id": self.team_id, "team": self.team, "submitted": self.submitted, "rule": self.error.rule,
                "detail": self.error.detail, "text": Text(self.error.template, self.error.params).to_json()}


def lineup_breaches(session: Session, t: Tournament, teams: Sequence[Team], number: int,
                    lineups: tuple[dict[int, list[int]], set[int]] | None = None) -> list[TeamLineupProblem]:
    """Every rule broken by the lineups the teams would play in the round, in the teams' order.

    A submitted lineup was checked when it was submitted, and is checked again here in its stored order (a
    rating or an eligibility changed since breaks R-3.3 or R-3.1 now); a team without one plays its base
    lineup (R-3.1), which nobody checked.
    """
    rules = rules_of(t)
    on = t.start_date or date.today()
    ids_of, submitted = lineups or round_lineups(session, t, number)
    by_team = rosters(session, t.id or 0)
    clubs = {c.id: c for c in session.exec(select(Club).where(col(Club.id).in_({tm.club_id for tm in teams}))).all()}
    out = []
    for team in teams:
        tid = team.id or 0
        roster = board_order([to_player(p) for p in by_team.get(tid, [])])
        check = eligibility(rules, clubs.get(team.club_id), on)
        for e in lineup_problems(rules, roster, ids_of.get(tid, []), None, tid in submitted, check):
            out.append(TeamLineupProblem(tid, team.name, tid in submitted, e))
    return out


def auto_forfeit(first: int | None, second: int | None, first_white: bool) -> str | None:
    """R-4.5: an empty board is lost by forfeit; both empty is a double forfeit."""
    if first is not None and second is not None:
        return None
    if first is None and second is None:
        return "-/-"
    first_wins = first is not None
    white_wins = first_wins == first_white
    return "+/-" if white_wins else "-/+"


def build_boards(session: Session, t: Tournament, rules: Rules, match: Match, number: int) -> None:
    """(Re)create the board games of a match from both teams' lineups (R-3.3 order, R-4.5 empty boards)."""
    session.exec(delete(BoardGame).where(col(BoardGame.match_id) == match.id))
    if match.second_team_id is None:
        return
    first = session.get(Team, match.first_team_id)
    second = session.get(Team, match.second_team_id)
    assert first is not None and second is not None
    a, _ = team_lineup(session, t, first, number)
    b, _ = team_lineup(session, t, second, number)
    session.add_all(new_boards(rules, match, a, b))


def new_boards(rules: Rules, match: Match, a: list[int], b: list[int]) -> list[BoardGame]:
    """The board games of a new match between lineups ``a`` (first team) and ``b``."""
    return [BoardGame(**row) for row in board_rows(rules, match, a, b)]


def board_rows(rules: Rules, match: Match, a: list[int], b: list[int]) -> list[dict[str, Any]]:
    """:func:`new_boards` as the rows to insert."""
    pattern = rules.pairing.board_colour_pattern
    out = []
    for i in range(rules.boards):
        fp = a[i] if i < len(a) else None
        sp = b[i] if i < len(b) else None
        fw = pattern[i] == "W"
        out.append({"match_id": match.id or 0, "board": i + 1, "first_player_id": fp, "second_player_id": sp,
                    "first_white": fw, "result": auto_forfeit(fp, sp, fw), "ended_at": None})
    return out


def store_matches(session: Session, t: Tournament, rules: Rules, rnd: Round,
                  tables: list[tuple[int, int, int | None]],
                  lineups: tuple[dict[int, list[int]], set[int]] | None = None) -> None:
    """Store a round's matches, (table, first team, second team or None for the PAB), with their boards."""
    ids_of, _ = lineups or round_lineups(session, t, rnd.number)
    matches = [Match(round_id=rnd.id or 0, table_no=table, first_team_id=a, second_team_id=b)
               for table, a, b in tables]
    session.add_all(matches)
    session.flush()
    # the boards in one INSERT of rows (an ORM flush inserts them one statement each, to learn their ids): nothing
    # reads them back as objects, and the new matches already told the round's change (its version, its event)
    rows = [row for m in matches if m.second_team_id is not None
            for row in board_rows(rules, m, ids_of.get(m.first_team_id, []), ids_of.get(m.second_team_id, []))]
    if rows:
        session.connection().execute(insert(table_of(BoardGame)), rows)


def lineup_changed(session: Session, t: Tournament, rnd: Round, team: Team) -> None:
    """A lineup changed after pairing: refresh the boards of the team's match while no result is in."""
    if rnd.state not in PAIRED_STATES or rnd.state in STARTED_STATES:
        return
    for m in round_matches(session, rnd):
        if team.id in (m.first_team_id, m.second_team_id) and not has_entered_results(session, m):
            build_boards(session, t, rules_of(t), m, rnd.number)
            m.version += 1
            session.add(m)
