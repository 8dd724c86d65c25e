"""Login throttling: failed logins are counted per user name and per client address in the database, so
every worker agrees."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from app.config import get_settings
from app.db.engine import get_engine
from app.models import LoginThrottle
from app.services.errors import DomainError


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
    rows = session.exec(select(LoginThrottle).where(col(LoginThrottle.key).in_(keys))).all()
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
