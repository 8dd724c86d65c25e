"""R-9 prizes from a whole tournament."""

from __future__ import annotations

from fractions import Fraction as F

from app.operations.reads.standings import prizes_dict
from app.services.prizes import compute_prizes
from app.services.rules import Rules
from app.services.standings import compute_standings
from tests.unit.tiebreaks.tb_builders import EXAMPLE1, EXAMPLE2, build


def test_overall_and_union_cups() -> None:
    t = build("ABCDE", EXAMPLE1, rules=Rules(rounds=3), union="DBE")
    pr = compute_prizes(t)
    assert [(p.place, p.team_id, p.tied) for p in pr.overall] == [(1, 4, False), (2, 1, False), (3, 3, False)]
    # D is in both lists; the Union ranking is the overall one filtered
    assert [(p.place, p.team_id) for p in pr.union] == [(1, 4), (2, 2), (3, 5)]
    # D's players: all four played in round 1; in round 3 D won by match forfeit
    assert pr.overall[0].players == (41, 42, 43, 44)
    d = prizes_dict(pr)
    assert d["overall"][0]["team"]["name"] == "D" and d["union"][1]["team"]["name"] == "B"


def test_union_prizes_off() -> None:
    t = build("ABCDE", EXAMPLE1, rules=Rules(rounds=3, union_prizes=False), union="DBE")
    assert compute_prizes(t).union == ()


def test_team_tie_reported_not_broken() -> None:
    t = build("WXYZ", EXAMPLE2, rules=Rules(rounds=3, tiebreaks=("MPTS", "GPTS")))
    pr = compute_prizes(t)
    assert [(p.place, p.tied) for p in pr.overall] == [(1, True)] * 4


def test_players_who_played_exclude_absent_board() -> None:
    # round 1: C's board-4 player is absent (board forfeit) -> C4 did not play
    t = build("AC", [[("A", "C", "0==+")]], rules=Rules(rounds=1))
    pr = compute_prizes(t)
    c = next(p for p in pr.overall if p.team_id == 2)
    a = next(p for p in pr.overall if p.team_id == 1)
    assert c.players == (21, 22, 23)
    assert a.players == (11, 12, 13, 14)  # A4 was present and won by forfeit


def test_board_prizes_count_otb_games_only() -> None:
    rounds = [
        [("A", "B", "1111")],
        [("A", "B", "+111")],  # board 1: forfeit, not a game
        [("A", "B", "1111")],
        [("A", "B", "1111")],
    ]
    t = build("AB", rounds, rules=Rules(rounds=4, board_prize_min_games=3))
    pr = compute_prizes(t)
    b1 = [p for p in pr.boards if p.board == 1]
    b2 = [p for p in pr.boards if p.board == 2]
    assert [(p.player_id, p.games, p.points) for p in b1] == [(11, 3, 3), (21, 3, 0)]
    assert [(p.player_id, p.games, p.points) for p in b2] == [(12, 4, 4), (22, 4, 0)]
    assert b2[0].percentage == 1 and b2[0].performance == 1978 + 800
    assert prizes_dict(pr)["boards"][0]["percentage"] == "100"


def test_prizes_follow_given_standings_round() -> None:
    t = build("ABCDE", EXAMPLE1, rules=Rules(rounds=3))
    st = compute_standings(t, after_round=1)
    pr = compute_prizes(t, st)
    assert pr.overall[0].team_id in (1, 5)  # A (2-2.5... ) or E (PAB) lead after round 1
    assert all(p.games <= 1 for p in pr.boards)
    assert compute_standings(t, after_round=1).row(1).gp == F(5, 2)
