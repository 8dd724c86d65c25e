"""R-14 rules as pure functions: deadlines, fee, committee composition and substitution."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from app.services.appeals import (
    Member,
    check_committee,
    check_deadlines,
    check_fee,
    fee_after,
    sitting_committee,
)
from app.services.errors import DomainError, RuleViolation
from app.services.rules import k12_2025

RULES = k12_2025()
END = datetime(2025, 11, 14, 20, 0, tzinfo=UTC)


def test_deadlines_accept_on_time() -> None:
    check_deadlines(RULES, END, END + timedelta(minutes=10), END + timedelta(minutes=30))


@pytest.mark.parametrize(("announce", "submit"), [(11, 20), (5, 31)])
def test_deadlines_refuse_late(announce: int, submit: int) -> None:
    with pytest.raises(RuleViolation) as exc:
        check_deadlines(RULES, END, END + timedelta(minutes=announce), END + timedelta(minutes=submit))
    assert exc.value.rule == "R-14.1"


def test_late_acceptance_by_the_chief_arbiter() -> None:
    check_deadlines(RULES, END, END + timedelta(hours=1), END + timedelta(hours=2), late_accepted=True)


def test_written_before_announced_is_invalid() -> None:
    with pytest.raises(DomainError):
        check_deadlines(RULES, END, END + timedelta(minutes=5), END + timedelta(minutes=1))


def test_fee() -> None:
    check_fee(RULES, Fraction(100))
    with pytest.raises(RuleViolation) as exc:
        check_fee(RULES, Fraction(50))
    assert exc.value.rule == "R-14.3"
    assert fee_after("upheld") == "returned" and fee_after("rejected") == "kept"


def committee() -> list[Member]:
    return [Member(1, "R1", 10, "regular", 1, chair=True), Member(2, "R2", 20, "regular", 2),
            Member(3, "R3", 30, "regular", 3), Member(4, "A1", 20, "alternate", 1), Member(5, "A2", 40, "alternate", 2),
            Member(6, "A3", 50, "alternate", 3)]


def test_committee_composition() -> None:
    check_committee(RULES, committee())
    with pytest.raises(RuleViolation):
        check_committee(RULES, committee()[:2] + committee()[3:])
    with pytest.raises(RuleViolation):
        check_committee(RULES, committee()[:4])


def test_regular_committee_sits_when_no_conflict() -> None:
    s = sitting_committee(RULES, committee(), {99})
    assert [m.name for m in s.members] == ["R1", "R2", "R3"] and s.complete


def test_conflicted_members_replaced_by_free_alternates_in_order() -> None:
    s = sitting_committee(RULES, committee(), {20, 30})
    # R2 (club 20) and R3 (club 30) go; A1 is from club 20 too, so A2 and A3 sit
    assert [m.name for m in s.members] == ["R1", "A2", "A3"] and s.complete
    assert {m.name for m in s.excluded} == {"R2", "R3", "A1"}


def test_too_few_free_members_is_reported() -> None:
    s = sitting_committee(RULES, committee(), {10, 20, 30, 40})
    assert not s.complete and "name more" in str(s.message) and [m.name for m in s.members] == ["A3"]
