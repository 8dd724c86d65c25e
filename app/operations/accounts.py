"""Account use cases: logging in, the signed-in user and their rights, user accounts, and the first administrator
of a new deployment."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, col, select

from app.auth.credentials import check_login, create_access_token, hash_password
from app.auth.principal import Principal
from app.auth.rights import Access, permissions_in
from app.auth.throttle import check_throttle, clear_failures, record_failure, throttle_keys
from app.config import ConfigurationError
from app.models import ApiToken, Membership, Tournament, User
from app.operations import audit
from app.operations.repository import get_or_404, paginate
from app.schemas.accounts import (
    PASSWORD_MAX,
    PASSWORD_MIN,
    MembershipRead,
    MeRead,
    TournamentRights,
    UserCreate,
    UserUpdate,
)
from app.services.errors import Forbidden, StateConflict, Unauthorized


def user_by_name(session: Session, username: str) -> User | None:
    return session.exec(select(User).where(User.username == username)).first()


def login(session: Session, username: str, password: str, address: str | None) -> tuple[str, int]:
    """A bearer token for ``username`` and its lifetime in seconds, if ``password`` is theirs.

    Failed logins are counted per user name and client ``address``, per address, and per user name over every
    address (:mod:`app.auth.throttle`): past a limit the attempt is refused (429 with a wait), yet a correct
    password from an address that has not failed for the user name is never refused by the others' guesses."""
    user = _checked_password(session, username, password, address)
    return create_access_token(user)


def _checked_password(session: Session, username: str, password: str, address: str | None) -> User:
    """The user whose password this is, counted by the login throttle (401 or 429 otherwise)."""
    keys = throttle_keys(username, address)
    check_throttle(session, keys)
    user = user_by_name(session, username)
    if not check_login(user, password):
        session.rollback()  # release the caller's transaction before counting in a transaction of its own
        record_failure(keys)
        raise Unauthorized(None, "wrong user name or password")
    assert user is not None
    clear_failures(session, keys)
    return user


def me(session: Session, principal: Principal) -> MeRead:
    """The principal's user, its memberships, and per tournament the actions this principal holds there."""
    user = get_or_404(session, User, principal.user_id, "user")
    ms = session.exec(select(Membership).where(Membership.user_id == user.id).order_by(col(Membership.id))).all()
    rights = []
    tids = list(dict.fromkeys(m.tournament_id for m in ms))
    if principal.is_admin:  # an administrator holds the tournament actions in every tournament, roles or not
        tids += [t for t in session.exec(select(Tournament.id).order_by(col(Tournament.id))).all()
                 if t is not None and t not in tids]
    for tid in tids:
        mine = [m for m in ms if m.tournament_id == tid]
        rights.append(TournamentRights(
            tournament_id=tid, roles=sorted({m.role for m in mine}),
            team_ids=sorted({m.team_id for m in mine if m.role == "manager" and m.team_id is not None}),
            permissions=permissions_in(session, principal, tid)))
    return MeRead(
        id=user.id or 0, username=user.username, is_admin=user.is_admin, full_name=user.full_name,
        is_active=user.is_active, can_create_tournaments=principal.can_create_tournaments,
        scopes=sorted(principal.scopes) if principal.scopes is not None else None,
        memberships=[MembershipRead.model_validate(m, from_attributes=True) for m in ms], tournaments=rights,
    )


def create_user(session: Session, body: UserCreate, by: Principal | None) -> User:
    """A new user account (``by``: the administrator; None for the command line); a taken user name is refused."""
    if user_by_name(session, body.username) is not None:
        raise StateConflict(None, "the user name {username!r} is taken",
                            params={"username": body.username})
    user = User(**body.model_dump(exclude={"password"}), password_hash=hash_password(body.password))
    session.add(user)
    session.flush()
    audit.record(session, by, "create", "user", user.id, after=user)
    return user


def list_users(session: Session, limit: int, offset: int) -> tuple[list[User], int]:
    """One page of the user accounts, oldest first, and how many there are."""
    return paginate(session, select(User).order_by(col(User.id)), limit, offset)


def update_user(session: Session, user_id: int, body: UserUpdate, by: Principal) -> User:
    """Change a user account; administrators cannot remove their own administrator rights or disable themselves
    (the server would be left without its administrator). A new password, or disabling the account, ends the
    user's sessions (their login tokens and API tokens), so that a stolen token dies with the old password and
    an account enabled again brings none back."""
    user = get_or_404(session, User, user_id, "user")
    changes = body.model_dump(exclude_unset=True)
    if user.id == by.user_id and (changes.get("is_admin") is False or changes.get("is_active") is False):
        raise StateConflict(None, "administrators cannot remove their own administrator rights or disable themselves")
    before = audit.snapshot(user)
    password = changes.pop("password", None)
    if password is not None:
        user.password_hash = hash_password(password)
    for k, v in changes.items():
        setattr(user, k, v)
    session.add(user)
    audit.record(session, by, "update", "user", user.id, before=before, after=user)
    if password is not None or changes.get("is_active") is False:
        _end_sessions(session, user, by)
    return user


def _end_sessions(session: Session, user: User, by: Principal | None, action: str = "end_sessions") -> None:
    """Count the user's session epoch up (every login token issued before is refused from the next request on,
    in every worker: the epoch is read with the user's row) and revoke their API tokens."""
    before = audit.snapshot(user)
    user.session_epoch += 1
    session.add(user)
    now = datetime.now(UTC)
    for tok in session.exec(select(ApiToken).where(ApiToken.user_id == user.id,
                                                   col(ApiToken.revoked_at).is_(None))):
        tok.revoked_at = now
        session.add(tok)
    audit.record(session, by, action, "user", user.id, before=before, after=user)


def end_sessions(session: Session, access: Access, user_id: int) -> None:
    """End every session of the user ``user_id``: their own or, for an administrator, anyone's."""
    principal = access.signed_in
    if user_id != principal.user_id and not access.holds("users.manage"):
        raise Forbidden(None, "only the user or an administrator may end the user's sessions")
    _end_sessions(session, get_or_404(session, User, user_id, "user"), principal)


def change_password(session: Session, principal: Principal, current: str, new: str,
                    address: str | None) -> tuple[str, int]:
    """Change the signed-in user's own password, given the current one (counted by the login throttle like a
    login), end every session of theirs, and answer a new login token and its lifetime."""
    user = _checked_password(session, principal.username, current, address)
    if user.id != principal.user_id:  # the token's name was given to another account since
        raise Unauthorized(None, "wrong user name or password")
    user.password_hash = hash_password(new)
    _end_sessions(session, user, principal, "change_password")
    session.flush()
    return create_access_token(user)


def ensure_first_admin(session: Session, username: str, password: str) -> bool:
    """Create the administrator ``username`` when the server has no administrator yet; True if created.

    Idempotent and safe to run at every start: once any administrator exists (this one or another,
    whatever its password became), nothing changes. The caller commits. A password the API would refuse is a
    :class:`ConfigurationError`.
    """
    if session.exec(select(User.id).where(User.is_admin)).first() is not None:
        return False
    if len(password) < PASSWORD_MIN:
        raise ConfigurationError(f"TEAMSWISS_ADMIN_PASSWORD must have at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise ConfigurationError(f"TEAMSWISS_ADMIN_PASSWORD must have at most {PASSWORD_MAX} characters")
    existing = user_by_name(session, username)
    if existing is not None:
        existing.is_admin = True
        existing.can_create_tournaments = True
        session.add(existing)
    else:
        session.add(User(username=username, password_hash=hash_password(password), is_admin=True,
                         can_create_tournaments=True, full_name="Administrator"))
    return True
