"""Accounts outside the API: the first administrator of a new deployment."""

from __future__ import annotations

from sqlmodel import Session, select

from app.auth.credentials import hash_password
from app.models import User


def ensure_first_admin(session: Session, username: str, password: str) -> bool:
    """Create the administrator ``username`` when the server has no administrator yet; True if created.

    Idempotent and safe to run at every start: once any administrator exists (this one or another,
    whatever its password became), nothing changes.
    """
    if session.exec(select(User.id).where(User.is_admin)).first() is not None:
        return False
    if len(password) < 8:
        raise ValueError("TEAMSWISS_ADMIN_PASSWORD must have at least 8 characters")
    existing = session.exec(select(User).where(User.username == username)).first()
    if existing is not None:
        existing.is_admin = True
        existing.can_create_tournaments = True
        session.add(existing)
    else:
        session.add(User(username=username, password_hash=hash_password(password), is_admin=True,
                         can_create_tournaments=True, full_name="Administrator"))
    session.commit()
    return True
