"""The tournament's time zone (R-6): an unknown zone is refused; the default zone is loaded where it is used.

``zoneinfo`` is imported at the first use of a zone, not with the rules (a file command that reads no dates
never needs it; see ``app.cli.program``)."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.services.errors import InvalidInput
from app.services.rules import DEFAULT_TIME_ZONE, Rules, fide_default, k12_2025


def test_an_unknown_time_zone_is_refused() -> None:
    with pytest.raises(InvalidInput) as err:
        Rules(time_zone="Nowhere/Atlantis")
    assert "time_zone" in str(err.value)
    assert fide_default().replace(time_zone="Europe/Berlin").zone.key == "Europe/Berlin"


def test_the_default_time_zone_is_athens_and_reads_local_times() -> None:
    rules = Rules()
    assert rules.time_zone == DEFAULT_TIME_ZONE == "Europe/Athens"
    noon = datetime(2026, 7, 1, 12, 0, tzinfo=rules.zone)
    assert noon.utcoffset() is not None and noon.utcoffset().total_seconds() == 3 * 3600  # EEST in July
    assert all(d.tzinfo is not None and d.tzinfo.key == DEFAULT_TIME_ZONE for d in k12_2025().round_starts)
