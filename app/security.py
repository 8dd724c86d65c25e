"""Authentication: who is calling. (What they may do is :mod:`app.permissions`.)

- Passwords are hashed with argon2 (pwdlib); an unknown user name costs the same hashing work as a known one.
- ``POST /auth/token`` returns a signed JWT (PyJWT) that must carry ``sub``, ``iat`` and ``exp``.
- Scripts use long-lived API tokens (``tsk_...``); only their SHA-256 is stored, they carry scopes and can be
  revoked.
- Failed logins are throttled per user name and per client address in the database, so every worker agrees.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Annotated, Any

import jwt
from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pwdlib import PasswordHash
from sqlalchemy import Row, and_, bindparam
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, select

from app.config import get_settings
from app.db.engine import SessionDep, get_engine
from app.models import ApiToken, LoginThrottle, Membership, User
from app.services.errors import DomainError, Unauthorized

password_hash = PasswordHash.recommended()
API_TOKEN_PREFIX = "tsk_"
ALGORITHM = "HS256"
REQUIRED_CLAIMS = ["sub", "iat", "exp"]


def hash_password(password: str) -> str:
    return password_hash.hash(password)


def verify_password(password: str, hashed: str) -> bool:
    try:
        return password_hash.verify(password, hashed)
    except Exception:  # noqa: BLE001 - a malformed hash never authenticates
        return False


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    return hash_password(secrets.token_urlsafe(16))


def check_login(user: User | None, password: str) -> bool:
    """The password check, with the same argon2 work whether or not the user exists (no user enumeration)."""
    if user is None or not user.is_active:
        verify_password(password, _dummy_hash())
        return False
    return verify_password(password, user.password_hash)


def create_access_token(user: User) -> tuple[str, int]:
    settings = get_settings()
    ttl = settings.access_token_minutes * 60
    now = datetime.now(UTC)
    payload = {"sub": str(user.id), "name": user.username, "iat": now, "exp": now + timedelta(seconds=ttl)}
    return jwt.encode(payload, settings.signing_key, algorithm=ALGORITHM), ttl


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
    can_create_tournaments: bool = False

    @property
    def actor(self) -> str:
        return f"{self.username} (token {self.token_name})" if self.token_name else self.username

    def allows(self, scope: str) -> bool:
        if self.scopes is None or "write" in self.scopes:
            return True
        return scope in self.scopes


bearer = HTTPBearer(auto_error=False, scheme_name="bearer",
                    description="A JWT from POST /auth/token or an API token (tsk_...)")


_U = User.__table__  # type: ignore[attr-defined]
_USER = select(_U.c.id, _U.c.username, _U.c.is_admin, _U.c.can_create_tournaments, _U.c.is_active).where(
    _U.c.id == bindparam("uid"))


def _principal(user: User | Row[Any], scopes: frozenset[str] | None = None, token_name: str | None = None) -> Principal:
    return Principal(user.id or 0, user.username, user.is_admin, scopes, token_name,
                     user.is_admin or user.can_create_tournaments)


@lru_cache(maxsize=4096)
def _verified(raw: str, key: str) -> tuple[int, float]:
    """(user id, expiry) of a JWT whose signature and claims ``jwt.decode`` accepted with ``key``.

    A client sends the same token with each request: its signature is checked once (a refusal raises and is
    not cached); the expiry is checked again at each use by the caller."""
    payload = jwt.decode(raw, key, algorithms=[ALGORITHM], options={"require": REQUIRED_CLAIMS})
    return int(payload["sub"]), float(payload["exp"])


#: The bearer's user and its memberships in the path's tournament (none: one row of NULLs), in one statement.
_M = Membership.__table__  # type: ignore[attr-defined]
_USER_ROLES = select(_U.c.id, _U.c.username, _U.c.is_admin, _U.c.can_create_tournaments, _U.c.is_active,
                     _M.c.role, _M.c.team_id).select_from(
    _U.outerjoin(_M, and_(_M.c.user_id == _U.c.id, _M.c.tournament_id == bindparam("tid")))).where(
    _U.c.id == bindparam("uid"))

#: A principal's memberships in one tournament: (role, team id) pairs.
Memberships = list[tuple[str, int | None]]


def _resolve(session: Session, creds: HTTPAuthorizationCredentials | None) -> Principal | None:
    return resolve_bearer(session, creds)[0]


def resolve_bearer(session: Session, creds: HTTPAuthorizationCredentials | None,
                   tournament_id: int | None = None) -> tuple[Principal | None, Memberships | None]:
    """The bearer's principal and, for a JWT and a ``tournament_id``, its memberships there read in the same
    statement (None when they were not read: no tournament, or an API token)."""
    if creds is None:
        return None, None
    raw = creds.credentials
    if raw.startswith(API_TOKEN_PREFIX):
        tok = session.exec(select(ApiToken).where(ApiToken.token_hash == token_digest(raw))).first()
        if tok is None or tok.revoked_at is not None:
            raise Unauthorized(None, "the API token is unknown or revoked")
        user = session.get(User, tok.user_id)
        if user is None or not user.is_active:
            raise Unauthorized(None, "the token's user is disabled")
        return _principal(user, frozenset(tok.scopes or ["write"]), tok.name), None
    try:
        user_id, expires = _verified(raw, get_settings().signing_key)
    except (jwt.PyJWTError, KeyError, ValueError, TypeError):
        raise Unauthorized(None, "the bearer token is invalid or expired") from None
    if time.time() >= expires:  # a token verified before has expired since (as jwt.decode would refuse it now)
        raise Unauthorized(None, "the bearer token is invalid or expired")
    if not 0 < user_id < 2**31:
        raise Unauthorized(None, "the token's user is disabled")
    # the columns a principal needs, as rows (each request resolves its bearer: no ORM object for it)
    conn = session.connection()
    if tournament_id is None:
        user = conn.execute(_USER, {"uid": user_id}).first()
        memberships = None
    else:
        rows = conn.execute(_USER_ROLES, {"uid": user_id, "tid": tournament_id}).all()
        user = rows[0] if rows else None
        memberships = [(r.role, r.team_id) for r in rows if r.role is not None]
    if user is None or not user.is_active:
        raise Unauthorized(None, "the token's user is disabled")
    return _principal(user), memberships


def optional_principal(
    session: SessionDep,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Principal | None:
    return _resolve(session, creds)


def current_principal(
    principal: Annotated[Principal | None, Depends(optional_principal)],
) -> Principal:
    if principal is None:
        raise Unauthorized(None, "this needs a bearer token (POST /auth/token or an API token)")
    return principal


# --- login throttling ------------------------------------------------------------------------------------


class TooManyAttempts(DomainError):
    status = 429
    type_slug = "too-many-requests"
    title = "Too many failed logins"


def throttle_keys(username: str, address: str | None) -> list[str]:
    keys = ["user:" + username.strip().casefold()[:150]]
    if address:
        keys.append("addr:" + address[:150])
    return keys


def check_throttle(session: Session, keys: list[str], now: datetime | None = None) -> None:
    """Refuse (429 with Retry-After) while a user name or a client address waits after failed logins."""
    now = now or datetime.now(UTC)
    rows = session.exec(select(LoginThrottle).where(LoginThrottle.key.in_(keys))).all()  # type: ignore[attr-defined]
    waits = [r.locked_until for r in rows if r.locked_until is not None and r.locked_until > now]
    if waits:
        seconds = max(1, math.ceil((max(waits) - now).total_seconds()))
        raise TooManyAttempts(None, f"too many failed logins: try again in {seconds} s", retry_after=seconds)


def record_failure(keys: list[str], now: datetime | None = None) -> None:
    """Count a failed login in its own transaction (the request's own one rolls back with the 401)."""
    settings = get_settings()
    now = now or datetime.now(UTC)
    window = timedelta(seconds=settings.login_lock_max_seconds)
    try:
        with Session(get_engine()) as s:
            for key in keys:
                limit = settings.login_failures_per_user if key.startswith("user:") else \
                    settings.login_failures_per_address
                row = s.exec(select(LoginThrottle).where(LoginThrottle.key == key)).first()
                if row is None or now - row.window_start > window:
                    row = row or LoginThrottle(key=key, window_start=now)
                    row.failures, row.window_start, row.locked_until = 0, now, None
                row.failures += 1
                if row.failures >= limit:
                    wait = min(settings.login_lock_seconds * 2 ** (row.failures - limit),
                               settings.login_lock_max_seconds)
                    row.locked_until = now + timedelta(seconds=wait)
                s.add(row)
            s.commit()
    except SQLAlchemyError:  # two workers counting the same new key at once: one count is enough
        pass


def clear_failures(session: Session, username: str) -> None:
    """A successful login forgets the user name's failures (the address keeps its count)."""
    for row in session.exec(select(LoginThrottle).where(LoginThrottle.key == throttle_keys(username, None)[0])):
        session.delete(row)
