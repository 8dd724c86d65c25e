"""Club use cases: clubs are shared by every tournament; rights over them come from the tournaments they play in
(or, before their first one, from having created them)."""

from __future__ import annotations

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.auth.rights import Access
from app.models import Club, Player, Team
from app.operations import audit
from app.operations.repository import get_or_404, paginate
from app.schemas.clubs import ClubCreate, ClubUpdate
from app.services.errors import StateConflict


def create_club(session: Session, body: ClubCreate, by: Principal) -> Club:
    """A new club; its creator has rights over it until it takes part in a tournament."""
    club = Club(**body.model_dump(), created_by=by.user_id)
    session.add(club)
    session.flush()
    audit.record(session, by, "create", "club", club.id, after=club)
    return club


def list_clubs(session: Session, q: str | None, limit: int, offset: int) -> tuple[list[Club], int]:
    """One page of the clubs by name (those whose name contains ``q``), and how many there are."""
    stmt = select(Club).order_by(col(Club.name), col(Club.id))
    if q:
        stmt = stmt.where(col(Club.name).ilike(f"%{q}%"))
    return paginate(session, stmt, limit, offset)


def get_club(session: Session, club_id: int) -> Club:
    return get_or_404(session, Club, club_id, "club")


def update_club(session: Session, access: Access, club_id: int, body: ClubUpdate) -> Club:
    """Change a club the caller has rights over."""
    access.require_club(club_id)
    club = get_club(session, club_id)
    before = audit.snapshot(club)
    for k, v in body.model_dump(exclude_unset=True).items():
        setattr(club, k, v)
    session.add(club)
    audit.record(session, access.principal, "update", "club", club.id, before=before, after=club)
    return club


def delete_club(session: Session, access: Access, club_id: int) -> None:
    """Delete a club the caller has rights over, once it has no players and no teams."""
    access.require_club(club_id)
    club = get_club(session, club_id)
    if session.exec(select(Player).where(Player.club_id == club_id)).first() or session.exec(
        select(Team).where(Team.club_id == club_id)
    ).first():
        raise StateConflict(None, "the club still has players or teams")
    audit.record(session, access.principal, "delete", "club", club.id, before=club)
    session.delete(club)
