"""Standings: the last disagreements with FIDE TEC's reference (gacrux 1.11.65).

Each test fails on the code before the fix; where gacrux computes the same value, the test
also asks it (skipped when gacrux is not installed)."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from app.services.rules import Rules
from app.services.tiebreaks import tiebreak_values
from app.services.tiebreaks.sums import Element, cut_sum
from app.services.tournament import Tournament
from tests.unit.tiebreaks.tb_builders import build, random_tournament
from tests.unit.tiebreaks.tb_trf_writer import write_trf


def el(key: int, value: int, vur: bool = False) -> Element:
    return Element(F(key), F(value), vur)


def gacrux(tmp_path: Path, t: Tournament, codes: tuple[str, ...]) -> dict[int, dict[str, F]]:
    """Team id -> code -> gacrux's value (teams are written in ``t.teams`` order)."""
    pytest.importorskip("gacrux")
    from tests.unit.tiebreaks.test_tb_gacrux import gacrux_values

    trf = tmp_path / "event.trf"
    start = "2026/05/01" if t.rules.c07_text() == "2026" else "2025/05/01"
    trf.write_text(write_trf(t, start=start))
    by_no = gacrux_values(trf, codes)
    return {team.id: by_no[i + 1] for i, team in enumerate(t.teams)}


def assert_agrees(tmp_path: Path, t: Tournament, codes: tuple[str, ...]) -> None:
    theirs = gacrux(tmp_path, t, codes)
    diffs = [(tid, c, tiebreak_values(t, c)[tid], theirs[tid][c])
             for c in codes for tid in theirs if tiebreak_values(t, c)[tid] != theirs[tid][c]]
    assert not diffs, f"team, code, ours, gacrux: {diffs}"


# --- 1. C.07 16.5: a VUR contribution equal to the least significant value is cut -----------------

def test_vur_equal_to_lsv_is_the_one_cut() -> None:
    # LSV (key 1, value 0) ties the VUR (key 9, value 0): the VUR goes, then /M1's high cut
    # takes the most significant remaining value (key 5) -> 7 left
    els = [el(1, 0), el(9, 0, vur=True), el(5, 6), el(4, 7)]
    assert cut_sum(els, 1, 1) == 7


#: A loses a played match to B, forfeits to C (a VUR worth 0, like the lost match), wins twice
VUR_TIE = [
    [("A", "B", "0000"), ("C", "D", "1111"), ("E", "F", "1111"), ("G", "H", "1111")],
    [("A", "C", "forfeit:first"), ("B", "H", "0000"), ("D", "E", "===="), ("F", "G", "====")],
    [("A", "D", "1111"), ("B", "G", "0000"), ("C", "E", "1111"), ("F", "H", "====")],
    [("A", "F", "1111"), ("B", "E", "0000"), ("C", "G", "1111"), ("D", "H", "====")],
]


def test_vur_tie_emmsb_m1_as_the_reference(tmp_path: Path) -> None:
    t = build("ABCDEFGH", VUR_TIE, rules=Rules(rounds=4, tiebreak_rules="2026"))
    # A: B (MP 0) x 0, dummy (min(own 4, C's 8) = 4) x 0 [VUR], D (3) x 2, F (3) x 2.
    # /M1 cuts the VUR (0, not lower than the LSV 0), then a most significant 3 x 2 -> 6;
    # cutting the played loss instead (before the fix) left the dummy to the high cut -> 12
    assert tiebreak_values(t, "EMMSB/M1")[1] == 4
    assert tiebreak_values(t, "EMGSB/M1")[1] == 8
    assert_agrees(tmp_path, t, ("EMMSB/M1", "EMGSB/M1", "EMMSB/C1", "BH:MP/M1"))


# --- 2. C.07 Art. 14: as many cuts as the modifier calls for, down to nothing ------------------

def test_cuts_may_remove_every_element() -> None:
    assert cut_sum([el(5, 5)], 1) == 0  # /C1 after one round
    assert cut_sum([el(5, 5)], 1, 1) == 0  # /M1 after one round
    assert cut_sum([el(1, 1), el(2, 2)], 1, 1) == 0  # /M1 after two rounds
    assert cut_sum([el(1, 1), el(2, 2), el(3, 3)], 1, 1) == 2
    assert cut_sum([el(1, 1), el(2, 2), el(3, 3)], 2, 2) == 0
    assert cut_sum([], 1) == 0


@pytest.mark.parametrize("rounds", [1, 2])
def test_cuts_after_one_and_two_rounds_as_the_reference(tmp_path: Path, rounds: int) -> None:
    t = random_tournament(7, 8, rounds, "2026", absent=0, mixed_forfeits=False)
    codes = ("EMGSB/C1", "EMMSB/M1", "BH:MP/C1", "BH:MP/M1", "EMGSB/C2")
    emptied = codes if rounds == 1 else ("EMMSB/M1", "BH:MP/M1", "EMGSB/C2")
    for c in emptied:
        assert set(tiebreak_values(t, c).values()) == {0}, c
    assert_agrees(tmp_path, t, codes)


def test_cuts_agree_with_the_reference_on_short_events(tmp_path: Path) -> None:
    codes = ("EMMSB/M1", "EMGSB/C1", "BH:MP/M1", "BH:MP/C2", "EMGSB/M2")
    for seed in range(30, 36):
        t = random_tournament(seed, 5 + seed % 6, 1 + seed % 4, "2026" if seed % 2 else "2024",
                              mixed_forfeits=False)
        assert_agrees(tmp_path, t, codes)


# --- 3. every board forfeited, both teams scored: a played match (C.07 15.1, C.04.6 1.6.1) -------

def test_both_sides_forfeit_match_is_played() -> None:
    from app.services.tournament import Outcome, team_round

    def outcomes(boards: str) -> tuple[Outcome, Outcome]:
        t = build("AB", [[("A", "B", boards)]], rules=Rules(rounds=1))
        m = t.rounds[0].matches[0]
        return (team_round(m, 1, 1, t.rules).outcome, team_round(m, 2, 1, t.rules).outcome)

    assert outcomes("+-+-") == (Outcome.PLAYED, Outcome.PLAYED)  # 2-2: a drawn match
    assert outcomes("++-+") == (Outcome.PLAYED, Outcome.PLAYED)  # 3-1: won and lost
    assert outcomes("+x-x") == (Outcome.PLAYED, Outcome.PLAYED)
    assert outcomes("++++") == (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
    assert outcomes("+xxx") == (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
    assert outcomes("xxxx") == (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT)


#: round 2, A-C: every board forfeited, both teams scored (2-2)
BOTH_SIDES = [
    [("A", "B", "1=01"), ("C", "D", "=10="), ("E", "F", "11=0")],
    [("A", "C", "+-+-"), ("B", "E", "1=1="), ("D", "F", "0=0=")],
    [("A", "E", "==10"), ("B", "F", "=010"), ("C", "D", "++-+")],
]


@pytest.mark.parametrize("text", ["2024", "2026"])
def test_both_sides_forfeit_tiebreaks_as_the_reference(tmp_path: Path, text: str) -> None:
    t = build("ABCDEF", BOTH_SIDES, rules=Rules(rounds=3, tiebreak_rules=text))
    # A's Buchholz counts C's real score (draw, draw, 3-1 win by forfeits: 4 MP), not a dummy
    # (min(own 4, ...)); B has 2 MP, E 3
    assert tiebreak_values(t, "BH:MP")[1] == 2 + 4 + 3
    assert_agrees(tmp_path, t, ("MPTS", "GPTS", "BH:MP", "BH:MP/C1", "EMGSB", "EMGSB/C1", "EMMSB/C1",
                                "BH:GP", "EGGSB"))


def test_both_sides_forfeit_random_events_as_the_reference(tmp_path: Path) -> None:
    # mixed_forfeits: matches with every board forfeited where both sides score
    codes = ("MPTS", "GPTS", "EMGSB/C1", "EMGSB", "EMMSB/C1", "BH:MP", "BH:MP/C1", "EMGSB/C1/P")
    for seed in (129, 155):
        t = random_tournament(seed, 5 + seed % 11, 3 + seed % 6, "2026" if seed % 2 else "2024")
        assert_agrees(tmp_path, t, codes)


def test_both_sides_forfeit_match_gives_colours_and_a_meeting_for_pairing() -> None:
    from app.services.pairing.snapshot import build_snapshot

    rounds = [[("A", "B", "+-+-"), ("C", "D", "1111")]]
    t = build("ABCD", rounds, rules=Rules(rounds=3))
    snap = build_snapshot(t, 2)
    a = next(s for s in snap.teams if s.id == 1)
    b = next(s for s in snap.teams if s.id == 2)
    assert a.colours == "W" and b.colours == "B"  # C.04.6 1.6.1: the match was played
    assert 2 in a.opponents  # [C1]: A and B have met
