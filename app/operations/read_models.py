"""The JSON read models: how a tournament, a round, the standings, a roster, ... look to a reader.

Built in this one place and shared by the routers, the exports and the event stream. Privacy (birth dates,
contact data, unpublished rounds, appeal texts) is decided here, from the reader's principal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.auth.rights import can_see_private, is_staff, managed_team_ids
from app.models import (
    Appeal,
    BoardGame,
    Club,
    CommitteeMember,
    Lineup,
    Match,
    Player,
    Round,
    Team,
    Tournament,
)
from app.operations.repository import (
    eligibility,
    fees_paid,
    load_domain,
    roster_in_board_order,
    roster_rows_in_board_order,
    rosters,
    rules_of,
    to_player,
)
from app.operations.rounds import match_boards, match_etag, round_matches
from app.presentation.standings import standings_to_dict
from app.schemas.appeals import AppealRead, CommitteeMemberRead, SittingCommitteeRead
from app.schemas.clubs import PlayerPublic, PlayerRead
from app.schemas.lineups import LineupBoard, LineupRead, RankingRead, RankingRowRead
from app.schemas.players import (
    BoardLine,
    BoardPlaceRead,
    BoardStatsPlayer,
    BoardStatsRead,
    ClubRef,
    NextGameRead,
    OpponentRef,
    PlayerGameRead,
    PlayerPageRead,
    PlayerScore,
)
from app.schemas.rounds import (
    BoardRead,
    MatchRead,
    PlayerRef,
    RoundRead,
    RoundSummary,
    TeamRef,
    TeamResultsRead,
    TeamRoundRead,
)
from app.schemas.standings import CrossRound, CrossRow, CrosstableRead
from app.schemas.teams import RosteredPlayer, RosterPlayer, RosterRead, TeamRead
from app.schemas.tournaments import TournamentRead
from app.services import tournament as dom
from app.services.appeals import Member, sitting_committee
from app.services.board_order import board_order
from app.services.board_stats import BoardRecord, Totals, board_leaders, board_records, player_totals
from app.services.errors import NotFound, StateConflict
from app.services.lifecycle import COMPLETED, IN_PLAY_STATES, PUBLIC_STATES
from app.services.lineups import base_lineup, base_lineup_problems, lineup_problems
from app.services.player_record import GameOutcome, PlayerRound, player_rounds
from app.services.prizes import BoardPlace, Prizes, TeamPrize, compute_prizes
from app.services.rules import Rules
from app.services.seeding import initial_ranking
from app.services.standings import compute_standings, format_value
from app.services.tournament import BoardGame as DomBoard
from app.services.tournament import Match as DomMatch
from app.services.tournament import Team as DomTeam
from app.services.tournament import TeamStatus, team_round


def player_view(session: Session, principal: Principal | None, p: Player,
                private: bool | None = None) -> PlayerPublic | PlayerRead:
    """The player as this reader may see them; pass ``private`` when it is known for a whole list."""
    data = p.model_dump() | {"name": p.name}
    if private is None:
        private = can_see_private(session, principal, p.club_id)
    if private:
        return PlayerRead.model_validate(data)
    return PlayerPublic.model_validate(data)


def player_row_view(row: Mapping[str, Any], private: bool) -> PlayerPublic | PlayerRead:
    """:func:`player_view` of a row of every player column."""
    data = dict(row)
    data["name"] = f"{row['last_name']}, {row['first_name']}" if row["first_name"] else row["last_name"]
    return PlayerRead.model_validate(data) if private else PlayerPublic.model_validate(data)


FEW_TEAMS = 20


def warnings_for(session: Session, t: Tournament, rules: Rules) -> list[str]:
    out = []
    teams = session.exec(select(Team).where(Team.tournament_id == t.id, Team.status == "entered")).all()
    if 0 < len(teams) < FEW_TEAMS:
        out.append(f"R-4.3: only {len(teams)} teams are entered; with fewer than {FEW_TEAMS} the organisers "
                   f"may reduce the rounds (now {rules.rounds}) or change the system")
    return out


def tournament_read(session: Session, t: Tournament) -> TournamentRead:
    rules = rules_of(t)
    states = {r.number: r.state for r in session.exec(select(Round).where(Round.tournament_id == t.id)).all()}
    done = sum(1 for s in states.values() if s == COMPLETED)
    current = min((n for n, s in states.items() if s in IN_PLAY_STATES), default=None)
    status = ("finished" if states and done == len(states) else
              "running" if current is not None or done else "upcoming")
    return TournamentRead(
        id=t.id or 0, name=t.name, city=t.city, venue=t.venue, federation=t.federation,
        start_date=t.start_date, end_date=t.end_date, preset=t.preset, rules=t.rules,
        chief_arbiter=t.chief_arbiter, deputy_arbiters=list(t.deputy_arbiters),
        tpns_locked=t.tpns_locked_at is not None, warnings=warnings_for(session, t, rules),
        status=status, current_round=current, rounds_completed=done,
    )


def team_read(session: Session, team: Team, principal: Principal | None, club: Club | None = None,
              fees: Mapping[int, Decimal] | None = None) -> TeamRead:
    """The team as this reader sees it; ``fees`` (:func:`fees_paid` of a page of teams) saves a query a team."""
    club = club or session.get(Club, team.club_id)
    private = is_staff(session, principal, team.tournament_id) or (
        team.id in managed_team_ids(session, principal, team.tournament_id))
    fee = None
    if private:
        fee = fees[team.id or 0] if fees is not None else fees_paid(session, [team.id or 0])[team.id or 0]
    return TeamRead(
        id=team.id or 0, tournament_id=team.tournament_id, club_id=team.club_id,
        club_name=club.name if club else "", name=team.name, nickname=team.nickname, status=team.status,
        tpn=team.tpn, entered_at=team.entered_at,
        form_complete=team.form_complete if private else None, fee_paid=fee,
    )


def roster_read(session: Session, team: Team, principal: Principal | None,
                warnings: list[dict[str, str | None]] | None = None) -> RosterRead:
    players = roster_rows_in_board_order(session, team.id or 0)
    private = can_see_private(session, principal, team.club_id)
    return RosterRead(team_id=team.id or 0, players=[
        RosterPlayer(board=i + 1, player=player_row_view(p, private)) for i, (p, _) in enumerate(players)
    ], warnings=warnings or [])


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
    players = {p.id: p for p in session.exec(select(Player).where(Player.id.in_(lu.player_ids))).all()}  # type: ignore[union-attr]
    return lu, [players[i] for i in lu.player_ids if i in players]


def lineup_read(session: Session, t: Tournament, team: Team, number: int, principal: Principal | None) -> LineupRead:
    rules = rules_of(t)
    lu, players = effective_lineup(session, t, team, number)
    problems = []
    if lu is None:
        roster = [to_player(p) for p in roster_in_board_order(session, team)]
        club = session.get(Club, team.club_id)
        on = t.start_date or date.today()
        problems = [{"rule": e.rule, "detail": e.detail}
                    for e in lineup_problems(rules, roster, [p.id for p in players], None, False,
                                             eligibility(rules, club, on))]
    private = can_see_private(session, principal, team.club_id)
    boards = [LineupBoard(board=i + 1,
                          player=player_view(session, principal, players[i], private) if i < len(players) else None)
              for i in range(rules.boards)]
    return LineupRead(team_id=team.id or 0, round=number, submitted=lu is not None,
                      captain_id=lu.captain_id if lu else None, boards=boards, problems=problems)


def ranking_rows(session: Session, t: Tournament, numbered: bool = False) -> tuple[list[RankingRowRead], list[Team]]:
    """The initial ranking (R-4.1) of the entered teams, and those teams.

    ``numbered``: also the teams that got a pairing number and then left (withdrawn, expelled);
    once numbers are given the rows are in TPN order (teams without one last, by the ranking),
    each with its ``status``: a TPN stays with its team for the whole event (C.04.6 1.1.3)."""
    rules = rules_of(t)
    teams = [tm for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all()
             if tm.status == "entered" or (numbered and tm.tpn is not None and tm.status in ("withdrawn", "expelled"))]
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
            base_lineup_problems=[{"rule": e.rule, "detail": e.detail} for e in problems],
            status=tm.status,
        ))
    if numbered and any(r.tpn is not None for r in out):
        out.sort(key=lambda r: (r.tpn is None, r.tpn or 0, r.position))
        out = [r.model_copy(update={"position": i}) for i, r in enumerate(out, start=1)]
    return out, teams


def team_ref(team: Any) -> TeamRef | None:
    """A team (or a row of its id, name and tpn) as answers refer to it."""
    return TeamRef(id=team.id or 0, name=team.name, tpn=team.tpn) if team else None


def match_boards_of(session: Session, matches: list[Match]) -> dict[int, list[BoardGame]]:
    """Every board of ``matches`` by match id, in board order: one query."""
    ids = [m.id for m in matches]
    boards: dict[int, list[BoardGame]] = {i or 0: [] for i in ids}
    if ids:
        for b in session.exec(select(BoardGame).where(col(BoardGame.match_id).in_(ids))
                              .order_by(BoardGame.match_id, BoardGame.board)).all():
            boards[b.match_id].append(b)
    return boards


def prefetch(session: Session, matches: list[Match]) -> tuple[dict[int, list[BoardGame]], dict[int, Any]]:
    """Every board of ``matches`` and every player on them, in two queries."""
    boards = match_boards_of(session, matches)
    pids = {p for bl in boards.values() for b in bl for p in (b.first_player_id, b.second_player_id) if p}
    return boards, player_refs(session, pids)


@dataclasses.dataclass(frozen=True, slots=True)
class _Named:
    """What a match answer shows of a player (:class:`PlayerRef`), read as a row."""

    id: int
    last_name: str
    first_name: str
    fide_rating: int | None
    national_rating: int | None
    title: str

    @property
    def name(self) -> str:
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name


_P = Player.__table__  # type: ignore[attr-defined]
_NAMED = select(_P.c.id, _P.c.last_name, _P.c.first_name, _P.c.fide_rating, _P.c.national_rating, _P.c.title)


def player_refs(session: Session, ids: set[int]) -> dict[int, _Named]:
    """The players ``ids`` as their match answers show them: one statement of rows (a round has hundreds)."""
    if not ids:
        return {}
    rows = session.exec(_NAMED.where(_P.c.id.in_(sorted(ids)))).all()  # type: ignore[call-overload]
    return {r[0]: _Named(*r) for r in rows}


def match_read(session: Session, t: Tournament, rnd: Round, m: Match, teams: Mapping[int, Any],
               players: dict[int, Any] | None = None, boards: list[BoardGame] | None = None,
               rules: Rules | None = None) -> MatchRead:
    rules = rules or rules_of(t)
    if boards is None:
        boards = match_boards(session, m)
    if players is None:
        players = player_refs(session, {p for b in boards for p in (b.first_player_id, b.second_player_id) if p})

    def pref(pid: int | None) -> PlayerRef | None:
        p = players.get(pid) if pid else None
        return PlayerRef(id=p.id, name=p.name, fide_rating=p.fide_rating, national_rating=p.national_rating,
                         title=p.title) if p else None

    dm = DomMatch(round=rnd.number, table=m.table_no, first=m.first_team_id, second=m.second_team_id,
                  forfeit=m.forfeit, boards=tuple(DomBoard(b.board, b.first_player_id, b.second_player_id,
                                                           b.first_white, b.result) for b in boards))
    score = mp = None
    if dm.complete:
        a = team_round(dm, m.first_team_id, rnd.number, rules)
        if m.second_team_id is not None:
            b = team_round(dm, m.second_team_id, rnd.number, rules)
            score = [format_value(a.gp or 0), format_value(b.gp or 0)]
            mp = [format_value(a.mp or 0), format_value(b.mp or 0)]
        else:
            score = [format_value(a.gp or 0)]
            mp = [format_value(a.mp or 0)]
    return MatchRead(
        id=m.id or 0, table=m.table_no, first=team_ref(teams.get(m.first_team_id)),  # type: ignore[arg-type]
        second=team_ref(teams.get(m.second_team_id)) if m.second_team_id else None, pab=m.second_team_id is None,
        forfeit=m.forfeit,
        boards=[BoardRead(board=b.board, first_player=pref(b.first_player_id), second_player=pref(b.second_player_id),
                          white="first" if b.first_white else "second", result=b.result, ended_at=b.ended_at)
                for b in boards],
        score=score, match_points=mp, complete=dm.complete, etag=match_etag(m),
    )


def round_read(session: Session, t: Tournament, rnd: Round, principal: Principal | None) -> RoundRead:
    staff = is_staff(session, principal, t.id or 0)
    visible = staff or rnd.state in PUBLIC_STATES
    matches: list[MatchRead] = []
    if visible:
        teams = {tm.id or 0: tm for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all()}
        rows = round_matches(session, rnd)
        boards, players = prefetch(session, rows)
        rules = rules_of(t)
        matches = [match_read(session, t, rnd, m, teams, players, boards[m.id or 0], rules) for m in rows]
    return RoundRead(number=rnd.number, state=rnd.state, scheduled_start=rnd.scheduled_start, manual=rnd.manual,
                     absent_team_ids=list(rnd.absent_team_ids), matches=matches,
                     explanation=rnd.explanation if staff else None)


def completed_view(session: Session, t: Tournament, up_to: int | None) -> tuple[dom.Tournament, int | None]:
    """The tournament with only its completed rounds (up to ``up_to``)."""
    done = [r.number for r in session.exec(select(Round).where(Round.tournament_id == t.id,
                                                               Round.state == COMPLETED)).all()]
    last = max(done, default=None)
    if up_to is not None:
        if up_to not in done:
            raise StateConflict("R-8", f"round {up_to} is not completed; standings exist after completed rounds "
                                f"({', '.join(map(str, sorted(done))) or 'none yet'})")
        last = up_to
    d = load_domain(session, t)
    return d.with_rounds(n for n in done if last is None or n <= last), last


def dom_team_ref(d: dom.Tournament, team_id: int | None) -> TeamRef | None:
    if team_id is None:
        return None
    tm = d.team(team_id)
    return TeamRef(id=tm.id, name=tm.name, tpn=tm.tpn)


def cross_round(tr: dom.TeamRound, d: dom.Tournament) -> CrossRound:
    score = None if tr.gp is None else f"{format_value(tr.gp)}-{format_value(tr.opponent_gp or 0)}"
    return CrossRound(round=tr.round, outcome=tr.outcome.value, opponent=dom_team_ref(d, tr.opponent), colour=tr.colour,
                      score=score if tr.opponent is not None else (format_value(tr.gp) if tr.gp is not None else None),
                      match_points=format_value(tr.mp) if tr.mp is not None else None)


def members(session: Session, tournament_id: int) -> list[CommitteeMember]:
    return list(session.exec(select(CommitteeMember).where(CommitteeMember.tournament_id == tournament_id)
                             .order_by(CommitteeMember.kind.desc(), CommitteeMember.position)).all())  # type: ignore[attr-defined]


def to_member(m: CommitteeMember) -> Member:
    return Member(id=m.id or 0, name=m.name, club_id=m.club_id, kind=m.kind, position=m.position, chair=m.chair)


def member_read(m: Member) -> CommitteeMemberRead:
    return CommitteeMemberRead(id=m.id, name=m.name, club_id=m.club_id, kind=m.kind, position=m.position,
                               chair=m.chair)


def involved_clubs(session: Session, match: Match) -> set[int]:
    clubs = set()
    for tid in (match.first_team_id, match.second_team_id):
        team = session.get(Team, tid) if tid else None
        if team is not None:
            clubs.add(team.club_id)
    return clubs


def can_read_text(session: Session, principal: Principal | None, t: Tournament, match: Match) -> bool:
    if is_staff(session, principal, t.id or 0):
        return True
    mine = managed_team_ids(session, principal, t.id or 0)
    return bool(mine & {match.first_team_id, match.second_team_id})


def appeal_read(session: Session, t: Tournament, a: Appeal, principal: Principal | None) -> AppealRead:
    match = session.get(Match, a.match_id)
    assert match is not None
    private = can_read_text(session, principal, t, match)
    sc = sitting_committee(rules_of(t), [to_member(m) for m in members(session, t.id or 0)],
                           involved_clubs(session, match))
    return AppealRead(
        id=a.id or 0, round=a.round_number, match_id=a.match_id, board=a.board, team_id=a.team_id, status=a.status,
        text=a.text if private else None, game_ended_at=a.game_ended_at, announced_at=a.announced_at,
        submitted_at=a.submitted_at, late_accepted=a.late_accepted, fee_paid=a.fee_paid if private else None,
        fee_status=a.fee_status, decision_reasons=a.decision_reasons if private else None, decided_at=a.decided_at,
        committee=SittingCommitteeRead(members=[member_read(m) for m in sc.members],
                                       excluded=[member_read(m) for m in sc.excluded], complete=sc.complete,
                                       message=sc.message) if private else None,
    )


def ranking_read(session: Session, t: Tournament) -> RankingRead:
    rows, _ = ranking_rows(session, t, numbered=True)
    return RankingRead(locked=t.tpns_locked_at is not None, rows=rows)


def round_summaries(session: Session, t: Tournament) -> list[RoundSummary]:
    rounds = session.exec(select(Round).where(Round.tournament_id == t.id).order_by(Round.number)).all()
    return [RoundSummary(number=r.number, state=r.state, scheduled_start=r.scheduled_start, manual=r.manual)
            for r in rounds]


def standings_read(session: Session, t: Tournament, up_to: int | None = None) -> dict[str, Any]:
    d, last = completed_view(session, t, up_to)
    return standings_to_dict(d, compute_standings(d, after_round=last))


def crosstable_read(session: Session, t: Tournament, up_to: int | None = None) -> CrosstableRead:
    d, last = completed_view(session, t, up_to)
    st = compute_standings(d, after_round=last)
    rows = [CrossRow(team=dom_team_ref(d, r.team_id),  # type: ignore[arg-type]
                     rounds=[cross_round(tr, d) for tr in dom.team_history(d, r.team_id, last)])
            for r in st.rows]
    return CrosstableRead(after_round=last, rows=rows)


def team_results_read(session: Session, t: Tournament, team_id: int) -> TeamResultsRead:
    """A team's record over the published rounds."""
    published = {r.number for r in session.exec(select(Round).where(
        Round.tournament_id == t.id, Round.state.in_(PUBLIC_STATES))).all()}  # type: ignore[attr-defined]
    d = load_domain(session, t)
    d = d.with_rounds(published)
    hist = dom.team_history(d, team_id)
    mp, gp = dom.totals(hist)
    return TeamResultsRead(
        team=dom_team_ref(d, team_id),  # type: ignore[arg-type]
        match_points=format_value(mp), game_points=format_value(gp),
        rounds=[TeamRoundRead(round=tr.round, outcome=tr.outcome.value, opponent=dom_team_ref(d, tr.opponent),
                              colour=tr.colour, table=tr.table,
                              game_points=format_value(tr.gp) if tr.gp is not None else None,
                              match_points=format_value(tr.mp) if tr.mp is not None else None,
                              opponent_game_points=format_value(tr.opponent_gp) if tr.opponent_gp is not None
                              and tr.opponent is not None else None)
                for tr in hist],
    )


def prizes_read(session: Session, t: Tournament, up_to: int | None = None) -> dict[str, Any]:
    d, last = completed_view(session, t, up_to)
    return prizes_dict(compute_prizes(d, compute_standings(d, after_round=last)))


def prizes_dict(p: Prizes) -> dict[str, Any]:
    """The JSON form of the prizes (R-9): the overall and Union cups, the board prizes."""
    t = p.tournament
    return {"overall": [_team_prize_dict(t, x) for x in p.overall],
            "union": [_team_prize_dict(t, x) for x in p.union],
            "boards": [board_place_dict(t, x) for x in p.boards]}


def _team_prize_dict(t: dom.Tournament, p: TeamPrize) -> dict[str, Any]:
    return {"place": p.place, "tied": p.tied, "team": {"id": p.team_id, "name": t.team(p.team_id).name},
            "players": [{"id": pid, "name": _player_name(t, pid)} for pid in p.players]}


def board_place_dict(t: dom.Tournament, p: BoardPlace) -> dict[str, Any]:
    """The JSON form of a board place (the prizes' ``boards`` list and the board statistics)."""
    return {"board": p.board, "place": p.place, "tied": p.tied,
            "player": {"id": p.player_id, "name": _player_name(t, p.player_id)},
            "team": {"id": p.team_id, "name": t.team(p.team_id).name},
            "points": format_value(p.points), "games": p.games,
            "percentage": format_value(p.percentage * 100),
            "percentage_display": one_decimal(p.percentage * 100),
            "performance": p.performance}


def one_decimal(x: Fraction) -> str:
    """``x`` rounded half-up to one decimal, for display only (ranking uses exact values)."""
    tenths = (x * 10 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}"


def _player_name(t: dom.Tournament, pid: int) -> str:
    try:
        return t.player(pid).name
    except KeyError:
        return ""


def tournament_players(session: Session, t: Tournament, principal: Principal | None) -> list[RosteredPlayer]:
    """Every rostered player of the tournament's teams (not the waitlist) with team and board."""
    teams = session.exec(select(Team).where(Team.tournament_id == t.id,
                                            Team.status != "waitlisted").order_by(Team.id)).all()
    by_team = rosters(session, t.id or 0)
    staff = is_staff(session, principal, t.id or 0)
    out = []
    for team in teams:
        plist = by_team.get(team.id or 0, [])
        by_id = {p.id: p for p in plist}
        private = staff or can_see_private(session, principal, team.club_id)
        for board, dp in enumerate(board_order([to_player(p) for p in plist]), start=1):
            out.append(RosteredPlayer(team_id=team.id or 0, board=board,
                                      player=player_view(session, principal, by_id[dp.id], private)))
    return out


# --- the player page and the board statistics ------------------------------------------------------


def _public_rounds(session: Session, t: Tournament) -> dict[int, Round]:
    return {r.number: r for r in session.exec(select(Round).where(
        Round.tournament_id == t.id, Round.state.in_(PUBLIC_STATES))).all()}  # type: ignore[attr-defined]


def _board_line(board: int | None, points: Fraction, games: int, performance: int | None) -> BoardLine:
    pct = points / games if games else None
    return BoardLine(board=board, points=format_value(points), games=games,
                     percentage=format_value(pct * 100) if pct is not None else None,
                     percentage_display=one_decimal(pct * 100) if pct is not None else None,
                     performance=performance)


def _lines(recs: list[BoardRecord], totals: Totals | None, unrated: int) -> tuple[BoardLine, list[BoardLine]]:
    total = (_board_line(None, totals.points, totals.games, totals.performance) if totals
             else _board_line(None, Fraction(0), 0, None))
    return total, [_board_line(r.board, r.points, r.games, r.performance(unrated))
                   for r in sorted(recs, key=lambda r: r.board)]


def _player_ref(d: dom.Tournament, pid: int | None) -> PlayerRef | None:
    if pid is None:
        return None
    try:
        p = d.player(pid)
    except KeyError:
        return None
    return PlayerRef(id=p.id, name=p.name, fide_rating=p.fide_rating, national_rating=p.national_rating,
                     title=p.title)


def _game_read(d: dom.Tournament, g: PlayerRound) -> PlayerGameRead:
    opp = _player_ref(d, g.opponent_id)
    return PlayerGameRead(
        round=g.round, outcome=g.outcome.value, table=g.table, board=g.board,
        colour=g.colour,  # type: ignore[arg-type]
        opponent=OpponentRef(**opp.model_dump(), team=dom_team_ref(d, g.opponent_team_id)) if opp else None,
        opponent_team=dom_team_ref(d, g.opponent_team_id), result=g.result,
        points=format_value(g.points) if g.points is not None else None,
    )


WAITING = (GameOutcome.PENDING, GameOutcome.NOT_PLAYING, GameOutcome.PAB, GameOutcome.ABSENT)


def player_page_read(session: Session, t: Tournament, player_id: int) -> PlayerPageRead:
    """A player as a parent looks them up: team, club, board, every published round's game with the
    opponent, the score as the board prizes count it, and the next assignment once it is published.
    Public: no birth date, no contact data, no unpublished round."""
    public = _public_rounds(session, t)
    d = load_domain(session, t)
    d = d.with_rounds(public)
    teams = [tm for tm in d.teams if tm.status is not TeamStatus.WAITLISTED]
    team = next((tm for tm in teams if player_id in tm.roster), None)
    games = player_rounds(d, player_id, team.id if team else None)
    if team is None:
        sat = [g for g in games if g.board is not None]
        if not sat:
            raise NotFound(None, f"no player with id {player_id} in tournament {t.id}")
        team = d.team(sat[-1].team_id or 0)
    row = session.get(Player, player_id)
    assert row is not None
    club = session.get(Club, row.club_id)
    done = d.with_rounds(n for n, r in public.items() if r.state == COMPLETED)
    last = max((r.number for r in done.rounds), default=None)
    _, recs = board_records(done, last)
    mine = [r for (_, pid), r in recs.items() if pid == player_id]
    unrated = d.rules.unrated_rating
    total, lines = _lines(mine, player_totals(mine, unrated).get(player_id), unrated)
    nxt = None
    active = [g for g in games if public[g.round].state in IN_PLAY_STATES and g.outcome in WAITING]
    if active:
        g = active[-1]
        rnd = public[g.round]
        nxt = NextGameRead(**_game_read(d, g).model_dump(), state=rnd.state, scheduled_start=rnd.scheduled_start)
    board = team.roster.index(player_id) + 1 if player_id in team.roster else None
    return PlayerPageRead(
        player=PlayerPublic.model_validate(row.model_dump() | {"name": row.name}),
        team=dom_team_ref(d, team.id), club=ClubRef(id=club.id or 0, name=club.name) if club else None,
        board=board, rounds=[_game_read(d, g) for g in games],
        score=PlayerScore(**total.model_dump(), after_round=last, boards=lines), next=nxt,
    )


def board_stats_read(session: Session, t: Tournament) -> BoardStatsRead:
    """Every rostered player's games over the board in the completed rounds, per board and in total,
    and each board's leaders (the board prizes; provisional while nobody has the games)."""
    d, last = completed_view(session, t, None)
    _, recs = board_records(d, last)
    unrated = d.rules.unrated_rating
    by_player: dict[int, list[BoardRecord]] = {}
    for (_, pid), rec in sorted(recs.items()):
        by_player.setdefault(pid, []).append(rec)
    totals = player_totals(recs.values(), unrated)
    players = []
    for team in d.teams:
        if team.status is TeamStatus.WAITLISTED:
            continue
        for i, pid in enumerate(team.roster, start=1):
            ref = _player_ref(d, pid)
            if ref is None:
                continue
            total, lines = _lines(by_player.get(pid, []), totals.get(pid), unrated)
            players.append(BoardStatsPlayer(**total.model_dump(exclude={"board"}), board=None, player=ref,
                                            team=dom_team_ref(d, team.id), roster_board=i, boards=lines))
    leaders = [BoardPlaceRead(**board_place_dict(d, p), provisional=p.provisional)
               for p in board_leaders(d, recs, last)]
    done = last or 0
    return BoardStatsRead(after_round=last, min_games=d.rules.board_prize_min_games,
                          rounds_left=max(d.rules.rounds - done, 0), players=players, leaders=leaders)
