"""Users (administrators create them and mark organisers) and their roles in a tournament."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from fastapi import APIRouter, status

from app.http.deps import Access, Id, PagingDep, SessionDep, answers, permit
from app.models import User
from app.operations import accounts, members
from app.schemas.accounts import MemberRead, MembershipCreate, UserCreate, UserRead, UserUpdate
from app.schemas.base import Page

router = APIRouter()
# FastAPI types tags as list[str | Enum] (and lists are invariant)
USERS: list[str | Enum] = ["users"]
MEMBERS: list[str | Enum] = ["members"]


def _user_read(u: User) -> UserRead:
    return UserRead.model_validate(u, from_attributes=True)


@router.post("/users", tags=USERS, response_model=UserRead, status_code=status.HTTP_201_CREATED, responses=answers(409),
             summary="Create a user account (administrators; mark organisers with can_create_tournaments)")
def create_user(body: UserCreate, session: SessionDep, access: Annotated[Access, permit("users.manage")]) -> UserRead:
    """Create a user account (administrators). `can_create_tournaments` marks an organiser, who may create
    tournaments; other rights come from roles in tournaments. A taken user name is refused (409)."""
    return _user_read(accounts.create_user(session, body, access.principal))


@router.get("/users", tags=USERS, response_model=Page[UserRead], summary="User accounts (administrators)")
def list_users(session: SessionDep, paging: PagingDep, _: Annotated[Access, permit("users.read")]) -> Page[UserRead]:
    """Every user account, oldest first (administrators)."""
    items, total = accounts.list_users(session, paging.limit, paging.offset)
    return paging.page([_user_read(u) for u in items], total)


@router.patch("/users/{user_id}", tags=USERS, response_model=UserRead, responses=answers(409),
              summary="Change a user: organiser mark, administrator, active, password (administrators)")
def update_user(user_id: Id, body: UserUpdate, session: SessionDep,
                access: Annotated[Access, permit("users.manage")]) -> UserRead:
    """Change a user account (administrators): password, organiser mark, administrator, active. Administrators
    cannot remove their own administrator rights or disable themselves (409)."""
    return _user_read(accounts.update_user(session, user_id, body, access.signed_in))


@router.post("/users/{user_id}/sessions/revoke", tags=USERS, status_code=status.HTTP_204_NO_CONTENT,
             responses=answers(404), summary="End every session of a user: their login tokens and API tokens")
def end_sessions(user_id: Id, session: SessionDep,
                 access: Annotated[Access, permit("sessions.revoke")]) -> None:
    """End every session of the user at once (a lost phone, a shared laptop): each of their login tokens and
    API tokens is refused from the next request on, in every worker (the check reads the user's row at each
    request). The user may end their own sessions, an administrator anyone's (403 for others); logging in
    again works at once."""
    accounts.end_sessions(session, access, user_id)


@router.get("/tournaments/{tournament_id}/members", tags=MEMBERS, response_model=Page[MemberRead],
            summary="The tournament's officials and team managers (officials)")
def list_members(tournament_id: Id, session: SessionDep, paging: PagingDep,
                 _: Annotated[Access, permit("members.read")]) -> Page[MemberRead]:
    """Who holds a role in the tournament: organisers, chief arbiters, arbiters and team managers, with their user
    names and full names, and whether their birth date is known (R-16.2.1; the date itself stays private)."""
    items, total = members.list_members(session, tournament_id, paging.limit, paging.offset)
    return paging.page(items, total)


@router.post("/tournaments/{tournament_id}/members", tags=MEMBERS, response_model=MemberRead,
             status_code=status.HTTP_201_CREATED, responses=answers(404, 409),
             summary="Give a user a role in the tournament, or make an account for it (organiser)")
def add_member(tournament_id: Id, body: MembershipCreate, session: SessionDep,
               access: Annotated[Access, permit("members.manage")]) -> MemberRead:
    """Give a user a role in the tournament: `organiser`, `chief_arbiter`, `arbiter`, or `manager` of one of
    its teams (an adult, R-16.2; 404 for an unknown user or team). The user is named by `user_id`, by `username`
    (an existing account), or made now by `new_user` (an account with no server rights of its own, with its
    first password and, for a manager, a birth date; 409 for a taken user name). `birth_date` records a manager's
    birth date on an existing account that has none. A role the user has already is refused (409)."""
    return members.add_member(session, tournament_id, body, access.principal)


@router.delete("/tournaments/{tournament_id}/members/{membership_id}", tags=MEMBERS,
               status_code=status.HTTP_204_NO_CONTENT, summary="Take a role away (organiser)")
def remove_member(tournament_id: Id, membership_id: Id, session: SessionDep,
                  access: Annotated[Access, permit("members.manage")]) -> None:
    """Take a role away (the membership's id from the list of members)."""
    members.remove_member(session, tournament_id, membership_id, access.principal)
