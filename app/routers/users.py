"""Users (administrators create them) and their roles in a tournament."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, status
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from app.models import Membership, Team, User
from app.models.schemas import MembershipCreate, MembershipRead, Page, UserCreate, UserRead
from app.operations import audit
from app.operations.teams import check_one_manager
from app.routers.deps import PagingDep, PrincipalDep, SessionDep, get_or_404, load_tournament, paginate
from app.security import ORGANISER_ROLES, hash_password, require_admin, require_staff
from app.services.eligibility import check_manager_adult
from app.services.errors import InvalidInput, StateConflict

router = APIRouter(tags=["users"])


def _user_read(u: User) -> UserRead:
    return UserRead.model_validate(u, from_attributes=True)


@router.post("/users", response_model=UserRead, status_code=status.HTTP_201_CREATED)
def create_user(body: UserCreate, session: SessionDep, principal: PrincipalDep) -> UserRead:
    require_admin(principal)
    if session.exec(select(User).where(User.username == body.username)).first():
        raise StateConflict("users", f"the user name {body.username!r} is taken")
    user = User(**body.model_dump(exclude={"password"}), password_hash=hash_password(body.password))
    session.add(user)
    session.flush()
    audit.record(session, principal, "create", "user", user.id, after=user)
    session.commit()
    return _user_read(user)


@router.get("/users", response_model=Page[UserRead])
def list_users(session: SessionDep, principal: PrincipalDep, paging: PagingDep) -> Page[UserRead]:
    require_admin(principal)
    items, total = paginate(session, select(User).order_by(User.id), paging)
    return Page(items=[_user_read(u) for u in items], total=total, limit=paging.limit, offset=paging.offset)


@router.get("/tournaments/{tournament_id}/members", response_model=list[MembershipRead])
def list_members(tournament_id: int, session: SessionDep, principal: PrincipalDep) -> list[MembershipRead]:
    load_tournament(session, tournament_id)
    require_staff(session, principal, tournament_id, scope="read")
    ms = session.exec(select(Membership).where(Membership.tournament_id == tournament_id)
                      .order_by(Membership.id)).all()
    return [MembershipRead.model_validate(m, from_attributes=True) for m in ms]


@router.post("/tournaments/{tournament_id}/members", response_model=MembershipRead,
             status_code=status.HTTP_201_CREATED, summary="Give a user a role in the tournament")
def add_member(tournament_id: int, body: MembershipCreate, session: SessionDep,
               principal: PrincipalDep) -> MembershipRead:
    load_tournament(session, tournament_id)
    require_staff(session, principal, tournament_id, ORGANISER_ROLES)
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
        raise InvalidInput("auth", f"the {body.role} role is for the whole tournament, not one team")
    m = Membership(user_id=body.user_id, tournament_id=tournament_id, role=body.role, team_id=body.team_id)
    session.add(m)
    try:
        session.flush()
    except IntegrityError:
        raise StateConflict("auth", "the user has this role already") from None
    audit.record(session, principal, "create", "membership", m.id, tournament_id=tournament_id, after=m)
    session.commit()
    return MembershipRead.model_validate(m, from_attributes=True)


@router.delete("/tournaments/{tournament_id}/members/{membership_id}", status_code=status.HTTP_204_NO_CONTENT)
def remove_member(tournament_id: int, membership_id: int, session: SessionDep, principal: PrincipalDep) -> None:
    require_staff(session, principal, tournament_id, ORGANISER_ROLES)
    m = get_or_404(session, Membership, membership_id, "membership")
    if m.tournament_id != tournament_id:
        raise InvalidInput(None, "the membership is not in this tournament")
    audit.record(session, principal, "delete", "membership", m.id, tournament_id=tournament_id, before=m)
    session.delete(m)
    session.commit()
