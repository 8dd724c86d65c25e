"""A brute-force C.04.6 oracle, written from the article text and independently of the engine.

Everything is enumerated: every pairing of a bracket (3.6), every subset of lower teams as
an upfloater set (3.5), every PAB candidate (3.4). Only for small fields (<= 10 teams).
Readings are the engine's documented defaults (``app/services/pairing/engine.py``, Gacrux's): [C5] best
profile among the [C4]-minimal sets with a legal pairing of bracket and rest, [C6]
pass/fail at the parity minimum, [C7] minimised, 3.6.4 as "minimise C8, C9, C10, then the
identifier", [C7]/[C10] off in the last two rounds.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from app.services.pairing import Snapshot, TeamState


def all_pairings(teams: tuple[int, ...]) -> list[list[tuple[int, int]]]:
    """Every perfect matching of ``teams`` (sorted TPNs), as (smaller, larger) pairs."""
    if not teams:
        return [[]]
    a, rest = teams[0], teams[1:]
    out = []
    for i, b in enumerate(rest):
        for tail in all_pairings(rest[:i] + rest[i + 1:]):
            out.append([(a, b)] + tail)
    return out


def identifier(pairs: list[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.2: top members ascending, then their bottom members in the same order."""
    ps = sorted((min(p), max(p)) for p in pairs)
    return tuple(p[0] for p in ps) + tuple(p[1] for p in ps)


class Oracle:
    def __init__(self, snap: Snapshot, pref_type: str = "A", forbidden: tuple[tuple[int, int], ...] = (),
                 cd0_l2: str = "strong") -> None:
        self.snap = snap
        self.t = {x.tpn: x for x in snap.teams}
        self.pref_type = pref_type
        self.no_c7_c10 = snap.round >= snap.total_rounds - 1
        self.last = snap.round == snap.total_rounds
        self.cd0_l2 = cd0_l2
        self.forbidden = {frozenset(p) for p in forbidden}
        self.scores = sorted({x.score for x in snap.teams}, reverse=True)

    # --- Art. 1.7 ---------------------------------------------------------------------------
    def pref(self, tpn: int) -> tuple[str, str]:
        """("W"/"B"/"", "strong"/"mild"/"")"""
        x = self.t[tpn]
        if self.pref_type == "none":
            return "", ""
        cd = x.colours.count("W") - x.colours.count("B")
        two = x.colours[-2:]
        if self.pref_type == "B" and self.last and cd == 0 and self.cd0_l2 == "none":
            return "", ""
        if cd <= -2 or (cd in (-1, 0) and two == "BB"):
            return "W", "strong"
        if cd >= 2 or (cd in (0, 1) and two == "WW"):
            return "B", "strong"
        if self.pref_type == "A":
            return "", ""
        if cd == -1:
            return "W", "mild"
        if cd == 1:
            return "B", "mild"
        if cd == 0 and not self.last and x.colours:
            return ("W" if x.colours[-1] == "B" else "B"), "mild"
        return "", ""

    # --- Art. 2 -----------------------------------------------------------------------------
    def can_meet(self, a: int, b: int) -> bool:
        ta, tb = self.t[a], self.t[b]
        return tb.id not in ta.opponents and ta.id not in tb.opponents and frozenset((a, b)) not in self.forbidden

    def pairable(self, teams: frozenset[int]) -> bool:
        return _pairable(self, tuple(sorted(teams)))

    # --- 3.6 --------------------------------------------------------------------------------
    def bracket_key(self, pairs: list[tuple[int, int]], score: Fraction) -> tuple:
        c8 = c9 = c10 = 0
        for a, b in pairs:
            (ca, sa), (cb, sb) = self.pref(a), self.pref(b)
            if ca and ca == cb:
                c8 += 1
                if self.pref_type == "B" and sa == sb == "strong":
                    c9 += 1
            if not self.no_c7_c10:
                for x, y in ((a, b), (b, a)):
                    if self.t[x].score < score and self.t[y].floated:
                        c10 += 1
        return (c8, c9, c10, identifier(pairs))

    def pair_bracket(self, teams: list[int], score: Fraction) -> list[tuple[int, int]] | None:
        best = None
        for p in all_pairings(tuple(sorted(teams))):
            if all(self.can_meet(a, b) for a, b in p):
                k = self.bracket_key(p, score)
                if best is None or k < best[0]:
                    best = (k, p)
        return None if best is None else sorted(best[1])

    # --- 3.5 --------------------------------------------------------------------------------
    def c6_ok(self, top: Fraction, rest: frozenset[int]) -> bool:
        lower_scores = [s for s in self.scores if s < top]
        if not lower_scores:
            return True
        nxt = lower_scores[0]
        group = frozenset(x for x in rest if self.t[x].score == nxt)
        if not group:
            return True
        if len(group) % 2 == 0:
            return self.pairable(group) and self.pairable(rest - group)
        for x in rest:
            if self.t[x].score < nxt:
                g = group | {x}
                if self.pairable(g) and self.pairable(rest - g):
                    return True
        return False

    def choose_upfloaters(self, remaining: frozenset[int]) -> tuple[list[int], list[int]]:
        top = max(self.t[x].score for x in remaining)
        residents = sorted(x for x in remaining if self.t[x].score == top)
        lower = sorted(x for x in remaining if self.t[x].score < top)
        for k in range(len(residents) % 2, len(lower) + 1, 2):
            legal = []
            for ups in combinations(lower, k):
                br = frozenset(residents) | set(ups)
                if self.pairable(br) and self.pairable(remaining - br):
                    legal.append(ups)
            if not legal:
                continue

            def profile(ups: tuple[int, ...]) -> tuple[Fraction, ...]:
                return tuple(sorted(self.t[x].score for x in ups))

            best_profile = max(profile(u) for u in legal)
            cands = [u for u in legal if profile(u) == best_profile]

            def seq(ups: tuple[int, ...]) -> tuple[int, ...]:  # 3.5.3
                return tuple(x for x in sorted(ups, key=lambda x: (-self.t[x].score, x)))

            def key(ups: tuple[int, ...]) -> tuple:
                br = frozenset(residents) | set(ups)
                c6 = 0 if self.c6_ok(top, remaining - br) else 1
                c7 = 0 if self.no_c7_c10 else sum(1 for x in ups if self.t[x].floated)
                return (c6, c7, seq(ups))

            chosen = min(cands, key=key)
            return residents, list(chosen)
        raise LookupError("no legal pairing")

    # --- 3.4 and the round ------------------------------------------------------------------
    def pab(self, teams: frozenset[int]) -> int | None:
        if len(teams) % 2 == 0:
            return None
        cands = [x for x in teams if not self.t[x].pab_barred and self.pairable(teams - {x})]
        if not cands:
            raise LookupError("no PAB")
        return min(cands, key=lambda x: (self.t[x].score, -self.t[x].matches_played, -x))

    def pair_round(self) -> tuple[int | None, list[list[tuple[int, int]]]]:
        remaining = frozenset(self.t)
        bye = self.pab(remaining)
        if bye is not None:
            remaining = remaining - {bye}
        brackets = []
        while remaining:
            residents, ups = self.choose_upfloaters(remaining)
            score = self.t[residents[0]].score
            pairs = self.pair_bracket(residents + ups, score)
            assert pairs is not None
            brackets.append(pairs)
            remaining = remaining - set(residents) - set(ups)
        return bye, brackets

    # --- Art. 4 -----------------------------------------------------------------------------
    def white(self, a: int, b: int, use_secondary: bool = True, initial: str = "W") -> tuple[int, str]:
        ta, tb = self.t[a], self.t[b]
        if (ta.score, ta.secondary if use_secondary else 0, -a) < (tb.score, tb.secondary if use_secondary else 0, -b):
            ta, tb = tb, ta
        f, o = ta, tb
        (fc, fs), (oc, os_) = self.pref(f.tpn), self.pref(o.tpn)

        def to_first(c: str, rule: str) -> tuple[int, str]:
            return (f.tpn if c == "W" else o.tpn), rule

        flip = {"W": "B", "B": "W"}
        if not f.colours and not o.colours:
            return to_first(initial if f.tpn % 2 else flip[initial], "4.3.1")
        if bool(fc) != bool(oc):
            return to_first(fc if fc else flip[oc], "4.3.2")
        if fc and oc and fc != oc:
            return to_first(fc, "4.3.3")
        if self.pref_type == "B" and fc and oc and (fs == "strong") != (os_ == "strong"):
            return to_first(fc if fs == "strong" else flip[oc], "4.3.4")
        fcd = f.colours.count("W") - f.colours.count("B")
        ocd = o.colours.count("W") - o.colours.count("B")
        if fcd != ocd:
            return to_first("W" if fcd < ocd else "B", "4.3.5")
        for i in range(1, min(len(f.colours), len(o.colours)) + 1):
            if f.colours[-i] != o.colours[-i]:
                return to_first(flip[f.colours[-i]], "4.3.6")
        if fc:
            return to_first(fc, "4.3.7")
        if f.colours:
            return to_first(flip[f.colours[-1]], "4.3.8")
        return to_first(o.colours[-1], "4.3.9")




def _pairable(o: Oracle, teams: tuple[int, ...]) -> bool:
    cache = o.__dict__.setdefault("_cache", {})
    if teams in cache:
        return cache[teams]
    if not teams:
        res = True
    elif len(teams) % 2:
        res = False
    else:
        a, rest = teams[0], teams[1:]
        res = any(o.can_meet(a, b) and _pairable(o, rest[:i] + rest[i + 1:]) for i, b in enumerate(rest))
    cache[teams] = res
    return res


def snapshot_from(teams: list[TeamState], rnd: int, total: int) -> Snapshot:
    return Snapshot(rnd, total, tuple(sorted(teams, key=lambda x: x.tpn)))
