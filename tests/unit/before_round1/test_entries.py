"""R-2.2 per-club cap, R-11.1 deadline, R-11.2 places in submission order and waiting list, R-11.3 validity."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from fractions import Fraction
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.services.entries import (
    EntryInfo,
    check_new_entry,
    entry_problems,
    is_valid,
    place_entries,
    waiting_list,
)
from app.services.errors import InvalidInput, RuleViolation, StateConflict
from app.services.rules import k12_2025
from app.services.tournament import TeamStatus

ATH = ZoneInfo("Europe/Athens")
K12 = k12_2025()
SMALL = K12.replace(max_teams=3)
T0 = datetime(2025, 11, 1, 12, 0, tzinfo=ATH)
E, W, X, Y = TeamStatus.ENTERED, TeamStatus.WAITLISTED, TeamStatus.WITHDRAWN, TeamStatus.EXPELLED


def entry(tid: int, minute: int, *, club: int | None = 1, form: bool = True, fee: int = 36,
          status: TeamStatus = W) -> EntryInfo:
    return EntryInfo(tid, club, T0 + timedelta(minutes=minute), form, Fraction(fee), status)


# --- R-11.3 ------------------------------------------------------------------------------------


def test_valid_needs_form_and_full_fee() -> None:
    assert is_valid(K12, entry(1, 0))
    assert not is_valid(K12, entry(1, 0, form=False))
    assert not is_valid(K12, entry(1, 0, fee=35))
    assert entry_problems(K12, entry(1, 0, form=False, fee=20)) == (
        "the entry form is not complete",
        "the entry fee is 36 and 20 has been recorded",
    )
    assert is_valid(K12, EntryInfo(1, 1, T0, True, Fraction(73, 2)))  # overpaid is fine


# --- R-11.1 / R-2.2 ----------------------------------------------------------------------------

DEADLINE = datetime(2025, 11, 11, 22, 0, tzinfo=ATH)


def test_entry_until_the_deadline() -> None:
    check_new_entry(K12, 1, [], DEADLINE)
    with pytest.raises(StateConflict) as e:
        check_new_entry(K12, 1, [], DEADLINE + timedelta(seconds=1))
    assert e.value.rule == "R-11.1"
    assert "2025-11-11 22:00" in e.value.detail


def test_organiser_override_accepts_late_entry() -> None:
    check_new_entry(K12, 1, [], DEADLINE + timedelta(days=1), override=True)


def test_naive_now_is_local_time() -> None:
    check_new_entry(K12, 1, [], datetime(2025, 11, 11, 22, 0))
    with pytest.raises(StateConflict):
        check_new_entry(K12, 1, [], datetime(2025, 11, 11, 22, 1))


def test_at_most_four_teams_per_club() -> None:
    existing = [entry(i, i, club=1, status=s) for i, s in enumerate([E, E, W, Y], start=1)]
    existing.append(entry(9, 9, club=2))
    with pytest.raises(RuleViolation) as e:
        check_new_entry(K12, 1, existing, T0)
    assert e.value.rule == "R-2.2"
    assert e.value.extra == {"club_id": 1, "teams": 4}
    with pytest.raises(RuleViolation):  # the override is for the deadline only
        check_new_entry(K12, 1, existing, T0, override=True)
    check_new_entry(K12, 2, existing, T0)


def test_withdrawn_team_frees_a_club_slot() -> None:
    existing = [entry(i, i, club=1, status=s) for i, s in enumerate([E, E, W, X], start=1)]
    check_new_entry(K12, 1, existing, T0)


def test_team_without_club_has_no_cap() -> None:
    check_new_entry(K12, None, [entry(i, i, club=None) for i in range(10)], T0)


# --- places and waiting list ------------------------------------------------------------


def test_first_valid_entries_in_submission_order_take_the_places() -> None:
    entries = [entry(5, 4), entry(1, 0), entry(2, 1, fee=0), entry(3, 2), entry(4, 3)]
    assert place_entries(SMALL, entries, round1_paired=False) == {1: E, 2: W, 3: E, 4: E, 5: W}


def test_same_second_broken_by_team_id() -> None:
    entries = [entry(8, 0), entry(7, 0), entry(9, 0), entry(6, 0)]
    assert place_entries(SMALL, entries, False) == {6: E, 7: E, 8: E, 9: W}


def test_waitlisted_move_up_in_order_when_entered_withdraws() -> None:
    entries = [entry(1, 0, status=E), entry(2, 1, status=X), entry(3, 2, status=E),
               entry(4, 3, status=W), entry(5, 4, status=W)]
    assert place_entries(SMALL, entries, False) == {1: E, 2: X, 3: E, 4: E, 5: W}


def test_nobody_moves_up_after_round_one_is_paired() -> None:
    entries = [entry(1, 0, status=E), entry(2, 1, status=X), entry(3, 2, status=E), entry(4, 3, status=W)]
    assert place_entries(SMALL, entries, True) == {1: E, 2: X, 3: E, 4: W}


def test_entered_team_is_not_bumped_by_an_earlier_entry_paying_late() -> None:
    entries = [entry(1, 0, status=W), entry(2, 1, status=E), entry(3, 2, status=E), entry(4, 3, status=E)]
    # team 1 submitted first but paid only now: it heads the waiting list
    assert place_entries(SMALL, entries, False) == {1: W, 2: E, 3: E, 4: E}
    assert waiting_list(SMALL, entries) == (1,)


def test_entered_team_whose_entry_is_no_longer_valid_returns_to_the_list() -> None:
    entries = [entry(1, 0, status=E, fee=0), entry(2, 1, status=W)]
    assert place_entries(SMALL, entries, False) == {1: W, 2: E}


def test_lowering_max_teams_sends_the_latest_back() -> None:
    entries = [entry(i, i, status=E) for i in range(1, 6)]
    assert place_entries(SMALL, entries, False) == {1: E, 2: E, 3: E, 4: W, 5: W}


def test_expelled_and_withdrawn_stay() -> None:
    entries = [entry(1, 0, status=Y), entry(2, 1, status=X)]
    assert place_entries(SMALL, entries, False) == {1: Y, 2: X}


def test_forty_places_for_k12() -> None:
    entries = [entry(i, i, club=i) for i in range(1, 46)]
    placed = place_entries(K12, entries, False)
    assert [t for t, s in placed.items() if s is E] == list(range(1, 41))
    assert waiting_list(K12, [entry(t, t, status=s) for t, s in placed.items()]) == (41, 42, 43, 44, 45)


def test_waiting_list_valid_before_not_yet_valid() -> None:
    entries = [entry(1, 0, fee=0), entry(2, 1), entry(3, 2, form=False), entry(4, 3)]
    assert waiting_list(K12, entries) == (2, 4, 1, 3)


def test_naive_and_aware_submission_times_mix() -> None:
    # 10:00 naive is Athens time = 08:00 UTC, after 07:30 UTC
    entries = [EntryInfo(1, 1, datetime(2025, 11, 1, 10, 0), True, Fraction(36)),
               EntryInfo(2, 1, datetime(2025, 11, 1, 7, 30, tzinfo=ZoneInfo("UTC")), True, Fraction(36))]
    assert place_entries(K12.replace(max_teams=1), entries, False) == {1: W, 2: E}


def test_duplicate_team_is_invalid_input() -> None:
    with pytest.raises(InvalidInput):
        place_entries(K12, [entry(1, 0), entry(1, 1)], False)


entries_st = st.lists(
    st.builds(
        EntryInfo,
        team_id=st.integers(1, 60),
        club_id=st.integers(1, 5),
        submitted_at=st.integers(0, 30).map(lambda m: T0 + timedelta(minutes=m)),
        form_complete=st.booleans(),
        fee_paid=st.sampled_from([Fraction(0), Fraction(18), Fraction(36)]),
        status=st.sampled_from(list(TeamStatus)),
    ),
    max_size=12,
    unique_by=lambda e: e.team_id,
)


@given(entries_st, st.integers(1, 6))
def test_placement_invariants(entries: list[EntryInfo], cap: int) -> None:
    rules = K12.replace(max_teams=cap)
    placed = place_entries(rules, entries, round1_paired=False)
    by_id = {e.team_id: e for e in entries}
    entered = [t for t, s in placed.items() if s is E]
    assert len(entered) <= cap
    assert all(is_valid(rules, by_id[t]) for t in entered)
    for e in entries:
        if e.status in (X, Y):
            assert placed[e.team_id] is e.status
    valid_waiting = [t for t, s in placed.items() if s is W and is_valid(rules, by_id[t])]
    assert len(entered) == cap or not valid_waiting
    # a second pass changes nothing (the placement is a fixed point)
    again = [replace(e, status=placed[e.team_id]) for e in entries]
    assert place_entries(rules, again, round1_paired=False) == placed
    # after round 1 is paired, nothing moves
    assert place_entries(rules, entries, round1_paired=True) == {e.team_id: e.status for e in entries}
