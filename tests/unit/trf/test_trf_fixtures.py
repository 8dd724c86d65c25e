"""Hand-made files (tests/data/trf): forfeits, byes, absent teams, empty and out-of-order boards."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from app.services.generator import generate
from app.services.rules import k12_2025
from app.services.tournament import BoardGame, Outcome, scores, team_history
from app.services.trf import read_tournament, read_tournament_with_warnings, write_tournament

DATA = Path(__file__).resolve().parents[2] / "data" / "trf"


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_trf2026_header_and_rules() -> None:
    t = read_tournament(_text("team_2026.trf"))
    assert t.name == "Kalamaria Team Open 2026"
    assert (t.city, t.federation) == ("Kalamaria", "GRE")
    assert (t.start_date, t.end_date) == (date(2026, 3, 14), date(2026, 3, 15))
    assert t.chief_arbiter == "IA Arbiter, Chief"
    assert t.deputy_arbiters == ("Deputy, One", "Deputy, Two")
    r = t.rules
    assert (r.boards, r.rounds) == (4, 3)
    assert r.pairing.colour_pref_type == "B" and r.pairing.primary_score == "MP"
    assert r.pairing.initial_colour == "B"
    assert r.pairing.board_colour_pattern == "WBWB"
    assert (r.mp_win, r.mp_draw, r.mp_loss) == (2, 1, 0)
    assert (r.bye_mp, r.bye_gp) == (1, 2)  # 320
    assert r.tiebreaks == ("MPTS", "DE", "EMGSB/C1")  # 212, PTS = the primary score
    assert [d.date() for d in r.round_starts] == [date(2026, 3, 14), date(2026, 3, 14), date(2026, 3, 15)]


def test_trf2026_players_and_teams() -> None:
    t = read_tournament(_text("team_2026.trf"))
    p1, p5, p10 = t.player(1), t.player(5), t.player(10)
    assert (p1.name, p1.title, p1.fide_rating, p1.fide_id, p1.birth_date) == (
        "Papadopoulos, Nikos", "FM", 2210, 4200001, date(1990, 1, 2))
    assert p5.fide_rating is None and p5.fide_id is None  # blank = unrated / no id
    assert p5.birth_date == date(2014, 1, 1)  # "2014/00/00": only the year is known
    assert p10.name == "Ρήγας, Κωνσταντίνος"
    assert [(tm.id, tm.tpn, tm.name, tm.roster) for tm in t.teams][:3] == [
        (1, 1, "ΟΑΧ Καλαμαριάς", (1, 2, 3, 4, 5)),
        (2, 2, "Prague Knights", (6, 7, 8, 9)),
        (3, 3, "Θεσσαλονίκη Α", (10, 11, 12, 13)),
    ]
    assert t.team(1).nickname == "OAX"


def test_trf2026_round_1_board_forfeit_match_forfeit_and_pab() -> None:
    t = read_tournament(_text("team_2026.trf"))
    r1 = t.rounds[0]
    m13, m24, pab = r1.matches
    assert (m13.first, m13.second, m13.table) == (1, 3, 1)
    assert m13.boards == (
        BoardGame(1, 1, 10, True, "1-0"),
        BoardGame(2, 2, 11, False, "1/2-1/2"),
        BoardGame(3, 3, 12, True, "0-1"),
        BoardGame(4, 5, 13, False, "-/+"),  # reserve 5 (Black) wins by forfeit
    )
    assert (m24.first, m24.second, m24.forfeit, m24.boards) == (2, 4, "second", ())  # 330 +-
    assert (pab.first, pab.second, pab.table) == (5, None, 3)


def test_trf2026_round_2_out_of_order_empty_board_and_absent_team() -> None:
    t = read_tournament(_text("team_2026.trf"))
    r2 = t.rounds[1]
    m12, m43 = r2.matches
    assert [(b.first_player, b.second_player) for b in m12.boards] == [(1, 7), (2, 6), (3, 8), (4, 9)]
    assert (m43.first, m43.second) == (4, 3)  # team 4 has White on board 1
    assert m43.boards[3] == BoardGame(4, None, 13, False, "+/-")  # team 4 left board 4 empty
    assert team_history(t, 5)[1].outcome is Outcome.ABSENT
    assert scores(t) == {1: (4, 5), 2: (2, Fraction(11, 2)), 3: (2, 4), 4: (0, Fraction(3, 2)), 5: (1, 2)}


def test_trf2026_writes_back_the_same_file() -> None:
    text = _text("team_2026.trf")
    out = write_tournament(read_tournament(text))
    # normalised: comments dropped, a year-only birth date written as 1 January
    expected = [x.replace("2014/00/00", "2014/01/01") for x in text.splitlines() if not x.startswith("###")]
    assert out.splitlines() == expected


def test_trf16_swiss_manager_quirks() -> None:
    t, warnings = read_tournament_with_warnings(_text("swissmanager_trf16.trf"))
    assert {w.line for w in warnings if w.kind != "tiebreaks"} == {13, 14}  # the two ruler lines, skipped
    assert [w.kind for w in warnings].count("tiebreaks") == 1  # TRF16 names no tie-breaks: said
    assert t.name == "Ομαδικό Πρωτάθλημα Νέων"
    assert t.deputy_arbiters == ("IA Deputy, One, FA Deputy, Two",)
    assert [(tm.id, tm.name, tm.roster) for tm in t.teams] == [
        (1, "ΟΑΧ Καλαμαριάς", (1, 2, 3)), (2, "Αριστοτέλης", (4, 5, 6)), (3, "ΠΑΟΚ", (7, 8, 9))]
    assert t.player(3).fide_rating is None and t.player(3).fide_id is None  # 0000 and 0
    assert t.player(2).sex == "f" and t.player(2).female
    assert (t.rules.boards, t.rules.rounds) == (2, 2)  # from the games (no 352, no 142)
    assert t.rules.bye_gp == 1  # no 320: the PAB is a drawn match on 2 boards (C.04.6 1.4)
    r1, r2 = t.rounds
    assert [(m.first, m.second) for m in r1.matches] == [(1, 2), (3, None)]  # U = PAB
    assert [(m.first, m.second) for m in r2.matches] == [(1, 3)]  # team 2 not paired: absent
    assert r2.matches[0].boards == (BoardGame(1, 1, 7, True, "1-0"), BoardGame(2, 3, 8, True, "-/-"))


def test_trf16_to_trf2026_and_back_keeps_the_content() -> None:
    t = read_tournament(_text("swissmanager_trf16.trf"))
    again = read_tournament(write_tournament(t))
    assert again.rounds == t.rounds
    assert again.teams == t.teams
    assert again.players == t.players


def test_base_rules_fill_what_the_file_does_not_say() -> None:
    t = read_tournament(_text("swissmanager_trf16.trf"), base_rules=k12_2025())
    assert t.rules.boards == 2 and t.rules.rounds == 2
    assert t.rules.bye_mp == 2 and t.rules.bye_gp == Fraction(5, 2)  # from the base


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_generated_tournaments_survive_read_write_read(seed: int) -> None:
    t = generate(9 + seed, 5, seed=seed, forfeit_rate=0.2, absent_rate=0.1)
    text = write_tournament(t)
    back = read_tournament(text)
    assert write_tournament(back) == text
    assert back.rules == t.rules
    assert scores(back) == scores(t)
    for r0, r1 in zip(t.rounds, back.rounds, strict=True):
        assert {(m.first, m.second, m.forfeit, m.boards) for m in r0.matches} == {
            (m.first, m.second, m.forfeit, m.boards) for m in r1.matches}


@pytest.mark.parametrize("seed", [5, 6])
def test_trf16_output_keeps_pairings_and_scores(seed: int) -> None:
    t = generate(9, 4, seed=seed, forfeit_rate=0.1, absent_rate=0.1)
    back = read_tournament(write_tournament(t, "trf16"))
    assert scores(back) == scores(t)
    for r0, r1 in zip(t.rounds, back.rounds, strict=True):
        assert {(m.first, m.second) for m in r0.matches} == {(m.first, m.second) for m in r1.matches}


def test_crlf_bom_and_blank_lines_are_accepted() -> None:
    text = _text("team_2026.trf")
    t = read_tournament("\ufeff" + text.replace("\n", "\r\n").replace("082 5\r\n", "082 5\r\n\r\n"))
    assert t.rounds == read_tournament(text).rounds


def test_a_match_with_only_empty_boards_keeps_its_first_team() -> None:
    from app.services.tournament import Match, Round

    t = read_tournament(_text("team_2026.trf"))
    # team 4 (first: White on board 1) leaves every board empty; only team 3 is there
    boards = tuple(BoardGame(k, None, p, k % 2 == 1, "-/+" if k % 2 == 1 else "+/-")
                   for k, p in zip((1, 2, 3, 4), (10, 11, 12, 13), strict=True))
    m = Match(2, 2, 4, 3, boards=boards)
    r2 = t.rounds[1]
    t2 = t.__class__(t.name, t.rules, t.teams, t.players,
                     rounds=(t.rounds[0], Round(2, (r2.matches[0], m), start=r2.start, completed=True)))
    back = read_tournament(write_tournament(t2))
    got = back.rounds[1].matches[1]
    assert (got.first, got.second, got.boards) == (4, 3, boards)
    assert team_history(back, 3)[1].outcome is Outcome.FORFEIT_WIN
