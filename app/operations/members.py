"""Roles in a tournament: its organisers, chief arbiters, arbiters and team managers (memberships)."""

from __future__ import annotations

from datetime import date

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import Membership, Team, User
from app.operations import accounts, audit
from app.operations.repository import get_or_404, load_tournament, paginate
from app.operations.teams import check_one_manager
from app.schemas.accounts import MemberRead, MembershipCreate, UserCreate
from app.services.eligibility import check_manager_adult
from app.services.errors import InvalidInput, NotFound, StateConflict


def member_read(m: Membership, user: User) -> MemberRead:
    return MemberRead(id=m.id or 0, user_id=m.user_id, tournament_id=m.tournament_id, role=m.role, team_id=m.team_id,
                      username=user.username, full_name=user.full_name, birth_date_known=user.birth_date is not None)


def list_members(session: Session, tournament_id: int, limit: int, offset: int) -> tuple[list[MemberRead], int]:
    """One page of the tournament's memberships with who holds each, oldest first, and how many it has."""
    load_tournament(session, tournament_id)
    stmt = select(Membership).where(Membership.tournament_id == tournament_id).order_by(col(Membership.id))
    items, total = paginate(session, stmt, limit, offset)
    ids = {m.user_id for m in items}
    users = {u.id: u for u in session.exec(select(User).where(col(User.id).in_(ids)))} if ids else {}
    return [member_read(m, users[m.user_id]) for m in items], total


def _person(session: Session, body: MembershipCreate, by: Principal | None) -> User:
    """The account the role is for: by id, by user name (an invitation of an existing account), or made now. An
    existing account without a birth date gets the one given for a manager (R-16.2.1); a recorded one stays."""
    if body.new_user is not None:
        return accounts.create_user(session, UserCreate(**body.new_user.model_dump()), by)
    if body.username is not None:
        user = accounts.user_by_name(session, body.username)
        if user is None:
            raise NotFound(None, "no user with the user name {username}", params={"username": body.username})
    else:
        user = get_or_404(session, User, body.user_id or 0, "user")
    if body.role == "manager" and body.birth_date is not None and user.birth_date is None:
        before = audit.snapshot(user)
        user.birth_date = body.birth_date
        session.add(user)
        audit.record(session, by, "update", "user", user.id, before=before, after=user)
    return user


def add_member(session: Session, tournament_id: int, body: MembershipCreate, by: Principal | None) -> MemberRead:
    """Give a user a role in the tournament; a manager manages one of its teams and is an adult (R-16.2)."""
    load_tournament(session, tournament_id)
    if body.role != "manager" and body.team_id is not None:
        raise InvalidInput(None, "the {role} role is for the whole tournament, not one team",
                           params={"role": body.role})
    user = _person(session, body, by)
    if body.role == "manager":
        if body.team_id is None:
            raise InvalidInput("R-16.2", "a manager role names the team it manages")
        team = get_or_404(session, Team, body.team_id, "team")
        if team.tournament_id != tournament_id:
            raise InvalidInput("R-16.2", "the team is not in this tournament")
        check_manager_adult(user.birth_date, date.today())
        check_one_manager(session, tournament_id, team, user.id or 0)
    if session.exec(select(Membership).where(Membership.user_id == user.id,
                                             Membership.tournament_id == tournament_id,
                                             Membership.role == body.role,
                                             Membership.team_id == body.team_id)).first():
        raise StateConflict(None, "the user has this role already")
    m = Membership(user_id=user.id or 0, tournament_id=tournament_id, role=body.role, team_id=body.team_id)
    session.add(m)
    try:
        session.flush()
    except IntegrityError:  # the same role given twice at once: the unique constraint decides
        raise StateConflict(None, "the user has this role already") from None
    audit.record(session, by, "create", "membership", m.id, tournament_id=tournament_id, after=m)
    return member_read(m, user)


def remove_member(session: Session, tournament_id: int, membership_id: int, by: Principal | None) -> None:
    """Take a role away."""
    m = get_or_404(session, Membership, membership_id, "membership")
    if m.tournament_id != tournament_id:
        raise NotFound(None, "no membership {membership_id} in this tournament",
                       params={"membership_id": membership_id})
    audit.record(session, by, "delete", "membership", m.id, tournament_id=tournament_id, before=m)
    session.delete(m)
