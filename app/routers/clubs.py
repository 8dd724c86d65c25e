"""Clubs and players (shared by every tournament; rights over them come from the tournaments they play in)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, status
from sqlmodel import col, select

from app.models import Club, Player, RosterEntry, Team
from app.models.schemas import (
    ClubCreate,
    ClubRead,
    ClubUpdate,
    Page,
    PlayerCreate,
    PlayerPublic,
    PlayerRead,
    PlayerUpdate,
)
from app.operations import audit
from app.operations.read_models import player_view
from app.permissions import club_rights
from app.routers.deps import Access, Id, PagingDep, SessionDep, get_or_404, paginate, permit, public
from app.services.errors import StateConflict

router = APIRouter(tags=["clubs and players"])

SearchText = Annotated[str | None, Query(max_length=100, description="part of the name")]


@router.post("/clubs", response_model=ClubRead, status_code=status.HTTP_201_CREATED,
             summary="Create a club (its creator has rights over it until it enters a tournament)")
def create_club(body: ClubCreate, session: SessionDep, access: Annotated[Access, permit("club.create")]) -> Club:
    principal = access.signed_in
    club = Club(**body.model_dump(), created_by=principal.user_id)
    session.add(club)
    session.flush()
    audit.record(session, principal, "create", "club", club.id, after=club)
    return club


@router.get("/clubs", response_model=Page[ClubRead], summary="Clubs, by name")
def list_clubs(session: SessionDep, paging: PagingDep, _: Annotated[Access, public()],
               q: SearchText = None) -> Page[ClubRead]:
    stmt = select(Club).order_by(Club.name, Club.id)
    if q:
        stmt = stmt.where(col(Club.name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, paging)
    return Page(items=[ClubRead.model_validate(c, from_attributes=True) for c in items], total=total,
                limit=paging.limit, offset=paging.offset)


@router.get("/clubs/{club_id}", response_model=ClubRead, summary="A club")
def get_club(club_id: Id, session: SessionDep, _: Annotated[Access, public()]) -> Club:
    return get_or_404(session, Club, club_id, "club")


@router.patch("/clubs/{club_id}", response_model=ClubRead, summary="Change a club")
def update_club(club_id: Id, body: ClubUpdate, session: SessionDep,
                access: Annotated[Access, permit("club.write")]) -> Club:
    access.require_club(club_id)
    club = get_or_404(session, Club, club_id, "club")
    before = audit.snapshot(club)
    for k, v in body.model_dump(exclude_unset=True).items():
        setattr(club, k, v)
    session.add(club)
    audit.record(session, access.principal, "update", "club", club.id, before=before, after=club)
    return club


@router.delete("/clubs/{club_id}", status_code=status.HTTP_204_NO_CONTENT,
               summary="Delete a club without players or teams")
def delete_club(club_id: Id, session: SessionDep, access: Annotated[Access, permit("club.write")]) -> None:
    access.require_club(club_id)
    club = get_or_404(session, Club, club_id, "club")
    if session.exec(select(Player).where(Player.club_id == club_id)).first() or session.exec(
        select(Team).where(Team.club_id == club_id)
    ).first():
        raise StateConflict(None, "the club still has players or teams")
    audit.record(session, access.principal, "delete", "club", club.id, before=club)
    session.delete(club)


@router.post("/players", response_model=PlayerRead, status_code=status.HTTP_201_CREATED,
             summary="Register a player of a club")
def create_player(body: PlayerCreate, session: SessionDep,
                  access: Annotated[Access, permit("player.write")]) -> PlayerRead:
    access.require_club(body.club_id)
    get_or_404(session, Club, body.club_id, "club")
    p = Player(**body.model_dump())
    session.add(p)
    session.flush()
    audit.record(session, access.principal, "create", "player", p.id, after=p)
    return PlayerRead.model_validate(p.model_dump() | {"name": p.name})


@router.get("/players", response_model=Page[PlayerRead | PlayerPublic],
            summary="Players; birth dates and contact data only for those with rights over the club")
def list_players(
    session: SessionDep, access: Annotated[Access, public()], paging: PagingDep,
    club_id: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    q: Annotated[str | None, Query(max_length=100, description="part of the last or first name")] = None,
) -> Page[PlayerRead | PlayerPublic]:
    stmt = select(Player).order_by(Player.last_name, Player.first_name, Player.id)
    if club_id is not None:
        stmt = stmt.where(Player.club_id == club_id)
    if q:
        stmt = stmt.where(col(Player.last_name).ilike(f"%{q}%") | col(Player.first_name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, paging)
    rights = club_rights(session, access.principal)
    return Page(items=[player_view(session, access.principal, p, p.club_id in rights) for p in items],
                total=total, limit=paging.limit, offset=paging.offset)


@router.get("/players/{player_id}", response_model=PlayerRead | PlayerPublic,
            summary="A player; birth date and contact data only for those with rights over the club")
def get_player(player_id: Id, session: SessionDep, access: Annotated[Access, public()]) -> PlayerRead | PlayerPublic:
    return player_view(session, access.principal, get_or_404(session, Player, player_id, "player"))


@router.patch("/players/{player_id}", response_model=PlayerRead, summary="Change a player")
def update_player(player_id: Id, body: PlayerUpdate, session: SessionDep,
                  access: Annotated[Access, permit("player.write")]) -> PlayerRead:
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


@router.delete("/players/{player_id}", status_code=status.HTTP_204_NO_CONTENT,
               summary="Delete a player who is on no roster")
def delete_player(player_id: Id, session: SessionDep, access: Annotated[Access, permit("player.write")]) -> None:
    p = get_or_404(session, Player, player_id, "player")
    access.require_player(p)
    if session.exec(select(RosterEntry).where(RosterEntry.player_id == player_id)).first():
        raise StateConflict(None, "the player is on a roster; remove them from it first")
    audit.record(session, access.principal, "delete", "player", p.id, before=p)
    session.delete(p)
