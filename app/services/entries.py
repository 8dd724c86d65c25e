"""Team entries: the per-club cap, the entry deadline, the 40 places and the waiting list.

Rules enforced (the clauses of the tournament regulations):

- **R-2.2** a club enters at most ``rules.max_teams_per_club`` teams. Every entry that has
  not been withdrawn counts (entered, waitlisted, and expelled ones: the club did enter them).
- **R-11.1** entries close at ``rules.entry_deadline`` (inclusive); after it only the
  organiser may add one (``override``).
- **R-11.2** at most ``rules.max_teams`` teams, accepted strictly in order of submission;
  later entries wait on a list and move up, in order, when an entered team withdraws
  before round 1. Once round 1 is paired nobody moves up.
- **R-11.3** an entry is valid only when the form is complete and the fee
  (``rules.entry_fee``, R-10.1) is paid in full; only valid entries take a place.

Interpretation (documented, tested): R-11.3 says an entry without the fee "is not valid",
so an entry only competes for a place once it is valid. A team already ENTERED keeps its
place while its entry stays valid, even if an entry submitted earlier becomes valid later
(it moves to the head of the waiting list instead): nobody is told "you are in" and then
bumped. Free places go to valid waiting entries in order of submission (ties by team id).
An ENTERED team whose entry stops being valid (a payment record corrected) returns to the
waiting list. If ``max_teams`` is lowered, the latest-submitted entered teams go back first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from app.services.errors import InvalidInput, RuleViolation, StateConflict
from app.services.rules import Rules
from app.services.tournament import TeamStatus

__all__ = ["EntryInfo", "is_valid", "entry_problems", "check_new_entry", "place_entries", "waiting_list"]

_ACTIVE = (TeamStatus.ENTERED, TeamStatus.WAITLISTED)


@dataclass(frozen=True)
class EntryInfo:
    """One team's entry as the organiser recorded it."""

    team_id: int
    club_id: int | None
    submitted_at: datetime
    form_complete: bool = False
    fee_paid: Fraction = Fraction(0)  # amount recorded so far
    status: TeamStatus = TeamStatus.WAITLISTED


def entry_problems(rules: Rules, entry: EntryInfo) -> tuple[str, ...]:
    """Why an entry is not (yet) valid under R-11.3; empty when it is valid."""
    problems: list[str] = []
    if not entry.form_complete:
        problems.append("the entry form is not complete")
    if entry.fee_paid < rules.entry_fee:
        problems.append(f"the entry fee is {rules.entry_fee} and {entry.fee_paid} has been recorded")
    return tuple(problems)


def is_valid(rules: Rules, entry: EntryInfo) -> bool:
    """R-11.3: form complete and fee paid in full."""
    return not entry_problems(rules, entry)


def _aware(rules: Rules, dt: datetime) -> datetime:
    """A naive time is read in the tournament's own zone (R-6)."""
    return dt.replace(tzinfo=rules.zone) if dt.tzinfo is None else dt


def check_new_entry(
    rules: Rules,
    club_id: int | None,
    existing: Sequence[EntryInfo],
    now: datetime,
    override: bool = False,
) -> None:
    """May ``club_id`` enter one more team now? (R-11.1, R-2.2)

    ``existing`` are the tournament's entries so far (any club). ``override`` is the
    organiser accepting a late entry; it does not lift the per-club cap. A team with no
    club (``club_id`` None) has no cap. A naive ``now`` is read in the tournament's zone.
    """
    deadline = rules.entry_deadline
    if deadline is not None and not override and _aware(rules, now) > _aware(rules, deadline):
        raise StateConflict(
            "R-11.1",
            "entries closed at {closed:%Y-%m-%d %H:%M} ({time_zone}); only the organiser may accept a late entry",
            params={"closed": deadline.astimezone(rules.zone), "time_zone": rules.time_zone},
            deadline=deadline.isoformat(),
        )
    if club_id is None:
        return
    count = sum(1 for e in existing if e.club_id == club_id and e.status is not TeamStatus.WITHDRAWN)
    if count >= rules.max_teams_per_club:
        raise RuleViolation(
            "R-2.2",
            "a club may enter at most {max_teams_per_club} teams and this club has {count}",
            params={"max_teams_per_club": rules.max_teams_per_club, "count": count},
            club_id=club_id,
            teams=count,
        )


def _order(rules: Rules, entries: Iterable[EntryInfo]) -> list[EntryInfo]:
    """Submission order, ties by team id (naive times read in the tournament's zone)."""
    return sorted(entries, key=lambda e: (_aware(rules, e.submitted_at), e.team_id))


def place_entries(rules: Rules, entries: Sequence[EntryInfo], round1_paired: bool) -> dict[int, TeamStatus]:
    """The status every team should have now (R-11.2, R-11.3); see the module doc.

    Withdrawn and expelled teams keep their status. After round 1 is paired every
    status stays as it is (nobody moves up).
    """
    ids = [e.team_id for e in entries]
    if len(ids) != len(set(ids)):
        raise InvalidInput("R-11.2", "a team appears twice among the entries")
    result = {e.team_id: e.status for e in entries}
    if round1_paired:
        return result
    active = _order(rules, (e for e in entries if e.status in _ACTIVE))
    keep = [e for e in active if e.status is TeamStatus.ENTERED and is_valid(rules, e)][: rules.max_teams]
    kept = {e.team_id for e in keep}
    free = rules.max_teams - len(keep)
    for e in active:
        if e.team_id in kept:
            result[e.team_id] = TeamStatus.ENTERED
        elif free > 0 and is_valid(rules, e):
            result[e.team_id] = TeamStatus.ENTERED
            free -= 1
        else:
            result[e.team_id] = TeamStatus.WAITLISTED
    return result


def waiting_list(rules: Rules, entries: Sequence[EntryInfo]) -> tuple[int, ...]:
    """Waiting team ids in the order they would move up: valid entries first, by submission;
    then entries not yet valid, by submission."""
    waiting = _order(rules, (e for e in entries if e.status is TeamStatus.WAITLISTED))
    return tuple(e.team_id for e in waiting if is_valid(rules, e)) + tuple(
        e.team_id for e in waiting if not is_valid(rules, e)
    )
