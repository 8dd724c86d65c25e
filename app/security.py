"""Authentication and authorisation.

- Passwords are hashed with argon2 (pwdlib).
- ``POST /auth/token`` returns a signed JWT (PyJWT) for interactive users.
- Scripts use long-lived API tokens (``tsk_...``); only their SHA-256 is stored, they
  carry scopes and can be revoked.
- Roles: the server ``admin``; per tournament ``organiser``, ``chief_arbiter``,
  ``arbiter``; ``manager`` of one team. Public readers need no token.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated

import jwt
from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pwdlib import PasswordHash
from sqlmodel import Session, col, select

from app.config import get_settings
from app.db import get_session
from app.models import ApiToken, Membership, Team, User
from app.services.errors import Forbidden, Unauthorized

password_hash = PasswordHash.recommended()
API_TOKEN_PREFIX = "tsk_"
ALGORITHM = "HS256"

#: What an API token may be limited to. A token without scopes has all its user's rights.
SCOPES = {
    "read": "read private data the user may see",
    "results": "enter board and match results",
    "lineups": "submit lineups",
    "write": "every change the user may make",
}
ORGANISER_ROLES = frozenset({"organiser"})
ARBITER_ROLES = frozenset({"organiser", "chief_arbiter", "arbiter"})
CHIEF_ROLES = frozenset({"organiser", "chief_arbiter"})


def hash_password(password: str) -> str:
    return password_hash.hash(password)


def verify_password(password: str, hashed: str) -> bool:
    try:
        return password_hash.verify(password, hashed)
    except Exception:  # noqa: BLE001 - a malformed hash never authenticates
        return False


def create_access_token(user: User) -> tuple[str, int]:
    settings = get_settings()
    ttl = settings.access_token_minutes * 60
    now = datetime.now(UTC)
    payload = {"sub": str(user.id), "name": user.username, "iat": now, "exp": now + timedelta(seconds=ttl)}
    return jwt.encode(payload, settings.secret_key, algorithm=ALGORITHM), ttl


def new_api_token() -> tuple[str, str]:
    """(the token to show once, its stored hash)."""
    token = API_TOKEN_PREFIX + secrets.token_urlsafe(32)
    return token, token_digest(token)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Principal:
    user_id: int
    username: str
    is_admin: bool
    scopes: frozenset[str] | None = None  # None = all the user's rights (interactive login)
    token_name: str | None = None

    @property
    def actor(self) -> str:
        return f"{self.username} (token {self.token_name})" if self.token_name else self.username

    def allows(self, scope: str) -> bool:
        if self.scopes is None or "write" in self.scopes:
            return True
        return scope in self.scopes


bearer = HTTPBearer(auto_error=False, description="A JWT from POST /auth/token or an API token (tsk_...)")


def _resolve(session: Session, creds: HTTPAuthorizationCredentials | None) -> Principal | None:
    if creds is None:
        return None
    raw = creds.credentials
    if raw.startswith(API_TOKEN_PREFIX):
        tok = session.exec(select(ApiToken).where(ApiToken.token_hash == token_digest(raw))).first()
        if tok is None or tok.revoked_at is not None:
            raise Unauthorized("auth", "the API token is unknown or revoked")
        user = session.get(User, tok.user_id)
        if user is None or not user.is_active:
            raise Unauthorized("auth", "the token's user is disabled")
        return Principal(user.id or 0, user.username, user.is_admin, frozenset(tok.scopes or ["write"]), tok.name)
    try:
        payload = jwt.decode(raw, get_settings().secret_key, algorithms=[ALGORITHM])
        user_id = int(payload["sub"])
    except (jwt.PyJWTError, KeyError, ValueError):
        raise Unauthorized("auth", "the bearer token is invalid or expired") from None
    user = session.get(User, user_id)
    if user is None or not user.is_active:
        raise Unauthorized("auth", "the token's user is disabled")
    return Principal(user.id or 0, user.username, user.is_admin)


def optional_principal(
    session: Annotated[Session, Depends(get_session)],
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Principal | None:
    return _resolve(session, creds)


def current_principal(
    principal: Annotated[Principal | None, Depends(optional_principal)],
) -> Principal:
    if principal is None:
        raise Unauthorized("auth", "this needs a bearer token (POST /auth/token or an API token)")
    return principal


def require_admin(principal: Annotated[Principal, Depends(current_principal)]) -> Principal:
    if not principal.is_admin:
        raise Forbidden("auth", "only a server administrator may do this")
    return principal


def tournament_roles(session: Session, principal: Principal | None, tournament_id: int) -> set[str]:
    if principal is None:
        return set()
    rows = session.exec(
        select(Membership).where(Membership.user_id == principal.user_id, Membership.tournament_id == tournament_id)
    ).all()
    return {m.role for m in rows if m.role != "manager"}


def managed_team_ids(session: Session, principal: Principal | None, tournament_id: int) -> set[int]:
    if principal is None:
        return set()
    rows = session.exec(
        select(Membership).where(
            Membership.user_id == principal.user_id,
            Membership.tournament_id == tournament_id,
            Membership.role == "manager",
        )
    ).all()
    return {m.team_id for m in rows if m.team_id is not None}


def is_staff(session: Session, principal: Principal | None, tournament_id: int,
             roles: Iterable[str] = ARBITER_ROLES) -> bool:
    if principal is None:
        return False
    return principal.is_admin or bool(tournament_roles(session, principal, tournament_id) & set(roles))


def require_staff(session: Session, principal: Principal, tournament_id: int,
                  roles: Iterable[str] = ARBITER_ROLES, scope: str = "write") -> None:
    roles = frozenset(roles)
    if not principal.allows(scope):
        raise Forbidden("auth", f"the API token lacks the {scope!r} scope")
    if not is_staff(session, principal, tournament_id, roles):
        raise Forbidden("auth", f"this needs the {' or '.join(sorted(roles))} role in this tournament")


def require_team_access(session: Session, principal: Principal, team: Team, scope: str = "write") -> None:
    """The team's manager, or the tournament's organiser/arbiters (or an admin)."""
    if not principal.allows(scope):
        raise Forbidden("auth", f"the API token lacks the {scope!r} scope")
    if is_staff(session, principal, team.tournament_id):
        return
    if team.id in managed_team_ids(session, principal, team.tournament_id):
        return
    raise Forbidden("R-16.2", "only this team's manager or the tournament's officials may change this team")


def is_any_staff(session: Session, principal: Principal | None) -> bool:
    if principal is None:
        return False
    if principal.is_admin:
        return True
    return session.exec(
        select(Membership).where(Membership.user_id == principal.user_id, Membership.role != "manager")
    ).first() is not None


def manages_club(session: Session, principal: Principal | None, club_id: int) -> bool:
    if principal is None:
        return False
    stmt = (select(Membership).join(Team, col(Membership.team_id) == col(Team.id))
            .where(Membership.user_id == principal.user_id, Membership.role == "manager",
                   Team.club_id == club_id))
    return session.exec(stmt).first() is not None


def can_see_private(session: Session, principal: Principal | None, club_id: int) -> bool:
    return is_any_staff(session, principal) or manages_club(session, principal, club_id)
