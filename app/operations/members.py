"""Roles in a tournament: its organisers, chief arbiters, arbiters and team managers (memberships)."""

from __future__ import annotations

from datetime import date

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import Membership, Team, User
from app.operations import audit
from app.operations.repository import get_or_404, load_tournament, paginate
from app.operations.teams import check_one_manager
from app.schemas.accounts import MembershipCreate
from app.services.eligibility import check_manager_adult
from app.services.errors import InvalidInput, NotFound, StateConflict


def list_members(session: Session, tournament_id: int, limit: int, offset: int) -> tuple[list[Membership], int]:
    """One page of the tournament's memberships, oldest first, and how many it has."""
    load_tournament(session, tournament_id)
    stmt = select(Membership).where(Membership.tournament_id == tournament_id).order_by(col(Membership.id))
    return paginate(session, stmt, limit, offset)


def add_member(session: Session, tournament_id: int, body: MembershipCreate, by: Principal | None) -> Membership:
    """Give a user a role in the tournament; a manager manages one of its teams and is an adult (R-16.2)."""
    load_tournament(session, tournament_id)
    user = get_or_404(session, User, body.user_id, "user")
    if body.role == "manager":
        if body.team_id is None:
            raise InvalidInput("R-16.2", "a manager role names the team it manages")
        team = get_or_404(session, Team, body.team_id, "team")
        if team.tournament_id != tournament_id:
            raise InvalidInput("R-16.2", "the team is not in this tournament")
        check_manager_adult(user.birth_date, date.today())
        check_one_manager(session, tournament_id, team, user.id or 0)
    elif body.team_id is not None:
        raise InvalidInput(None, "the {role} role is for the whole tournament, not one team",
                           params={"role": body.role})
    if session.exec(select(Membership).where(Membership.user_id == body.user_id,
                                             Membership.tournament_id == tournament_id,
                                             Membership.role == body.role,
                                             Membership.team_id == body.team_id)).first():
        raise StateConflict(None, "the user has this role already")
    m = Membership(user_id=body.user_id, tournament_id=tournament_id, role=body.role, team_id=body.team_id)
    session.add(m)
    try:
        session.flush()
    except IntegrityError:  # the same role given twice at once: the unique constraint decides
        raise StateConflict(None, "the user has this role already") from None
    audit.record(session, by, "create", "membership", m.id, tournament_id=tournament_id, after=m)
    return m


def remove_member(session: Session, tournament_id: int, membership_id: int, by: Principal | None) -> None:
    """Take a role away."""
    m = get_or_404(session, Membership, membership_id, "membership")
    if m.tournament_id != tournament_id:
        raise NotFound(None, "no membership {membership_id} in this tournament",
                       params={"membership_id": membership_id})
    audit.record(session, by, "delete", "membership", m.id, tournament_id=tournament_id, before=m)
    session.delete(m)
