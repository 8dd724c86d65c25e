"""Credentials: passwords, login tokens and API tokens, and the principal a bearer token names.

- Passwords are hashed with argon2 (pwdlib); an unknown user name costs the same hashing work as a known one.
- ``POST /auth/token`` returns a signed JWT (PyJWT) that must carry ``sub``, ``iat`` and ``exp``, and carries
  the user's session epoch (``ses``): a password change or ending the user's sessions counts the epoch up,
  and a token of an older epoch is refused. The epoch is read with the user's row at each request, so every
  worker refuses it at once.
- Scripts use long-lived API tokens (``tsk_...``); only their SHA-256 is stored, they carry scopes and can be
  revoked (all of a user's at once when their sessions end).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

import jwt
import sqlalchemy
from pwdlib import PasswordHash
from sqlalchemy import Row, and_, bindparam
from sqlmodel import Session

from app.auth.principal import Principal
from app.config import get_settings
from app.models import ApiToken, Membership, MirrorSource, User
from app.models.base import table_of
from app.services.errors import Unauthorized

password_hash = PasswordHash.recommended()
API_TOKEN_PREFIX = "tsk_"
ALGORITHM = "HS256"
REQUIRED_CLAIMS = ["sub", "iat", "exp"]
EPOCH_CLAIM = "ses"  # absent from tokens issued before epochs existed: epoch 0


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
    payload = {"sub": str(user.id), "name": user.username, "iat": now, "exp": now + timedelta(seconds=ttl),
               EPOCH_CLAIM: user.session_epoch}
    return jwt.encode(payload, settings.signing_key, algorithm=ALGORITHM), ttl


def new_api_token() -> tuple[str, str]:
    """(the token to show once, its stored hash)."""
    token = API_TOKEN_PREFIX + secrets.token_urlsafe(32)
    return token, token_digest(token)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# Core statements, run on the session's connection: rows, not ORM objects
_U = table_of(User)
_USER = sqlalchemy.select(_U.c.id, _U.c.username, _U.c.is_admin, _U.c.can_create_tournaments, _U.c.is_active,
                          _U.c.session_epoch).where(_U.c.id == bindparam("uid"))


@lru_cache(maxsize=4096)
def _verified(raw: str, key: str) -> tuple[int, float, int]:
    """(user id, expiry, session epoch) of a JWT whose signature and claims ``jwt.decode`` accepted with ``key``.

    A client sends the same token with each request: its signature is checked once (a refusal raises and is
    not cached); the expiry and the epoch are checked again at each use by the caller."""
    payload = jwt.decode(raw, key, algorithms=[ALGORITHM], options={"require": REQUIRED_CLAIMS})
    return int(payload["sub"]), float(payload["exp"]), int(payload.get(EPOCH_CLAIM, 0))


_K = table_of(ApiToken)
#: An API token and its user, in one statement.
_TOKEN_USER = sqlalchemy.select(_K.c.id, _K.c.name, _K.c.scopes, _K.c.venue, _K.c.tournaments, _K.c.revoked_at,
                                _U.c.id.label("user_id"), _U.c.username, _U.c.is_admin, _U.c.can_create_tournaments,
                                _U.c.is_active).join(_U, _U.c.id == _K.c.user_id).where(
    _K.c.token_hash == bindparam("digest"))

#: The bearer's user and its memberships in the path's tournament (none: one row of NULLs), in one statement.
_M = table_of(Membership)
_MIRROR = table_of(MirrorSource)
#: ... and whether the tournament is a venue's read-only mirror (a write to it is refused before anything else)
_USER_ROLES = sqlalchemy.select(_U.c.id, _U.c.username, _U.c.is_admin, _U.c.can_create_tournaments, _U.c.is_active,
                                _U.c.session_epoch, _M.c.role, _M.c.team_id,
                                sqlalchemy.select(_MIRROR.c.id).where(_MIRROR.c.tournament_id == bindparam("tid"))
                                .exists().label("mirrored")).select_from(
    _U.outerjoin(_M, and_(_M.c.user_id == _U.c.id, _M.c.tournament_id == bindparam("tid")))).where(
    _U.c.id == bindparam("uid"))

#: A principal's memberships in one tournament: (role, team id) pairs.
Memberships = list[tuple[str, int | None]]


def resolve_bearer(session: Session, raw: str | None, tournament_id: int | None = None
                   ) -> tuple[Principal | None, Memberships | None, bool | None]:
    """The principal of the bearer token ``raw`` and, for a JWT and a ``tournament_id``, its memberships there
    and whether the tournament is a venue's mirror, read in the same statement (None when they were not read: no
    tournament, or an API token)."""
    if raw is None:
        return None, None, None
    if raw.startswith(API_TOKEN_PREFIX):
        tok = session.connection().execute(_TOKEN_USER, {"digest": token_digest(raw)}).first()
        if tok is None or tok.revoked_at is not None:
            raise Unauthorized(None, "the API token is unknown or revoked")
        if not tok.is_active:
            raise Unauthorized(None, "the token's user is disabled")
        return Principal(tok.user_id, tok.username, tok.is_admin, frozenset(tok.scopes or ["write"]), tok.name,
                         tok.is_admin or tok.can_create_tournaments, tok.id, tok.venue,
                         frozenset(tok.tournaments or ())), None, None
    try:
        user_id, expires, epoch = _verified(raw, get_settings().signing_key)
    except (jwt.PyJWTError, KeyError, ValueError, TypeError):
        raise Unauthorized(None, "the bearer token is invalid or expired") from None
    if time.time() >= expires:  # a token verified before has expired since (as jwt.decode would refuse it now)
        raise Unauthorized(None, "the bearer token is invalid or expired")
    if not 0 < user_id < 2**31:
        raise Unauthorized(None, "the token's user is disabled")
    # the columns a principal needs, as rows (each request resolves its bearer: no ORM object for it)
    conn = session.connection()
    user: Row[*tuple[Any, ...]] | None
    if tournament_id is None:
        user = conn.execute(_USER, {"uid": user_id}).first()
        memberships, mirrored = None, None
    else:
        rows = conn.execute(_USER_ROLES, {"uid": user_id, "tid": tournament_id}).all()
        user = rows[0] if rows else None
        memberships = [(r.role, r.team_id) for r in rows if r.role is not None]
        mirrored = bool(rows[0].mirrored) if rows else None
    if user is None or not user.is_active:
        raise Unauthorized(None, "the token's user is disabled")
    if user.session_epoch != epoch:
        raise Unauthorized(None, "this session was ended (a password change, or all sessions ended): log in again")
    return Principal(user.id, user.username, user.is_admin, None, None, user.is_admin or user.can_create_tournaments
                     ), memberships, mirrored
