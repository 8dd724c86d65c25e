"""Prizes (R-9): overall team cups, Union team cups, board prizes.

- R-9.1: the teams ranked 1-3 overall, each with the players who played for it.
  A player "played" when they sat at a board for the team in a counted round: a game
  over the board, or a board won by forfeit (the player was present); a board lost by
  forfeit does not count.
- R-9.2 / R-9.2.1: the overall ranking filtered to teams of Union clubs
  (``Club.union_member``), places 1-3; a team may hold an overall and a Union cup.
  Skipped when ``t.rules.union_prizes`` is off.
- R-9.3: per board, players with at least ``t.rules.board_prize_min_games`` games on that
  board (R-9.3.1), ranked by (a) percentage, (b) number of games, (c) rating performance
  (R-9.3.2, :func:`app.services.performance.rating_performance`). A game is a game
  played over the board on that board; forfeits are not games (tiebreaks.md 8 #12, #14).
  Unrated opponents count as ``t.rules.unrated_rating``.

Ties are never broken here (R-8.2): tied teams or players share the place and are
flagged ``tied``, and every one of them whose place is 1-3 is listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from app.services.performance import rating_performance
from app.services.standings import Standings, compute_standings, format_value
from app.services.tournament import Tournament

PRIZE_PLACES = 3


@dataclass(frozen=True)
class TeamPrize:
    place: int
    team_id: int
    tied: bool
    players: tuple[int, ...]  # player ids who played for the team

    def to_dict(self, t: Tournament) -> dict[str, Any]:
        return {"place": self.place, "tied": self.tied, "team": {"id": self.team_id,
                "name": t.team(self.team_id).name}, "players": [
                    {"id": p, "name": _player_name(t, p)} for p in self.players]}


@dataclass(frozen=True)
class BoardPrize:
    board: int
    place: int
    player_id: int
    team_id: int
    points: Fraction
    games: int
    percentage: Fraction  # points / games, exact
    performance: int | None
    tied: bool

    def to_dict(self, t: Tournament) -> dict[str, Any]:
        return {"board": self.board, "place": self.place, "tied": self.tied,
                "player": {"id": self.player_id, "name": _player_name(t, self.player_id)},
                "team": {"id": self.team_id, "name": t.team(self.team_id).name},
                "points": format_value(self.points), "games": self.games,
                "percentage": format_value(self.percentage * 100),
                "percentage_display": _one_decimal(self.percentage * 100),
                "performance": self.performance}


@dataclass(frozen=True)
class Prizes:
    tournament: Tournament
    overall: tuple[TeamPrize, ...]
    union: tuple[TeamPrize, ...]
    boards: tuple[BoardPrize, ...]  # board 1 first, then by place

    def to_dict(self) -> dict[str, Any]:
        t = self.tournament
        return {"overall": [p.to_dict(t) for p in self.overall],
                "union": [p.to_dict(t) for p in self.union],
                "boards": [p.to_dict(t) for p in self.boards]}


def _one_decimal(x: Fraction) -> str:
    """``x`` rounded half-up to one decimal, for display only (ranking uses exact values)."""
    tenths = (x * 10 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}"


def _player_name(t: Tournament, pid: int) -> str:
    try:
        return t.player(pid).name
    except KeyError:
        return ""


def _rating(t: Tournament, pid: int | None) -> int | None:
    if pid is None:
        return None
    try:
        return t.player(pid).fide_rating
    except KeyError:
        return None


@dataclass
class _BoardStats:
    team: int
    points: Fraction
    ratings: list[int | None]


def _collect(
    t: Tournament, after_round: int | None
) -> tuple[dict[int, set[int]], dict[tuple[int, int], _BoardStats]]:
    """(team -> players who played, (board, player) -> OTB statistics on that board)."""
    present: dict[int, set[int]] = {}
    stats: dict[tuple[int, int], _BoardStats] = {}
    for r in t.completed_rounds(after_round):
        for m in r.matches:
            if m.second is None or m.forfeit is not None:
                continue
            for b in m.boards:
                pts = b.points()
                if pts is None:
                    continue
                sides = ((m.first, b.first_player, b.second_player, pts[0], pts[1]),
                         (m.second, b.second_player, b.first_player, pts[1], pts[0]))
                for team, pid, opp, mine, theirs in sides:
                    if pid is None:
                        continue
                    if b.played or mine > theirs:
                        present.setdefault(team, set()).add(pid)
                    if not b.played or opp is None:
                        continue
                    st = stats.setdefault((b.board, pid), _BoardStats(team, Fraction(0), []))
                    st.points += mine
                    st.ratings.append(_rating(t, opp))
    return present, stats


def _team_prizes(
    t: Tournament, rows: list[tuple[int, int, bool]], present: dict[int, set[int]]
) -> tuple[TeamPrize, ...]:
    """``rows``: (rank in the list, team id) in rank order -> places 1-3 with ties."""
    out = []
    for rank, tid, _ in rows:
        place = 1 + sum(1 for r, _t, _x in rows if r < rank)
        if place > PRIZE_PLACES:
            break
        tied = sum(1 for r, _t, _x in rows if r == rank) > 1
        roster = t.team(tid).roster
        order = {p: i for i, p in enumerate(roster)}
        players = tuple(sorted(present.get(tid, set()), key=lambda p: (order.get(p, len(order)), p)))
        out.append(TeamPrize(place, tid, tied, players))
    return tuple(out)


def rank_board(
    board: int,
    entries: list[tuple[int, int, Fraction, tuple[int | None, ...]]],
    min_games: int,
    unrated_rating: int = 1400,
    places: int = PRIZE_PLACES,
) -> tuple[BoardPrize, ...]:
    """R-9.3 for one board. ``entries``: (player id, team id, OTB points on the board,
    opponents' ratings, one per OTB game on the board). Players with fewer than
    ``min_games`` games are left out (R-9.3.1); the rest are ranked by exact percentage,
    games, then rating performance (R-9.3.2); equal keys share the place (R-8.2)."""
    cands = []
    for pid, team, points, ratings in entries:
        games = len(ratings)
        if games == 0 or games < min_games:
            continue
        tpr = rating_performance(ratings, points, unrated_rating)
        key = (Fraction(points) / games, games, tpr if tpr is not None else -(10**9))
        cands.append((key, pid, team, Fraction(points), games, tpr))
    keys = [c[0] for c in cands]
    out = []
    for key, pid, team, points, games, tpr in sorted(cands, key=lambda c: (tuple(-x for x in c[0]), c[1])):
        place = 1 + sum(1 for k in keys if k > key)
        if place > places:
            break
        out.append(BoardPrize(board, place, pid, team, points, games, key[0], tpr, keys.count(key) > 1))
    return tuple(out)


def compute_prizes(t: Tournament, standings: Standings | None = None) -> Prizes:
    """Team and board prizes (R-9) from ``standings`` (default: the final standings)."""
    st = standings if standings is not None else compute_standings(t)
    present, stats = _collect(t, st.after_round)
    rows = [(r.rank, r.team_id, r.tied) for r in st.rows]
    overall = _team_prizes(t, rows, present)
    union: tuple[TeamPrize, ...] = ()
    if t.rules.union_prizes:
        urows = []
        for rank, tid, tied in rows:
            club = t.club(t.team(tid).club_id)
            if club is not None and club.union_member:
                urows.append((rank, tid, tied))
        union = _team_prizes(t, urows, present)
    boards: list[BoardPrize] = []
    for board in range(1, t.rules.boards + 1):
        entries = [(pid, s.team, s.points, tuple(s.ratings)) for (bd, pid), s in stats.items() if bd == board]
        boards.extend(rank_board(board, entries, t.rules.board_prize_min_games, t.rules.unrated_rating))
    return Prizes(t, overall, union, tuple(boards))
