"""Board tie-breaks (C.07 Art. 12), used in team competitions per Art. 13.

Board points follow Art. 12: individual forfeits are standard wins/losses and a
pairing-allocated bye counts a standard win on every board (1 per board, even though
R-7.5 awards 2.5 GP for the bye). A whole-match forfeit counts the awarded result on every
board (as FIDE TEC's TieBreakServer does). See :mod:`app.services.tiebreaks.context`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from app.services.tiebreaks.context import Context, fsum

ZERO = Fraction(0)


def board_vector(ctx: Context, team: int) -> tuple[Fraction, ...]:
    """Board points per board over the counted rounds, board 1 first."""
    return ctx.board_vector(team)


def board_count(ctx: Context) -> dict[int, Fraction]:
    """BC (12.1): sum of board number x board points; lower is better."""
    out = {}
    for tid in ctx.team_ids:
        out[tid] = fsum(Fraction(i + 1) * v for i, v in enumerate(board_vector(ctx, tid)))
    return out


def _split_by_key(group: list[int], key: dict[int, tuple[Fraction, ...]]) -> list[list[int]]:
    ordered = sorted(group, key=lambda x: key[x], reverse=True)
    out: list[list[int]] = []
    for tid in ordered:
        if out and key[out[-1][0]] == key[tid]:
            out[-1].append(tid)
        else:
            out.append([tid])
    return out


def top_board_results(ctx: Context, group: list[int]) -> list[list[int]]:
    """TBR (12.2, Swiss-Manager [89]): board 1 points, then board 2, ... (descending)."""
    return _split_by_key(group, {tid: board_vector(ctx, tid) for tid in group})


def bottom_board_elimination(ctx: Context, group: list[int]) -> list[list[int]]:
    """BBE (12.3): points on all boards but the bottom one, then without the two bottom
    boards, and so on (descending)."""
    return _split_by_key(group, _bbe_keys(ctx, group))


def _bbe_keys(ctx: Context, group: list[int]) -> dict[int, tuple[Fraction, ...]]:
    """Each team's points on all boards but the bottom one, then without the two bottom, ..."""
    keys = {}
    for tid in group:
        v = board_vector(ctx, tid)
        keys[tid] = tuple(fsum(v[:k]) for k in range(len(v) - 1, 0, -1))
    return keys


def board_count_split(ctx: Context, group: list[int], values: dict[int, Fraction] | None) -> list[list[int]]:
    """BC orders the group (lower first) only when all its teams have the same GP (12.1)."""
    assert values is not None  # BC's own values (board_count), computed before it orders a group
    if len({ctx.gp[tid] for tid in group}) > 1:
        return [list(group)]
    return _split_by_key(group, {tid: (-values[tid],) for tid in group})


def _explain_by_key(
    group: list[int], keys: dict[int, tuple[Fraction, ...]], label: Callable[[int], int]
) -> dict[int, tuple[Fraction | None, int | None]]:
    """Where each team parts from the rest of ``group`` comparing ``keys`` element by element:
    (its element there, ``label(index)``); (None, None) for a team still equal to another."""
    def first_difference(a: int, b: int) -> int | None:
        return next((i for i, (x, y) in enumerate(zip(keys[a], keys[b], strict=True)) if x != y), None)

    out: dict[int, tuple[Fraction | None, int | None]] = {}
    for a in group:
        diffs = [first_difference(a, b) for b in group if b != a]
        if not diffs or None in diffs:
            out[a] = (None, None)
        else:
            i = max(d for d in diffs if d is not None)
            out[a] = (keys[a][i], label(i))
    return out


def explain_top_board_results(ctx: Context, group: list[int]) -> dict[int, tuple[Fraction | None, int | None]]:
    """TBR: the team's points on the board that separated it from the group, and that board."""
    return _explain_by_key(group, {tid: board_vector(ctx, tid) for tid in group}, lambda i: i + 1)


def explain_bottom_board_elimination(ctx: Context, group: list[int]) -> dict[int, tuple[Fraction | None, int | None]]:
    """BBE: the team's points on the top k boards when that separated it from the group, and k."""
    n = ctx.rules.boards
    return _explain_by_key(group, _bbe_keys(ctx, group), lambda i: n - 1 - i)
