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
  (R-9.3.2, :func:`app.services.ratings.rating_performance`). A game is a game
  played over the board on that board; forfeits are not games (C.07 10.1, R-9.3.1).
  Unrated opponents count as ``t.rules.unrated_rating``.

Ties are never broken here (R-8.2): tied teams or players share the place and are
flagged ``tied``, and every one of them whose place is 1-3 is listed.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.services.board_stats import PRIZE_PLACES, BoardPlace, board_leaders, board_records, rank_board
from app.services.standings import Standings, compute_standings
from app.services.tournament import Tournament

__all__ = ["PRIZE_PLACES", "BoardPlace", "Prizes", "TeamPrize", "compute_prizes", "rank_board"]


@dataclass(frozen=True)
class TeamPrize:
    place: int
    team_id: int
    tied: bool
    players: tuple[int, ...]  # player ids who played for the team


@dataclass(frozen=True)
class Prizes:
    tournament: Tournament
    overall: tuple[TeamPrize, ...]
    union: tuple[TeamPrize, ...]
    boards: tuple[BoardPlace, ...]  # board 1 first, then by place


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


def compute_prizes(t: Tournament, standings: Standings | None = None) -> Prizes:
    """Team and board prizes (R-9) from ``standings`` (default: the final standings)."""
    st = standings if standings is not None else compute_standings(t)
    present, stats = board_records(t, st.after_round)
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
    boards = board_leaders(t, stats, st.after_round, provisional=False)
    return Prizes(t, overall, union, boards)
