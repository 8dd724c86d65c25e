"""R-3.1 age and roster, R-2.3 activation fee, R-16.2.1 adult manager, R-11.4/R-11.5 deadlines."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from app.services.eligibility import (
    age_on,
    check_activation_fee,
    check_manager_adult,
    check_player_eligible,
    check_roster,
    check_roster_change_allowed,
    player_problems,
)
from app.services.errors import InvalidInput, RuleViolation, StateConflict
from app.services.rules import fide_default, k12_2025
from app.services.tournament import Club, Player

K12 = k12_2025()
ATH = ZoneInfo("Europe/Athens")
DAY = date(2025, 11, 14)
GREEK = Club(1, "ΕΣ Καλαμαριάς", federation="GRE")
FOREIGN = Club(2, "ШК Пловдив", federation="BUL")


def kid(pid: int, *, born: date | None = date(2014, 5, 1), sex: str = "m", fee: bool = True,
        fide: int | None = None, name: str = "") -> Player:
    return Player(id=pid, name=name or f"Παίκτης {pid}", sex=sex, birth_date=born, activation_fee_paid=fee,
                  fide_rating=fide)


# --- age ---------------------------------------------------------------------------------


def test_born_on_the_limit_day_is_eligible() -> None:
    check_player_eligible(K12, kid(1, born=date(2013, 1, 1)), GREEK, DAY)


def test_born_the_day_before_is_refused() -> None:
    with pytest.raises(RuleViolation) as e:
        check_player_eligible(K12, kid(1, born=date(2012, 12, 31)), GREEK, DAY)
    assert e.value.rule == "R-3.1"
    assert "2012-12-31" in e.value.detail and "2013-01-01" in e.value.detail


def test_missing_birth_date_is_refused_when_there_is_an_age_limit() -> None:
    with pytest.raises(RuleViolation) as e:
        check_player_eligible(K12, kid(1, born=None), GREEK, DAY)
    assert e.value.rule == "R-3.1"
    check_player_eligible(fide_default(), kid(1, born=None), GREEK, DAY)  # no limit, no check


def test_birth_date_in_the_future_is_invalid_input() -> None:
    with pytest.raises(InvalidInput):
        check_player_eligible(K12, kid(1, born=date(2030, 1, 1)), GREEK, DAY)


# --- activation fee ----------------------------------------------------------------------


def test_greek_club_player_needs_activation_fee() -> None:
    with pytest.raises(RuleViolation) as e:
        check_player_eligible(K12, kid(1, fee=False), GREEK, DAY)
    assert e.value.rule == "R-2.3"
    check_player_eligible(K12, kid(1, fee=True), GREEK, DAY)


def test_foreign_club_player_needs_no_activation_fee() -> None:
    check_player_eligible(K12, kid(1, fee=False), FOREIGN, DAY)
    check_activation_fee(fide_default(), kid(1, fee=False), GREEK)  # fee not required by these rules


def test_no_club_falls_back_on_player_federation() -> None:
    greek_player = Player(1, "Α", birth_date=date(2014, 1, 1), federation="GRE")
    with pytest.raises(RuleViolation):
        check_activation_fee(K12, greek_player, None)
    check_activation_fee(K12, Player(2, "B", federation="SRB"), None)


def test_player_problems_lists_all() -> None:
    problems = player_problems(K12, kid(1, born=date(2010, 1, 1), fee=False), GREEK, DAY)
    assert [p.rule for p in problems] == ["R-3.1", "R-2.3"]
    assert player_problems(K12, kid(2), GREEK, DAY) == ()


# --- adult manager --------------------------------------------------------------------


def test_manager_adult() -> None:
    check_manager_adult(date(2007, 11, 14), DAY)  # 18 today
    with pytest.raises(RuleViolation) as e:
        check_manager_adult(date(2007, 11, 15), DAY)  # 18 tomorrow
    assert e.value.rule == "R-16.2.1"
    with pytest.raises(RuleViolation):
        check_manager_adult(None, DAY)


def test_leap_day_birthday() -> None:
    assert age_on(date(2008, 2, 29), date(2026, 2, 28)) == 17
    assert age_on(date(2008, 2, 29), date(2026, 3, 1)) == 18


# --- rosters (R-3.1, R-3.2, R-3.3) -------------------------------------------------------------


def roster(n: int, girls: int = 1) -> list[Player]:
    return [kid(i, sex="w" if i <= girls else "m", fide=1000 + 10 * i) for i in range(1, n + 1)]


def test_roster_accepted_and_put_in_board_order() -> None:
    check = check_roster(K12, roster(5), GREEK, DAY)
    assert check.ids == (5, 4, 3, 2, 1)
    assert check.warnings == ()


def test_roster_explicit_order_checked_against_r33() -> None:
    players = roster(4)[::-1]  # 4, 3, 2, 1 by rating: the order
    assert check_roster(K12, players, GREEK, DAY, explicit_order=True).ids == (4, 3, 2, 1)
    with pytest.raises(RuleViolation) as e:
        check_roster(K12, roster(4), GREEK, DAY, explicit_order=True)
    assert e.value.rule == "R-3.3"
    assert [1, 2] in e.value.extra["out_of_order"]  # 1 given above 2, but 2 is rated higher


def test_roster_too_large_refused() -> None:
    with pytest.raises(RuleViolation) as e:
        check_roster(K12, roster(7), GREEK, DAY)
    assert e.value.rule == "R-3.1"
    check_roster(K12, roster(6), GREEK, DAY)


def test_roster_too_small_refused_for_manager_warned_for_organiser() -> None:
    with pytest.raises(RuleViolation) as e:
        check_roster(K12, roster(3), GREEK, DAY)
    assert e.value.rule == "R-3.1"
    check = check_roster(K12, roster(3), GREEK, DAY, organiser=True)
    assert [w.rule for w in check.warnings] == ["R-3.1"]


def test_roster_between_minimum_and_boards_is_warned() -> None:
    rules = fide_default().replace(min_players_per_roster=2)
    check = check_roster(rules, roster(3, girls=0), None, DAY)
    assert [w.rule for w in check.warnings] == ["R-3.1"]
    assert "empty" in check.warnings[0].detail


def test_roster_without_girls_refused() -> None:
    with pytest.raises(RuleViolation) as e:
        check_roster(K12, roster(5, girls=0), GREEK, DAY)
    assert e.value.rule == "R-3.2"
    assert [w.rule for w in check_roster(K12, roster(5, girls=0), GREEK, DAY, organiser=True).warnings] == [
        "R-3.2"
    ]


def test_roster_ineligible_age_refused_even_for_organiser() -> None:
    players = roster(4)
    players[2] = kid(3, born=date(2012, 6, 1))
    with pytest.raises(RuleViolation) as e:
        check_roster(K12, players, GREEK, DAY, organiser=True)
    assert e.value.rule == "R-3.1"
    assert e.value.extra["player_id"] == 3


def test_roster_missing_fee_is_only_a_warning() -> None:
    players = roster(4)
    players[0] = kid(1, sex="w", fee=False)
    check = check_roster(K12, players, GREEK, DAY)
    assert [w.rule for w in check.warnings] == ["R-2.3"]


def test_player_on_two_rosters_refused() -> None:
    with pytest.raises(RuleViolation) as e:
        check_roster(K12, roster(4), GREEK, DAY, other_rosters={9: [7, 3]})
    assert e.value.rule == "R-3.1"
    assert e.value.extra == {"player_id": 3, "team_id": 9}
    check_roster(K12, roster(4), GREEK, DAY, other_rosters={9: [7, 8]})


def test_duplicate_player_is_invalid_input() -> None:
    players = roster(4)
    with pytest.raises(InvalidInput):
        check_roster(K12, [*players, players[0]], GREEK, DAY)


# --- deadlines -----------------------------------------------------------------

ROSTER_DL = datetime(2025, 11, 13, 20, 0, tzinfo=ATH)
SUBST_DL = datetime(2025, 11, 14, 14, 0, tzinfo=ATH)
MINUTE = timedelta(minutes=1)


def test_anyone_may_change_until_the_roster_deadline() -> None:
    check_roster_change_allowed(K12, ROSTER_DL, organiser=False)
    check_roster_change_allowed(K12, ROSTER_DL - timedelta(days=3), organiser=False, from_club=1, to_club=2)


def test_manager_refused_after_roster_deadline() -> None:
    with pytest.raises(StateConflict) as e:
        check_roster_change_allowed(K12, ROSTER_DL + MINUTE, organiser=False)
    assert e.value.rule == "R-11.4"
    assert "2025-11-13 20:00" in e.value.detail


def test_organiser_may_substitute_until_substitution_deadline() -> None:
    check_roster_change_allowed(K12, ROSTER_DL + MINUTE, organiser=True)
    check_roster_change_allowed(K12, SUBST_DL, organiser=True, from_club=1, to_club=1)
    with pytest.raises(StateConflict) as e:
        check_roster_change_allowed(K12, SUBST_DL + MINUTE, organiser=True)
    assert e.value.rule == "R-11.5"


def test_move_between_clubs_refused_after_roster_deadline() -> None:
    with pytest.raises(RuleViolation) as e:
        check_roster_change_allowed(K12, ROSTER_DL + MINUTE, organiser=True, from_club=1, to_club=2)
    assert e.value.rule == "R-11.5"


def test_naive_now_is_read_in_tournament_zone() -> None:
    check_roster_change_allowed(K12, datetime(2025, 11, 13, 20, 0), organiser=False)
    with pytest.raises(StateConflict):
        check_roster_change_allowed(K12, datetime(2025, 11, 13, 20, 1), organiser=False)
    # 18:30 UTC is 20:30 in Athens: after the deadline
    with pytest.raises(StateConflict):
        utc = datetime(2025, 11, 13, 18, 30, tzinfo=ZoneInfo("UTC"))
        check_roster_change_allowed(K12, utc, organiser=False)


def test_no_deadlines_never_close() -> None:
    check_roster_change_allowed(fide_default(), datetime(2099, 1, 1, tzinfo=ATH), organiser=False)
