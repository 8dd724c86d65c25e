"""Login throttling, counted in the database so that every worker agrees.

Failed logins are counted three ways:

- one user name from one client address (``here``): past ``login_failures_per_user`` that address waits for
  that user name, so guesses from elsewhere never lock the right password out of the user's own device;
- one client address, every user name (``address``): past ``login_failures_per_address`` it waits for all;
- one user name, every address (``user``): past the larger ``login_failures_per_user_anywhere`` (guesses
  spread over many addresses) it waits, but only at addresses that have failed for that user name: a
  correct password from an address that has not failed is never refused.

Each wait starts at ``login_lock_seconds`` and doubles with each further failure up to
``login_lock_max_seconds``; a count starts again once its first failure is that old.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, col, select

from app.config import Settings, get_settings
from app.db.engine import get_engine
from app.models import LoginThrottle
from app.services.errors import DomainError


class TooManyAttempts(DomainError):
    status = 429
    type_slug = "too-many-requests"
    title = "Too many failed logins"


@dataclass(frozen=True)
class Keys:
    """The throttle rows one login attempt counts against (``LoginThrottle.key``)."""

    here: str
    address: str | None
    user: str

    def all(self) -> list[str]:
        return [k for k in (self.here, self.address, self.user) if k is not None]


def throttle_keys(username: str, address: str | None) -> Keys:
    name = username.strip().casefold()
    # the key column holds 160 characters: an IPv6 address has at most 45, a user name 100
    return Keys(here=f"pair:{(address or '')[:45]}|{name[:100]}",
                address="addr:" + address[:150] if address else None, user="user:" + name[:150])


def _limit(keys: Keys, key: str, settings: Settings) -> int:
    if key == keys.here:
        return settings.login_failures_per_user
    if key == keys.address:
        return settings.login_failures_per_address
    return settings.login_failures_per_user_anywhere


def _current(row: LoginThrottle | None, now: datetime, window: timedelta) -> bool:
    return row is not None and row.failures > 0 and now - row.window_start <= window


def check_throttle(session: Session, keys: Keys, now: datetime | None = None) -> None:
    """Refuse (429 with Retry-After) while this address waits for this user name or for every name, or while
    the user name waits everywhere and this address has failed for it."""
    now = now or datetime.now(UTC)
    window = timedelta(seconds=get_settings().login_lock_max_seconds)
    rows = {r.key: r for r in session.exec(select(LoginThrottle).where(col(LoginThrottle.key).in_(keys.all())))}
    here, user = rows.get(keys.here), rows.get(keys.user)
    candidates = [here, rows.get(keys.address) if keys.address else None]
    if _current(here, now, window):  # the spread-out guessing wait holds only where this address failed
        candidates.append(user)
    waits = [r.locked_until for r in candidates if r is not None and r.locked_until is not None
             and r.locked_until > now]
    if waits:
        seconds = max(1, math.ceil((max(waits) - now).total_seconds()))
        raise TooManyAttempts(None, "too many failed logins from this address: try again in {seconds} s",
                              params={"seconds": seconds},
                              retry_after=seconds)


def _count(key: str, limit: int, now: datetime, settings: Settings) -> None:
    window = timedelta(seconds=settings.login_lock_max_seconds)
    with Session(get_engine()) as s:
        row = s.exec(select(LoginThrottle).where(LoginThrottle.key == key).with_for_update()).first()
        if row is None or now - row.window_start > window:
            row = row or LoginThrottle(key=key, window_start=now)
            row.failures, row.window_start, row.locked_until = 0, now, None
        row.failures += 1
        if row.failures >= limit:
            wait = min(settings.login_lock_seconds * 2 ** (row.failures - limit), settings.login_lock_max_seconds)
            row.locked_until = now + timedelta(seconds=wait)
        s.add(row)
        s.commit()


def record_failure(keys: Keys, now: datetime | None = None) -> None:
    """Count a failed login, each count in its own transaction (the request's own one rolls back with the 401)."""
    settings = get_settings()
    now = now or datetime.now(UTC)
    for key in keys.all():
        for _ in range(2):
            try:
                _count(key, _limit(keys, key, settings), now, settings)
                break
            except IntegrityError:  # another worker created the row first: count on it
                continue
            except SQLAlchemyError:  # the database is busy: a lost count is better than a 500
                break


def clear_failures(session: Session, keys: Keys) -> None:
    """A successful login forgets this address's failures for the user name; the address's count over every
    name and the user name's count over every address stay until their window ends."""
    for row in session.exec(select(LoginThrottle).where(LoginThrottle.key == keys.here)):
        session.delete(row)
