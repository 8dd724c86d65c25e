"""The rating service (FIDE B.02, 2024 text and its October 2025 amendment) held against the regulation's
tables as FIDE TEC's Gacrux carries them, and worked through the regulation's rules by hand."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction as F

import pytest
from gacrux import fidetables
from gacrux import rating as gx

from app.services.ratings import (
    DP_TABLE,
    RatedGame,
    RatingSystem,
    dp_for,
    expected_score,
    fide_system,
    k_factor,
    pd_for,
    publishable,
    rating_change,
)

FIDE_2024 = fide_system(date(2025, 2, 1))
FIDE_NOW = fide_system(date(2025, 11, 14))


def games(*pairs: tuple[int | None, F | int]) -> list[RatedGame]:
    return [RatedGame(r, F(s)) for r, s in pairs]


# --- the tables against Gacrux's copy of them ------------------------------------------------------------


@pytest.mark.parametrize("d", range(0, 801))
def test_table_8_1_2_against_gacrux(d: int) -> None:
    assert pd_for(d) == F(fidetables.DiffToPd[d], 100)
    assert pd_for(-d) == 1 - F(fidetables.DiffToPd[d], 100)


def test_table_8_1_1_against_gacrux() -> None:
    assert [DP_TABLE[i] for i in range(101)] == list(fidetables.ScoreToDp)


@pytest.mark.parametrize("mine,theirs", [(1650, 1500), (1500, 1650), (2000, 2000), (1400, 1799), (2210, 1811),
                                         (1811, 2210), (2700, 1800), (2660, 2300)])
def test_expected_score_against_gacrux(mine: int, theirs: int) -> None:
    """Within 400 points (and from 2650, where no cap applies since October 2025) Gacrux's expected score is
    the table's."""
    assert expected_score(FIDE_NOW, mine, theirs) == F(gx.ComputeExpectedScore(mine, theirs))


def test_400_point_rule_every_game() -> None:
    """8.3.1 (2024): every game beyond 400 points counts as 400 (0.92 / 0.08), not only once per event."""
    for system in (FIDE_2024, FIDE_NOW):
        assert expected_score(system, 2000, 1400) == F(92, 100)
        assert expected_score(system, 1400, 2000) == F(8, 100)
    ch = rating_change(FIDE_2024, 2000, games((1400, 1), (1450, 1), (1500, 1)), year=2025, birth_year=1990)
    assert ch.expected == F(276, 100)
    assert ch.change == 20 * (3 - F(276, 100))  # 4.8, K 20


def test_2650_amendment() -> None:
    """8.3.1 as of 1 October 2025: from 2650 the actual difference; before, the cap for everybody."""
    assert expected_score(FIDE_NOW, 2700, 1800) == F(100, 100)
    assert expected_score(FIDE_2024, 2700, 1800) == F(92, 100)
    assert expected_score(FIDE_NOW, 2649, 1800) == F(92, 100)
    assert expected_score(FIDE_NOW, 1800, 2700) == F(8, 100)  # the lower player stays capped


def test_pd_symmetry_and_dp_rounding() -> None:
    assert pd_for(0) == F(1, 2)
    assert pd_for(100) + pd_for(-100) == 1
    assert dp_for(F(1, 8)) == -322  # 0.125 -> 0.13 (half-up)
    assert dp_for(F(0)) == -800 and dp_for(F(1)) == 800


# --- K (8.3.3) --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rating,birth,listed,games,k", [
    (1650, 2014, None, 7, 40),   # under 18, below 2300
    (2350, 2010, None, 7, 20),   # under 18 but not below 2300
    (2250, 2007, None, 7, 40),   # turns 18 in the event's year: still 40 until the end of it
    (2250, 2006, None, 7, 20),   # 19 in the event's year
    (1900, 1980, None, 7, 20),
    (2400, 1980, None, 7, 10),
    (2399, None, None, 7, 20),   # birth year unknown: no junior K
    (1900, 1980, 40, 7, 40),     # new to the list (the list's K)
    (1900, 1980, 40, 18, 38),    # 40 x 18 = 720 > 700: K = 700 // 18
    (1650, 2014, None, 20, 35),  # 40 x 20 = 800 > 700
])
def test_k_factor(rating: int, birth: int | None, listed: int | None, games: int, k: int) -> None:
    assert k_factor(FIDE_NOW, rating, listed_k=listed, birth_year=birth, year=2025, games=games) == k


# --- a rated player (8.3) ---------------------------------------------------------------------------------


def test_rated_junior_worked_example() -> None:
    """A 1650 U12 (K 40) in 7 rounds: a win against 1500 (D 150 -> 0.70), a draw against 1720 (D -70 -> 0.40),
    a loss against 2050 (D -400 -> 0.08), a forfeit (not a game), an unrated opponent (not rated for a rated
    player), a win against 1700 (-50 -> 0.43) and a loss against 1600 (50 -> 0.57).
    Expected 2.18, score 2.5, change 40 x 0.32 = 12.8; performance: average 1714 (8570 / 5) + dp(0.5) = 1714."""
    ch = rating_change(FIDE_NOW, 1650, games((1500, 1), (1720, F(1, 2)), (2050, 0), (None, 1), (1700, 1), (1600, 0)),
                       birth_year=2014, year=2025)
    assert [g.expected for g in ch.per_game] == [F(70, 100), F(40, 100), F(8, 100), None, F(43, 100), F(57, 100)]
    assert (ch.games, ch.score, ch.expected, ch.k) == (5, F(5, 2), F(218, 100), 40)
    assert ch.change == F(128, 10)
    assert ch.opponents_average == 1714 and ch.performance == 1714
    # Gacrux: the same sum of expected scores (no difference beyond 400 here but the capped one)
    assert F(gx.ComputeSumExpectedScore(1650, [1500, 1720, 1700, 1600])) + F(8, 100) == ch.expected


def test_rated_player_only_unrated_opponents() -> None:
    ch = rating_change(FIDE_NOW, 1800, games((None, 1), (0, 1)), year=2025)
    assert (ch.games, ch.k, ch.change, ch.performance) == (0, None, None, None)


# --- an unrated player (8.2, 7.1) -------------------------------------------------------------------------


def test_first_rating_worked_example() -> None:
    """8.2 (2024): 3 points from 5 rated opponents (1500, 1600, 1700, 1800, 1400: sum 8000) and an unrated one.
    Ra = (8000 + 2 x 1800) / 7 = 1657.14; p = (3 + 1) / 7 = 0.571 -> 0.57 -> dp 50; Ru = 1707."""
    ch = rating_change(FIDE_NOW, None, games((1500, 1), (1600, 0), (1700, F(1, 2)), (None, 1), (1800, F(1, 2)),
                                             (1400, 1)), year=2025)
    assert (ch.rating, ch.k, ch.change, ch.expected) == (None, None, None, None)
    assert (ch.games, ch.score, ch.performance, ch.games_needed) == (5, 3, 1707, 0)
    assert [g.counted for g in ch.per_game] == [True, True, True, False, True, True]
    assert publishable(FIDE_NOW, ch)
    oracle = gx.ComputeTournamentPerformanceRating(Decimal(3) + 1, [1500, 1600, 1700, 1800, 1400, 1800, 1800])
    assert ch.performance == oracle


def test_first_rating_rules() -> None:
    zero = rating_change(FIDE_NOW, None, games((1500, 0), (1600, 0)), year=2025)
    assert zero.performance is None and zero.games_needed == 3  # a zero score is disregarded
    few = rating_change(FIDE_NOW, None, games((1500, 1), (1600, F(1, 2))), year=2025)
    assert few.games_needed == 3 and not publishable(FIDE_NOW, few)
    assert few.performance == gx.ComputeTournamentPerformanceRating(Decimal("2.5"), [1500, 1600, 1800, 1800])
    top = rating_change(FIDE_NOW, None, games(*[(2400, 1)] * 6), year=2025)
    assert top.performance == 2200  # the highest first rating
    low = rating_change(FIDE_NOW, None, games(*[(1400, 0)] * 4, (1400, F(1, 2))), year=2025)
    assert low.performance is not None and low.performance < 1400 and not publishable(FIDE_NOW, low)  # 7.1 floor


def test_national_system_own_values() -> None:
    """A national list: the same formula with its own K and cap."""
    nat = RatingSystem(k=25, k_junior=50, difference_cap=350)
    ch = rating_change(nat, 1500, games((1000, 1)), birth_year=2014, year=2025)
    assert ch.expected == pd_for(350) and ch.k == 50


# --- the national list's settings (rules JSON) ------------------------------------------------------------


def test_national_settings_round_trip_and_bounds() -> None:
    from app.services.errors import InvalidInput
    from app.services.rules import fide_default, k12_2025, rules_from_dict, rules_to_dict, settings_schema

    assert k12_2025().national_rating.name == "ESO" and k12_2025().national_rating.k == FIDE_2024.k
    assert fide_default().national_rating.name == "national"
    rules = rules_from_dict({"national_rating": {"k": 25, "k_junior": 50, "difference_cap_below": None}})
    assert (rules.national_rating.k, rules.national_rating.k_junior, rules.national_rating.name) == (25, 50, "ESO")
    assert rules_from_dict(rules_to_dict(rules)) == rules
    schema = settings_schema()["properties"]["national_rating"]
    assert schema["additionalProperties"] is False and schema["properties"]["k"]["maximum"] == 100
    for bad in ({"k": 0}, {"k": 101}, {"difference_cap": "400"}, {"name": ""}, {"name": "a\nb"}, {"kk": 1},
                {"max_k_games": True}):
        with pytest.raises(InvalidInput):
            rules_from_dict({"national_rating": bad})
    with pytest.raises(InvalidInput) as refused:
        rules_from_dict({"national_rating": {"k": 0}})
    assert refused.value.template == "national_rating.{name}: must be between {low} and {high}"
    assert refused.value.params == {"name": "k", "low": 1, "high": 100}
