"""Lineups: R-3.3 subset of the roster in board order, R-3.1 size and eligibility, R-3.2 girls,
R-16.1 captain, R-4.5 empty bottom boards; the base lineup."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.services.board_order import board_order
from app.services.eligibility import check_player_eligible
from app.services.errors import DomainError, InvalidInput, RuleViolation
from app.services.lineups import (
    Lineup,
    base_lineup,
    base_lineup_problems,
    base_lineup_valid,
    lineup_problems,
    validate_lineup,
)
from app.services.rules import fide_default, k12_2025
from app.services.tournament import Club, Player

K12 = k12_2025()
CLUB = Club(1, "ΕΣ Καλαμαριάς")
DAY = date(2025, 11, 14)


def kid(pid: int, name: str, fide: int | None, sex: str = "m", fee: bool = True,
        born: date = date(2014, 3, 3)) -> Player:
    return Player(pid, name, sex=sex, fide_rating=fide, birth_date=born, activation_fee_paid=fee)


# roster in board order: 11 (1700), 12 (1600), 13 (1500, girl), 14 (1450), 15 (unrated girl), 16 (unrated)
ROSTER = board_order([
    kid(11, "Άρης", 1700), kid(12, "Βασίλης", 1600), kid(13, "Γεωργία", 1500, "w"),
    kid(14, "Δημήτρης", 1450), kid(15, "Ελένη", None, "w"), kid(16, "Ζήσης", None),
])


def test_lineup_takes_roster_order() -> None:
    lineup = validate_lineup(K12, ROSTER, [14, 11, 15, 12], captain=11, team_id=3, round=2)
    assert lineup == Lineup(3, 2, (11, 12, 14, 15), 11)


def test_explicit_order_agreeing_with_r33_kept() -> None:
    assert validate_lineup(K12, ROSTER, [11, 13, 14, 16], explicit_order=True).players == (11, 13, 14, 16)


def test_explicit_order_contradicting_r33_names_the_players() -> None:
    with pytest.raises(RuleViolation) as e:
        validate_lineup(K12, ROSTER, [12, 11, 13, 14], explicit_order=True)
    assert e.value.rule == "R-3.3"
    assert "Άρης must play above Βασίλης" in e.value.detail
    assert "FIDE rating 1700 vs 1600" in e.value.detail
    assert e.value.extra["out_of_order"] == [[12, 11]]


def test_player_not_on_roster_refused() -> None:
    with pytest.raises(RuleViolation) as e:
        validate_lineup(K12, ROSTER, [11, 12, 13, 99])
    assert e.value.rule == "R-3.3"
    assert e.value.extra["player_id"] == 99


def test_duplicate_refused() -> None:
    with pytest.raises(InvalidInput) as e:
        validate_lineup(K12, ROSTER, [11, 13, 13, 14])
    assert e.value.rule == "R-3.3"


def test_empty_lineup_refused() -> None:
    with pytest.raises(InvalidInput):
        validate_lineup(K12, ROSTER, [])


def test_more_players_than_boards_refused() -> None:
    with pytest.raises(RuleViolation) as e:
        validate_lineup(K12, ROSTER, [11, 12, 13, 14, 15])
    assert e.value.rule == "R-3.1"


def test_full_lineup_without_a_girl_refused() -> None:
    with pytest.raises(RuleViolation) as e:
        validate_lineup(K12, ROSTER, [11, 12, 14, 16])
    assert e.value.rule == "R-3.2"
    validate_lineup(K12, ROSTER, [11, 12, 14, 15])  # the unrated girl on board 4


def test_a_short_lineup_needs_its_girl_too() -> None:
    """R-3.2: an empty board is nobody, not a girl; the short lineup still plays (R-4.5: that board is forfeited)."""
    lineup = validate_lineup(K12, ROSTER, [11, 12, 15])
    assert lineup.board_players(4) == (11, 12, 15, None)
    with pytest.raises(RuleViolation) as e:
        validate_lineup(K12, ROSTER, [11, 12, 14])  # three boys and an empty board
    assert e.value.rule == "R-3.2" and e.value.params == {"need": 1, "have": 0}
    two_girls = K12.replace(min_female_per_lineup=2)
    with pytest.raises(RuleViolation):
        validate_lineup(two_girls, ROSTER, [11, 12, 13])  # one girl and an empty board


def test_no_girl_rule_in_open_events() -> None:
    validate_lineup(fide_default(), ROSTER, [11, 12, 14, 16])


def test_captain_must_play() -> None:
    validate_lineup(K12, ROSTER, [11, 12, 13, 14], captain=13)
    validate_lineup(K12, ROSTER, [11, 12, 13, 14], captain=None)
    with pytest.raises(RuleViolation) as e:
        validate_lineup(K12, ROSTER, [11, 12, 13, 14], captain=15)
    assert e.value.rule == "R-16.1"


def test_ineligible_player_refused_through_a_check() -> None:
    roster = [*ROSTER[:3], kid(14, "Δημήτρης", 1450, fee=False), *ROSTER[4:]]

    def eligible(p: Player) -> None:
        check_player_eligible(K12, p, CLUB, DAY)

    with pytest.raises(RuleViolation) as e:
        validate_lineup(K12, roster, [11, 12, 13, 14], eligible=eligible)
    assert e.value.rule == "R-2.3"
    validate_lineup(K12, roster, [11, 12, 13, 15], eligible=eligible)


def test_ineligible_player_refused_through_a_set() -> None:
    ok = {11, 12, 13, 15, 16}
    with pytest.raises(RuleViolation) as e:
        validate_lineup(K12, ROSTER, [11, 12, 13, 14], eligible=ok)
    assert e.value.rule == "R-3.1"
    assert e.value.extra["player_id"] == 14
    validate_lineup(K12, ROSTER, [11, 12, 13, 15], eligible=ok)


def test_check_returning_false_refuses() -> None:
    with pytest.raises(RuleViolation):
        validate_lineup(K12, ROSTER, [11, 12, 13, 14], eligible=lambda p: p.id != 12)


def test_lineup_problems_lists_everything() -> None:
    problems = lineup_problems(K12, ROSTER, [12, 11, 14, 16], captain=99, explicit_order=True)
    assert [p.rule for p in problems] == ["R-3.2", "R-16.1", "R-3.3"]


def test_base_lineup_is_first_boards_players() -> None:
    assert [p.id for p in base_lineup(K12, ROSTER)] == [11, 12, 13, 14]
    assert base_lineup_valid(K12, ROSTER)


def test_base_lineup_without_girl_is_reported() -> None:
    roster = board_order([kid(1, "Α", 1800), kid(2, "Β", 1700), kid(3, "Γ", 1600), kid(4, "Δ", 1500),
                          kid(5, "Ε", 1400, "w")])
    problems = base_lineup_problems(K12, roster)
    assert [p.rule for p in problems] == ["R-3.2"]
    assert not base_lineup_valid(K12, roster)


def test_short_base_lineup_is_valid() -> None:
    roster = [kid(1, "Α", 1800), kid(2, "Β", None, "w")]
    assert base_lineup_problems(K12, roster) == ()
    assert base_lineup_problems(K12, []) != ()  # nobody to play


def test_base_lineup_ineligible_player_reported() -> None:
    roster = [kid(1, "Α", 1800, fee=False), kid(2, "Β", None, "w")]
    problems = base_lineup_problems(K12, roster, eligible=lambda p: check_player_eligible(K12, p, CLUB, DAY))
    assert [p.rule for p in problems] == ["R-2.3"]


@given(st.lists(st.sampled_from([p.id for p in ROSTER] + [99]), max_size=6), st.booleans(), st.integers(0, 2))
def test_validate_agrees_with_problems(chosen: list[int], explicit: bool, girls: int) -> None:
    rules = K12.replace(min_female_per_lineup=girls)
    problems = lineup_problems(rules, ROSTER, chosen, None, explicit)
    try:
        lineup = validate_lineup(rules, ROSTER, chosen, None, explicit)
    except DomainError as exc:
        assert problems and problems[0].rule == exc.rule and problems[0].detail == exc.detail
        return
    assert problems == ()
    position = [p.id for p in ROSTER]
    assert sorted(lineup.players, key=position.index) == list(lineup.players)
    assert set(lineup.players) == set(chosen) and 1 <= len(lineup.players) <= rules.boards
    female = {p.id for p in ROSTER if p.female}
    empty = rules.boards - len(lineup.players)
    assert len(female & set(lineup.players)) + empty >= rules.min_female_per_lineup
