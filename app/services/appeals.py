"""Appeals and the appeals committee (R-14, R-16.2.2), as pure rules.

- R-14.1: an appeal is announced within ``appeal_announce_minutes`` (10) of the end of
  the game and submitted in writing within ``appeal_submit_minutes`` (30); the chief
  arbiter may accept a late one (the caller records and audits that).
- R-14.3: the fee (``appeal_fee``, €100) is paid with the appeal; returned when the appeal
  is upheld, kept otherwise.
- R-14.4: the committee has ``committee_regular`` (3) regular members and at least
  ``committee_alternates`` (2) alternates, named before round 1. For each appeal, a
  regular member from a club involved in the appeal is replaced by the first alternate
  (in their order) who is not from an involved club; if too few remain, the sitting
  committee is incomplete and the organiser must name more.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

from app.services.errors import InvalidInput, RuleViolation, Text
from app.services.rules import Rules

DECISIONS = ("upheld", "rejected")
#: an appeal's status in words (translated with the refusal that says it)
STATUS_WORDS = {"open": Text("open"), "upheld": Text("upheld"), "rejected": Text("rejected")}


def check_deadlines(rules: Rules, game_ended_at: datetime, announced_at: datetime, submitted_at: datetime,
                    *, late_accepted: bool = False) -> None:
    """R-14.1: refuse an appeal announced or submitted too late, unless accepted late by the chief arbiter."""
    if submitted_at < announced_at:
        raise InvalidInput("R-14.1", "the written appeal cannot come before it was announced")
    if late_accepted:
        return
    announce = timedelta(minutes=rules.appeal_announce_minutes)
    submit = timedelta(minutes=rules.appeal_submit_minutes)
    if announced_at - game_ended_at > announce:
        late = announced_at - game_ended_at - announce
        raise RuleViolation("R-14.1", "the appeal was announced {minutes} too late: it must be announced within "
                            "{appeal_announce_minutes} minutes of the end of the game",
                            params={"minutes": _minutes(late),
                                    "appeal_announce_minutes": rules.appeal_announce_minutes},
                            deadline=(game_ended_at + announce).isoformat())
    if submitted_at - game_ended_at > submit:
        late = submitted_at - game_ended_at - submit
        raise RuleViolation("R-14.1", "the written appeal came {minutes} too late: it must be submitted within "
                            "{appeal_submit_minutes} minutes of the end of the game",
                            params={"minutes": _minutes(late), "appeal_submit_minutes": rules.appeal_submit_minutes},
                            deadline=(game_ended_at + submit).isoformat())


def _minutes(delta: timedelta) -> str:
    secs = int(delta.total_seconds())
    return f"{secs // 60} min {secs % 60} s" if secs % 60 else f"{secs // 60} min"


def check_fee(rules: Rules, paid: Fraction) -> None:
    """R-14.3: the appeal comes with its fee."""
    if paid < rules.appeal_fee:
        raise RuleViolation("R-14.3", "an appeal needs the fee of €{appeal_fee} (paid: €{paid})",
                            params={"appeal_fee": rules.appeal_fee, "paid": paid},
                            fee=str(rules.appeal_fee))


def fee_after(decision: str) -> str:
    """R-14.3: returned if the appeal is upheld, kept otherwise."""
    if decision not in DECISIONS:
        raise InvalidInput("R-14.3", "a decision is one of {decisions}",
                           params={"decisions": ', '.join(DECISIONS)})
    return "returned" if decision == "upheld" else "kept"


@dataclass(frozen=True)
class Member:
    id: int
    name: str
    club_id: int | None
    kind: str  # regular | alternate
    position: int
    chair: bool = False


@dataclass(frozen=True)
class SittingCommittee:
    members: tuple[Member, ...]
    excluded: tuple[Member, ...]  # regulars (and alternates) from an involved club
    complete: bool
    message: Text


def check_committee(rules: Rules, members: Sequence[Member]) -> None:
    """R-14.4: exactly ``committee_regular`` regulars and at least ``committee_alternates`` alternates."""
    regular = [m for m in members if m.kind == "regular"]
    alternates = [m for m in members if m.kind == "alternate"]
    if any(m.kind not in ("regular", "alternate") for m in members):
        raise InvalidInput("R-14.4", "a committee member is regular or alternate")
    if len(regular) != rules.committee_regular:
        raise RuleViolation("R-14.4", "the committee has {committee_regular} regular members ({n_regular} named)",
                            params={"committee_regular": rules.committee_regular, "n_regular": len(regular)})
    if len(alternates) < rules.committee_alternates:
        raise RuleViolation("R-14.4", "the committee needs at least {committee_alternates} alternates "
                            "({n_alternates} named)",
                            params={"committee_alternates": rules.committee_alternates,
                                    "n_alternates": len(alternates)})
    if sum(1 for m in members if m.chair) > 1:
        raise InvalidInput("R-14.4", "the committee has one chair")


def sitting_committee(rules: Rules, members: Sequence[Member], involved_clubs: Collection[int]) -> SittingCommittee:
    """The members who decide an appeal involving ``involved_clubs`` (R-14.4)."""
    involved = set(involved_clubs)
    regular = sorted((m for m in members if m.kind == "regular"), key=lambda m: m.position)
    alternates = sorted((m for m in members if m.kind == "alternate"), key=lambda m: m.position)
    excluded = tuple(m for m in regular + alternates if m.club_id is not None and m.club_id in involved)
    sitting = [m for m in regular if m not in excluded]
    free_alternates = [m for m in alternates if m not in excluded]
    while len(sitting) < rules.committee_regular and free_alternates:
        sitting.append(free_alternates.pop(0))
    complete = len(sitting) == rules.committee_regular
    if complete:
        replaced = [m for m in regular if m in excluded]
        message = (Text("the regular committee sits") if not replaced else
                   Text("replaced by alternates: {names} (club involved)",
                        {"names": ", ".join(m.name for m in replaced)}))
    else:
        message = Text("only {sitting} of {regular} members are free of the clubs involved: the organiser must "
                       "name more alternates (R-14.4)", {"sitting": len(sitting), "regular": rules.committee_regular})
    return SittingCommittee(tuple(sitting), excluded, complete, message)
