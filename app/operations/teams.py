"""Team use cases: entering a team, the entry queue (R-11.2, R-11.3), status changes (R-7.4) and the
one-manager rule (R-16.2). Payments are :mod:`app.operations.payments`, rosters :mod:`app.operations.rosters`."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

import sqlalchemy
from sqlalchemy import bindparam
from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import Club, Membership, Payment, Round, Team, Tournament, User
from app.models.base import table_of
from app.operations import audit
from app.operations.reads.teams import team_read
from app.operations.repository import (
    TEAM_BY_ID,
    by_id,
    fee_sum,
    fees_paid,
    get_or_404,
    get_team,
    load_tournament,
    paginate,
    rules_of,
)
from app.schemas.teams import TeamCreate, TeamRead, TeamUpdate
from app.services.eligibility import check_manager_adult
from app.services.entries import EntryInfo, check_new_entry, place_entries
from app.services.errors import StateConflict
from app.services.lifecycle import PENDING
from app.services.rules import Rules
from app.services.tournament import TeamStatus

_TM = table_of(Team)
_PAY = table_of(Payment)
_RD = table_of(Round)
#: What the entry rules read of every team of a tournament, as rows (a payment or an entry reads them all): a row
#: per payment (one with no amount for a team without any), summed by :func:`fee_sum`, in the one query.
_ENTRIES = sqlalchemy.select(_TM.c.id, _TM.c.club_id, _TM.c.entered_at, _TM.c.form_complete, _TM.c.status,
                             _PAY.c.amount).select_from(_TM.outerjoin(_PAY, _PAY.c.team_id == _TM.c.id)).where(
    _TM.c.tournament_id == bindparam("tid")).order_by(_TM.c.id, _PAY.c.id)
_ROUND1 = sqlalchemy.select(_RD.c.state).where(_RD.c.tournament_id == bindparam("tid"), _RD.c.number == 1)


def round1_paired(session: Session, tournament_id: int) -> bool:
    session.flush()  # read as rows: the session's own changes first
    state = session.connection().execute(_ROUND1, {"tid": tournament_id}).scalar()
    return state is not None and state != PENDING


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
        raise StateConflict("R-16.2", "{name} has a manager already; a team has one manager",
                            params={"name": team.name})
    for m in ms:
        if m.user_id == user_id and m.team_id != team.id:
            other = session.get(Team, m.team_id)
            if other is not None and other.club_id != team.club_id:
                raise StateConflict("R-16.2", "a manager of several teams must manage teams of one club only")


def _name_taken(session: Session, tournament_id: int, name: str) -> bool:
    return session.exec(select(Team).where(Team.tournament_id == tournament_id, Team.name == name)).first() is not None


def create_team(session: Session, tournament_id: int, body: TeamCreate, principal: Principal, *,
                staff: bool) -> TeamRead:
    """Enter a team (R-11.1, R-11.2, R-2.2): it waits until :func:`reseat` gives it a place. A user who is no
    official (``staff`` false) becomes its manager, an adult (R-16.2). The caller checked the rights to enter
    it for this club and to set ``entered_at`` or override the deadline."""
    t = load_tournament(session, tournament_id, for_update=True)
    rules = rules_of(t)
    club = get_or_404(session, Club, body.club_id, "club")
    if _name_taken(session, tournament_id, body.name):
        raise StateConflict("R-2.2", "a team named {name!r} is already entered",
                            params={"name": body.name})
    now = datetime.now(UTC)
    if not staff:
        user = session.get(User, principal.user_id)
        check_manager_adult(user.birth_date if user else None, now.date())
    check_new_entry(rules, club.id or 0, entry_infos(session, tournament_id), now, override=body.override_deadline)
    team = Team(tournament_id=tournament_id, club_id=club.id or 0, name=body.name, nickname=body.nickname,
                form_complete=body.form_complete, entered_at=body.entered_at or now, status="waitlisted")
    session.add(team)
    session.flush()
    audit.record(session, principal, "create", "team", team.id, tournament_id=tournament_id, after=team)
    if body.override_deadline:
        audit.record(session, principal, "override", "team", team.id, tournament_id=tournament_id,
                     after={"override": "R-11.1 entry deadline"}, reason=body.reason)
    if not staff:
        check_one_manager(session, tournament_id, team, principal.user_id)
        session.add(Membership(user_id=principal.user_id, tournament_id=tournament_id, role="manager",
                               team_id=team.id))
    reseat(session, t, rules, principal)
    return team_read(session, team, principal, club, fees={team.id or 0: fee_sum([])})  # nothing paid yet


def list_teams(session: Session, tournament_id: int, principal: Principal | None, status: str | None,
               limit: int, offset: int) -> tuple[list[TeamRead], int]:
    """One page of the tournament's teams in entry order (``status``: only those), and how many there are."""
    load_tournament(session, tournament_id)
    stmt = select(Team).where(Team.tournament_id == tournament_id).order_by(col(Team.entered_at), col(Team.id))
    if status:
        stmt = stmt.where(Team.status == status)
    items, total = paginate(session, stmt, limit, offset)
    fees = fees_paid(session, [tm.id or 0 for tm in items]) if principal is not None else {}
    return [team_read(session, tm, principal, fees=fees) for tm in items], total


def read_team(session: Session, tournament_id: int, team_id: int, principal: Principal | None) -> TeamRead:
    return team_read(session, get_team(session, tournament_id, team_id), principal)


def update_team(session: Session, tournament_id: int, team_id: int, body: TeamUpdate,
                principal: Principal) -> TeamRead:
    """Rename a team, withdraw, expel or reinstate it (R-7.4; the caller checked who may set which status).
    A reinstated team waits for a place again while round 1 is unpaired (R-11.2)."""
    changes = body.model_dump(exclude_unset=True, exclude={"reason"})
    new_status = changes.pop("status", None)
    t = load_tournament(session, tournament_id, for_update=True)
    team = get_team(session, tournament_id, team_id)
    if new_status == "entered" and team.status not in ("expelled", "withdrawn"):
        raise StateConflict("R-7.4", "only a withdrawn or expelled team can be reinstated")
    if "name" in changes and changes["name"] != team.name and _name_taken(session, tournament_id, changes["name"]):
        raise StateConflict(None, "a team named {name!r} exists",
                            params={"name": changes['name']})
    before = audit.snapshot(team)
    for k, v in changes.items():
        setattr(team, k, v)
    if new_status is not None and new_status != team.status:
        team.status = new_status
        team.withdrawn_at = datetime.now(UTC) if new_status == "withdrawn" else team.withdrawn_at
    session.add(team)
    audit.record(session, principal, "update", "team", team.id, tournament_id=tournament_id, before=before,
                 after=team, reason=body.reason)
    if new_status == "entered" and not round1_paired(session, tournament_id):
        team.status = "waitlisted"  # re-enters the queue at its submission time
    session.flush()
    reseat(session, t, rules_of(t), principal)
    return team_read(session, team, principal)
