"""The event's ratings: every player's rating change and performance on the FIDE list and the national list
(:mod:`app.services.ratings` over the games of a :class:`Tournament`), and a team's average and performance.

A game for rating is a game played over the board with a result (B.02 5: a forfeit is no game), in the rounds
the caller passes (the completed ones); the score is the chess result (1, 1/2, 0), whatever the game points of
the event are. The opponent's rating is the one on the player's row (the list before the event). Reserves are
players like the others: every game of every player counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from app.services.ratings import (
    RatedGame,
    RatingChange,
    RatingSystem,
    dp_for,
    fide_system,
    rated,
    rating_change,
    round_half_up,
)
from app.services.tournament import Player, Tournament

#: the player's score in a board result, White's first
_WHITE_SCORE = {"1-0": Fraction(1), "0-1": Fraction(0), "1/2-1/2": Fraction(1, 2)}
LISTS = ("fide", "national")


def systems(t: Tournament) -> dict[str, RatingSystem]:
    """The two lists of the event: FIDE's by the event's first day (B.02 as then in force), the national one
    from the tournament's settings."""
    start = t.start_date or t.rules.start_date
    fide = fide_system(start)
    if not t.rules.fide_rated:
        fide = RatingSystem(name=fide.name, rated=False, difference_cap_below=fide.difference_cap_below)
    return {"fide": fide, "national": t.rules.national_rating}


def event_year(t: Tournament) -> int | None:
    start = t.start_date or t.rules.start_date
    return start.year if start is not None else None


def _rating(p: Player | None, which: str) -> int | None:
    if p is None:
        return None
    value = p.fide_rating if which == "fide" else p.national_rating
    return value if rated(value) else None


@dataclass(frozen=True)
class Game:
    """A game played over the board with a result, from one player's side."""

    round: int
    board: int
    opponent_id: int
    score: Fraction  # the chess result: 1, 1/2, 0


def games_index(t: Tournament) -> dict[int, list[Game]]:
    """Player id -> the player's games played over the board in ``t``'s rounds, in round order: one pass over
    the boards (a forfeit, an empty board, a match forfeited as a whole or the PAB is no game, B.02 5)."""
    out: dict[int, list[Game]] = {}
    for r in sorted(t.rounds, key=lambda r: r.number):
        for m in r.matches:
            if m.second is None or m.forfeit is not None:
                continue
            for b in m.boards:
                if b.first_player is None or b.second_player is None or b.result not in _WHITE_SCORE:
                    continue
                white = _WHITE_SCORE[b.result]
                first = white if b.first_white else 1 - white
                out.setdefault(b.first_player, []).append(Game(r.number, b.board, b.second_player, first))
                out.setdefault(b.second_player, []).append(Game(r.number, b.board, b.first_player, 1 - first))
    return out


@dataclass(frozen=True)
class PlayerRatings:
    """One player's event on both lists: the games counted (with the opponent's FIDE and national rating) and
    the figures of each list."""

    games: tuple[tuple[Game, int | None, int | None], ...]
    fide: RatingChange | None  # None: the event is not rated for the list
    national: RatingChange | None


def player_ratings(t: Tournament, player_id: int, year: int | None,
                   index: dict[int, list[Game]] | None = None) -> PlayerRatings:
    """The player's rating change and performance on both lists over the games of ``t``'s rounds (``index``:
    :func:`games_index` of ``t``, when the caller reads many players)."""
    played = (index if index is not None else games_index(t)).get(player_id, [])
    games = tuple((g, _rating(_opponent(t, g.opponent_id), "fide"), _rating(_opponent(t, g.opponent_id), "national"))
                  for g in played)
    me = t.player(player_id)
    out: dict[str, RatingChange | None] = {}
    for which, system in systems(t).items():
        if not system.rated:
            out[which] = None
            continue
        listed = me.fide_k if which == "fide" else me.national_k
        out[which] = rating_change(system, _rating(me, which),
                                   [RatedGame(fide if which == "fide" else nat, g.score) for g, fide, nat in games],
                                   listed_k=listed, birth_year=me.birth_date.year if me.birth_date else None,
                                   year=year if year is not None else 0)
    return PlayerRatings(games, out["fide"], out["national"])


def _opponent(t: Tournament, pid: int) -> Player | None:
    try:
        return t.player(pid)
    except KeyError:
        return None


@dataclass(frozen=True)
class TeamRating:
    """A team on one list: the average rating of its rated players, and the performance of all its players'
    games against rated opponents (their average + dp of the fractional score, B.02 table 8.1.1)."""

    average: int | None
    rated_players: int
    games: int
    score: Fraction
    performance: int | None


def team_rating(t: Tournament, roster: Sequence[int], which: str,
                index: dict[int, list[Game]] | None = None) -> TeamRating:
    """The team's figures on the list ``which`` (``fide`` or ``national``) over ``t``'s rounds."""
    index = index if index is not None else games_index(t)
    own = [r for r in (_rating(_opponent(t, pid), which) for pid in roster) if r is not None]
    average = round_half_up(Fraction(sum(own), len(own))) if own else None
    opp: list[int] = []
    score = Fraction(0)
    for pid in roster:
        for g in index.get(pid, []):
            r = _rating(_opponent(t, g.opponent_id), which)
            if r is not None:
                opp.append(r)
                score += g.score
    perf = (round_half_up(Fraction(sum(opp), len(opp))) + dp_for(score / len(opp))) if opp else None
    return TeamRating(average, len(own), len(opp), score, perf)


def team_ratings(t: Tournament, roster: Sequence[int], index: dict[int, list[Game]] | None = None
                 ) -> dict[str, TeamRating]:
    """List -> the team's figures."""
    index = index if index is not None else games_index(t)
    return {which: team_rating(t, roster, which, index) for which in LISTS}
