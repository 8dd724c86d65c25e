"""A preset's calendar moved to another first day keeps its local times, across a change of summer time."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from app.services.rules import k12_2025, move_schedule

ATHENS = ZoneInfo("Europe/Athens")


def test_moving_keeps_the_wall_clock_across_summer_time() -> None:
    moved = move_schedule(k12_2025(), date(2026, 6, 12))  # November (EET) -> June (EEST)
    assert moved.start_date == date(2026, 6, 12)
    first = moved.round_starts[0]
    assert first.astimezone(ATHENS).replace(tzinfo=None) == datetime(2026, 6, 12, 16, 30)
    assert first.utcoffset() is not None and first.utcoffset().total_seconds() == 3 * 3600
    assert moved.entry_deadline is not None
    assert moved.entry_deadline.astimezone(ATHENS).replace(tzinfo=None) == datetime(2026, 6, 9, 22, 0)
    assert [d.date() for d in moved.round_starts] == [date(2026, 6, 12)] * 2 + [date(2026, 6, 13)] * 3 + [
        date(2026, 6, 14)] * 2
    assert moved.born_on_or_after == k12_2025().born_on_or_after  # only the calendar moves


def test_a_rules_set_without_a_start_date_just_gets_one() -> None:
    from app.services.rules import fide_default

    moved = move_schedule(fide_default(), date(2027, 1, 1))
    assert moved.start_date == date(2027, 1, 1) and moved.round_starts == ()
