"""Team use cases: the entry queue (R-11.2, R-11.3) and the one-manager rule (R-16.2)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from sqlalchemy import bindparam
from sqlmodel import Session, select

from app.auth.principal import Principal
from app.models import Membership, Payment, Round, Team, Tournament
from app.operations import audit
from app.operations.repository import TEAM_BY_ID, by_id, fee_sum
from app.services.entries import EntryInfo, place_entries
from app.services.errors import StateConflict
from app.services.rules import Rules
from app.services.tournament import TeamStatus

_TM = Team.__table__  # type: ignore[attr-defined]
_PAY = Payment.__table__  # type: ignore[attr-defined]
_RD = Round.__table__  # type: ignore[attr-defined]
#: What the entry rules read of every team of a tournament, as rows (a payment or an entry reads them all): a row
#: per payment (one with no amount for a team without any), summed by :func:`fee_sum`, in the one query.
_ENTRIES = select(_TM.c.id, _TM.c.club_id, _TM.c.entered_at, _TM.c.form_complete, _TM.c.status, _PAY.c.amount
                  ).select_from(_TM.outerjoin(_PAY, _PAY.c.team_id == _TM.c.id)).where(
    _TM.c.tournament_id == bindparam("tid")).order_by(_TM.c.id, _PAY.c.id)
_ROUND1 = select(_RD.c.state).where(_RD.c.tournament_id == bindparam("tid"), _RD.c.number == 1)


def round1_paired(session: Session, tournament_id: int) -> bool:
    session.flush()  # read as rows: the session's own changes first
    state = session.connection().execute(_ROUND1, {"tid": tournament_id}).scalar()
    return state is not None and state != "pending"


def entry_infos(session: Session, tournament_id: int) -> list[EntryInfo]:
    session.flush()  # read as rows: the session's own changes first
    teams: dict[int, tuple[Any, ...]] = {}
    amounts: dict[int, list[Decimal | None]] = {}
    for *team, amount in session.connection().execute(_ENTRIES, {"tid": tournament_id}):
        teams.setdefault(team[0], tuple(team))
        amounts.setdefault(team[0], []).append(amount)
    return [
        EntryInfo(team_id=tid, club_id=club_id, submitted_at=entered_at, form_complete=form_complete,
                  fee_paid=Fraction(fee_sum(amounts[tid])), status=TeamStatus(status))
        for tid, club_id, entered_at, form_complete, status in teams.values()
    ]


def reseat(session: Session, t: Tournament, rules: Rules, principal: Principal | None) -> None:
    """Apply R-11.2/R-11.3: the first ``max_teams`` valid entries are entered, the rest wait in order.

    The teams are read as rows; only a team whose status changes is loaded as an object (changed and audited)."""
    infos = entry_infos(session, t.id or 0)
    placed = place_entries(rules, infos, round1_paired(session, t.id or 0))
    for info in infos:
        new = placed.get(info.team_id)
        if new is None or new == info.status:
            continue
        tm = by_id(session, Team, TEAM_BY_ID, info.team_id)
        if tm is None or new.value == tm.status:
            continue
        before = audit.snapshot(tm)
        tm.status = new.value
        session.add(tm)
        audit.record(session, principal, "status", "team", tm.id, tournament_id=t.id, before=before, after=tm,
                     reason="R-11.2 entry order")


def check_one_manager(session: Session, tournament_id: int, team: Team, user_id: int) -> None:
    """R-16.2: one manager per team; a club official may manage several teams of the same club."""
    ms = session.exec(select(Membership).where(Membership.tournament_id == tournament_id,
                                               Membership.role == "manager")).all()
    if any(m.team_id == team.id and m.user_id != user_id for m in ms):
        raise StateConflict("R-16.2", f"{team.name} has a manager already; a team has one manager")
    for m in ms:
        if m.user_id == user_id and m.team_id != team.id:
            other = session.get(Team, m.team_id)
            if other is not None and other.club_id != team.club_id:
                raise StateConflict("R-16.2", "a manager of several teams must manage teams of one club only")
