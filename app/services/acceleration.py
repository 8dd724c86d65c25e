"""Accelerated pairing (C.04.7): virtual points added to a team's pairing score in the first rounds.

The pairing score (C.04.7 1.5) forms and orders the scoregroups and orders the boards (C.04.2 3.6); the standings
scores stay the teams' own, and so does the colour allocation (C.04.6 4.2), as FIDE's reference reads it.

* ``accelerated_rounds`` (TRF-2026 record 250): each range gives its virtual match points to the teams whose
  TPN is in it, in the rounds in it; a later range overrides an earlier one.
* ``acceleration = "baku"`` (record 192 ``..._BAKU``, the Olympiad's): the first 2 x ceil(N / 4) teams by TPN
  (group A) get a won match's points in rounds 1 .. ceil(R / 4) and a drawn match's in the rounds after, up to
  round ceil(R / 2); N teams, R rounds, as FIDE's reference's generator applies it to a team Swiss.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from app.services.rules import Rules

ZERO = Fraction(0)


def baku_ranges(rules: Rules, tpns: Iterable[int]) -> tuple[tuple[Fraction, Fraction, int, int, int, int], ...]:
    """The Baku acceleration of ``rules`` as 250 ranges (virtual MP, GP, rounds, TPNs), for a field of ``tpns``."""
    ordered = sorted(tpns)
    if not ordered:
        return ()
    group_a = ordered[min(len(ordered), 2 * ((len(ordered) + 3) // 4)) - 1]
    full, half = (rules.rounds + 3) // 4, (rules.rounds + 1) // 2
    out = [(rules.mp_win, rules.gp_win, 1, full, ordered[0], group_a)]
    if half > full:
        out.append((rules.mp_draw, rules.gp_draw, full + 1, half, ordered[0], group_a))
    return tuple(out)


def accelerated_ranges(rules: Rules, tpns: Iterable[int]) -> tuple[tuple[Fraction, Fraction, int, int, int, int], ...]:
    """The ranges in force: the explicit ones (250), else the named acceleration's, else none."""
    p = rules.pairing
    if p.accelerated_rounds:
        return p.accelerated_rounds
    if p.acceleration == "baku":
        return baku_ranges(rules, tpns)
    return ()


def virtual_points(ranges: tuple[tuple[Fraction, Fraction, int, int, int, int], ...], tpn: int,
                   round_no: int) -> Fraction:
    """The virtual match points of team ``tpn`` when round ``round_no`` is paired (the last range that holds)."""
    value = ZERO
    for mp, _gp, r1, r2, t1, t2 in ranges:
        if r1 <= round_no <= r2 and t1 <= tpn <= t2:
            value = mp
    return value
