"""The event's ratings: every player's rating change and performance on the FIDE list and the national list
(:mod:`app.services.ratings` over the games of a :class:`Tournament`), and a team's average and performance.

A game for rating is a game played over the board with a result (B.02 5: a forfeit is no game), in the rounds
the caller passes (the completed ones); the score is the chess result (1, 1/2, 0), whatever the game points of
the event are. The opponent's rating is the one on the player's row (the list before the event). Reserves are
players like the others: every game of every player counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from app.services.player_record import GameOutcome, PlayerRound, player_rounds
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


def chess_score(g: PlayerRound) -> Fraction | None:
    """The player's score in a game played over the board (None: no such game)."""
    if g.outcome is not GameOutcome.PLAYED or g.result not in _WHITE_SCORE or g.colour is None:
        return None
    white = _WHITE_SCORE[g.result]
    return white if g.colour == "W" else 1 - white


@dataclass(frozen=True)
class PlayerRatings:
    """One player's event on both lists; ``rounds`` are the player's rounds the figures were read from."""

    rounds: tuple[PlayerRound, ...]
    games: tuple[tuple[PlayerRound, int | None, int | None], ...]  # game, opponent's FIDE and national rating
    fide: RatingChange | None  # None: the event is not rated for the list
    national: RatingChange | None


def player_ratings(t: Tournament, player_id: int, team_id: int | None, year: int | None) -> PlayerRatings:
    """The player's rating change and performance on both lists over the games of ``t``'s rounds."""
    rounds = player_rounds(t, player_id, team_id)
    games = []
    for g in rounds:
        if chess_score(g) is None or g.opponent_id is None:
            continue
        opp = _opponent(t, g.opponent_id)
        games.append((g, _rating(opp, "fide"), _rating(opp, "national")))
    me = t.player(player_id)
    out: dict[str, RatingChange | None] = {}
    for which, system in systems(t).items():
        if not system.rated:
            out[which] = None
            continue
        listed = me.fide_k if which == "fide" else me.national_k
        played = [RatedGame(fide if which == "fide" else nat, chess_score(g) or Fraction(0))
                  for g, fide, nat in games]
        out[which] = rating_change(system, _rating(me, which), played, listed_k=listed,
                                   birth_year=me.birth_date.year if me.birth_date else None,
                                   year=year if year is not None else 0)
    return PlayerRatings(rounds, tuple(games), out["fide"], out["national"])


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


def team_rating(t: Tournament, roster: Sequence[int], which: str) -> TeamRating:
    """The team's figures on the list ``which`` (``fide`` or ``national``) over ``t``'s rounds."""
    own = [r for r in (_rating(_opponent(t, pid), which) for pid in roster) if r is not None]
    average = round_half_up(Fraction(sum(own), len(own))) if own else None
    opp: list[int] = []
    score = Fraction(0)
    for pid in roster:
        for g in player_rounds(t, pid, None):
            s = chess_score(g)
            r = _rating(_opponent(t, g.opponent_id), which) if g.opponent_id is not None else None
            if s is None or r is None:
                continue
            opp.append(r)
            score += s
    perf = (round_half_up(Fraction(sum(opp), len(opp))) + dp_for(score / len(opp))) if opp else None
    return TeamRating(average, len(own), len(opp), score, perf)


def team_ratings(t: Tournament, rosters: Iterable[tuple[int, Sequence[int]]]) -> dict[int, dict[str, TeamRating]]:
    """Team id -> list -> its figures."""
    return {tid: {which: team_rating(t, roster, which) for which in LISTS} for tid, roster in rosters}
