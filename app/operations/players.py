"""Player use cases: players belong to a club; their birth dates and contact data are seen, and the players
changed, only with rights from the tournaments they are rostered in (:func:`app.auth.rights.player_rights`)."""

from __future__ import annotations

from sqlalchemy import insert
from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.auth.rights import Access, player_rights
from app.models import Club, Player, RosterEntry
from app.models.base import table_of, utcnow
from app.operations import audit
from app.operations.reads.players import player_row_view, player_view
from app.operations.repository import club_row, get_or_404, paginate
from app.schemas.clubs import PlayerCreate, PlayerPublic, PlayerRead, PlayerUpdate
from app.services.errors import NotFound, StateConflict

_P = table_of(Player)
_INSERT_PLAYER = insert(_P).returning(*_P.c)


def create_player(session: Session, access: Access, body: PlayerCreate) -> PlayerRead:
    """Register a player of a club the caller has rights over (the answer shows what they typed in full)."""
    access.require_club(body.club_id)
    if club_row(session, body.club_id) is None:
        raise NotFound(None, "no club with id {club_id}",
                       params={"club_id": body.club_id})
    # one INSERT ... RETURNING of a row: a new player belongs to no tournament yet (no version to bump, no event)
    row = session.connection().execute(_INSERT_PLAYER, body.model_dump() | {"created_at": utcnow()}).mappings().one()
    audit.record(session, access.principal, "create", "player", row["id"], after=dict(row))
    return player_row_view(row, private=True)


def list_players(session: Session, principal: Principal | None, club_id: int | None, q: str | None, limit: int,
                 offset: int) -> tuple[list[PlayerRead | PlayerPublic], int]:
    """One page of the players by name (one club's, those whose first or last name contains ``q``) as this
    reader may see them, and how many there are."""
    stmt = select(Player).order_by(col(Player.last_name), col(Player.first_name), col(Player.id))
    if club_id is not None:
        stmt = stmt.where(Player.club_id == club_id)
    if q:
        stmt = stmt.where(col(Player.last_name).ilike(f"%{q}%") | col(Player.first_name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, limit, offset)
    rights = player_rights(session, principal, items)
    return [player_view(session, principal, p, rights[p.id or 0].see_private) for p in items], total


def get_player(session: Session, principal: Principal | None, player_id: int) -> PlayerRead | PlayerPublic:
    """The player as this reader may see them."""
    return player_view(session, principal, get_or_404(session, Player, player_id, "player"))


def update_player(session: Session, access: Access, player_id: int, body: PlayerUpdate) -> PlayerRead:
    """Change a player the caller has rights over (every tournament the player is rostered in); moving them to
    another club needs rights over that club too."""
    p = get_or_404(session, Player, player_id, "player")
    access.require_player(p)
    changes = body.model_dump(exclude_unset=True)
    if "club_id" in changes and changes["club_id"] != p.club_id:
        access.require_club(changes["club_id"])
        get_or_404(session, Club, changes["club_id"], "club")
    before = audit.snapshot(p)
    for k, v in changes.items():
        setattr(p, k, v)
    session.add(p)
    audit.record(session, access.principal, "update", "player", p.id, before=before, after=p)
    return PlayerRead.model_validate(p.model_dump() | {"name": p.name})


def delete_player(session: Session, access: Access, player_id: int) -> None:
    """Delete a player the caller has rights over, once they are on no roster (an administrator, or whoever
    registered the club while it takes part in no tournament)."""
    p = get_or_404(session, Player, player_id, "player")
    access.require_player(p)
    if session.exec(select(RosterEntry).where(RosterEntry.player_id == player_id)).first():
        raise StateConflict(None, "the player is on a roster; remove them from it first")
    audit.record(session, access.principal, "delete", "player", p.id, before=p)
    session.delete(p)
