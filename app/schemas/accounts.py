"""Logins, users, memberships in a tournament, API tokens and the audit trail."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from app.schemas.base import Id, OneLine, Strict, omittable

#: A user's password: the API's, the command line's and the first administrator's rule.
PASSWORD_MIN, PASSWORD_MAX = 8, 200


class LoginForm(BaseModel):
    """The form of POST /auth/token. Other fields an OAuth2 client sends (grant_type, scope, ...) are ignored."""

    username: str = Field(min_length=1, max_length=200)
    password: str = Field(min_length=1, max_length=200)


class PasswordChange(Strict):
    """The body of POST /auth/password."""

    current_password: str = Field(min_length=1, max_length=200)
    new_password: str = Field(min_length=8, max_length=200)


class TokenResponse(BaseModel):
    access_token: str
    token_type: str = "bearer"
    expires_in: int


class UserCreate(Strict):
    username: OneLine = Field(min_length=2, max_length=100)
    password: str = Field(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX)
    is_admin: bool = False
    can_create_tournaments: bool = Field(default=False, description="an organiser: may create tournaments")
    full_name: OneLine = Field(default="", max_length=200)
    birth_date: date | None = None
    email: OneLine | None = Field(default=None, max_length=200)
    phone: OneLine | None = Field(default=None, max_length=50)


class UserUpdate(Strict):
    password: str = omittable(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX)
    is_admin: bool = omittable()
    can_create_tournaments: bool = omittable()
    is_active: bool = omittable()
    full_name: OneLine = omittable(max_length=200)
    birth_date: date | None = None
    email: OneLine | None = Field(default=None, max_length=200)
    phone: OneLine | None = Field(default=None, max_length=50)


class UserRead(BaseModel):
    id: int
    username: str
    is_admin: bool
    can_create_tournaments: bool = False
    full_name: str
    is_active: bool


class TournamentRights(BaseModel):
    tournament_id: int
    roles: list[str] = Field(description="organiser, chief_arbiter, arbiter, manager")
    team_ids: list[int] = Field(description="the teams this user manages here")
    permissions: list[str] = Field(description="the actions this principal (token scopes applied) holds here; "
                                   "see the permission table in README")


class MeRead(UserRead):
    scopes: list[str] | None
    memberships: list[MembershipRead]
    tournaments: list[TournamentRights] = Field(default_factory=list)


class MemberAccount(Strict):
    """A new account made for a role in a tournament (by its organiser): no server rights of its own."""

    username: OneLine = Field(min_length=2, max_length=100)
    password: str = Field(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX,
                          description="a first password, to be changed by its user (POST /auth/password)")
    full_name: OneLine = Field(default="", max_length=200)
    birth_date: date | None = Field(default=None, description="needed for a team manager (R-16.2.1)")
    email: OneLine | None = Field(default=None, max_length=200)
    phone: OneLine | None = Field(default=None, max_length=50)


class MembershipCreate(Strict):
    """Who: exactly one of ``user_id``, ``username`` (an existing account) or ``new_user`` (an account made now)."""

    user_id: Id | None = None
    username: OneLine | None = Field(default=None, min_length=1, max_length=100,
                                     description="an existing account, by its user name")
    new_user: MemberAccount | None = Field(default=None, description="an account to create for this role")
    role: Literal["organiser", "chief_arbiter", "arbiter", "manager"]
    team_id: Id | None = Field(default=None, description="required for the manager role")
    birth_date: date | None = Field(default=None, description="a manager's birth date (R-16.2.1), recorded for an "
                                    "existing account that has none; never changes one already recorded")

    @model_validator(mode="after")
    def _one_person(self) -> MembershipCreate:
        if sum(x is not None for x in (self.user_id, self.username, self.new_user)) != 1:
            raise ValueError("name exactly one of user_id, username and new_user")
        return self


class MembershipRead(BaseModel):
    id: int
    user_id: int
    tournament_id: int
    role: str
    team_id: int | None


class MemberRead(MembershipRead):
    """A membership with who holds it (the tournament's officials read it; no birth date, no contact data)."""

    username: str
    full_name: str
    birth_date_known: bool = Field(description="the account has a birth date (R-16.2.1 asks it of a manager)")


Scope = Literal["read", "results", "lineups", "write", "publish"]


def _write_scope() -> list[Scope]:
    return ["write"]


class ApiTokenCreate(Strict):
    name: OneLine = Field(min_length=1, max_length=100)
    scopes: list[Scope] = Field(default_factory=_write_scope, max_length=5)
    venue: OneLine | None = Field(default=None, min_length=1, max_length=100,
                                  description="a publishing key: the venue it publishes for (default: the key's name)")
    tournaments: list[Id] = Field(default_factory=list, max_length=100,
                                  description="a publishing key: the venue's tournament ids it may publish")

    @model_validator(mode="after")
    def _publishing(self) -> ApiTokenCreate:
        # a publishing key can do nothing but publish the tournaments it names
        if "publish" in self.scopes:
            if set(self.scopes) != {"publish"}:
                raise ValueError("the publish scope goes alone: a publishing key can do nothing else")
            if not self.tournaments:
                raise ValueError("a publishing key names the venue's tournaments it may publish (tournaments)")
        elif self.tournaments or self.venue is not None:
            raise ValueError("venue and tournaments belong to a publishing key (scope publish)")
        return self


class ApiTokenRead(BaseModel):
    id: int
    name: str
    prefix: str
    scopes: list[str]
    venue: str | None = None
    tournaments: list[int] = Field(default_factory=list)
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None


class ApiTokenCreated(ApiTokenRead):
    token: str = Field(description="shown once; only its hash is stored")


class AuditRead(BaseModel):
    id: int
    at: datetime
    actor: str
    action: str
    entity: str
    entity_id: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str


MeRead.model_rebuild()
