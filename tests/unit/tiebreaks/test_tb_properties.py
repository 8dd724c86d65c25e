"""Property tests: standings are a total preorder, invariant under renaming and reordering
teams, and the GP total equals the game points awarded (R-7)."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from app.services.standings import compute_standings
from app.services.tournament import Tournament
from tests.unit.tiebreaks.tb_builders import random_tournament

ALL = ("MPTS", "DE", "DE-ALLMET", "EMGSB/C1", "EMMSB", "EGMSB/C2", "EGGSB", "BH:MP/C1", "BH:GP/M1",
       "GPTS", "BC", "TBR", "BBE")


def relabel(t: Tournament, seed: int) -> tuple[Tournament, dict[int, int]]:
    rng = random.Random(seed)
    old = [team.id for team in t.teams]
    new = rng.sample(range(100, 100 + 10 * len(old)), len(old))
    m = dict(zip(old, new, strict=True))
    teams = [dataclasses.replace(team, id=m[team.id], name=f"N{m[team.id]}", tpn=rng.randint(1, 999))
             for team in t.teams]
    rng.shuffle(teams)
    rounds = []
    for r in t.rounds:
        ms = [dataclasses.replace(x, first=m[x.first], second=None if x.second is None else m[x.second])
              for x in r.matches]
        rng.shuffle(ms)
        rounds.append(dataclasses.replace(r, matches=tuple(ms)))
    return Tournament(name="relabelled", rules=t.rules, teams=tuple(teams), rounds=tuple(rounds)), m


params = st.tuples(st.integers(0, 2**31), st.integers(2, 9), st.integers(1, 6), st.sampled_from(["2024", "2026"]))


@settings(max_examples=60, deadline=None)
@given(params)
def test_total_preorder(p: tuple[int, int, int, str]) -> None:
    t = random_tournament(*p)
    s = compute_standings(t, tiebreaks=ALL)
    rows = s.rows
    assert sorted(r.team_id for r in rows) == sorted(x.id for x in t.teams)
    for i, r in enumerate(rows):
        assert r.rank == 1 + sum(1 for x in rows if x.rank < r.rank)
        same = [x for x in rows if x.rank == r.rank]
        assert r.tied == (len(same) > 1)
        if i:
            prev = rows[i - 1]
            assert prev.rank <= r.rank
            assert prev.mp >= r.mp
            if prev.rank == r.rank:  # tied teams agree on every value tie-break
                assert prev.mp == r.mp and prev.value("GPTS") == r.value("GPTS")
                assert prev.value("EMGSB/C1") == r.value("EMGSB/C1")


@settings(max_examples=60, deadline=None)
@given(params, st.integers(0, 2**31))
def test_invariant_under_renaming_and_reordering(p: tuple[int, int, int, str], seed: int) -> None:
    t = random_tournament(*p)
    t2, m = relabel(t, seed)
    a = {m[r.team_id]: (r.rank, r.tied, r.mp, r.gp, r.won, r.drawn, r.lost, r.tiebreaks)
         for r in compute_standings(t, tiebreaks=ALL).rows}
    b = {r.team_id: (r.rank, r.tied, r.mp, r.gp, r.won, r.drawn, r.lost, r.tiebreaks)
         for r in compute_standings(t2, tiebreaks=ALL).rows}
    assert a == b


@settings(max_examples=60, deadline=None)
@given(params)
def test_gp_total_equals_awarded(p: tuple[int, int, int, str]) -> None:
    t = random_tournament(*p)
    rules = t.rules
    expected = Fraction(0)
    for r in t.rounds:
        for m in r.matches:
            if m.second is None:
                expected += rules.bye_gp
            elif m.forfeit in ("first", "second"):
                expected += rules.forfeit_win_gp
            elif m.forfeit is None:
                for b in m.boards:
                    pts = b.points()
                    assert pts is not None
                    expected += pts[0] + pts[1]
    s = compute_standings(t, tiebreaks=("MPTS",))
    assert sum((r.gp for r in s.rows), Fraction(0)) == expected


@settings(max_examples=30, deadline=None)
@given(params)
def test_after_round_prefix(p: tuple[int, int, int, str]) -> None:
    t = random_tournament(*p)
    k = max(0, len(t.rounds) - 1)
    prefix = dataclasses.replace(t, rounds=t.rounds[:k])
    assert compute_standings(t, after_round=k, tiebreaks=ALL).rows == \
        compute_standings(prefix, tiebreaks=ALL).rows
