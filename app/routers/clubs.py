"""Clubs and players (shared by every tournament)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, status
from sqlmodel import Session, col, select

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
from app.routers.deps import MaybePrincipalDep, PagingDep, PrincipalDep, SessionDep, get_or_404, paginate
from app.security import Principal, is_any_staff, manages_club
from app.services.errors import Forbidden, StateConflict

router = APIRouter(tags=["clubs and players"])


def require_club_writer(session: Session, principal: Principal, club_id: int | None) -> None:
    if not principal.allows("write"):
        raise Forbidden("auth", "the API token lacks the 'write' scope")
    if is_any_staff(session, principal):
        return
    if club_id is not None and manages_club(session, principal, club_id):
        return
    raise Forbidden("auth", "only tournament officials, or a manager of one of the club's teams, may do this")


@router.post("/clubs", response_model=ClubRead, status_code=status.HTTP_201_CREATED)
def create_club(body: ClubCreate, session: SessionDep, principal: PrincipalDep) -> Club:
    require_club_writer(session, principal, None)
    club = Club(**body.model_dump())
    session.add(club)
    session.flush()
    audit.record(session, principal, "create", "club", club.id, after=club)
    session.commit()
    return club


@router.get("/clubs", response_model=Page[ClubRead])
def list_clubs(session: SessionDep, paging: PagingDep,
               q: Annotated[str | None, Query(description="part of the name")] = None) -> Page[ClubRead]:
    stmt = select(Club).order_by(Club.name, Club.id)
    if q:
        stmt = stmt.where(col(Club.name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, paging)
    return Page(items=[ClubRead.model_validate(c, from_attributes=True) for c in items], total=total,
                limit=paging.limit, offset=paging.offset)


@router.get("/clubs/{club_id}", response_model=ClubRead)
def get_club(club_id: int, session: SessionDep) -> Club:
    return get_or_404(session, Club, club_id, "club")


@router.patch("/clubs/{club_id}", response_model=ClubRead)
def update_club(club_id: int, body: ClubUpdate, session: SessionDep, principal: PrincipalDep) -> Club:
    club = get_or_404(session, Club, club_id, "club")
    require_club_writer(session, principal, club_id)
    before = audit.snapshot(club)
    for k, v in body.model_dump(exclude_unset=True).items():
        setattr(club, k, v)
    session.add(club)
    audit.record(session, principal, "update", "club", club.id, before=before, after=club)
    session.commit()
    return club


@router.delete("/clubs/{club_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_club(club_id: int, session: SessionDep, principal: PrincipalDep) -> None:
    club = get_or_404(session, Club, club_id, "club")
    require_club_writer(session, principal, None)
    if session.exec(select(Player).where(Player.club_id == club_id)).first() or session.exec(
        select(Team).where(Team.club_id == club_id)
    ).first():
        raise StateConflict(None, "the club still has players or teams")
    audit.record(session, principal, "delete", "club", club.id, before=club)
    session.delete(club)
    session.commit()


@router.post("/players", response_model=PlayerRead, status_code=status.HTTP_201_CREATED)
def create_player(body: PlayerCreate, session: SessionDep, principal: PrincipalDep) -> PlayerRead:
    get_or_404(session, Club, body.club_id, "club")
    require_club_writer(session, principal, body.club_id)
    p = Player(**body.model_dump())
    session.add(p)
    session.flush()
    audit.record(session, principal, "create", "player", p.id, after=p)
    session.commit()
    return PlayerRead.model_validate(p.model_dump() | {"name": p.name})


@router.get("/players", response_model=Page[PlayerRead | PlayerPublic])
def list_players(
    session: SessionDep, principal: MaybePrincipalDep, paging: PagingDep,
    club_id: int | None = None,
    q: Annotated[str | None, Query(description="part of the last or first name")] = None,
) -> Page[PlayerRead | PlayerPublic]:
    stmt = select(Player).order_by(Player.last_name, Player.first_name, Player.id)
    if club_id is not None:
        stmt = stmt.where(Player.club_id == club_id)
    if q:
        stmt = stmt.where(col(Player.last_name).ilike(f"%{q}%") | col(Player.first_name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, paging)
    staff = is_any_staff(session, principal)
    clubs = {p.club_id for p in items}
    private = {c: staff or manages_club(session, principal, c) for c in clubs}
    return Page(items=[player_view(session, principal, p, private[p.club_id]) for p in items], total=total,
                limit=paging.limit, offset=paging.offset)


@router.get("/players/{player_id}", response_model=PlayerRead | PlayerPublic)
def get_player(player_id: int, session: SessionDep, principal: MaybePrincipalDep) -> PlayerRead | PlayerPublic:
    return player_view(session, principal, get_or_404(session, Player, player_id, "player"))


@router.patch("/players/{player_id}", response_model=PlayerRead)
def update_player(player_id: int, body: PlayerUpdate, session: SessionDep, principal: PrincipalDep) -> PlayerRead:
    p = get_or_404(session, Player, player_id, "player")
    require_club_writer(session, principal, p.club_id)
    changes = body.model_dump(exclude_unset=True)
    if "club_id" in changes:
        get_or_404(session, Club, changes["club_id"], "club")
        require_club_writer(session, principal, changes["club_id"])
    before = audit.snapshot(p)
    for k, v in changes.items():
        setattr(p, k, v)
    session.add(p)
    audit.record(session, principal, "update", "player", p.id, before=before, after=p)
    session.commit()
    return PlayerRead.model_validate(p.model_dump() | {"name": p.name})


@router.delete("/players/{player_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_player(player_id: int, session: SessionDep, principal: PrincipalDep) -> None:
    p = get_or_404(session, Player, player_id, "player")
    require_club_writer(session, principal, p.club_id)
    if session.exec(select(RosterEntry).where(RosterEntry.player_id == player_id)).first():
        raise StateConflict(None, "the player is on a roster; remove them from it first")
    audit.record(session, principal, "delete", "player", p.id, before=p)
    session.delete(p)
    session.commit()
