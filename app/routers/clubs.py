"""Clubs and players (shared by every tournament; rights over them come from the tournaments they play in)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, status
from sqlalchemy import insert
from sqlmodel import col, select

from app.auth.rights import club_rights
from app.http.deps import Access, Id, PagingDep, SessionDep, answers, one_hop, permit, public
from app.models import Club, Player, RosterEntry, Team
from app.models.base import utcnow
from app.operations import audit
from app.operations.read_models import player_row_view, player_view
from app.operations.repository import club_row, get_or_404, paginate
from app.schemas.base import Page
from app.schemas.clubs import ClubCreate, ClubRead, ClubUpdate, PlayerCreate, PlayerPublic, PlayerRead, PlayerUpdate
from app.services.errors import NotFound, StateConflict

router = APIRouter()
CLUBS, PLAYERS = ["clubs"], ["players"]

SearchText = Annotated[str | None, Query(max_length=100, description="part of the name")]


@router.post("/clubs", tags=CLUBS, response_model=ClubRead, status_code=status.HTTP_201_CREATED,
             summary="Create a club (its creator has rights over it until it enters a tournament)")
def create_club(body: ClubCreate, session: SessionDep, access: Annotated[Access, permit("club.create")]) -> Club:
    """Register a club. Any signed-in user may; the creator has rights over it (its players' data) until it
    takes part in a tournament, whose officials and managers then have them."""
    principal = access.signed_in
    club = Club(**body.model_dump(), created_by=principal.user_id)
    session.add(club)
    session.flush()
    audit.record(session, principal, "create", "club", club.id, after=club)
    return club


@router.get("/clubs", tags=CLUBS, response_model=Page[ClubRead], summary="Clubs, by name")
def list_clubs(session: SessionDep, paging: PagingDep, _: Annotated[Access, public()],
               q: SearchText = None) -> Page[ClubRead]:
    """Every club by name; `q` keeps those whose name contains it."""
    stmt = select(Club).order_by(Club.name, Club.id)
    if q:
        stmt = stmt.where(col(Club.name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, paging.limit, paging.offset)
    return paging.page([ClubRead.model_validate(c, from_attributes=True) for c in items], total)


@router.get("/clubs/{club_id}", tags=CLUBS, response_model=ClubRead, summary="A club")
def get_club(club_id: Id, session: SessionDep, _: Annotated[Access, public()]) -> Club:
    """A club: name, federation, city and whether it is a member of the Union (for the Union prizes)."""
    return get_or_404(session, Club, club_id, "club")


@router.patch("/clubs/{club_id}", tags=CLUBS, response_model=ClubRead, summary="Change a club")
def update_club(club_id: Id, body: ClubUpdate, session: SessionDep,
                access: Annotated[Access, permit("club.write")]) -> Club:
    """Change a club the user has rights over (see the permission table in README)."""
    access.require_club(club_id)
    club = get_or_404(session, Club, club_id, "club")
    before = audit.snapshot(club)
    for k, v in body.model_dump(exclude_unset=True).items():
        setattr(club, k, v)
    session.add(club)
    audit.record(session, access.principal, "update", "club", club.id, before=before, after=club)
    return club


@router.delete("/clubs/{club_id}", tags=CLUBS, status_code=status.HTTP_204_NO_CONTENT, responses=answers(409),
               summary="Delete a club without players or teams")
def delete_club(club_id: Id, session: SessionDep, access: Annotated[Access, permit("club.write")]) -> None:
    """Delete a club that has no players and no teams (409 otherwise)."""
    access.require_club(club_id)
    club = get_or_404(session, Club, club_id, "club")
    if session.exec(select(Player).where(Player.club_id == club_id)).first() or session.exec(
        select(Team).where(Team.club_id == club_id)
    ).first():
        raise StateConflict(None, "the club still has players or teams")
    audit.record(session, access.principal, "delete", "club", club.id, before=club)
    session.delete(club)


@router.post("/players", tags=PLAYERS, response_model=PlayerRead, status_code=status.HTTP_201_CREATED,
             responses=answers(404),
             summary="Register a player of a club")
@one_hop
def create_player(body: PlayerCreate, session: SessionDep,
                  access: Annotated[Access, permit("player.write")]) -> PlayerRead:
    """Register a player of a club the user has rights over (404 for an unknown club)."""
    access.require_club(body.club_id)
    if club_row(session, body.club_id) is None:
        raise NotFound(None, f"no club with id {body.club_id}")
    # one INSERT ... RETURNING of a row: a new player belongs to no tournament yet (no version to bump, no event)
    row = session.connection().execute(_INSERT_PLAYER, body.model_dump() | {"created_at": utcnow()}).mappings().one()
    audit.record(session, access.principal, "create", "player", row["id"], after=dict(row))
    return player_row_view(row, private=True)  # type: ignore[return-value]


_P = Player.__table__  # type: ignore[attr-defined]
_INSERT_PLAYER = insert(_P).returning(*_P.c)


@router.get("/players", tags=PLAYERS, response_model=Page[PlayerRead | PlayerPublic],
            summary="Players; birth dates and contact data only for those with rights over the club")
def list_players(
    session: SessionDep, access: Annotated[Access, public()], paging: PagingDep,
    club_id: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    q: Annotated[str | None, Query(max_length=100, description="part of the last or first name")] = None,
) -> Page[PlayerRead | PlayerPublic]:
    """Every player by name; `club_id` keeps one club's, `q` those whose first or last name contains it.
    Birth dates and contact data only for those with rights over the player's club."""
    stmt = select(Player).order_by(Player.last_name, Player.first_name, Player.id)
    if club_id is not None:
        stmt = stmt.where(Player.club_id == club_id)
    if q:
        stmt = stmt.where(col(Player.last_name).ilike(f"%{q}%") | col(Player.first_name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, paging.limit, paging.offset)
    rights = club_rights(session, access.principal)
    return paging.page([player_view(session, access.principal, p, p.club_id in rights) for p in items], total)


@router.get("/players/{player_id}", tags=PLAYERS, response_model=PlayerRead | PlayerPublic,
            summary="A player; birth date and contact data only for those with rights over the club")
def get_player(player_id: Id, session: SessionDep, access: Annotated[Access, public()]) -> PlayerRead | PlayerPublic:
    """A player: name, ratings, ids and federation; birth date and contact data only for those with rights
    over the player's club."""
    return player_view(session, access.principal, get_or_404(session, Player, player_id, "player"))


@router.patch("/players/{player_id}", tags=PLAYERS, response_model=PlayerRead, summary="Change a player")
def update_player(player_id: Id, body: PlayerUpdate, session: SessionDep,
                  access: Annotated[Access, permit("player.write")]) -> PlayerRead:
    """Change a player the user has rights over; moving them to another club needs rights over that club too."""
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


@router.delete("/players/{player_id}", tags=PLAYERS, status_code=status.HTTP_204_NO_CONTENT, responses=answers(409),
               summary="Delete a player who is on no roster")
def delete_player(player_id: Id, session: SessionDep, access: Annotated[Access, permit("player.write")]) -> None:
    """Delete a player who is on no roster (409 otherwise)."""
    p = get_or_404(session, Player, player_id, "player")
    access.require_player(p)
    if session.exec(select(RosterEntry).where(RosterEntry.player_id == player_id)).first():
        raise StateConflict(None, "the player is on a roster; remove them from it first")
    audit.record(session, access.principal, "delete", "player", p.id, before=p)
    session.delete(p)
