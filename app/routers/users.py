"""Users (administrators create them and mark organisers) and their roles in a tournament."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, status
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from app.auth.credentials import hash_password
from app.http.deps import Access, Id, PagingDep, SessionDep, answers, permit
from app.models import Membership, Team, User
from app.operations import audit
from app.operations.repository import get_or_404, load_tournament, paginate
from app.operations.teams import check_one_manager
from app.schemas.accounts import MembershipCreate, MembershipRead, UserCreate, UserRead, UserUpdate
from app.schemas.base import Page
from app.services.eligibility import check_manager_adult
from app.services.errors import InvalidInput, NotFound, StateConflict

router = APIRouter()
USERS, MEMBERS = ["users"], ["members"]


def _user_read(u: User) -> UserRead:
    return UserRead.model_validate(u, from_attributes=True)


@router.post("/users", tags=USERS, response_model=UserRead, status_code=status.HTTP_201_CREATED, responses=answers(409),
             summary="Create a user account (administrators; mark organisers with can_create_tournaments)")
def create_user(body: UserCreate, session: SessionDep, access: Annotated[Access, permit("users.manage")]) -> UserRead:
    """Create a user account (administrators). `can_create_tournaments` marks an organiser, who may create
    tournaments; other rights come from roles in tournaments. A taken user name is refused (409)."""
    if session.exec(select(User).where(User.username == body.username)).first():
        raise StateConflict(None, f"the user name {body.username!r} is taken")
    user = User(**body.model_dump(exclude={"password"}), password_hash=hash_password(body.password))
    session.add(user)
    session.flush()
    audit.record(session, access.principal, "create", "user", user.id, after=user)
    return _user_read(user)


@router.get("/users", tags=USERS, response_model=Page[UserRead], summary="User accounts (administrators)")
def list_users(session: SessionDep, paging: PagingDep, _: Annotated[Access, permit("users.read")]) -> Page[UserRead]:
    """Every user account, oldest first (administrators)."""
    items, total = paginate(session, select(User).order_by(User.id), paging.limit, paging.offset)
    return paging.page([_user_read(u) for u in items], total)


@router.patch("/users/{user_id}", tags=USERS, response_model=UserRead, responses=answers(409),
              summary="Change a user: organiser mark, administrator, active, password (administrators)")
def update_user(user_id: Id, body: UserUpdate, session: SessionDep,
                access: Annotated[Access, permit("users.manage")]) -> UserRead:
    """Change a user account (administrators): password, organiser mark, administrator, active. Administrators
    cannot remove their own administrator rights or disable themselves (409)."""
    user = get_or_404(session, User, user_id, "user")
    changes = body.model_dump(exclude_unset=True)
    if user.id == access.signed_in.user_id and (changes.get("is_admin") is False or changes.get("is_active") is False):
        raise StateConflict(None, "administrators cannot remove their own administrator rights or disable themselves")
    before = audit.snapshot(user)
    password = changes.pop("password", None)
    if password is not None:
        user.password_hash = hash_password(password)
    for k, v in changes.items():
        setattr(user, k, v)
    session.add(user)
    audit.record(session, access.principal, "update", "user", user.id, before=before, after=user)
    return _user_read(user)


@router.get("/tournaments/{tournament_id}/members", tags=MEMBERS, response_model=Page[MembershipRead],
            summary="The tournament's officials and team managers (officials)")
def list_members(tournament_id: Id, session: SessionDep, paging: PagingDep,
                 _: Annotated[Access, permit("members.read")]) -> Page[MembershipRead]:
    """Who holds a role in the tournament: organisers, chief arbiters, arbiters and team managers."""
    load_tournament(session, tournament_id)
    stmt = select(Membership).where(Membership.tournament_id == tournament_id).order_by(Membership.id)
    items, total = paginate(session, stmt, paging.limit, paging.offset)
    return paging.page([MembershipRead.model_validate(m, from_attributes=True) for m in items], total)


@router.post("/tournaments/{tournament_id}/members", tags=MEMBERS, response_model=MembershipRead,
             status_code=status.HTTP_201_CREATED, responses=answers(409),
             summary="Give a user a role in the tournament (organiser)")
def add_member(tournament_id: Id, body: MembershipCreate, session: SessionDep,
               access: Annotated[Access, permit("members.manage")]) -> MembershipRead:
    """Give a user a role in the tournament: `organiser`, `chief_arbiter`, `arbiter`, or `manager` of one of
    its teams (an adult, R-16.2; 404 for an unknown user or team). A role the user has already is refused (409)."""
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
        raise InvalidInput(None, f"the {body.role} role is for the whole tournament, not one team")
    if session.exec(select(Membership).where(Membership.user_id == body.user_id,
                                             Membership.tournament_id == tournament_id,
                                             Membership.role == body.role,
                                             Membership.team_id == body.team_id)).first():
        raise StateConflict(None, "the user has this role already")
    m = Membership(user_id=body.user_id, tournament_id=tournament_id, role=body.role, team_id=body.team_id)
    session.add(m)
    try:
        session.flush()
    except IntegrityError:
        raise StateConflict(None, "the user has this role already") from None
    audit.record(session, access.principal, "create", "membership", m.id, tournament_id=tournament_id, after=m)
    return MembershipRead.model_validate(m, from_attributes=True)


@router.delete("/tournaments/{tournament_id}/members/{membership_id}", tags=MEMBERS,
               status_code=status.HTTP_204_NO_CONTENT, summary="Take a role away (organiser)")
def remove_member(tournament_id: Id, membership_id: Id, session: SessionDep,
                  access: Annotated[Access, permit("members.manage")]) -> None:
    """Take a role away (the membership's id from the list of members)."""
    m = get_or_404(session, Membership, membership_id, "membership")
    if m.tournament_id != tournament_id:
        raise NotFound(None, f"no membership {membership_id} in this tournament")
    audit.record(session, access.principal, "delete", "membership", m.id, tournament_id=tournament_id, before=m)
    session.delete(m)
