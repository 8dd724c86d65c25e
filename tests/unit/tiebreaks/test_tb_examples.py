"""The worked examples (``tb_builders.EXAMPLE1``/``EXAMPLE2``, ``example3`` below), under both C.07 Art. 16 texts."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from app.services.errors import InvalidInput
from app.services.rules import Rules
from app.services.standings import Standings, compute_standings
from app.services.tiebreaks import build_context, get_tiebreak, tiebreak_values
from app.services.tiebreaks.boards import board_vector
from app.services.tiebreaks.context import FORFEIT_LOSS, FORFEIT_WIN, PAB, PLAYED
from app.services.tiebreaks.direct import direct_encounter
from tests.unit.tiebreaks.tb_builders import EXAMPLE1, build, example1, example2

A, B, C, D, E = 1, 2, 3, 4, 5
LIST = ("MPTS", "DE-ALLMET", "EMGSB/C1", "GPTS", "TBR")


def named(values: dict[int, F]) -> dict[str, F]:
    return {"ABCDE"[k - 1]: v for k, v in values.items()}


def test_example1_totals_and_categories() -> None:
    ctx = build_context(example1())
    assert named(ctx.mp) == {"A": 5, "B": 2, "C": 4, "D": 5, "E": 2}
    assert named(ctx.gp) == {"A": 7, "B": 6, "C": F(13, 2), "D": F(17, 2), "E": F(7, 2)}
    # adjusted scores (16.3) are the awarded values here
    assert ctx.adj_mp == ctx.mp
    assert [e.category for e in ctx.records[D]] == [PLAYED, PAB, FORFEIT_WIN]
    assert [e.category for e in ctx.records[E]] == [PAB, PLAYED, FORFEIT_LOSS]
    assert [e.vur for e in ctx.records[E]] == [False, False, True]
    # board forfeit inside a played match is just a board result
    assert ctx.records[A][1].played and ctx.records[A][1].gp == 2


def test_example1_board_vectors_c07_art12() -> None:
    ctx = build_context(example1())
    vec = {n: board_vector(ctx, i) for i, n in enumerate("ABCDE", 1)}
    assert vec["A"] == (2, 2, F(3, 2), 3)
    assert vec["B"] == (F(3, 2), 1, 3, F(1, 2))
    assert vec["C"] == (2, F(5, 2), F(1, 2), F(3, 2))
    assert vec["D"] == (F(5, 2), 2, 3, F(5, 2))
    assert vec["E"] == (1, F(3, 2), 1, F(3, 2))
    assert named(tiebreak_values(example1(), "BC")) == {
        "A": F(45, 2), "B": F(29, 2), "C": F(29, 2), "D": F(51, 2), "E": 13}


@pytest.mark.parametrize(
    ("text", "cut", "full", "bh"),
    [
        ("2026", {"A": F(31, 2), "B": F(27, 2), "C": 20, "D": F(31, 2), "E": 7},
         {"A": F(41, 2), "B": F(39, 2), "C": 25, "D": F(47, 2), "E": 7},
         {"A": 9, "B": 11, "C": 12, "D": 9, "E": 6}),
        ("2024", {"A": F(41, 2), "B": F(27, 2), "C": 20, "D": F(65, 2), "E": 7},
         {"A": F(51, 2), "B": F(39, 2), "C": 25, "D": F(81, 2), "E": 7},
         {"A": 11, "B": 11, "C": 12, "D": 14, "E": 6}),
    ],
)
def test_example1_emgsb_and_bh(text: str, cut: dict, full: dict, bh: dict) -> None:
    t = example1(text)
    assert named(tiebreak_values(t, "EMGSB/C1")) == cut
    assert named(tiebreak_values(t, "EMGSB")) == full
    assert named(tiebreak_values(t, "BH:MP")) == bh


def test_example1_rule_set_follows_start_date() -> None:
    from datetime import date

    old = build("ABCDE", EXAMPLE1, rules=Rules(rounds=3, start_date=date(2025, 11, 14)))
    assert tiebreak_values(old, "EMGSB/C1")[D] == F(65, 2)
    new = build("ABCDE", EXAMPLE1, rules=Rules(rounds=3, start_date=date(2026, 3, 1)))
    assert tiebreak_values(new, "EMGSB/C1")[D] == F(31, 2)


@pytest.mark.parametrize("text", ["2026", "2024"])
def test_example1_final_order(text: str) -> None:
    t = example1(text)
    st = compute_standings(t, tiebreaks=LIST)
    assert [("ABCDE"[r.team_id - 1], r.rank, r.tied) for r in st.rows] == [
        ("D", 1, False), ("A", 2, False), ("C", 3, False), ("B", 4, False), ("E", 5, False)]
    assert st.tiebreak_codes == LIST
    assert st.row(B).value("DE-ALLMET") == 1 and st.row(E).value("DE-ALLMET") == 2


def test_example1_2026_tie_on_osb_decided_by_gp() -> None:
    st = compute_standings(example1("2026"), tiebreaks=("MPTS", "EMGSB/C1"))
    assert [r.team_id for r in st.rows[:2]] in ([A, D], [D, A])
    assert st.rows[0].rank == st.rows[1].rank == 1 and st.rows[0].tied
    st = compute_standings(example1("2024"), tiebreaks=("MPTS", "EMGSB/C1"))
    assert st.rows[0].team_id == D and not st.rows[0].tied


def test_example1_de_pairs() -> None:
    ctx = build_context(example1())
    assert direct_encounter(ctx, [E, B], all_met_only=True) == [[B], [E]]
    assert direct_encounter(ctx, [A, D], all_met_only=True) == [[A, D]]
    assert direct_encounter(ctx, [A, D]) == [[A, D]]  # 6.3: each could still win


def counts(st: Standings, team: int) -> tuple[int, ...]:
    r = st.row(team)
    return (r.won, r.drawn, r.lost, r.byes, r.forfeit_wins, r.forfeit_losses)


def test_example1_w_d_l() -> None:
    # W/D/L count played matches only; the PAB and the forfeit are counted apart
    st = compute_standings(example1())
    assert counts(st, D) == (0, 1, 0, 1, 1, 0)
    assert counts(st, E) == (0, 0, 1, 1, 0, 1)


def test_a_pab_worth_a_draw_is_not_a_draw() -> None:
    t = example1()
    t = replace(t, rules=t.rules.replace(bye_mp=F(1), bye_gp=F(2)))
    st = compute_standings(t)
    assert counts(st, A) == (1, 1, 0, 1, 0, 0)  # won B, drew C, PAB in round 3
    assert st.row(A).mp == 2 + 1 + 1


def test_example2_tbr_and_bc() -> None:
    t = example2()
    st = compute_standings(t, tiebreaks=("MPTS", "DE", "EMGSB/C1", "GPTS", "TBR"))
    assert [r.team_id for r in st.rows] == [1, 2, 3, 4]
    assert [r.rank for r in st.rows] == [1, 2, 3, 4]
    assert all(r.value("EMGSB/C1") == 12 and r.gp == 6 and r.mp == 3 for r in st.rows)
    assert [r.value("TBR") for r in st.rows] == [1, 2, 3, 4]
    assert tiebreak_values(t, "BC") == {1: 14, 2: 14, 3: 16, 4: 16}
    st = compute_standings(t, tiebreaks=("MPTS", "GPTS", "BC"))
    assert [(r.rank, r.tied) for r in st.rows] == [(1, True), (1, True), (3, True), (3, True)]


def test_example2_bbe() -> None:
    st = compute_standings(example2(), tiebreaks=("MPTS", "BBE"))
    # without board 4: W 4.5, X 5, Y 4, Z 4.5; then without 3, 4: W 3.5, Z 2.5
    assert [r.team_id for r in st.rows] == [2, 1, 4, 3]


def example3(qr: str | None = None, pr_forfeit: bool = False):
    rounds = [[("P", "Q", "1=1=")], [("P", "R", "forfeit:second" if pr_forfeit else "11=0")]]
    if qr:
        rounds.append([("Q", "R", qr)])
    return build("PQR", rounds, rules=Rules(rounds=3))


def test_example3_partial_group() -> None:
    ctx = build_context(example3())
    assert direct_encounter(ctx, [1, 2, 3], all_met_only=True) == [[1, 2, 3]]
    assert direct_encounter(ctx, [1, 2, 3]) == [[1], [2, 3]]


def test_example3_all_met_variant() -> None:
    ctx = build_context(example3(qr="===="))
    assert direct_encounter(ctx, [1, 2, 3], all_met_only=True) == [[1], [2, 3]]
    assert direct_encounter(ctx, [1, 2, 3]) == [[1], [2, 3]]
    ctx = build_context(example3(qr="11=0"))  # Q-R 2.5-1.5: a full order
    assert direct_encounter(ctx, [1, 2, 3], all_met_only=True) == [[1], [2], [3]]


def test_example3_forfeit_is_not_a_meeting() -> None:
    ctx = build_context(example3(qr="====", pr_forfeit=True))
    assert direct_encounter(ctx, [1, 2, 3], all_met_only=True) == [[1, 2, 3]]
    # /P counts the forfeit as a meeting (C.07 6.1.1)
    assert direct_encounter(ctx, [1, 2, 3], all_met_only=True, include_forfeits=True) == [[1], [2, 3]]


def test_de_repeated_meetings_are_averaged() -> None:
    # X beat Y twice 3-1... and lost once: average MP 4/3 vs 2/3
    t = build("XY", [[("X", "Y", "1=1=")], [("Y", "X", "1=1=")], [("X", "Y", "11=0")]], rules=Rules(rounds=3))
    ctx = build_context(t)
    assert direct_encounter(ctx, [1, 2], all_met_only=True) == [[1], [2]]


def test_de_subgroup_reapplied() -> None:
    # 4 teams all met, mini-table: S 4, T 2, U 2, V 4? -> sub-ties are broken by their own match
    rounds = [
        [("S", "T", "1111"), ("U", "V", "0000")],
        [("S", "U", "0000"), ("T", "V", "1111")],
        [("S", "V", "1111"), ("T", "U", "0000")],
    ]
    t = build("STUV", rounds, rules=Rules(rounds=3))
    ctx = build_context(t)
    # mini MP: S 4 (beat T, V), U 4 (beat V, S), T 2 (beat V), V 2 (beat U)
    # {S, U}: U beat S; {T, V}: T beat V
    assert direct_encounter(ctx, [1, 2, 3, 4], all_met_only=True) == [[3], [1], [2], [4]]


@pytest.mark.parametrize("code", ["XYZ", "EMGSB/Q1", "MPTS/C1", "TBR:MP", "GPTS/P", "", "DE/"])
def test_unknown_code(code: str) -> None:
    with pytest.raises(InvalidInput):
        get_tiebreak(code)
    with pytest.raises(InvalidInput):
        compute_standings(example1(), tiebreaks=("MPTS", code))


def test_codes_are_case_insensitive_and_group_values_refused() -> None:
    assert get_tiebreak(" emgsb/c1 ").code == "EMGSB/C1"
    with pytest.raises(InvalidInput):
        tiebreak_values(example1(), "TBR")


def test_ede_uses_gp_when_mp_breaks_nothing() -> None:
    # X and Y met twice and won once each (average MP 1-1); average GP 2.5-1.5 for X
    t = build("XY", [[("X", "Y", "111=")], [("Y", "X", "11=0")]], rules=Rules(rounds=2))
    ctx = build_context(t)
    assert direct_encounter(ctx, [1, 2]) == [[1, 2]]  # MP average 1 - 1
    st = compute_standings(t, tiebreaks=("MPTS", "EDE"))
    assert [r.team_id for r in st.rows] == [1, 2] and not st.rows[0].tied  # GP 3.5+1.5 vs 0.5+2.5


def test_ede_knockout_chain_on_the_direct_match() -> None:
    # S and T drew 2-2; S won board 1 -> EDET ranks S first, EDE leaves them tied
    t = build("ST", [[("S", "T", "10==")]], rules=Rules(rounds=1))
    assert [(r.team_id, r.rank) for r in compute_standings(t, tiebreaks=("MPTS", "EDET")).rows] == [(1, 1), (2, 2)]
    assert compute_standings(t, tiebreaks=("MPTS", "EDE")).rows[0].tied
    # BC of the match: S 1 + 0 + 1.5 + 2 = 4.5, T 0 + 2 + 1.5 + 2 = 5.5 -> S better (lower)
    assert [r.team_id for r in compute_standings(t, tiebreaks=("MPTS", "EDEBB")).rows] == [1, 2]
    # BBE without board 4 and 3: S 1 + 0 = 1 vs T 0 + 1 = 1, then board 1: S
    assert [r.team_id for r in compute_standings(t, tiebreaks=("MPTS", "EDEB")).rows] == [1, 2]


def test_ede_knockout_needs_a_meeting() -> None:
    rounds = [[("A", "C", "===="), ("B", "D", "====")]]
    t = build("ABCD", rounds, rules=Rules(rounds=1))
    st = compute_standings(t, tiebreaks=("MPTS", "EDEBT"))
    assert all(r.tied for r in st.rows)


def test_forfeits_played_modifier() -> None:
    # D's round-3 forfeit win over E: /P uses E's adjusted MP (2) instead of the dummy
    t = example1("2024")
    assert tiebreak_values(t, "BH:MP/P")[D] == 4 + 5 + 2  # C, PAB dummy (own 5), E
    assert tiebreak_values(t, "BH:MP")[D] == 4 + 5 + 5


def test_waitlisted_teams_are_not_ranked() -> None:
    import dataclasses

    from app.services.tournament import TeamStatus

    t = example1()
    extra = dataclasses.replace(t.teams[0], id=99, name="Late", tpn=None, status=TeamStatus.WAITLISTED)
    t2 = dataclasses.replace(t, teams=(*t.teams, extra), _team_index={})
    assert [r.team_id for r in compute_standings(t2).rows] == [r.team_id for r in compute_standings(t).rows]
