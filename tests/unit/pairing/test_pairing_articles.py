"""One hand-derived fixture per article of C.04.6 (2026) that the engine implements."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from app.services.errors import NoLegalPairing
from app.services.pairing import PairedMatch, PairingBudgetExceeded, Snapshot, TeamState, pair_round
from app.services.pairing.colours import allocate, preference
from app.services.pairing.engine import _Round
from app.services.pairing.matching import first_pairing, identifier
from app.services.rules import Rules, fide_default

F = Fraction


def T(tpn: int, score: float = 0, colours: str = "", opp: tuple[int, ...] = (), floated: bool = False,
      barred: bool = False, played: int | None = None, secondary: float = 0) -> TeamState:
    return TeamState(
        id=tpn, tpn=tpn, score=F(score).limit_denominator(), secondary=F(secondary).limit_denominator(),
        opponents=frozenset(opp), colours=colours, floated=floated, pab_barred=barred,
        matches_played=len(colours) if played is None else played,
    )


def snap(teams: list[TeamState], rnd: int = 3, total: int = 7) -> Snapshot:
    # make opponents symmetric
    opp = {t.tpn: set(t.opponents) for t in teams}
    for t in teams:
        for o in t.opponents:
            opp.setdefault(o, set()).add(t.tpn)
    fixed = [replace(t, opponents=frozenset(opp[t.tpn])) for t in teams]
    return Snapshot(rnd, total, tuple(sorted(fixed, key=lambda t: t.tpn)))


def rules(**pairing: object) -> Rules:
    base = fide_default()
    return base.replace(pairing=replace(base.pairing, **pairing))


def pairs_of(p) -> list[tuple[int, int | None]]:  # type: ignore[no-untyped-def]
    return [(min(m.first, m.second), max(m.first, m.second)) if m.second else (m.first, None) for m in p.matches]


def bracket_pairs(p) -> list[list[tuple[int, int]]]:  # type: ignore[no-untyped-def]
    return [list(b.pairs) for b in p.explanation.brackets]


# --- 3.5.4 and 3.6.2: the handbook's own examples ---------------------------------------------


def test_upfloater_set_order_of_3_5_4() -> None:
    # teams 2, 6, 8 have 3 points; 1, 3, 5 have 2.5; two upfloaters of 3 and one of 2.5
    teams = [T(t, 3) for t in (2, 6, 8)] + [T(t, 2.5) for t in (1, 3, 5)] + [T(9, 4)]
    r = _Round(snap(teams), rules(), 1000)
    sets = [tuple(s) for s in r._sets([1, 2, 3, 5, 6, 8], (F(3), F(3), F(5, 2)))]
    assert sets[:4] == [(2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1)]
    assert sets[-1] == (6, 8, 5)
    assert len(sets) == 9
    assert sets == sorted(sets)


def test_profiles_best_first_c5() -> None:
    profiles = list(_Round._profiles({F(3): 3, F(5, 2): 3}, 3))
    assert profiles[0] == (F(3), F(3), F(3))
    assert profiles[1] == (F(3), F(3), F(5, 2))
    assert profiles[-1] == (F(5, 2), F(5, 2), F(5, 2))


def test_identifier_of_3_6_2() -> None:
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_first_pairing_order_of_3_6_3() -> None:
    # 4 teams: 1-3/2-4 (1 2 3 4) < 1-4/2-3 (1 2 4 3) < 1-2/3-4 (1 3 2 4)
    ok = {(0, 2): False}
    res = first_pairing(4, lambda a, b: ok.get((a, b), True), lambda a, b: 0)
    assert res is not None and res[0] == [(0, 3), (1, 2)]
    ok[(0, 3)] = False
    res = first_pairing(4, lambda a, b: ok.get((a, b), True), lambda a, b: 0)
    assert res is not None and res[0] == [(0, 1), (2, 3)]


# --- round 1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 4, 8, 10, 40])
def test_round1_split(n: int) -> None:
    p = pair_round(snap([T(i) for i in range(1, n + 1)], rnd=1), rules())
    assert sorted(pairs_of(p)) == [(i, i + n // 2) for i in range(1, n // 2 + 1)]
    # 4.3.1: odd TPN first-team gets the initial colour (W), even gets the opposite
    for m in p.matches:
        top = min(m.first, m.second or 0)
        assert m.first == (top if top % 2 else top + n // 2)


def test_round1_initial_colour_black() -> None:
    p = pair_round(snap([T(i) for i in range(1, 5)], rnd=1), rules(initial_colour="B"))
    assert p.matches == (PairedMatch(1, 3, 1), PairedMatch(2, 2, 4))


def test_round1_odd_gives_pab_to_last_tpn() -> None:
    p = pair_round(snap([T(i) for i in range(1, 8)], rnd=1), rules())
    assert p.matches[-1] == PairedMatch(4, 7, None)
    assert sorted(pairs_of(p)[:-1]) == [(1, 4), (2, 5), (3, 6)]


# --- 3.4 PAB ---------------------------------------------------------------------------------


def test_pab_lowest_score_3_4_2() -> None:
    teams = [T(1, 0, "W"), T(2, 1, "B"), T(3, 2, "W"), T(4, 1, "B"), T(5, 2, "B")]
    p = pair_round(snap(teams, rnd=2), rules())
    assert p.explanation.pab is not None and p.explanation.pab.tpn == 1


def test_pab_most_matches_played_3_4_3() -> None:
    teams = [T(1, 0, "W"), T(2, 0, "", played=0), T(3, 2, "W"), T(4, 2, "B"), T(5, 2, "B")]
    p = pair_round(snap(teams, rnd=2), rules())
    assert p.explanation.pab is not None and p.explanation.pab.tpn == 1


def test_pab_largest_tpn_3_4_4() -> None:
    teams = [T(1, 0, "W"), T(2, 0, "B"), T(3, 2, "W"), T(4, 2, "B"), T(5, 2, "B")]
    p = pair_round(snap(teams, rnd=2), rules())
    assert p.explanation.pab is not None and p.explanation.pab.tpn == 2


def test_pab_barred_by_c2() -> None:
    teams = [T(1, 0, "W"), T(2, 0, "B", barred=True), T(3, 2, "W"), T(4, 2, "B"), T(5, 2, "B")]
    p = pair_round(snap(teams, rnd=2), rules())
    assert p.explanation.pab is not None and p.explanation.pab.tpn == 1
    assert p.explanation.pab.barred == (2,)


def test_pab_must_leave_a_legal_pairing_3_4_1() -> None:
    # 3 and 5 have met 4... if 5 gets the bye, 1-2 met, so 1,2,3,4 must pair 1-3/2-4 or 1-4/2-3
    # make every completion without 5 illegal: 1 has met 2, 3 and 4
    teams = [T(1, 2, "WB", opp=(2, 3, 4)), T(2, 2, "BW"), T(3, 2, "WB"), T(4, 2, "BW"), T(5, 0, "BW")]
    p = pair_round(snap(teams, rnd=3), rules())
    pab = p.explanation.pab
    assert pab is not None and pab.tpn != 5 and pab.rejected == (5,)
    assert (1, 5) in pairs_of(p)


def test_no_legal_pairing_raises() -> None:
    teams = [T(1, 0, "W", opp=(2,)), T(2, 0, "B")]
    with pytest.raises(NoLegalPairing):
        pair_round(snap(teams, rnd=2), rules())
    teams = [T(1, 0, "W", barred=True), T(2, 0, "B", barred=True), T(3, 0, "W", barred=True)]
    with pytest.raises(NoLegalPairing):
        pair_round(snap(teams, rnd=2), rules())


# --- 3.5 upfloaters --------------------------------------------------------------------------


def test_c4_c5_fewest_and_highest_upfloaters() -> None:
    teams = [T(1, 2, "W"), T(2, 2, "B"), T(3, 2, "W"), T(4, 0, "B"), T(5, 1, "W"), T(6, 0, "B")]
    p = pair_round(snap(teams, rnd=2), rules())
    b = p.explanation.brackets[0]
    assert b.c4 == 1 and b.upfloaters == ((5, F(1)),)


def test_c5_prefers_legal_higher_profile_only_when_possible() -> None:
    # 5 (score 1) has met all residents: the upfloater must come from score 0
    teams = [T(1, 2, "W"), T(2, 2, "B"), T(3, 2, "W", opp=(5,)), T(4, 0, "B"), T(5, 1, "W", opp=(1, 2)),
             T(6, 0, "B")]
    p = pair_round(snap(teams, rnd=3), rules())
    b = p.explanation.brackets[0]
    assert b.upfloaters == ((4, F(0)),)


def test_c6_choose_set_that_lets_the_following_scoregroup_pair() -> None:
    # residents 1 2 3 (score 3); the following scoregroup 4 5 6 (score 2); 5 and 6 have met,
    # so taking 4 would leave 5-6 unpairable in their own bracket: [C6] picks 5.
    teams = [T(1, 3, "W"), T(2, 3, "B"), T(3, 3, "W"), T(4, 2, "B"), T(5, 2, "W", opp=(6,)), T(6, 2, "B"),
             T(7, 1, "W"), T(8, 1, "B")]
    p = pair_round(snap(teams, rnd=3), rules())
    b = p.explanation.brackets[0]
    assert [t for t, _ in b.upfloaters] == [5] and b.c6_ok


def test_c6_odd_following_scoregroup_needs_one_upfloater() -> None:
    # residents 1 2 3 (score 3); following 4 5 6 7 (score 2), where 5 6 7 have all met each
    # other; taking 4 leaves 5 6 7, which one upfloater cannot complete (each needs a lower
    # opponent): legal by [C3] but not [C6]. [C6] picks 5 instead.
    teams = [T(1, 3, "WB"), T(2, 3, "BW"), T(3, 3, "WB"), T(4, 2, "BW"), T(5, 2, "WB", opp=(6, 7)),
             T(6, 2, "BW", opp=(7,)), T(7, 2, "WB"), T(8, 1, "BW"), T(9, 1, "WB"), T(10, 0, "BW")]
    p = pair_round(snap(teams, rnd=4), rules())
    b = p.explanation.brackets[0]
    assert [t for t, _ in b.upfloaters] == [5] and b.c6_ok
    assert [t for t, _ in p.explanation.brackets[1].upfloaters] == [8]


def c7_teams() -> list[TeamState]:
    # residents 1 2 3 (score 2) need one upfloater; 4 floated last round, 5 did not
    return [T(1, 2, "WB"), T(2, 2, "BW"), T(3, 2, "WB"), T(4, 1, "BW", floated=True), T(5, 1, "WB"),
            T(6, 0, "BW")]


def test_c7_avoids_previous_floaters() -> None:
    p = pair_round(snap(c7_teams(), rnd=5, total=7), rules())
    b = p.explanation.brackets[0]
    assert [t for t, _ in b.upfloaters] == [5] and b.c7 == 0


def test_c7_off_in_the_last_two_rounds() -> None:
    p = pair_round(snap(c7_teams(), rnd=6, total=7), rules())
    assert p.explanation.last_two_rounds
    assert [t for t, _ in p.explanation.brackets[0].upfloaters] == [4]


def test_c7_minimise_vs_first_mode() -> None:
    # every candidate floated: both readings take the first set in 3.5.4 order
    teams = c7_teams()
    teams[4] = replace(teams[4], floated=True)
    for mode in ("minimise", "first"):
        p = pair_round(snap(teams, rnd=4), rules(c7_mode=mode))
        b = p.explanation.brackets[0]
        assert [t for t, _ in b.upfloaters] == [4] and b.c7 == 1


# --- 3.6 bracket pairing criteria ------------------------------------------------------------


def test_c8_same_preferences_are_kept_apart() -> None:
    # 1 and 3 both want White (CD -2); 1-3 would leave one unfulfilled
    teams = [T(1, 1, "BB"), T(2, 1, "WB"), T(3, 1, "BB"), T(4, 1, "BW")]
    p = pair_round(snap(teams, rnd=3), rules())
    assert bracket_pairs(p) == [[(1, 4), (2, 3)]]
    assert p.explanation.brackets[0].c8 == 0


def test_c9_type_b_strong_preferences() -> None:
    # all want White: 1, 3 strongly (CD -2), 2, 4 mildly (CD -1)
    teams = [T(1, 1, "BB"), T(2, 1, "B"), T(3, 1, "BB"), T(4, 1, "B")]
    p = pair_round(snap(teams, rnd=3), rules(colour_pref_type="B"))
    assert bracket_pairs(p) == [[(1, 4), (2, 3)]]
    b = p.explanation.brackets[0]
    assert (b.c8, b.c9) == (2, 0)
    # Type A: 2 and 4 have no preference; C8 alone keeps 1 and 3 apart as well
    p = pair_round(snap(teams, rnd=3), rules(colour_pref_type="A"))
    assert bracket_pairs(p) == [[(1, 4), (2, 3)]]
    # no preferences: the first identifier
    p = pair_round(snap(teams, rnd=3), rules(colour_pref_type="none"))
    assert bracket_pairs(p) == [[(1, 3), (2, 4)]]


def c10_teams() -> list[TeamState]:
    # residents 1 2 3 (score 2), the only candidate upfloater 4; 2 floated last round
    return [T(1, 2, "WB"), T(2, 2, "BW", floated=True), T(3, 2, "WB"), T(4, 1, "BW")]


def test_c10_upfloaters_opponent_not_a_previous_floater() -> None:
    p = pair_round(snap(c10_teams(), rnd=3), rules())
    assert bracket_pairs(p) == [[(1, 4), (2, 3)]]


def test_c10_off_in_the_last_two_rounds() -> None:
    p = pair_round(snap(c10_teams(), rnd=6), rules())
    assert bracket_pairs(p) == [[(1, 3), (2, 4)]]


def test_forbidden_pairs_are_treated_like_c1() -> None:
    p = pair_round(snap([T(i) for i in range(1, 5)], rnd=1), rules(forbidden_pairs=((1, 3),)))
    assert sorted(pairs_of(p)) == [(1, 4), (2, 3)]


def test_budget_exceeded_is_a_clear_error() -> None:
    teams = [T(1, 5, "WB")] + [T(i, 0, "WB") for i in range(2, 12)] + [T(12, 0, "WB")]
    # 1 has met every team of score 0 but the last one: many sets before the legal one
    teams[0] = replace(teams[0], opponents=frozenset(range(2, 12)))
    with pytest.raises(PairingBudgetExceeded):
        pair_round(snap(teams), rules(), budget=3)
    p = pair_round(snap(teams), rules())
    assert (1, 12) in pairs_of(p)


# --- Art. 1.7 preferences --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("colours", "kind", "last", "expected"),
    [
        ("", "A", False, (None, False)),
        ("W", "A", False, (None, False)),  # CD +1 without L2: none under Type A
        ("WW", "A", False, ("B", True)),
        ("BB", "A", False, ("W", True)),
        ("WBB", "A", False, ("W", True)),  # CD -1 and last two Black
        ("BWW", "A", False, ("B", True)),
        ("WB", "A", False, (None, False)),
        ("BWBBW", "A", False, (None, False)),  # CD -1, last two differ
        ("BBBW", "A", False, ("W", True)),  # CD -2
        ("W", "B", False, ("B", False)),  # mild at CD +1
        ("B", "B", False, ("W", False)),
        ("WB", "B", False, ("W", False)),  # CD 0, last Black, not the last round
        ("WB", "B", True, (None, False)),  # CD 0 in the last round
        ("", "B", False, (None, False)),
        ("WW", "B", False, ("B", True)),
        ("BWWB", "B", True, (None, False)),
        ("BBWW", "B", True, ("B", True)),  # open point A1: strong (Gacrux)
        ("WW", "none", False, (None, False)),
    ],
)
def test_colour_preferences(colours: str, kind: str, last: bool, expected: tuple[str | None, bool]) -> None:
    p = preference(T(1, colours=colours), kind, last)
    assert (p.colour, p.strong) == expected


def test_type_b_last_round_cd0_l2_none_reading() -> None:
    p = preference(T(1, colours="BBWW"), "B", True, "none")
    assert p.colour is None


# --- Art. 4 colour allocation ----------------------------------------------------------------


def alloc(a: TeamState, b: TeamState, kind: str = "A", use_secondary: bool = True,
          initial: str = "W") -> tuple[int, str]:
    pa, pb = preference(a, kind, False), preference(b, kind, False)
    white, _black, rule, _first = allocate(a, b, pa, pb, type_b=kind == "B", use_secondary=use_secondary,
                                           initial_colour=initial)
    return white.tpn, rule


def test_4_3_1_initial_colour_by_tpn_parity() -> None:
    assert alloc(T(3), T(4)) == (3, "4.3.1")
    assert alloc(T(2), T(5)) == (5, "4.3.1")
    assert alloc(T(3), T(4), initial="B") == (4, "4.3.1")


def test_4_2_first_team_by_score_then_secondary_then_tpn() -> None:
    assert alloc(T(2, 1), T(5, 0)) == (5, "4.3.1")  # first-team 2 (higher score), even -> Black
    assert alloc(T(2, 0, secondary=1), T(5, 0, secondary=2)) == (5, "4.3.1")  # first-team 5, odd
    assert alloc(T(2, 0, secondary=1), T(5, 0, secondary=2), use_secondary=False) == (5, "4.3.1")
    assert alloc(T(3, 0, secondary=1), T(5, 0, secondary=2), use_secondary=False) == (3, "4.3.1")


def test_4_3_2_only_one_preference() -> None:
    assert alloc(T(1, colours="BB"), T(2, colours="WB")) == (1, "4.3.2")
    assert alloc(T(1, colours="WB"), T(2, colours="WW")) == (1, "4.3.2")


def test_4_3_3_opposite_preferences() -> None:
    assert alloc(T(1, colours="WW"), T(2, colours="BB")) == (2, "4.3.3")


def test_4_3_4_type_b_strong_wins() -> None:
    # 1 is first-team (higher score) with a mild W; 2 has a strong W
    assert alloc(T(1, 2, colours="B"), T(2, 1, colours="BB"), kind="B") == (2, "4.3.4")
    assert alloc(T(1, 2, colours="BB"), T(2, 1, colours="B"), kind="B") == (1, "4.3.4")


def test_4_3_5_lower_colour_difference() -> None:
    assert alloc(T(1, colours="W"), T(2, colours="B")) == (2, "4.3.5")
    # both want White (Type A, CD -2 and -3): lower CD gets it
    assert alloc(T(1, colours="BB"), T(2, colours="BBB")) == (2, "4.3.5")


def test_4_3_6_alternate_from_the_last_difference() -> None:
    assert alloc(T(1, colours="WB"), T(2, colours="BW")) == (1, "4.3.6")
    assert alloc(T(1, colours="BWWB"), T(2, colours="WBWB")) == (2, "4.3.6")
    # histories of different lengths are compared from the end (C.04.2 3.4)
    assert alloc(T(1, colours="WB"), T(2, colours="WBBW")) == (1, "4.3.6")


def test_4_3_7_first_team_preference() -> None:
    assert alloc(T(1, colours="BB"), T(2, colours="BB")) == (1, "4.3.7")


def test_4_3_8_alternate_first_team() -> None:
    assert alloc(T(1, colours="WB"), T(2, colours="WB")) == (1, "4.3.8")
    assert alloc(T(1, colours="BW"), T(2, colours="BW")) == (2, "4.3.8")


def test_4_3_9_alternate_other_team() -> None:
    # the first-team (higher score) has never played; the other team had Black last
    assert alloc(T(1, 1, colours=""), T(2, 0, colours="WB")) == (2, "4.3.9")
    assert alloc(T(1, 1, colours=""), T(2, 0, colours="BW")) == (1, "4.3.9")


# --- output ----------------------------------------------------------------------------------


def test_board_order_and_explanation() -> None:
    teams = [T(1, 2, "W"), T(2, 0, "B"), T(3, 2, "W", opp=(4,)), T(4, 0, "B"), T(5, 1, "W"), T(6, 1, "B"),
             T(7, 0, "W")]
    p = pair_round(snap(teams, rnd=2), rules())
    assert p.matches[-1].second is None
    tables = [m.table for m in p.matches]
    assert tables == list(range(1, len(p.matches) + 1))
    assert pairs_of(p)[0] == (1, 3)  # the 2-point pair first
    lines = p.explanation.lines()
    assert any(line.startswith("PAB (3.4): TPN 7") for line in lines)
    assert any("Bracket 1 (score 2)" in line for line in lines)
    d = p.to_dict()
    json.dumps(d)
    assert d["explanation"]["pab"]["tpn"] == 7
    assert d["explanation"]["brackets"][0]["score"] == "2"


def test_c6_graded_reading() -> None:
    teams = [T(1, 3, "WB"), T(2, 3, "BW"), T(3, 3, "WB"), T(4, 2, "BW"), T(5, 2, "WB", opp=(6, 7)),
             T(6, 2, "BW", opp=(7,)), T(7, 2, "WB"), T(8, 1, "BW"), T(9, 1, "WB"), T(10, 0, "BW")]
    r = _Round(snap(teams, rnd=4), rules(c6_mode="graded"), 1000)
    # after taking 4, the group 5 6 7 needs three upfloaters: one beyond the parity minimum
    assert r._c6(F(3), [5, 6, 7, 8, 9, 10]) == 1
    assert r._c6(F(3), [4, 6, 7, 8, 9, 10]) == 0
    p = pair_round(snap(teams, rnd=4), rules(c6_mode="graded"))
    assert [t for t, _ in p.explanation.brackets[0].upfloaters] == [5]


def test_unknown_interpretation_flag_refused() -> None:
    from app.services.errors import InvalidInput

    with pytest.raises(InvalidInput):
        pair_round(snap([T(1), T(2)], rnd=1), rules(c7_mode="sometimes"))
