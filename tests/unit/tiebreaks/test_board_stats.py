"""Board statistics (R-9.3 numbers shared by the prizes and the player pages) and a player's rounds."""

from __future__ import annotations

from fractions import Fraction as F

from app.services.board_stats import board_leaders, board_records, player_totals
from app.services.player_record import GameOutcome, player_rounds
from app.services.prizes import compute_prizes
from app.services.ratings import rating_performance
from app.services.rules import Rules
from tests.unit.tiebreaks.tb_builders import EXAMPLE1, build

FOUR = [
    [("A", "B", "1111")],
    [("A", "B", "+1=0")],  # board 1: forfeit, not a game
    [("A", "B", "1111")],
    [("A", "B", "1111")],
]


def test_records_are_per_board_and_totals_add_every_board_up() -> None:
    t = build("AB", FOUR, rules=Rules(rounds=4))
    _, recs = board_records(t)
    assert (recs[(1, 11)].games, recs[(1, 11)].points) == (3, 3)
    assert (recs[(3, 13)].games, recs[(3, 13)].points) == (4, F(7, 2))
    totals = player_totals(recs.values())
    assert (totals[11].games, totals[11].points) == (3, 3)
    # one player on two boards: the totals are the two records together
    moved = build("AB", [[("A", "B", "1111")]], rules=Rules(rounds=1))
    _, r1 = board_records(moved)
    r1[(2, 11)] = r1.pop((2, 12))
    r1[(2, 11)].player_id = 11
    both = player_totals(r1.values())[11]
    assert (both.games, both.points, both.percentage) == (2, 2, 1)
    assert both.performance == rating_performance(both.ratings, both.points)


def test_after_round_counts_only_the_rounds_up_to_it() -> None:
    t = build("AB", FOUR, rules=Rules(rounds=4))
    _, recs = board_records(t, after_round=2)
    assert (recs[(1, 11)].games, recs[(2, 12)].games) == (1, 2)


def test_leaders_are_the_prizes_once_the_games_are_there() -> None:
    t = build("AB", FOUR, rules=Rules(rounds=4, board_prize_min_games=3))
    _, recs = board_records(t)
    leaders = board_leaders(t, recs, None)
    assert leaders == compute_prizes(t).boards
    assert not any(p.provisional for p in leaders)


def test_provisional_leaders_before_the_threshold() -> None:
    t = build("AB", FOUR[:2], rules=Rules(rounds=7, board_prize_min_games=4))
    _, recs = board_records(t)
    assert compute_prizes(t).boards == ()  # nobody has 4 games: no prize yet
    leaders = board_leaders(t, recs, 2)
    assert leaders and all(p.provisional for p in leaders)
    b2 = [(p.place, p.player_id, p.games) for p in leaders if p.board == 2]
    assert b2 == [(1, 12, 2), (2, 22, 2)]
    # board 1 had one game each; with 5 rounds left both can still reach 4
    assert [(p.player_id, p.games) for p in leaders if p.board == 1] == [(11, 1), (21, 1)]


def test_provisional_leaders_leave_out_who_cannot_reach_the_games() -> None:
    t = build("AB", FOUR[:2], rules=Rules(rounds=4, board_prize_min_games=4))
    _, recs = board_records(t)
    leaders = board_leaders(t, recs, 2)
    # two rounds left: board 1's players (1 game) cannot reach 4; board 2's (2 games) can
    assert not [p for p in leaders if p.board == 1]
    assert {p.player_id for p in leaders if p.board == 2} == {12, 22}


def test_player_rounds_name_games_forfeits_and_byes() -> None:
    t = build("ABCDE", EXAMPLE1, rules=Rules(rounds=3))
    # A: round 1 v B board 1 (1-0), round 2 v C board 4 won by forfeit, round 3 the PAB
    a1 = player_rounds(t, 11, 1)
    assert [r.outcome for r in a1] == [GameOutcome.PLAYED, GameOutcome.PLAYED, GameOutcome.PAB]
    first = a1[0]
    assert (first.table, first.board, first.opponent_id, first.opponent_team_id, first.points) == (1, 1, 21, 2, 1)
    assert first.colour == "W" and first.result == "1-0"
    a4 = player_rounds(t, 14, 1)
    assert a4[1].outcome is GameOutcome.FORFEIT_WIN and a4[1].points == 1 and a4[1].result in ("+/-", "-/+")
    c4 = player_rounds(t, 34, 3)
    assert c4[1].outcome is GameOutcome.FORFEIT_LOSS and c4[1].points == 0
    # D v E round 3: E did not show up (match forfeit), D's players won by forfeit, E's lost
    assert player_rounds(t, 41, 4)[2].outcome is GameOutcome.FORFEIT_WIN
    e1 = player_rounds(t, 51, 5)
    assert e1[0].outcome is GameOutcome.PAB and e1[2].outcome is GameOutcome.FORFEIT_LOSS
    assert e1[2].points is None and e1[2].opponent_team_id == 4


def test_player_rounds_black_pending_not_playing_and_absent() -> None:
    from dataclasses import replace

    t = build("ABC", [[("A", "B", "1=01")], [("B", "C", "1111")]], rules=Rules(rounds=3))
    b2 = player_rounds(t, 22, 2)
    assert (b2[0].colour, b2[0].points, b2[0].result) == ("W", F(1, 2), "1/2-1/2")
    assert b2[0].colour != player_rounds(t, 21, 2)[0].colour
    assert player_rounds(t, 31, 3)[0].outcome is GameOutcome.ABSENT
    # a game on: no result yet; a player out of the lineup: not playing, with the team's table
    r2 = t.rounds[1]
    m = r2.matches[0]
    boards = (replace(m.boards[0], result=None), replace(m.boards[1], second_player=None)) + m.boards[2:]
    t2 = replace(t, rounds=(t.rounds[0], replace(r2, matches=(replace(m, boards=boards),))))
    assert player_rounds(t2, 21, 2)[1].outcome is GameOutcome.PENDING
    assert player_rounds(t2, 21, 2)[1].points is None
    out = player_rounds(t2, 32, 3)[1]
    assert (out.outcome, out.table, out.opponent_team_id, out.board) == (GameOutcome.NOT_PLAYING, 1, 2, None)
