"""Rating performance (C.07 10.1-10.2) and board prizes (R-9.3), on worked figures
that FIDE TEC's TieBreakServer computes alike."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from app.services.prizes import rank_board
from app.services.ratings import DP_TABLE, average_rating, dp_for, rating_performance, round_half_up

ROWS = {
    "P3": ([1800, 1850, 1900, 1750], F(4), 2625),
    "P1": ([2100, 2050, 1980, 2200, 2010], F(4), 2308),
    "P2": ([2000, 2150, 1900, 2075, 2120, 1990], F(9, 2), 2232),
    "P5": ([2300, 2250, 2280, 2190], F(3), 2448),
    "P6": ([2000] * 4, F(3), 2193),
    "P4": ([2010, 1995, 2040, 1980, 2100, 1970, 2025], F(5), 2175),
    "P9": ([2001, 2000, 2000, 2001], F(5, 2), 2096),
    "P7": ([2001, 2000, 2000, 2001, 1990, 2010, 2000, 1998], F(1), 1678),
    "P8": ([1900, 1950, 2000, 2050], F(0), 1175),
}


@pytest.mark.parametrize("name", sorted(ROWS))
def test_tpr_rows(name: str) -> None:
    ratings, points, tpr = ROWS[name]
    assert rating_performance(ratings, points) == tpr


def test_half_up_traps() -> None:
    assert round_half_up(F(4001, 2)) == 2001
    assert round_half_up(F(-1, 2)) == 0
    assert dp_for(F(1, 8)) == -322  # 0.125 -> 0.13, not 0.12
    assert dp_for(F(5, 8)) == 95
    assert average_rating([2001, 2000, 2000, 2001]) == 2001
    assert dp_for(F(1)) == 800 and dp_for(F(0)) == -800


def test_table_symmetry_and_monotone() -> None:
    assert len(DP_TABLE) == 101
    assert all(DP_TABLE[100 - k] == -DP_TABLE[k] for k in range(101))
    assert all(DP_TABLE[k] < DP_TABLE[k + 1] for k in range(100))
    assert DP_TABLE[80] == 240 and DP_TABLE[75] == 193 and DP_TABLE[71] == 158


def test_unrated_and_empty() -> None:
    assert average_rating([None, 1600], unrated_rating=1400) == 1500
    assert rating_performance([], F(0)) is None
    with pytest.raises(ValueError):
        dp_for(F(3, 2))


def test_board_prize_order() -> None:
    entries = [(i, 100 + i, pts, tuple(r)) for i, (r, pts, _) in enumerate(
        ROWS[n] for n in ("P1", "P2", "P3", "P4", "P5", "P6"))]
    # ids: P1 0, P2 1, P3 2, P4 3, P5 4, P6 5
    out = rank_board(1, entries, min_games=4, places=6)
    assert [(p.player_id, p.place, p.tied) for p in out] == [
        (2, 1, False), (0, 2, False), (1, 3, False), (4, 4, False), (5, 5, False), (3, 6, False)]
    top3 = rank_board(1, entries, min_games=4)
    assert [p.player_id for p in top3] == [2, 0, 1]
    assert top3[2].percentage == F(3, 4) and top3[2].games == 6 and top3[2].performance == 2232


def test_board_prize_min_games_and_shared_place() -> None:
    entries = [
        (1, 10, F(3), (2000, 2000, 2000)),  # 3 games: not eligible
        (2, 20, F(3), (2000,) * 4),
        (3, 30, F(3), (2000,) * 4),  # same %, games and TPR: shares 1st
        (4, 40, F(2), (2000,) * 4),
        (5, 50, F(1), (2000,) * 4),
    ]
    out = rank_board(2, entries, min_games=4)
    assert [(p.player_id, p.place, p.tied) for p in out] == [(2, 1, True), (3, 1, True), (4, 3, False)]
