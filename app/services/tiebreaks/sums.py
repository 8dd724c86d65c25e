"""Sum tie-breaks for teams: Buchholz (C.07 8.1, 13) and Extended Sonneborn-Berger (13.2),
with the cut modifiers of Art. 14 and the unplayed-round rules of Art. 16.4-16.5.
"""

from __future__ import annotations

import math
from collections import namedtuple
from fractions import Fraction

from app.services.tiebreaks.context import Context, RoundEntry, fsum

ZERO = Fraction(0)


class Element(namedtuple("Element", ("key", "value", "vur"))):
    """One round's contribution: ``key`` (Fraction | int) is the opponent's (or dummy's) score that decides
    significance (14.1.2), ``value`` (Fraction | int) the contribution itself, ``vur`` (bool) whether the
    round is a voluntary unplayed round (16.1.2). (An immutable tuple: a standings computation makes one
    per team round; ``collections.namedtuple`` rather than ``typing.NamedTuple``, so that a file command
    need not import ``typing``.) ``key`` and ``value`` are exact: Fractions, or integers over a common
    denominator (see :func:`buchholz`)."""

    __slots__ = ()


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
    """C.07 8.1 on ``kind`` (MP or GP) with the cuts of Art. 14, for every team: the sum of
    :func:`buchholz_elements`, taken over integers (see :func:`_scaled_factors`)."""
    rows, den = _scaled_factors(ctx, kind, forfeits_played)
    if not low and not high:  # nothing to cut: the plain sum
        return {tid: Fraction(sum(f for f, _, _ in row), den) for tid, row in rows.items()}
    return {tid: _unscale(cut_sum([Element(f, f, vur) for f, vur, _ in row], low, high), den)
            for tid, row in rows.items()}


def extended_sb(
    ctx: Context, opp_kind: str, own_kind: str, low: int = 0, high: int = 0, forfeits_played: bool = False
) -> dict[int, Fraction]:
    """C.07 13.2 with the cuts of Art. 14, for every team: the sum of :func:`esb_elements`, taken
    over integers (see :func:`_scaled_factors`)."""
    rows, den_f = _scaled_factors(ctx, opp_kind, forfeits_played)
    if own_kind == "MP":
        own = [e.mp for row in rows.values() for _, _, e in row]
    else:
        own = [e.gp for row in rows.values() for _, _, e in row]
    den_s = math.lcm(*{s.denominator for s in own})
    scores = iter(own)
    out = {}
    for tid, row in rows.items():
        values = []
        for f, _, _ in row:
            s = next(scores)
            values.append(f * s.numerator * (den_s // s.denominator))
        if not low and not high:  # nothing to cut: the plain sum
            out[tid] = Fraction(sum(values), den_f * den_s)
        else:
            els = [Element(f, v, vur) for (f, vur, _), v in zip(row, values, strict=True)]
            out[tid] = _unscale(cut_sum(els, low, high), den_f * den_s)
    return out


def _scaled_factors(
    ctx: Context, kind: str, forfeits_played: bool
) -> tuple[dict[int, list[tuple[int, bool, RoundEntry]]], int]:
    """Per team and counted round: the factor of :meth:`Context.opponent_factor` (the opponent's
    adjusted score, or the dummy's) as an integer over a common denominator, whether the round is a
    VUR, the round; and that denominator.

    Scaled by one positive denominator, every comparison of 14.1.2 and 16.5 and every sum stays
    exact, and no Fraction (with its gcd) is made per product, comparison or addition. Computed once per
    standings for each (kind, forfeits_played): BH and the ESB family of one list read the same factors."""
    cached = ctx.factors.get((kind, forfeits_played))
    if cached is None:
        cached = ctx.factors[(kind, forfeits_played)] = _compute_scaled_factors(ctx, kind, forfeits_played)
    return cached


def _compute_scaled_factors(
    ctx: Context, kind: str, forfeits_played: bool
) -> tuple[dict[int, list[tuple[int, bool, RoundEntry]]], int]:
    adjusted = ctx.adj_mp if kind == "MP" else ctx.adj_gp
    raw: dict[int, list[tuple[int | None, Fraction | None, RoundEntry]]] = {}
    dummies: list[Fraction] = []
    for tid in ctx.team_ids:
        row: list[tuple[int | None, Fraction | None, RoundEntry]] = []
        for e in ctx.records[tid]:
            opponent = ctx.real_opponent(e, forfeits_played)
            dummy = None
            if opponent is None:
                dummy = ctx.opponent_factor(kind, tid, e, forfeits_played)
                dummies.append(dummy)
            row.append((opponent, dummy, e))
        raw[tid] = row
    den = math.lcm(*{v.denominator for v in adjusted.values()}, *{d.denominator for d in dummies})
    scaled = {tid: v.numerator * (den // v.denominator) for tid, v in adjusted.items()}
    rows: dict[int, list[tuple[int, bool, RoundEntry]]] = {}
    for tid, raw_row in raw.items():
        rows[tid] = [(scaled[opponent] if opponent is not None else _scaled_dummy(dummy, den),
                      _vur(e, forfeits_played), e) for opponent, dummy, e in raw_row]
    return rows, den


def _scaled_dummy(dummy: Fraction | None, den: int) -> int:
    assert dummy is not None  # a round without a real opponent counts against a dummy (C.07 16.4)
    return dummy.numerator * (den // dummy.denominator)


def _unscale(total: Fraction, den: int) -> Fraction:
    return Fraction(total.numerator, total.denominator * den)
