"""Direct encounter for teams (C.07 Art. 6, on MP or GP per Art. 13).

Two variants:

- ``DE`` is C.07 Art. 6 in full: the separate standings (6.1) decide when every pair of
  the tied teams has met (6.2); otherwise a team is ranked first if it stays alone at the
  top whatever the missing results, then the second, and so on (6.3), and Art. 6 is
  re-applied to the teams still unranked.
- ``DE-ALLMET`` is our regulation's rule b (R-8 b, Swiss-Manager [14]): applied only if
  all the tied teams have played each other; otherwise it leaves the group tied.

A meeting is a *played* match (at least one game over the board). Whole-match forfeits
are excluded (6.1.1) unless ``include_forfeits`` (the ``/P`` modifier). Repeated meetings
use the average of their scores (6.1.2).
"""

from __future__ import annotations

from fractions import Fraction

from app.services.tiebreaks.context import PLAYED, Context

ZERO = Fraction(0)


def _meetings(
    ctx: Context, group: list[int], kind: str, include_forfeits: bool
) -> dict[tuple[int, int], Fraction]:
    """(a, b) -> a's average score against b over their meetings, for met pairs in ``group``."""
    members = set(group)
    acc: dict[tuple[int, int], list[Fraction]] = {}
    for a in group:
        for e in ctx.records[a]:
            if e.opponent is None or e.opponent not in members or e.opponent == a:
                continue
            if e.category != PLAYED and not include_forfeits:
                continue
            acc.setdefault((a, e.opponent), []).append(e.mp if kind == "MP" else e.gp)
    return {k: sum(v, ZERO) / len(v) for k, v in acc.items()}


def encounter_scores(
    ctx: Context, group: list[int], *, kind: str = "MP", all_met_only: bool = False, include_forfeits: bool = False
) -> dict[int, tuple[Fraction | None, int | None]]:
    """Each team's score in the encounters among ``group`` (6.1: the separate standings), the
    value DE reads; None for every team when ``all_met_only`` and not every pair has met."""
    met = _meetings(ctx, group, kind, include_forfeits)
    if all_met_only and any((a, b) not in met for a in group for b in group if a != b):
        return {a: (None, None) for a in group}
    return {a: (sum((v for (x, _), v in met.items() if x == a), ZERO), None) for a in group}


def _max_encounter(ctx: Context, kind: str) -> Fraction:
    """The most a team can score in one missing encounter (6.3 best case)."""
    if kind == "MP":
        return ctx.rules.mp_win
    return ctx.rules.gp_win * ctx.rules.boards


def _split_by(group: list[int], score: dict[int, Fraction]) -> list[list[int]]:
    ordered = sorted(group, key=lambda x: -score[x])
    out: list[list[int]] = []
    for tid in ordered:
        if out and score[out[-1][0]] == score[tid]:
            out[-1].append(tid)
        else:
            out.append([tid])
    return out


def direct_encounter(
    ctx: Context,
    group: list[int],
    *,
    kind: str = "MP",
    all_met_only: bool = False,
    include_forfeits: bool = False,
) -> list[list[int]]:
    """Order ``group`` (teams tied so far) into ordered subgroups by C.07 Art. 6."""
    if len(group) < 2:
        return [list(group)]
    met = _meetings(ctx, group, kind, include_forfeits)
    mini = {a: ZERO for a in group}
    missing = {a: 0 for a in group}
    for a in group:
        for b in group:
            if a == b:
                continue
            if (a, b) in met:
                mini[a] += met[(a, b)]
            else:
                missing[a] += 1
    if not any(missing.values()):  # 6.2: everyone met everyone
        out: list[list[int]] = []
        for sub in _split_by(group, mini):
            if 1 < len(sub) < len(group):
                out.extend(direct_encounter(ctx, sub, kind=kind, all_met_only=all_met_only,
                                            include_forfeits=include_forfeits))
            else:
                out.append(sub)
        return out
    if all_met_only:
        return [list(group)]
    # 6.3: rank a team first if alone at the top whatever the missing results; repeat
    best = _max_encounter(ctx, kind)
    remaining = list(group)
    ranked: list[list[int]] = []
    while len(remaining) > 1:
        leader = None
        for c in remaining:
            worst = mini[c]  # c loses every missing encounter
            if all(worst > mini[r] + best * missing[r] for r in remaining if r != c):
                leader = c
                break
        if leader is None:
            break
        ranked.append([leader])
        remaining.remove(leader)
    if not ranked:
        return [list(group)]
    if len(remaining) > 1:
        ranked.extend(direct_encounter(ctx, remaining, kind=kind, all_met_only=all_met_only,
                                       include_forfeits=include_forfeits))
    elif remaining:
        ranked.append(remaining)
    return ranked


def _encounter_boards(
    ctx: Context, a: int, b: int, include_forfeits: bool
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]] | None:
    """Board points of ``a`` and ``b`` in their meetings, averaged over the meetings (6.1.2);
    None if they never met."""
    n = ctx.rules.boards
    acc_a = [ZERO] * n
    acc_b = [ZERO] * n
    meetings = 0
    for e in ctx.records[a]:
        if e.opponent != b or (e.category != PLAYED and not include_forfeits):
            continue
        meetings += 1
        theirs = next(x for x in ctx.records[b] if x.round == e.round)
        for i in range(n):
            acc_a[i] += e.boards[i]
            acc_b[i] += theirs.boards[i]
    if not meetings:
        return None
    return tuple(v / meetings for v in acc_a), tuple(v / meetings for v in acc_b)


def _knockout_key(code: str, vec: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """Higher is better: BC negated (12.1), TBR board by board (12.2), BBE without the
    bottom boards (12.3)."""
    if code == "BC":
        return (-sum((Fraction(i + 1) * v for i, v in enumerate(vec)), ZERO),)
    if code == "TBR":
        return vec
    return tuple(sum(vec[:k], ZERO) for k in range(len(vec) - 1, 0, -1))


def extended_direct_encounter(
    ctx: Context,
    group: list[int],
    *,
    primary: str = "MP",
    include_forfeits: bool = False,
    knockout: tuple[str, ...] = (),
) -> list[list[int]]:
    """EDE (C.07 13.3): Art. 6 on the primary score; if that breaks no tie, on the secondary
    score (13.3.1); every new tied subset restarts at 13.3.1 (13.3.3).

    ``knockout`` names the Art. 12 tie-breaks applied, in order, when exactly two teams
    remain tied on MP and GP in their direct encounter (13.3.2): ``("BC", "TBR")`` for
    EDEBT, ``("BC", "BBE")`` EDEBB, ``("TBR",)`` EDET, ``("BBE",)`` EDEB. As in FIDE TEC's
    TieBreakServer, they compare the board results of the two teams' own meeting(s), like a
    knockout match; two teams that never met stay tied.
    """
    if len(group) < 2:
        return [list(group)]
    secondary = "GP" if primary == "MP" else "MP"
    parts = direct_encounter(ctx, group, kind=primary, include_forfeits=include_forfeits)
    if len(parts) == 1:
        parts = direct_encounter(ctx, group, kind=secondary, include_forfeits=include_forfeits)
    if len(parts) == 1:
        if len(group) == 2 and knockout:
            a, b = group
            vecs = _encounter_boards(ctx, a, b, include_forfeits)
            if vecs is not None:
                for code in knockout:
                    ka, kb = _knockout_key(code, vecs[0]), _knockout_key(code, vecs[1])
                    if ka != kb:
                        return [[a], [b]] if ka > kb else [[b], [a]]
        return [list(group)]
    out: list[list[int]] = []
    for part in parts:
        if len(part) > 1:
            out.extend(extended_direct_encounter(ctx, part, primary=primary, include_forfeits=include_forfeits,
                                                 knockout=knockout))
        else:
            out.append(part)
    return out
