"""build_snapshot (the per-team state the C.04.6 articles read: 1.2 scores, [C1] meetings, 1.6.1 colours,
3.4.3 matches played, 1.5 floats, the [C2] bar) and whole-event invariants of the engine."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from pairing_sim import make_rules, new_tournament, simulate

from app.services.errors import StateConflict
from app.services.pairing import build_snapshot, pair_tournament_round
from app.services.tournament import BoardGame, Match, Round, TeamStatus, Tournament

F = Fraction
WB = (True, False, True, False)


def games(first: int, second: int, results: list[str]) -> tuple[BoardGame, ...]:
    return tuple(BoardGame(b + 1, first * 10 + b, second * 10 + b, WB[b], r) for b, r in enumerate(results))


def with_rounds(t: Tournament, *rounds: Round) -> Tournament:
    return replace(t, rounds=tuple(rounds), _team_index={}, _player_index={})


WIN = ["1-0", "0-1", "1-0", "1/2-1/2"]  # first team 3.5 - 0.5
DRAW = ["1-0", "1-0", "0-1", "0-1"]  # 2 - 2


def test_scores_colours_floats_and_meetings() -> None:
    t = new_tournament(4)
    r1 = Round(1, (Match(1, 1, 1, 3, games(1, 3, WIN)), Match(1, 2, 4, 2, games(4, 2, DRAW))), completed=True)
    r2 = Round(2, (Match(2, 1, 2, 1, games(2, 1, DRAW)), Match(2, 2, 3, 4, games(3, 4, WIN))), completed=True)
    s = build_snapshot(with_rounds(t, r1, r2), 3)
    by = {x.id: x for x in s.teams}
    assert (by[1].score, by[1].secondary) == (F(3), F(11, 2))
    assert by[1].colours == "WB" and by[2].colours == "BW" and by[4].colours == "WB"
    assert by[1].opponents == {3, 2}
    assert by[1].floated and by[2].floated  # 2 points vs 1 point before round 2
    assert by[3].floated and by[4].floated  # 0 vs 1
    assert by[1].matches_played == 2 and not by[1].pab_barred
    assert s.round == 3 and s.total_rounds == 7


def test_match_forfeit_is_no_meeting_and_bars_the_pab() -> None:
    t = new_tournament(4)
    r1 = Round(1, (Match(1, 1, 1, 3, forfeit="second"), Match(1, 2, 4, 2, games(4, 2, DRAW))), completed=True)
    s = build_snapshot(with_rounds(t, r1), 2)
    by = {x.id: x for x in s.teams}
    assert by[1].opponents == frozenset() and by[1].colours == "" and by[1].matches_played == 0
    assert by[1].pab_barred and not by[3].pab_barred
    assert by[1].score == 2 and by[3].score == 0
    assert not by[1].floated


def test_all_boards_forfeited_is_a_forfeit_win() -> None:
    t = new_tournament(4)
    r1 = Round(1, (Match(1, 1, 1, 3, games(1, 3, ["+/-", "-/+", "+/-", "-/+"])),
                   Match(1, 2, 4, 2, games(4, 2, DRAW))), completed=True)
    s = build_snapshot(with_rounds(t, r1), 2)
    by = {x.id: x for x in s.teams}
    assert by[1].pab_barred and by[1].opponents == frozenset()


@pytest.mark.parametrize("counts", [True, False])
def test_partial_forfeit_flag(counts: bool) -> None:
    rules = make_rules(partial_forfeit_counts_as_played=counts)
    t = new_tournament(4, rules)
    r1 = Round(1, (Match(1, 1, 1, 3, games(1, 3, ["1-0", "0-1", "1-0", "-/+"])),
                   Match(1, 2, 4, 2, games(4, 2, DRAW))), completed=True)
    s = build_snapshot(with_rounds(t, r1), 2)
    by = {x.id: x for x in s.teams}
    assert (by[1].opponents == {3}) is counts
    assert (by[1].colours == "W") is counts
    assert not by[1].pab_barred


def test_pab_bars_and_absent_teams_are_left_out() -> None:
    t = new_tournament(5)
    t = replace(t, teams=tuple(replace(x, status=TeamStatus.WITHDRAWN) if x.id == 4 else x for x in t.teams),
                _team_index={}, _player_index={})
    r1 = Round(1, (Match(1, 1, 1, 3, games(1, 3, WIN)), Match(1, 2, 5, 2, games(5, 2, DRAW)),
                   Match(1, 3, 4, None)), completed=True)
    s = build_snapshot(with_rounds(t, r1), 2, absent=frozenset({5}))
    assert [x.id for x in s.teams] == [1, 2, 3]
    assert [x.id for x in s.absent] == [4, 5]
    p = pair_tournament_round(with_rounds(t, r1), 2, absent=frozenset({5}))
    assert p.matches[-1].second is None and p.matches[-1].first in (2, 3)
    assert p.explanation.not_paired == (4, 5)
    assert "Not paired (absent or withdrawn): TPN 4 5" in p.explanation.lines()


def test_pab_counts_for_scores_and_c2() -> None:
    t = new_tournament(3)
    r1 = Round(1, (Match(1, 1, 1, 2, games(1, 2, DRAW)), Match(1, 2, 3, None)), completed=True)
    s = build_snapshot(with_rounds(t, r1), 2)
    by = {x.id: x for x in s.teams}
    assert by[3].pab_barred and by[3].score == t.rules.bye_mp and by[3].matches_played == 0
    p = pair_tournament_round(with_rounds(t, r1), 2)
    assert p.matches[-1].second is None and p.matches[-1].first != 3


def test_game_points_primary() -> None:
    t = new_tournament(4, make_rules(primary_score="GP"))
    r1 = Round(1, (Match(1, 1, 1, 3, games(1, 3, WIN)), Match(1, 2, 4, 2, games(4, 2, DRAW))), completed=True)
    by = {x.id: x for x in build_snapshot(with_rounds(t, r1), 2).teams}
    assert (by[1].score, by[1].secondary) == (F(7, 2), F(2))


def test_unfinished_round_refused() -> None:
    t = new_tournament(4)
    r1 = Round(1, (Match(1, 1, 1, 3, games(1, 3, ["1-0", None, "1-0", "1-0"])),  # type: ignore[list-item]
                   Match(1, 2, 4, 2, games(4, 2, DRAW))))
    with pytest.raises(StateConflict):
        build_snapshot(with_rounds(t, r1), 2)


# --- whole-event invariants ------------------------------------------------------------------


def check_event(n: int, seed: int, pref: str = "A") -> None:
    rules = make_rules(rounds=7, colour_pref_type=pref)
    t, pairings = simulate(n, 7, seed, absent_rate=0.08, forfeit_rate=0.06, rules=rules)
    for p in pairings:
        rnd = p.round
        before = with_rounds(t, *t.rounds[: rnd - 1])
        snap = build_snapshot(before, rnd, frozenset(
            x for x in range(1, n + 1) if x not in {tid for m in t.rounds[rnd - 1].matches for tid in m.teams()}
        ))
        present = {x.id for x in snap.teams}
        seen = [tid for m in p.matches for tid in m.teams()]
        assert sorted(seen) == sorted(present)  # every present team exactly once
        byes = [m for m in p.matches if m.second is None]
        assert len(byes) == len(present) % 2  # a PAB iff odd
        state = {x.id: x for x in snap.teams}
        for m in p.matches:
            if m.second is None:
                assert not state[m.first].pab_barred  # [C2]
                assert m is p.matches[-1]
            else:
                assert m.second not in state[m.first].opponents  # [C1]
        for b in p.explanation.brackets:
            assert all(state[x].score == b.score for x in b.residents)
            assert all(s < b.score for _, s in b.upfloaters)


@pytest.mark.parametrize(("n", "seed"), [(7, 1), (10, 2), (13, 3), (16, 4), (24, 5)])
def test_event_invariants(n: int, seed: int) -> None:
    check_event(n, seed, "A" if seed % 2 else "B")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_event_invariants_many(seed: int) -> None:
    check_event(6 + seed % 30, 100 + seed, ["A", "B", "none"][seed % 3])


def test_team_ids_and_tpns_may_differ() -> None:
    t, pairings = simulate(11, 7, 9, forfeit_rate=0.05)
    f = {i: 500 - 7 * i for i in range(1, 12)}  # id -> new id; TPNs unchanged
    teams = tuple(replace(x, id=f[x.id]) for x in t.teams)
    rounds = tuple(
        replace(r, matches=tuple(replace(m, first=f[m.first], second=None if m.second is None else f[m.second])
                                 for m in r.matches))
        for r in t.rounds
    )
    t2 = replace(t, teams=teams, rounds=rounds, _team_index={}, _player_index={})
    for p in pairings:
        present = {x for m in p.matches for x in m.teams()}
        absent = frozenset(f[x] for x in range(1, 12) if x not in present)
        q = pair_tournament_round(with_rounds(t2, *rounds[: p.round - 1]), p.round, absent)
        assert [(m.table, f[m.first], None if m.second is None else f[m.second]) for m in p.matches] == [
            (m.table, m.first, m.second) for m in q.matches
        ]
