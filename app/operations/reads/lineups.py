"""Read models of lineups and of the initial ranking."""

from __future__ import annotations

from datetime import date
from typing import Literal

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.auth.rights import team_private
from app.models import (
    Club,
    Lineup,
    Player,
    Team,
    Tournament,
)
from app.operations.reads.players import player_view
from app.operations.repository import (
    eligibility,
    roster_in_board_order,
    rules_of,
    to_player,
)
from app.presentation.messages import problem_item
from app.schemas.lineups import (
    LineupBoard,
    LineupRead,
    RankingRead,
    RankingRowRead,
    ScheduledMatchRead,
    ScheduledRoundRead,
)
from app.schemas.rounds import TeamRef
from app.services.lineups import base_lineup, base_lineup_problems, lineup_problems
from app.services.round_robin import MAX_TEAMS, MIN_TEAMS, schedule
from app.services.seeding import initial_ranking
from app.services.standings import format_value
from app.services.tournament import Team as DomTeam
from app.services.tournament import TeamStatus


def effective_lineup(session: Session, t: Tournament, team: Team, number: int) -> tuple[Lineup | None, list[Player]]:
    """The submitted lineup, or the base lineup (the first `boards` roster players), in board order."""
    rules = rules_of(t)
    lu = session.exec(select(Lineup).where(Lineup.tournament_id == t.id, Lineup.round_number == number,
                                           Lineup.team_id == team.id)).first()
    roster = roster_in_board_order(session, team)
    if lu is None:
        by_id = {p.id: p for p in roster}
        base = base_lineup(rules, [to_player(p) for p in roster])
        return None, [by_id[p.id] for p in base]
    players = {p.id: p for p in session.exec(select(Player).where(col(Player.id).in_(lu.player_ids))).all()}
    return lu, [players[i] for i in lu.player_ids if i in players]


def lineup_read(session: Session, t: Tournament, team: Team, number: int, principal: Principal | None) -> LineupRead:
    rules = rules_of(t)
    lu, players = effective_lineup(session, t, team, number)
    problems = []
    if lu is None:
        roster = [to_player(p) for p in roster_in_board_order(session, team)]
        club = session.get(Club, team.club_id)
        on = t.start_date or date.today()
        problems = [problem_item(e)
                    for e in lineup_problems(rules, roster, [p.id or 0 for p in players], None, False,
                                             eligibility(rules, club, on))]
    private = team_private(session, principal, team.tournament_id, team.id)
    boards = [LineupBoard(board=i + 1,
                          player=player_view(session, principal, players[i], private) if i < len(players) else None)
              for i in range(rules.boards)]
    return LineupRead(team_id=team.id or 0, round=number, submitted=lu is not None,
                      captain_id=lu.captain_id if lu else None, boards=boards, problems=problems)


def _ranking_status(tm: Team, numbered: bool) -> Literal["entered", "withdrawn", "expelled"] | None:
    """The status the initial ranking lists a team with; None: not listed (see :func:`ranking_rows`)."""
    match tm.status:
        case "entered":
            return "entered"
        case "withdrawn" | "expelled" as left if numbered and tm.tpn is not None:
            return left
    return None


def ranking_rows(session: Session, t: Tournament, numbered: bool = False) -> tuple[list[RankingRowRead], list[Team]]:
    """The initial ranking (R-4.1) of the entered teams, and those teams.

    ``numbered``: also the teams that got a pairing number and then left (withdrawn, expelled);
    once numbers are given the rows are in TPN order (teams without one last, by the ranking),
    each with its ``status``: a TPN stays with its team for the whole event (C.04.6 1.1.3)."""
    rules = rules_of(t)
    listed = [(tm, status) for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all()
              if (status := _ranking_status(tm, numbered)) is not None]
    teams = [tm for tm, _ in listed]
    status_of = {tm.id: status for tm, status in listed}
    clubs = {c.id: c for c in session.exec(select(Club)).all()}
    rosters = {tm.id: [to_player(p) for p in roster_in_board_order(session, tm)] for tm in teams}
    rows = initial_ranking(rules, [
        (DomTeam(id=tm.id or 0, name=tm.name, club_id=tm.club_id, status=TeamStatus.ENTERED), rosters[tm.id])
        for tm in teams
    ])
    by_id = {tm.id: tm for tm in teams}
    on = t.start_date or date.today()
    out = []
    for pos, row in enumerate(rows, start=1):
        tm = by_id[row.team_id]
        club = clubs.get(tm.club_id)
        problems = base_lineup_problems(rules, rosters[tm.id], eligibility(rules, club, on))
        out.append(RankingRowRead(
            position=pos, team_id=row.team_id, name=tm.name, club_name=club.name if club else "",
            average=format_value(row.average), ratings=list(row.ratings), tpn=tm.tpn,
            base_lineup_problems=[problem_item(e) for e in problems],
            status=status_of[tm.id],
        ))
    if numbered and any(r.tpn is not None for r in out):
        out.sort(key=lambda r: (r.tpn is None, r.tpn or 0, r.position))
        out = [r.model_copy(update={"position": i}) for i, r in enumerate(out, start=1)]
    return out, teams


def ranking_read(session: Session, t: Tournament) -> RankingRead:
    rows, _ = ranking_rows(session, t, numbered=True)
    return RankingRead(locked=t.tpns_locked_at is not None, rows=rows, schedule=round_robin_schedule(session, t))


def round_robin_schedule(session: Session, t: Tournament) -> list[ScheduledRoundRead]:
    """A round robin's whole schedule by its teams' pairing numbers (C.05 Annex 1), once they are fixed."""
    rules = rules_of(t)
    if not rules.round_robin or t.tpns_locked_at is None:
        return []
    numbered = session.exec(select(Team).where(Team.tournament_id == t.id, col(Team.tpn).is_not(None))).all()
    refs = {tm.tpn or 0: TeamRef(id=tm.id or 0, name=tm.name, tpn=tm.tpn) for tm in numbered}
    if sorted(refs) != list(range(1, len(refs) + 1)) or not MIN_TEAMS <= len(refs) <= MAX_TEAMS:
        return []  # numbers given under another system: the round robin's come with the next lock
    return [ScheduledRoundRead(round=n, matches=[
        ScheduledMatchRead(table=p.table, first=refs[p.white], second=None if p.black is None else refs[p.black])
        for p in rnd]) for n, rnd in enumerate(schedule(len(refs), rules.cycles), start=1)]
