"""Files read as the programs that write them mean them: the PAB inference of a TRF16 file counts only match-level
forfeits, round codes are reconciled with the 001 points field, a 362 record off its columns is read by words.

The files are ``trf16_pab.trf`` (hand-written from the TRF16 rules, 5 teams of 2 boards) with single blocks changed
as Swiss-Manager-style exports write them.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from app.services.rules import fide_default
from app.services.standings import compute_standings
from app.services.trf import read_tournament, read_tournament_with_warnings

DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
TEXT = (DATA / "trf16_pab.trf").read_text(encoding="utf-8")
PAB = fide_default().replace(tiebreak_rules=None, bye_mp=Fraction(2), bye_gp=Fraction(1))
PUBLISHED = [(4, 6, 5), (5, 5, 4), (1, 3, Fraction(5, 2)), (2, 2, Fraction(5, 2)), (3, 2, 1)]


def with_block(text: str, pid: int, round_no: int, block: str, points: str | None = None) -> str:
    """``text`` with player ``pid``'s round ``round_no`` block (and points field, cols 81-84) replaced."""
    out = []
    start = 91 + 10 * (round_no - 1)
    for x in text.splitlines():
        if x.startswith("001") and int(x[4:8]) == pid:
            x = x.ljust(start + 8)
            x = x[:start] + block + x[start + 8 :]
            if points is not None:
                x = x[:80] + points.rjust(4) + x[84:]
        out.append(x.rstrip())
    return "\n".join(out) + "\n"


def _pabs(text: str) -> dict[int, int]:
    t = read_tournament(text, base_rules=PAB)
    return {r.number: m.first for r in t.rounds for m in r.matches if m.second is None}


def test_a_board_won_by_forfeit_beside_boards_played_does_not_bar_the_pab() -> None:
    # round 1, Delta-Gamma: Gamma's board 2 is empty (player 6 absent), Delta's player 8 wins it by forfeit while
    # board 1 is played; Delta is the lone team without a game in round 2: its PAB (C.04.6 [C2] is about a match)
    text = with_block(with_block(TEXT, 8, 1, "0000 - +"), 6, 1, "0000 - -")
    assert _pabs(text) == {1: 5, 2: 4, 3: 3}


def test_a_match_won_by_forfeit_still_bars_the_pab() -> None:
    # round 1, Delta-Gamma forfeited by Gamma on both boards: Delta won a match by forfeit, absent in round 2
    text = TEXT
    for pid, opp, colour, code in ((7, 5, "b", "+"), (5, 7, "w", "-"), (8, 6, "w", "+"), (6, 8, "b", "-")):
        text = with_block(text, pid, 1, f"{opp:4d} {colour} {code}")
    t, warnings = read_tournament_with_warnings(text, base_rules=PAB)
    assert {r.number: m.first for r in t.rounds for m in r.matches if m.second is None} == {1: 5, 3: 3}
    assert any("won a match by forfeit before" in w.message for w in warnings)


def test_a_double_forfeit_board_whose_points_count_a_win_is_a_forfeit_win() -> None:
    # round 3, Alpha-Delta board 1: "7 w -" / "1 b -", player 7's points field (2.0) counts the point
    text = with_block(with_block(TEXT, 1, 3, "   7 w -"), 7, 3, "   1 b -")
    t, warnings = read_tournament_with_warnings(text, base_rules=PAB)
    board = next(m for m in t.rounds[2].matches if 1 in m.teams()).boards[0]
    assert board.result in ("+/-", "-/+") and (board.result == "-/+") == (board.first_player == 1)
    assert [(r.team_id, r.mp, r.gp) for r in compute_standings(t).rows] == PUBLISHED
    note = next(w for w in warnings if "player 7" in w.message)
    assert "read as won by forfeit" in note.message
    assert note.line == next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("001    7"))


def test_an_empty_board_written_0000_minus_is_a_forfeit_win_when_the_points_count_it() -> None:
    # round 2, Alpha-Epsilon: Epsilon's board 2 empty, but the export wrote "0000 - -" for Alpha's player 2
    text = with_block(with_block(TEXT, 10, 2, "0000 - -", "1.0"), 2, 2, "0000 - -", "1.5")
    t = read_tournament(text, base_rules=PAB)
    m = next(m for m in t.rounds[1].matches if 1 in m.teams())
    board = next(b for b in m.boards if 2 in (b.first_player, b.second_player))
    assert board.result == ("+/-" if board.first_white == (board.first_player == 2) else "-/+")
    assert None in (board.first_player, board.second_player)


def test_a_contradiction_that_cannot_be_resolved_is_a_warning_naming_the_line() -> None:
    text = with_block(TEXT, 1, 1, "   3 w 1", "3.5")  # the codes give 1.5
    t, warnings = read_tournament_with_warnings(text, base_rules=PAB)
    note = next(w for w in warnings if "player 1's points" in w.message)
    assert "3.5" in note.message and "1.5" in note.message and "as written" in note.message
    assert note.line == next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("001    1"))
    assert [(r.team_id, r.mp, r.gp) for r in compute_standings(t).rows] == PUBLISHED


def test_a_362_record_off_its_columns_is_read_by_words_with_a_warning() -> None:
    text = TEXT.replace("092 Team Swiss System", "092 Team Swiss System\n362 TW  3.0   TD  1.0   TL  0.0")
    t, warnings = read_tournament_with_warnings(text, base_rules=PAB)
    assert (t.rules.mp_win, t.rules.mp_draw, t.rules.mp_loss) == (3, 1, 0)
    assert any("362" in w.message and "word by word" in w.message for w in warnings)


def test_a_trf16_file_names_no_tiebreaks_and_says_so_loudly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main
    from app.operations.exchange.imports import read_trf

    _, warnings = read_tournament_with_warnings(TEXT, base_rules=PAB)
    note = next(w for w in warnings if w.kind == "tiebreaks")
    assert "names no tie-breaks" in note.message and " ".join(PAB.tiebreaks) in note.message
    path = tmp_path / "e.trf"
    path.write_text(TEXT, encoding="utf-8")
    assert main(["standings", str(path)]) == 0
    assert "names no tie-breaks" in capsys.readouterr().err
    assert main(["standings", str(path), "--tiebreaks", "MPTS GPTS"]) == 0
    assert "names no tie-breaks" not in capsys.readouterr().err
    from app.operations.exchange.imports import parse_options

    assert any(w.kind == "tiebreaks" for w in read_trf(TEXT)[1])
    assert not any(w.kind == "tiebreaks" for w in read_trf(TEXT, parse_options(tiebreaks="MPTS GPTS"))[1])
    # a TRF-2026 file names its list (212): nothing to say
    _, warnings = read_tournament_with_warnings((DATA / "team_2026.trf").read_text(encoding="utf-8"))
    assert not any(w.kind == "tiebreaks" for w in warnings)
