"""Ratings: expected scores, K-factors, an event's rating change and performance (FIDE Rating Regulations,
FIDE Handbook B.02, as in force from 1 March 2024 and amended from 1 October 2025), and the board prizes'
rating performance (C.07 10), from the same two tables.

The regulation's pieces, and where they are here:

- Table 8.1.1 (fractional score p -> rating difference dp): :data:`DP_TABLE`, :func:`dp_for`.
- Table 8.1.2 (rating difference D -> scoring probability PD of the higher rated player): :data:`PD_TABLE`,
  :func:`expected_score` (the lower rated player's PD is 1 - PD).
- 5 (unplayed games): a forfeit is no game; the caller passes games played over the board only.
- 7.1 (the 2024 rating floor): a first rating is published only from 1400 (:attr:`RatingSystem.floor`) and
  after at least 5 games against rated opponents (:attr:`RatingSystem.initial_min_games`), which may come from
  several events: an event's games are reported as counted towards them.
- 8.2 (the rating Ru of a previously unrated player, the 2024 calculation): only games against rated
  opponents count; a zero score in the first event is disregarded; Ra is the average rating of the rated
  opponents together with two hypothetical opponents rated 1800, against whom the player drew; Ru = Ra + dp
  (p over the games, the two draws included), rounded to the nearest whole number, at most 2200.
- 8.3.1 (the 400-point rule, applied to every game since 2024): a difference of more than 400 points counts as
  400; from 1 October 2025 only for players rated below 2650 (a player from 2650 is rated on the actual
  difference). Games against unrated opponents are not rated for a rated player.
- 8.3.2: the change is K x sum(score - PD) over the rated games.
- 8.3.3 (K): 40 for a player new to the list until 30 games (the list publishes it: the player's listed K),
  40 for a player under 18 (until the end of the year of the 18th birthday) rated below 2300, 20 below 2400,
  10 from 2400; and when K x n exceeds 700 (n = the games rated), K is the largest whole number with
  K x n <= 700.

Everything is exact (``Fraction``): PD is a table value in hundredths, so an expected score and a change are
finite decimals. A national rating uses the same formula with the federation's values
(:class:`RatingSystem` in the tournament's rules); FIDE's are :func:`fide_system`.

Rounding is exact half-up on ``Fraction`` (Python's ``round()`` rounds half to even, which would turn 0.125
into 0.12 and 2000.5 into 2000).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

#: B.02 table 8.1.1 for p = 0.50 .. 1.00 (index = hundredths - 50); dp(1 - p) = -dp(p)
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip

#: hundredths of p (0..100) -> dp
DP_TABLE: dict[int, int] = {}
for _i, _dp in enumerate(_DP_UPPER):
    DP_TABLE[50 + _i] = _dp
    DP_TABLE[50 - _i] = -_dp

#: B.02 table 8.1.2 as the regulation prints it: (largest D of the row, PD of the higher rated player in
#: hundredths); a D above the last row gives PD = 1.00 (only without the 400-point rule).
_PD_ROWS = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58), (68, 59),
    (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67), (137, 68), (145, 69),
    (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75), (206, 76), (215, 77), (225, 78),
    (235, 79), (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87),
    (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96),
    (559, 97), (619, 98), (735, 99),
)  # fmt: skip

#: D (0 .. 736) -> PD of the higher rated player in hundredths; D > 735 gives 100
PD_TABLE: list[int] = []
for _top, _pd in _PD_ROWS:
    PD_TABLE.extend([_pd] * (_top + 1 - len(PD_TABLE)))
PD_TABLE.append(100)

#: The first day of each text this service knows (B.02): the 2024 regulation, and its amendment of 8.3.1.
B02_2024 = date(2024, 3, 1)
B02_2025_10 = date(2025, 10, 1)


def round_half_up(x: Fraction) -> int:
    """Nearest whole number, 0.5 rounded up (C.07 10.1; B.02 8.2 rounds Ru alike)."""
    return (Fraction(x) + Fraction(1, 2)).__floor__()


def dp_for(p: Fraction) -> int:
    """Rating difference for the fractional score ``p`` (0 <= p <= 1), after rounding ``p`` half-up to two
    decimals (B.02 table 8.1.1)."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise ValueError(f"fractional score out of range: {p}")
    return DP_TABLE[round_half_up(p * 100)]


def pd_for(difference: int) -> Fraction:
    """B.02 table 8.1.2: the expected score of a player ``difference`` points above the opponent (negative:
    below), exact in hundredths."""
    pd = PD_TABLE[min(abs(difference), len(PD_TABLE) - 1)]
    return Fraction(pd if difference >= 0 else 100 - pd, 100)


@dataclass(frozen=True)
class RatingSystem:
    """How a rating list rates an event (B.02 7-8 for FIDE; a federation's list by the same formula with its
    own values, which are tournament settings)."""

    name: str = "FIDE"  # the list's name, as pages and reports show it
    rated: bool = True  # the event is rated for this list
    k: int = 20  # 8.3.3: below ``high_from``
    k_high: int = 10  # 8.3.3: from ``high_from``
    high_from: int = 2400
    k_junior: int = 40  # 8.3.3: until the end of the year of the ``junior_age``-th birthday, below ...
    junior_below: int = 2300
    junior_age: int = 18
    max_k_games: int = 700  # 8.3.3: K x n at most this
    difference_cap: int = 400  # 8.3.1: a larger difference counts as this
    difference_cap_below: int | None = None  # 8.3.1 (October 2025): the cap only for players below this rating
    floor: int = 1400  # 7.1: the lowest published rating
    initial_max: int = 2200  # 8.2: the highest first rating
    initial_min_games: int = 5  # 7.1: games against rated opponents before a first rating is published
    hypothetical_rating: int = 1800  # 8.2: the two hypothetical opponents' rating ...
    hypothetical_games: int = 2  # ... and how many (drawn games)


#: The bounds of every whole-number value of a :class:`RatingSystem` (settings are bounded on arrival).
RATING_SYSTEM_BOUNDS: dict[str, tuple[int, int]] = {
    "k": (1, 100), "k_high": (1, 100), "high_from": (0, 3500), "k_junior": (1, 100), "junior_below": (0, 3500),
    "junior_age": (0, 30), "max_k_games": (1, 10_000), "difference_cap": (1, 3500),
    "difference_cap_below": (0, 3500), "floor": (0, 3500), "initial_max": (0, 3500), "initial_min_games": (1, 100),
    "hypothetical_rating": (0, 3500), "hypothetical_games": (0, 10),
}
#: the longest list name
MAX_SYSTEM_NAME = 20


def national_preset(name: str) -> RatingSystem:
    """A national list's values by name. ``eso``: the Hellenic Chess Federation's national rating. Its own
    regulation (the special regulation for national ratings, art. 4.29.3 of its titles and rating regulation)
    follows FIDE's system with changes for young and newly registered players whose figures are not published
    where we could read them; so the preset holds FIDE's 2024 values under the name ESO, and an organiser who
    has the federation's figures enters them as the tournament's settings. ``fide``: FIDE's values under a
    neutral name."""
    if name == "eso":
        return RatingSystem(name="ESO")
    return RatingSystem(name="national")


def fide_version(start: date | None) -> date:
    """The first day of the B.02 text in force for an event starting on ``start`` (today's when unknown)."""
    return B02_2025_10 if start is None or start >= B02_2025_10 else B02_2024


def fide_system(start: date | None) -> RatingSystem:
    """FIDE's values for an event starting on ``start``: the 2024 regulation, with 8.3.1 as amended for events
    from 1 October 2025 (no 400-point cap from 2650)."""
    if fide_version(start) == B02_2025_10:
        return RatingSystem(difference_cap_below=2650)
    return RatingSystem()


def fide_text(start: date | None) -> str:
    """The name of the text :func:`fide_system` follows, as the reports cite it."""
    if fide_version(start) == B02_2025_10:
        return "FIDE B.02 (1 March 2024, 8.3.1 as of 1 October 2025)"
    return "FIDE B.02 (1 March 2024)"


def rated(rating: int | None) -> bool:
    """A rating on the list (0 or nothing is no rating)."""
    return bool(rating)


def capped_difference(system: RatingSystem, rating: int, opponent: int) -> int:
    """8.3.1: the player's rating minus the opponent's, a difference beyond the cap counted as the cap (for
    every player, or only below ``difference_cap_below``)."""
    d = rating - opponent
    if system.difference_cap_below is None or rating < system.difference_cap_below:
        d = max(-system.difference_cap, min(system.difference_cap, d))
    return d


def expected_score(system: RatingSystem, rating: int, opponent: int) -> Fraction:
    """The player's expected score against the opponent (8.3.1-8.3.2, table 8.1.2)."""
    return pd_for(capped_difference(system, rating, opponent))


def k_factor(system: RatingSystem, rating: int, *, listed_k: int | None, birth_year: int | None, year: int,
             games: int) -> int:
    """8.3.3: the player's K for the event: the K the list publishes for the player when known (it alone
    knows a player new to the list, 40 until 30 games, and a player who once reached 2400), else by the rating
    and age; then capped so that K x games <= ``max_k_games``."""
    if listed_k is not None:
        k = listed_k
    elif birth_year is not None and year - birth_year <= system.junior_age and rating < system.junior_below:
        k = system.k_junior
    elif rating >= system.high_from:
        k = system.k_high
    else:
        k = system.k
    if games and k * games > system.max_k_games:
        k = system.max_k_games // games
    return k


@dataclass(frozen=True)
class RatedGame:
    """One game played over the board, as a rating list sees it: the opponent's rating on the list before the
    event (None: unrated) and the player's score (1, 1/2, 0)."""

    opponent_rating: int | None
    score: Fraction


@dataclass(frozen=True)
class GameRating:
    """One game in the calculation: whether it counts, and the player's expected score in it."""

    opponent_rating: int | None
    counted: bool
    expected: Fraction | None  # a rated player's PD; None when not counted or the player is unrated


@dataclass(frozen=True)
class RatingChange:
    """The event for one player on one list.

    A rated player: ``k``, ``expected``, ``change`` (K x (score - expected)), ``performance`` (the average of
    the rated opponents + dp). An unrated player: ``change``, ``expected`` and ``k`` are None; ``performance``
    is Ru (8.2) when the event gives one, and ``games_needed`` what is missing for a published rating (7.1).
    """

    rating: int | None
    k: int | None
    games: int  # games counted (against rated opponents)
    score: Fraction  # points in those games
    expected: Fraction | None
    change: Fraction | None
    performance: int | None
    opponents_average: int | None
    games_needed: int | None
    per_game: tuple[GameRating, ...]


def average_rating(ratings: Sequence[int | None], unrated_rating: int = 1400) -> int | None:
    """ARO (C.07 10.1), unrated opponents counted as ``unrated_rating``; None with no games."""
    if not ratings:
        return None
    total = sum((r if r is not None else unrated_rating) for r in ratings)
    return round_half_up(Fraction(total, len(ratings)))


def rating_performance(
    opponent_ratings: Sequence[int | None], points: Fraction, unrated_rating: int = 1400
) -> int | None:
    """TPR (C.07 10.2) over games played over the board: ARO + dp(points / games), as the board prizes
    rank (R-9.3.2). ``opponent_ratings`` has one entry per game (``None`` = unrated, counted as
    ``unrated_rating``); None when there is no game."""
    aro = average_rating(opponent_ratings, unrated_rating)
    if aro is None:
        return None
    return aro + dp_for(Fraction(points) / len(opponent_ratings))


def rating_change(system: RatingSystem, rating: int | None, games: Sequence[RatedGame], *,
                  listed_k: int | None = None, birth_year: int | None = None, year: int) -> RatingChange:
    """The event's figures for one player on one list (8.2 for an unrated player, 8.3 for a rated one).
    ``games``: the games played over the board, in order (a forfeit is no game, B.02 5)."""
    counted = [g for g in games if rated(g.opponent_rating)]
    score = sum((Fraction(g.score) for g in counted), Fraction(0))
    n = len(counted)
    opp = [g.opponent_rating or 0 for g in counted]
    average = round_half_up(Fraction(sum(opp), n)) if n else None
    if not rated(rating):
        return _first_rating(system, games, counted, score, average)
    assert rating is not None
    per_game = tuple(GameRating(g.opponent_rating, rated(g.opponent_rating),
                                expected_score(system, rating, g.opponent_rating or 0)
                                if rated(g.opponent_rating) else None) for g in games)
    if not n:
        return RatingChange(rating, None, 0, score, None, None, None, None, None, per_game)
    expected = sum((g.expected for g in per_game if g.expected is not None), Fraction(0))
    k = k_factor(system, rating, listed_k=listed_k, birth_year=birth_year, year=year, games=n)
    assert average is not None
    return RatingChange(rating, k, n, score, expected, k * (score - expected), average + dp_for(score / n),
                        average, None, per_game)


def _first_rating(system: RatingSystem, games: Sequence[RatedGame], counted: Sequence[RatedGame],
                  score: Fraction, average: int | None) -> RatingChange:
    """8.2: Ra over the rated opponents and the hypothetical drawn games, Ru = Ra + dp, at most 2200; a zero
    score disregarded; 7.1: what the player still needs for a published rating."""
    per_game = tuple(GameRating(g.opponent_rating, rated(g.opponent_rating), None) for g in games)
    n = len(counted)
    needed = max(system.initial_min_games - n, 0)
    if not n or score == 0:
        return RatingChange(None, None, n, score, None, None, None, average, needed, per_game)
    h = system.hypothetical_games
    ra = Fraction(sum(g.opponent_rating or 0 for g in counted) + h * system.hypothetical_rating, n + h)
    p = (score + Fraction(h, 2)) / (n + h)
    ru = min(round_half_up(ra + dp_for(p)), system.initial_max)
    return RatingChange(None, None, n, score, None, None, ru, average, needed, per_game)


def publishable(system: RatingSystem, change: RatingChange) -> bool:
    """7.1: a first rating from this event alone would be published (enough games, at least the floor)."""
    return (change.rating is None and change.performance is not None and change.games_needed == 0
            and change.performance >= system.floor)
