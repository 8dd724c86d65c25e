"""Read models of players: a player (public or private), the tournament's players, the player page and the
board statistics."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal, overload

from sqlalchemy import RowMapping
from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.auth.rights import is_staff, managed_team_ids, player_rights
from app.models import (
    Club,
    Player,
    Round,
    Team,
    Tournament,
)
from app.operations.reads.standings import board_place_dict, completed_view, dom_team_ref, one_decimal
from app.operations.repository import (
    load_domain,
    rosters,
    to_player,
)
from app.presentation.ratings import per_round, rating_change_dict
from app.schemas.clubs import PlayerPublic, PlayerRead
from app.schemas.players import (
    BoardLine,
    BoardPlaceRead,
    BoardStatsPlayer,
    BoardStatsRead,
    ClubRef,
    GameRatings,
    NextGameRead,
    OpponentRef,
    PlayerGameRead,
    PlayerPageRead,
    PlayerScore,
    RatingChangeRead,
)
from app.schemas.rounds import (
    PlayerRef,
)
from app.schemas.teams import RosteredPlayer
from app.services import tournament as dom
from app.services.board_order import board_order
from app.services.board_stats import BoardRecord, Totals, board_leaders, board_records, player_totals
from app.services.errors import NotFound
from app.services.event_ratings import event_year, games_index, player_ratings, systems
from app.services.lifecycle import COMPLETED, IN_PLAY_STATES, PUBLIC_STATES
from app.services.player_record import GameOutcome, PlayerRound, player_rounds
from app.services.ratings import fide_text, fide_version
from app.services.standings import format_value
from app.services.tournament import TeamStatus


def player_view(session: Session, principal: Principal | None, p: Player,
                private: bool | None = None) -> PlayerPublic | PlayerRead:
    """The player as this reader may see them; pass ``private`` when it is known for a whole list."""
    data = p.model_dump() | {"name": p.name}
    if private is None:
        private = player_rights(session, principal, [p])[p.id or 0].see_private
    if private:
        return PlayerRead.model_validate(data)
    return PlayerPublic.model_validate(data)


@overload
def player_row_view(row: RowMapping, private: Literal[True]) -> PlayerRead: ...
@overload
def player_row_view(row: RowMapping, private: bool) -> PlayerPublic | PlayerRead: ...


def player_row_view(row: RowMapping, private: bool) -> PlayerPublic | PlayerRead:
    """:func:`player_view` of a row of every player column."""
    data = dict(row)
    data["name"] = f"{row['last_name']}, {row['first_name']}" if row["first_name"] else row["last_name"]
    return PlayerRead.model_validate(data) if private else PlayerPublic.model_validate(data)


def tournament_players(session: Session, t: Tournament, principal: Principal | None) -> list[RosteredPlayer]:
    """Every rostered player of the tournament's teams (not the waitlist) with team and board."""
    teams = session.exec(select(Team).where(Team.tournament_id == t.id,
                                            Team.status != "waitlisted").order_by(col(Team.id))).all()
    by_team = rosters(session, t.id or 0)
    staff = is_staff(session, principal, t.id or 0)
    managed = managed_team_ids(session, principal, t.id or 0)
    out = []
    for team in teams:
        plist = by_team.get(team.id or 0, [])
        by_id = {p.id: p for p in plist}
        private = staff or team.id in managed  # rights in this tournament, where these players play
        for board, dp in enumerate(board_order([to_player(p) for p in plist]), start=1):
            out.append(RosteredPlayer(team_id=team.id or 0, board=board,
                                      player=player_view(session, principal, by_id[dp.id], private)))
    return out


def _public_rounds(session: Session, t: Tournament) -> dict[int, Round]:
    return {r.number: r for r in session.exec(select(Round).where(
        Round.tournament_id == t.id, col(Round.state).in_(PUBLIC_STATES))).all()}


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


def _game_read(d: dom.Tournament, g: PlayerRound, rating: dict[str, Any] | None = None) -> PlayerGameRead:
    opp = _player_ref(d, g.opponent_id)
    return PlayerGameRead(
        rating=GameRatings.model_validate(rating) if rating is not None else None,
        round=g.round, outcome=g.outcome.value, table=g.table, board=g.board,
        colour=g.colour,
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
            raise NotFound(None, "no player with id {player_id} in tournament {id}",
                           params={"player_id": player_id, "id": t.id})
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
    ratings = player_ratings(done, player_id, event_year(d))
    by_round = per_round(ratings)
    national = systems(d)["national"]
    return PlayerPageRead(
        player=PlayerPublic.model_validate(row.model_dump() | {"name": row.name}),
        team=dom_team_ref(d, team.id), club=ClubRef(id=club.id or 0, name=club.name) if club else None,
        board=board, rounds=[_game_read(d, g, by_round.get(g.round)) for g in games],
        score=PlayerScore(**total.model_dump(), after_round=last, boards=lines), next=nxt,
        rating_change=RatingChangeRead.model_validate(rating_change_dict(ratings)),
        rating_rules={"fide": fide_text(d.start_date or d.rules.start_date),
                      "fide_from": fide_version(d.start_date or d.rules.start_date).isoformat(),
                      "national": f"{national.name}: the FIDE B.02 formula with the tournament's settings"},
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
    year = event_year(d)
    index = games_index(d)  # every player's games, read once
    players = []
    for team in d.teams:
        if team.status is TeamStatus.WAITLISTED:
            continue
        for i, pid in enumerate(team.roster, start=1):
            ref = _player_ref(d, pid)
            if ref is None:
                continue
            total, lines = _lines(by_player.get(pid, []), totals.get(pid), unrated)
            change = RatingChangeRead.model_validate(rating_change_dict(player_ratings(d, pid, year, index)))
            players.append(BoardStatsPlayer(**total.model_dump(exclude={"board"}), board=None, player=ref,
                                            team=dom_team_ref(d, team.id), roster_board=i, boards=lines,
                                            rating_change=change))
    leaders = [BoardPlaceRead(**board_place_dict(d, p), provisional=p.provisional)
               for p in board_leaders(d, recs, last)]
    done = last or 0
    return BoardStatsRead(after_round=last, min_games=d.rules.board_prize_min_games,
                          rounds_left=max(d.rules.rounds - done, 0), players=players, leaders=leaders)
