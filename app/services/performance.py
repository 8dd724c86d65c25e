"""Rating performance for board prizes (R-9.3.2 c): TPR = ARO + dp(p), FIDE C.07 10.1-10.2.

- ARO (C.07 10.1): the average rating of the opponents played over the board, rounded to
  the nearest whole number, 0.5 up. Unrated opponents count as the announced rating
  ``t.rules.unrated_rating`` (C.07 10 preamble; R-4.1 uses 1400).
- p: points over the board / games over the board, rounded half-up to two decimals
  (implementation consensus of FIDE TEC's TieBreakServer and Ainalrami; C.07 states no rounding).
- dp: FIDE Rating Regulations table 8.1.1; p = 1.00 -> +800,
  p = 0.00 -> -800.

All rounding is exact half-up on ``Fraction``s (Python's ``round()`` rounds half to even,
which would turn 0.125 into 0.12 and 2000.5 into 2000).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

#: FIDE table 8.1.1 for p = 0.50 .. 1.00 (index = hundredths - 50); dp(1 - p) = -dp(p)
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


def round_half_up(x: Fraction) -> int:
    """Nearest whole number, 0.5 rounded up (C.07 10.1)."""
    x = Fraction(x)
    return (x + Fraction(1, 2)).__floor__()


def dp_for(p: Fraction) -> int:
    """Rating difference for the fractional score ``p`` (0 <= p <= 1), after rounding ``p``
    half-up to two decimals (table 8.1.1)."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise ValueError(f"fractional score out of range: {p}")
    return DP_TABLE[round_half_up(p * 100)]


def average_rating(ratings: Sequence[int | None], unrated_rating: int = 1400) -> int | None:
    """ARO (C.07 10.1), unrated opponents counted as ``unrated_rating``; None with no games."""
    if not ratings:
        return None
    total = sum((r if r is not None else unrated_rating) for r in ratings)
    return round_half_up(Fraction(total, len(ratings)))


def rating_performance(
    opponent_ratings: Sequence[int | None], points: Fraction, unrated_rating: int = 1400
) -> int | None:
    """TPR (C.07 10.2) over games played over the board: ARO + dp(points / games).

    ``opponent_ratings`` has one entry per OTB game (``None`` = unrated). Returns None when
    there is no game.
    """
    aro = average_rating(opponent_ratings, unrated_rating)
    if aro is None:
        return None
    return aro + dp_for(Fraction(points) / len(opponent_ratings))
