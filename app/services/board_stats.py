"""Individual results over the board: the numbers the board prizes (R-9.3) and the player pages share.

A *game* is a game played over the board (forfeits are not games: C.07 10.1 counts games over the board,
and R-9.3.1 the games on that board), counted per board: a player who sat on boards 2 and 3 has two records.
The points are the points of those games; the rating performance is :func:`app.services.ratings.rating_performance`
over the opponents' FIDE ratings (unrated opponents count as ``t.rules.unrated_rating``).

- :func:`board_records` collects every record of the counted rounds (the prizes' input);
- :func:`player_totals` adds a player's records up over every board (the player pages);
- :func:`board_leaders` ranks each board by R-9.3.2 among the players who have the games
  R-9.3.1 asks for; while nobody on a board has them yet, it ranks the players who can still
  reach them in the rounds left and marks those places ``provisional``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from app.services.ratings import rating_performance
from app.services.tournament import Tournament

ZERO = Fraction(0)
PRIZE_PLACES = 3


class _Games:
    """Points over the board and the opponents' ratings, one per game."""

    points: Fraction
    ratings: Sequence[int | None]

    @property
    def games(self) -> int:
        return len(self.ratings)

    @property
    def percentage(self) -> Fraction | None:
        """Points per game (1 = 100 %), exact; None without a game."""
        return self.points / self.games if self.games else None


@dataclass
class BoardRecord(_Games):
    """One player's games over the board on one board (mutable while collecting)."""

    board: int
    player_id: int
    team_id: int
    points: Fraction = ZERO
    ratings: list[int | None] = field(default_factory=list)  # the opponents', one per game

    def performance(self, unrated_rating: int = 1400) -> int | None:
        return rating_performance(self.ratings, self.points, unrated_rating)


@dataclass(frozen=True)
class Totals(_Games):
    """A player's games over the board, every board added up."""

    points: Fraction
    ratings: tuple[int | None, ...]
    performance: int | None


@dataclass(frozen=True)
class BoardPlace:
    """A place in a board's ranking (R-9.3.2); ``provisional`` before anyone has the games."""

    board: int
    place: int
    player_id: int
    team_id: int
    points: Fraction
    games: int
    percentage: Fraction  # points / games, exact
    performance: int | None
    tied: bool
    provisional: bool = False


def _rating(t: Tournament, pid: int | None) -> int | None:
    if pid is None:
        return None
    try:
        return t.player(pid).fide_rating
    except KeyError:
        return None


def board_records(
    t: Tournament, after_round: int | None = None
) -> tuple[dict[int, set[int]], dict[tuple[int, int], BoardRecord]]:
    """(team -> players who played for it, (board, player) -> the player's record on that board)
    over the rounds of ``t`` up to ``after_round``.

    "Played" is R-9.1's: the player sat at a board for the team, in a game over the board or a
    board won by forfeit (the player was present). Match-level forfeits and the PAB have no games.
    """
    present: dict[int, set[int]] = {}
    stats: dict[tuple[int, int], BoardRecord] = {}
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
                    rec = stats.setdefault((b.board, pid), BoardRecord(b.board, pid, team))
                    rec.points += mine
                    rec.ratings.append(_rating(t, opp))
    return present, stats


def player_totals(records: Iterable[BoardRecord], unrated_rating: int = 1400) -> dict[int, Totals]:
    """Player id -> the player's records on every board added up (games, points, performance)."""
    acc: dict[int, tuple[Fraction, list[int | None]]] = {}
    for rec in records:
        points, ratings = acc.setdefault(rec.player_id, (ZERO, []))
        ratings.extend(rec.ratings)
        acc[rec.player_id] = (points + rec.points, ratings)
    return {pid: Totals(points, tuple(ratings), rating_performance(ratings, points, unrated_rating))
            for pid, (points, ratings) in acc.items()}


def rank_board(
    board: int,
    entries: Iterable[tuple[int, int, Fraction, tuple[int | None, ...]]],
    min_games: int,
    unrated_rating: int = 1400,
    places: int = PRIZE_PLACES,
    provisional: bool = False,
) -> tuple[BoardPlace, ...]:
    """R-9.3 for one board. ``entries``: (player id, team id, points over the board on the board,
    opponents' ratings, one per game). Players with fewer than ``min_games`` games are left out
    (R-9.3.1); the rest are ranked by exact percentage, games, then rating performance (R-9.3.2);
    equal keys share the place (R-8.2)."""
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
        out.append(BoardPlace(board, place, pid, team, points, games, key[0], tpr, keys.count(key) > 1, provisional))
    return tuple(out)


def board_leaders(
    t: Tournament,
    records: dict[tuple[int, int], BoardRecord],
    after_round: int | None,
    places: int = PRIZE_PLACES,
    provisional: bool = True,
) -> tuple[BoardPlace, ...]:
    """Each board's places 1..``places``: the R-9.3 ranking (the board prizes) once a player on the
    board has ``t.rules.board_prize_min_games`` games; before that (and when ``provisional``), the
    same ranking of the players who can still reach that many games in the rounds left (at least
    one game), marked provisional."""
    rules = t.rules
    done = after_round if after_round is not None else len(t.rounds)
    left = max(rules.rounds - done, 0)
    out: list[BoardPlace] = []
    for board in range(1, rules.boards + 1):
        entries = [(rec.player_id, rec.team_id, rec.points, tuple(rec.ratings))
                   for (bd, _), rec in sorted(records.items()) if bd == board]
        ranked = rank_board(board, entries, rules.board_prize_min_games, rules.unrated_rating, places)
        if provisional and not ranked:  # nobody has the games yet
            alive = [e for e in entries if len(e[3]) + left >= rules.board_prize_min_games]
            ranked = rank_board(board, alive, 1, rules.unrated_rating, places, provisional=True)
        out.extend(ranked)
    return tuple(out)
