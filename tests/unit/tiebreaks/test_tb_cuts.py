"""C.07 14.1-14.4 cuts with the 16.5 VUR exception, and Art. 16 dummies."""

from __future__ import annotations

from fractions import Fraction as F

from app.services.rules import Rules
from app.services.tiebreaks import build_context, tiebreak_values
from app.services.tiebreaks.context import REQUESTED_BYE_AT_END, REQUESTED_BYE_BEFORE_PLAY
from app.services.tiebreaks.sums import Element, cut_sum
from tests.unit.tiebreaks.tb_builders import build


def el(key: int | F, value: int | F, vur: bool = False) -> Element:
    return Element(F(key), F(value), vur)


def test_cut_by_lowest_opponent_score_not_smallest_product() -> None:
    # Example 1, D under 2026: MP 4 x 2, dummy 3 x 2.5, dummy 2 x 4 -> C.07 14.1 cuts the 8 of MP 2
    assert cut_sum([el(4, 8), el(3, F(15, 2)), el(2, 8)], 1) == F(31, 2)


def test_cut_ties_on_score_take_lowest_product() -> None:
    assert cut_sum([el(2, 5), el(2, 2), el(2, 3), el(6, 12)], 1) == 20


def test_vur_cut_when_not_lower_than_lsv() -> None:
    # 16.5.2: lowest VUR contribution 6 > least significant value 2 -> cut the VUR (6)
    assert cut_sum([el(1, 2), el(5, 6, vur=True), el(4, 10)], 1) == 12
    # VUR contribution 0 < LSV 2 -> cut the LSV
    assert cut_sum([el(1, 2), el(5, 0, vur=True), el(4, 10)], 1) == 10
    # E in 7.1: the LSV is the VUR itself
    assert cut_sum([el(2, 5), el(2, 2), el(2, 0, vur=True)], 1) == 7


def test_vur_rule_reapplied_for_c2() -> None:
    els = [el(1, 1), el(5, 6, vur=True), el(5, 7, vur=True), el(4, 10)]
    # first cut: VUR 6 (> LSV 1); second: next VUR 7 (> LSV 1)
    assert cut_sum(els, 2) == 11


def test_median_cuts_least_then_most() -> None:
    assert cut_sum([el(1, 1), el(2, 2), el(3, 3)], 1, 1) == 2
    assert cut_sum([], 1) == 0


def test_bh_modifiers_via_registry() -> None:
    rounds = [[("A", "B", "1111"), ("C", "D", "===="), ("E", None)],
              [("A", "C", "11=0"), ("B", "E", "1111"), ("D", None)]]
    t = build("ABCDE", rounds, rules=Rules(rounds=2, tiebreak_rules="2024"))
    bh = tiebreak_values(t, "BH:MP")
    bh_c1 = tiebreak_values(t, "BH:MP/C1")
    # A met B (2 MP: the win over E) and C (1 MP)
    assert bh[1] == 3 and bh_c1[1] == 2
    assert tiebreak_values(t, "BH:GP")[1] == 4 + F(7, 2)
    assert tiebreak_values(t, "BH")[1] == bh[1]  # primary score = MP


def test_requested_bye_categories_and_adjusted_score() -> None:
    # Z is not paired in round 1 (16.2.3: followed by a played round) and round 3 (16.2.5, last)
    rounds = [[("X", "Y", "1111")], [("X", "Z", "0000")], [("X", "Y", "====")]]
    t = build("XYZ", rounds, rules=Rules(rounds=3, tiebreak_rules="2026"))
    ctx = build_context(t)
    zs = ctx.records[3]
    assert [e.category for e in zs] == [REQUESTED_BYE_BEFORE_PLAY, "played", REQUESTED_BYE_AT_END]
    assert ctx.mp[3] == 2 and ctx.adj_mp[3] == 3  # the last-round bye counts as a draw for others
    assert ctx.gp[3] == 4 and ctx.adj_gp[3] == 6
    # X's Buchholz: Y (1: its unpaired round 2 is 16.2.3, counted at 0) twice, Z adjusted 3
    assert tiebreak_values(t, "BH:MP")[1] == 1 + 3 + 1
    # Z's own BH: dummies capped at draw x rounds (1 x 3) and own MP 2 -> 2, X 3 (adjusted 3), 2
    assert tiebreak_values(t, "BH:MP")[3] == 2 + 3 + 2


def test_double_forfeit_both_lose() -> None:
    rounds = [[("A", "B", "forfeit:both")], [("A", "B", "1111")]]
    t = build("AB", rounds, rules=Rules(rounds=2))
    ctx = build_context(t)
    assert ctx.mp == {1: 2, 2: 0}
    assert all(e.vur for e in ctx.records[1][:1]) and ctx.records[2][0].vur
    # A's own dummy for the double forfeit: min(own 2, B's adjusted 0) = 0
    assert tiebreak_values(t, "BH:MP")[1] == 0 + 0


def test_after_round_ignores_later_rounds() -> None:
    from app.services.standings import compute_standings
    from tests.unit.tiebreaks.tb_builders import EXAMPLE1

    full = build("ABCDE", EXAMPLE1, rules=Rules(rounds=3))
    cut = build("ABCDE", EXAMPLE1[:2], rules=Rules(rounds=3))
    codes = ("MPTS", "DE", "EMGSB/C1", "BH:MP/C1", "GPTS", "TBR", "BC")
    assert compute_standings(full, after_round=2, tiebreaks=codes).rows == \
        compute_standings(cut, tiebreaks=codes).rows
    assert compute_standings(full, after_round=0, tiebreaks=codes).rows[0].mp == 0


def test_double_forfeit_on_every_board_scores_like_match_double_forfeit() -> None:
    # "-/-" on all boards is a double forfeit: 0 MP each, like forfeit="both" (C.07 16.2.4 for both)
    a = build_context(build("AB", [[("A", "B", "xxxx")]], rules=Rules(rounds=1)))
    b = build_context(build("AB", [[("A", "B", "forfeit:both")]], rules=Rules(rounds=1)))
    assert a.mp == b.mp == {1: 0, 2: 0}
    assert [e.category for e in a.records[1]] == [e.category for e in b.records[1]] == ["16.2.4"]
