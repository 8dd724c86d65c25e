"""FIDE C.04.6 Swiss Team Pairing System (in force from 1 Feb 2026): one round.

The procedure of Art. 3.3.2:
1. assign the PAB (3.4) - :meth:`_Round.assign_pab`;
2. combine the top-scoregroup with a set of upfloaters chosen per 3.5
   (:meth:`_Round.select_upfloaters`) and pair that bracket per 3.6 (``first_pairing``);
3. repeat 2 until every team is paired;
4. allocate the colours (Art. 4, :mod:`.colours`); order the boards (C.04.2 3.6).

Readings where implementations of C.04.6 differ (the flags of ``PairingSettings``, defaults = Gacrux's):
- [C5] is tried best profile first for the [C4]-minimal count; a worse profile or a larger
  count only if no set of it gives a legal pairing of the bracket and of the rest ([C3]).
- [C6] ``c6_mode``: "pass_fail" - the following scoregroup's remaining teams can be paired
  with the parity-minimum number of upfloaters (0 or 1) with [C1]/[C3]; "graded" - the
  number of extra upfloaters it would need is minimised (0, 2, 4, ... beyond parity).
- [C7] ``c7_mode``: "minimise" - among the legal sets of the chosen profile take the least
  (C6 failure, C7 count, 3.5.4 index); "first" - the first set complying with C6 and C7 = 0,
  else the first legal one in the same order of keys (C6 failure, C7 > 0, index).
- [C7] and [C10] do not apply when pairing the last two rounds.
- 3.6.4 "first pairing that complies with [C1], [C8], [C9], [C10]" = minimise [C8], then
  [C9], then [C10], then the smallest identifier.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from app.services.errors import NoLegalPairing
from app.services.pairing.colours import NO_PREFERENCE, Preference, allocate, preference
from app.services.pairing.matching import first_pairing, has_perfect_matching, identifier
from app.services.pairing.model import (
    BracketNote,
    ColourNote,
    Explanation,
    PabNote,
    PairedMatch,
    Pairing,
    PairingBudgetExceeded,
)
from app.services.pairing.snapshot import Snapshot, TeamState
from app.services.rules import PairingSettings, Rules

__all__ = ["pair_round", "DEFAULT_BUDGET"]

#: The interpretation flags of ``PairingSettings`` (readings of C.04.6), first = default (Gacrux).

#: Safety budget on the number of upfloater sets examined in one bracket (ours: C.04.6 sets no bound, and a
#: pathological bracket must end in an error, not a hung request).
DEFAULT_BUDGET = 200_000


@dataclass
class _Bracket:
    score: Fraction
    residents: list[int]
    upfloaters: list[int]
    sets_examined: int
    c6_ok: bool
    c7: int
    sets_illegal: int = 0
    sets_c6_failed: int = 0


class _Round:
    """The state of one round's pairing; teams are addressed by TPN."""

    def __init__(self, snapshot: Snapshot, rules: Rules, budget: int) -> None:
        self.s = snapshot
        self.rules = rules
        self.p: PairingSettings = rules.pairing  # its modes were checked when the rules were made (validate_rules)
        self.budget = budget
        self.by_tpn: dict[int, TeamState] = {t.tpn: t for t in snapshot.teams}
        id_to_tpn = {t.id: t.tpn for t in snapshot.teams}
        self.last_two = snapshot.round > snapshot.total_rounds - 2
        self.last_round = snapshot.round >= snapshot.total_rounds
        # [C1]: opponents met, and the competition's forbidden pairs (TPNs)
        self.met: dict[int, set[int]] = {t.tpn: set() for t in snapshot.teams}
        for t in snapshot.teams:
            for o in t.opponents:
                if o in id_to_tpn:
                    self.met[t.tpn].add(id_to_tpn[o])
                    self.met[id_to_tpn[o]].add(t.tpn)
        for a, b in self.p.forbidden_pairs:
            if a in self.met and b in self.met:
                self.met[a].add(b)
                self.met[b].add(a)
        self.pref: dict[int, Preference] = {
            t.tpn: preference(t, self.p.colour_pref_type, self.last_round, self.p.type_b_last_round_cd0_l2)
            for t in snapshot.teams
        }
        self.score = {t.tpn: t.pairing_score for t in snapshot.teams}  # with an acceleration's points (C.04.7)
        self.levels = sorted(set(self.score.values()), reverse=True)

    def legal(self, a: int, b: int) -> bool:
        """[C1] (and forbidden pairs) for two TPNs."""
        return b not in self.met[a]

    def pairable(self, tpns: list[int]) -> bool:
        """[C3]: the teams have a legal pairing among themselves.

        Quick yes first (Dirac: every team can still meet at least half of the others, so
        a Hamiltonian cycle and hence a perfect matching exist), counted from the few
        meetings each team has had rather than from the whole graph.
        """
        n = len(tpns)
        if n % 2:
            return False
        if n > 2:
            group = set(tpns)
            if all(2 * (n - 1 - len(self.met[t] & group)) >= n for t in tpns):
                return True
        return has_perfect_matching(tpns, self.legal)

    # --- 3.4 PAB -----------------------------------------------------------------------------

    def assign_pab(self, remaining: list[int]) -> PabNote | None:
        if len(remaining) % 2 == 0:
            return None
        barred = tuple(t for t in remaining if self.by_tpn[t].pab_barred)
        cands = sorted(
            (t for t in remaining if not self.by_tpn[t].pab_barred),
            key=lambda t: (self.score[t], -self.by_tpn[t].matches_played, -t),
        )
        rejected: list[int] = []
        for t in cands:
            rest = [x for x in remaining if x != t]
            if self.pairable(rest):
                team = self.by_tpn[t]
                return PabNote(team.id, t, team.score, team.matches_played, barred, tuple(rejected))
            rejected.append(t)
        raise NoLegalPairing(
            "no team can receive the PAB and leave a legal pairing of the others (C.04.6 3.4.1, [C2])",
            round=self.s.round,
        )

    # --- 3.5 upfloaters ----------------------------------------------------------------------

    @staticmethod
    def _profiles(lower_scores: dict[Fraction, int], k: int) -> Iterator[tuple[Fraction, ...]]:
        """[C5]: the score profiles of k upfloaters, best first, produced lazily.

        A profile is compared by its scores in ascending order, the larger wins: the smallest
        score as high as possible, then the next one, ... Yielded highest score first.
        """
        levels = sorted(lower_scores, reverse=True)
        used = dict.fromkeys(levels, 0)

        def rec(prefix: list[Fraction], lo: Fraction | None) -> Iterator[tuple[Fraction, ...]]:
            if len(prefix) == k:
                yield tuple(reversed(prefix))
                return
            need = k - len(prefix)
            for level in levels:  # descending: the larger next-smallest score first
                if lo is not None and level < lo:
                    break
                if used[level] >= lower_scores[level]:
                    continue
                room = sum(lower_scores[x] - used[x] for x in levels if x >= level)
                if room < need:
                    continue
                used[level] += 1
                prefix.append(level)
                yield from rec(prefix, level)
                prefix.pop()
                used[level] -= 1

        return rec([], None)

    def _sets(self, lower: list[int], profile: tuple[Fraction, ...]) -> Iterator[list[int]]:
        """3.5.3 / 3.5.4: the sets of one profile, in lexicographic order of their TPN sequences."""
        levels = sorted(set(profile), reverse=True)
        pools = [sorted(t for t in lower if self.score[t] == s) for s in levels]
        counts = [profile.count(s) for s in levels]

        def rec(i: int) -> Iterator[list[int]]:
            if i == len(levels):
                yield []
                return
            for chosen in combinations(pools[i], counts[i]):
                for rest in rec(i + 1):
                    yield list(chosen) + rest

        return rec(0)

    def _c6(self, top: Fraction, rest: list[int]) -> int:
        """[C6]: 0 if complied with; "graded" mode returns the extra upfloaters needed."""
        below = [s for s in self.levels if s < top]
        if not below:
            return 0
        following = [t for t in rest if self.score[t] == below[0]]
        if not following:
            return 0  # the following scoregroup was emptied by upfloating
        lower = [t for t in rest if self.score[t] < below[0]]
        need = len(following) % 2
        limit = need + (len(lower) - need if self.p.c6_mode == "graded" else 0)
        tried = 0
        for k in range(need, limit + 1, 2):
            for ups in (combinations(lower, k) if k else [()]):
                tried += 1
                if tried > self.budget:
                    raise PairingBudgetExceeded(
                        "more than {budget} sets examined for graded [C6] below score {top}",
                        params={"budget": self.budget, "top": top},
                        round=self.s.round,
                    )
                group = following + list(ups)
                if not self.pairable(group):
                    continue
                left = [t for t in rest if t not in group]
                if self.pairable(left):
                    return (k - need) // 2
            if self.p.c6_mode != "graded":
                break
        return len(rest) + 1

    def select_upfloaters(self, remaining: list[int]) -> tuple[_Bracket, list[tuple[int, int]]]:
        top = max(self.score[t] for t in remaining)
        residents = sorted(t for t in remaining if self.score[t] == top)
        lower = sorted(t for t in remaining if self.score[t] < top)
        lower_scores: dict[Fraction, int] = {}
        for t in lower:
            lower_scores[self.score[t]] = lower_scores.get(self.score[t], 0) + 1
        use_c7 = not self.last_two
        first_mode = self.p.c7_mode == "first"
        examined = illegal = c6_failed = 0
        for k in range(len(residents) % 2, len(lower) + 1, 2):
            for profile in self._profiles(lower_scores, k):
                best: tuple[tuple[int, int, int], list[int]] | None = None
                for index, ups in enumerate(self._sets(lower, profile)):
                    examined += 1
                    if examined > self.budget:
                        raise PairingBudgetExceeded(
                            "more than {budget} upfloater sets examined for the bracket of score {top}; the chief "
                            "arbiter should pair this round by hand (C.04.6 3.3.3)",
                            params={"budget": self.budget, "top": top},
                            round=self.s.round,
                        )
                    c7 = sum(1 for t in ups if self.by_tpn[t].floated) if use_c7 else 0
                    c7key = (1 if c7 else 0) if first_mode else c7
                    if best is not None:
                        bc6, bc7, _ = best[0]
                        if bc6 == 0 and c7key >= bc7:
                            continue  # cannot beat the best set found so far
                    bracket = residents + ups
                    if not self.pairable(bracket):
                        illegal += 1
                        continue
                    rest = [t for t in remaining if t not in set(bracket)]
                    if not self.pairable(rest):
                        illegal += 1
                        continue  # [C3]
                    c6 = self._c6(top, rest)
                    if c6:
                        c6_failed += 1
                    key = (c6, c7key, index)
                    if best is None or key < best[0]:
                        best = (key, ups)
                    if c6 == 0 and c7key == 0:
                        break  # 3.5.5: the first such set
                if best is not None:
                    ups = best[1]
                    c7 = sum(1 for t in ups if self.by_tpn[t].floated) if use_c7 else 0
                    ups_sorted = sorted(ups, key=lambda t: (-self.score[t], t))
                    return _Bracket(top, residents, ups_sorted, examined, best[0][0] == 0, c7, illegal,
                                    c6_failed), []
        raise NoLegalPairing(
            "the top-scoregroup of score {top} (TPNs {map}) cannot be paired with any set of upfloaters (C.04.6 "
            "3.3.3)",
            params={"top": top, "map": ' '.join(map(str, residents))},
            round=self.s.round,
        )

    # --- 3.6 bracket -------------------------------------------------------------------------

    def pair_bracket(self, b: _Bracket) -> tuple[list[tuple[int, int]], tuple[int, int, int]]:
        teams = sorted(b.residents + b.upfloaters)
        n = len(teams)
        up = {t for t in b.upfloaters}
        k = n + 1
        c10_on = not self.last_two
        type_b = self.p.colour_pref_type == "B"

        def crit(i: int, j: int) -> tuple[int, int, int]:
            a, c = teams[i], teams[j]
            pa, pc = self.pref[a], self.pref[c]
            c8 = c9 = c10 = 0
            if pa.colour is not None and pa.colour == pc.colour:
                c8 = 1
                if type_b and pa.strong and pc.strong:
                    c9 = 1
            if c10_on:
                if a in up and self.by_tpn[c].floated:
                    c10 += 1
                if c in up and self.by_tpn[a].floated:
                    c10 += 1
            return c8, c9, c10

        def penalty(i: int, j: int) -> int:
            c8, c9, c10 = crit(i, j)
            return (c8 * k + c9) * k + c10

        result = first_pairing(n, lambda i, j: self.legal(teams[i], teams[j]), penalty)
        assert result is not None, "bracket checked pairable before"
        pairs, _ = result
        totals = [0, 0, 0]
        for i, j in pairs:
            for x, v in enumerate(crit(i, j)):
                totals[x] += v
        return [(teams[i], teams[j]) for i, j in pairs], (totals[0], totals[1], totals[2])

    # --- the round ---------------------------------------------------------------------------

    def run(self) -> Pairing:
        remaining = sorted(self.by_tpn)
        if len(remaining) == 1:
            raise NoLegalPairing("a single team cannot be paired", round=self.s.round)
        if len(remaining) % 2 == 0 and not self.pairable(remaining):
            raise NoLegalPairing(
                "no legal pairing of all the teams exists: too many have already met ([C1])",
                round=self.s.round,
            )
        pab = self.assign_pab(remaining)
        if pab is not None:
            remaining.remove(pab.tpn)
        notes: list[BracketNote] = []
        all_pairs: list[tuple[int, int]] = []
        while remaining:
            bracket, _ = self.select_upfloaters(remaining)
            pairs, (c8, c9, c10) = self.pair_bracket(bracket)
            notes.append(BracketNote(
                score=bracket.score,
                residents=tuple(bracket.residents),
                upfloaters=tuple((t, self.score[t]) for t in bracket.upfloaters),
                sets_examined=bracket.sets_examined,
                sets_illegal=bracket.sets_illegal,
                sets_c6_failed=bracket.sets_c6_failed,
                c4=len(bracket.upfloaters),
                c5=tuple(sorted(self.score[t] for t in bracket.upfloaters)),
                c6_ok=bracket.c6_ok,
                c7=bracket.c7,
                c8=c8, c9=c9, c10=c10,
                identifier=identifier(pairs),
                pairs=tuple(pairs),
            ))
            all_pairs.extend(pairs)
            done = set(bracket.residents) | set(bracket.upfloaters)
            remaining = [t for t in remaining if t not in done]
        return self._finish(pab, notes, all_pairs)

    def _finish(self, pab: PabNote | None, notes: list[BracketNote],
                all_pairs: list[tuple[int, int]]) -> Pairing:
        colour_notes: list[ColourNote] = []
        rows: list[tuple[tuple[int | Fraction, ...], int, int | None]] = []
        for a, c in all_pairs:
            ta, tc = self.by_tpn[a], self.by_tpn[c]
            white, black, rule, first = allocate(
                ta, tc, self.pref.get(a, NO_PREFERENCE), self.pref.get(c, NO_PREFERENCE),
                type_b=self.p.colour_pref_type == "B",
                use_secondary=self.p.use_secondary_for_colour,
                initial_colour=self.p.initial_colour,
            )
            other = tc if first is ta else ta
            colour_notes.append(ColourNote(first.tpn, other.tpn, white.tpn, rule))
            hi, lo = max(self.score[a], self.score[c]), min(self.score[a], self.score[c])
            # C.04.2 3.6: the higher score of the pair, then the sum of scores, then the smaller TPN
            rows.append(((0, -hi, -(hi + lo), min(a, c)), white.id, black.id))
        if pab is not None:
            rows.append(((1, 0, 0, pab.tpn), pab.team, None))
        rows.sort(key=lambda r: r[0])
        matches = tuple(PairedMatch(i, w, b) for i, (_, w, b) in enumerate(rows, 1))
        order = {m.first: m.table for m in matches}
        colour_notes.sort(key=lambda c: order[self.by_tpn[c.white_tpn].id])
        p = self.p
        settings = {
            "colour_pref_type": p.colour_pref_type,
            "primary_score": p.primary_score,
            "use_secondary_for_colour": p.use_secondary_for_colour,
            "initial_colour": p.initial_colour,
            "board_colour_pattern": p.board_colour_pattern,
            "forbidden_pairs": [list(x) for x in p.forbidden_pairs],
            "c6_mode": p.c6_mode,
            "c7_mode": p.c7_mode,
            "partial_forfeit_counts_as_played": p.partial_forfeit_counts_as_played,
            "type_b_last_round_cd0_l2": p.type_b_last_round_cd0_l2,
            "total_rounds": self.s.total_rounds,
        }
        expl = Explanation(
            round=self.s.round,
            teams=len(self.by_tpn),
            last_two_rounds=self.last_two,
            settings=settings,
            not_paired=tuple(x.tpn for x in self.s.absent),
            pab=pab,
            brackets=tuple(notes),
            colours=tuple(colour_notes),
        )
        return Pairing(self.s.round, matches, expl)


def pair_round(snapshot: Snapshot, rules: Rules, *, budget: int = DEFAULT_BUDGET) -> Pairing:
    """Pair one round by C.04.6. Raises ``NoLegalPairing`` (3.3.3) or ``PairingBudgetExceeded``."""
    if not snapshot.teams:
        return Pairing(snapshot.round, (), Explanation(snapshot.round, 0, False))
    return _Round(snapshot, rules, budget).run()
