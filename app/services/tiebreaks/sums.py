"""Sum tie-breaks for teams: Buchholz (C.07 8.1, 13) and Extended Sonneborn-Berger (13.2),
with the cut modifiers of Art. 14 and the unplayed-round rules of Art. 16.4-16.5.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from app.services.tiebreaks.context import Context, RoundEntry, fsum

ZERO = Fraction(0)


class Element(NamedTuple):
    """One round's contribution: ``key`` is the opponent's (or dummy's) score that decides
    significance (14.1.2), ``value`` the contribution itself, ``vur`` whether the round is a
    voluntary unplayed round (16.1.2). (An immutable tuple: a standings computation makes one
    per team round.) ``key`` and ``value`` are exact: Fractions, or integers over a common
    denominator (see :func:`buchholz`)."""

    key: Fraction | int
    value: Fraction | int
    vur: bool


def cut_sum(elements: list[Element], low: int = 0, high: int = 0) -> Fraction:
    """Sum of the elements after cutting ``low`` least and then ``high`` most significant
    values (C.07 14.1-14.4).

    Least significant = lowest ``key``, ties -> lowest ``value`` (14.1.2). With VURs
    present, the lowest VUR contribution is cut instead when it is *not lower than* the
    least significant value (16.5.1; for SB "cut the higher of the two", 16.5.2): a tie
    between the two cuts the VUR. The rule is applied again for every further cut (16.5.2,
    last paragraph).

    Limits (Art. 14 reading): Art. 14.1-14.4 name how many values are cut and set no floor,
    so a modifier cuts as many as it calls for while elements remain: after one round /C1
    and /M1 leave nothing (value 0), after two rounds /M1 cuts the least and then the most
    significant value (0). There is one element per counted round (an unplayed round is a
    dummy, 16.4), so this is FIDE TEC's reference reading too: low cuts capped at the
    number of rounds, high cuts at what the low cuts left.
    """
    if not low and not high:
        return fsum([e.value for e in elements])
    els = list(elements)
    for _ in range(min(low, len(els))):
        lsv = min(els, key=_least)
        victim = lsv
        vurs = [e for e in els if e.vur]
        if vurs:
            v = min(vurs, key=_lowest_contribution)
            if v.value >= lsv.value:
                victim = v
        els.remove(victim)
    for _ in range(min(high, len(els))):
        els.remove(max(els, key=_least))
    return fsum([e.value for e in els])


def _least(e: Element) -> tuple[Fraction, Fraction]:
    """Significance order of 14.1.2: the opponent's score, then the contribution."""
    return (e.key, e.value)


def _lowest_contribution(e: Element) -> tuple[Fraction, Fraction]:
    return (e.value, e.key)


def _vur(e: RoundEntry, forfeits_played: bool) -> bool:
    return e.vur and not (forfeits_played and e.opponent is not None)


def buchholz_elements(ctx: Context, team: int, kind: str, forfeits_played: bool = False) -> list[Element]:
    """C.07 8.1 on ``kind`` (MP or GP): the opponents' adjusted scores (16.3), dummies (16.4)."""
    out = []
    for e in ctx.records[team]:
        f = ctx.opponent_factor(kind, team, e, forfeits_played)
        out.append(Element(f, f, _vur(e, forfeits_played)))
    return out


def esb_elements(
    ctx: Context, team: int, opp_kind: str, own_kind: str, forfeits_played: bool = False
) -> list[Element]:
    """C.07 13.2: per round, opponent's total (``opp_kind``) x own score in the round
    (``own_kind``); an unplayed round is a match against the dummy (16.4)."""
    out = []
    for e in ctx.records[team]:
        f = ctx.opponent_factor(opp_kind, team, e, forfeits_played)
        out.append(Element(f, f * ctx.round_score(own_kind, e), _vur(e, forfeits_played)))
    return out


def buchholz(
    ctx: Context, kind: str, low: int = 0, high: int = 0, forfeits_played: bool = False
) -> dict[int, Fraction]:
    rows = {tid: buchholz_elements(ctx, tid, kind, forfeits_played) for tid in ctx.team_ids}
    den = _common_denominator(e.key for els in rows.values() for e in els)
    out = {}
    for tid, els in rows.items():
        scaled = []
        for e in els:
            k = e.key.numerator * (den // e.key.denominator)
            scaled.append(Element(k, k, e.vur))
        out[tid] = _unscale(cut_sum(scaled, low, high), den)
    return out


def extended_sb(
    ctx: Context, opp_kind: str, own_kind: str, low: int = 0, high: int = 0, forfeits_played: bool = False
) -> dict[int, Fraction]:
    rows = {tid: [(ctx.opponent_factor(opp_kind, tid, e, forfeits_played), ctx.round_score(own_kind, e),
                   _vur(e, forfeits_played)) for e in ctx.records[tid]] for tid in ctx.team_ids}
    den_f = _common_denominator(f for els in rows.values() for f, _, _ in els)
    den_s = _common_denominator(s for els in rows.values() for _, s, _ in els)
    out = {}
    for tid, els in rows.items():
        scaled = []
        for f, s, vur in els:
            k = f.numerator * (den_f // f.denominator)
            scaled.append(Element(k, k * s.numerator * (den_s // s.denominator), vur))
        out[tid] = _unscale(cut_sum(scaled, low, high), den_f * den_s)
    return out


# The sums above are taken over integers: every element scaled by one common denominator (one for the
# keys, one for the values), which keeps every comparison of 14.1.2 and 16.5 and every sum exact, and
# spares a Fraction (with its gcd) per product, comparison and addition.


def _common_denominator(values: Iterable[Fraction]) -> int:
    return math.lcm(*{v.denominator for v in values})


def _unscale(total: Fraction, den: int) -> Fraction:
    return Fraction(total.numerator, total.denominator * den)
