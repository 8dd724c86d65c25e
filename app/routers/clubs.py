"""Clubs and players (shared by every tournament; rights over them come from the tournaments they play in:
for a player, the tournaments whose rosters they are on)."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from fastapi import APIRouter, Query, status

from app.http.deps import Access, Id, PagingDep, SessionDep, answers, one_hop, permit, public
from app.models import Club
from app.operations import clubs, players
from app.schemas.base import Page
from app.schemas.clubs import ClubCreate, ClubRead, ClubUpdate, PlayerCreate, PlayerPublic, PlayerRead, PlayerUpdate

router = APIRouter()
# FastAPI types tags as list[str | Enum] (and lists are invariant)
CLUBS: list[str | Enum] = ["clubs"]
PLAYERS: list[str | Enum] = ["players"]

SearchText = Annotated[str | None, Query(max_length=100, description="part of the name")]


@router.post("/clubs", tags=CLUBS, response_model=ClubRead, status_code=status.HTTP_201_CREATED,
             summary="Create a club (its creator has rights over it until it enters a tournament)")
def create_club(body: ClubCreate, session: SessionDep, access: Annotated[Access, permit("club.create")]) -> Club:
    """Register a club. Any signed-in user may; the creator has rights over it (and its players on no roster)
    until it takes part in a tournament, whose officials and managers then have rights over the club."""
    return clubs.create_club(session, body, access.signed_in)


@router.get("/clubs", tags=CLUBS, response_model=Page[ClubRead], summary="Clubs, by name")
def list_clubs(session: SessionDep, paging: PagingDep, _: Annotated[Access, public()],
               q: SearchText = None) -> Page[ClubRead]:
    """Every club by name; `q` keeps those whose name contains it."""
    items, total = clubs.list_clubs(session, q, paging.limit, paging.offset)
    return paging.page([ClubRead.model_validate(c, from_attributes=True) for c in items], total)


@router.get("/clubs/{club_id}", tags=CLUBS, response_model=ClubRead, summary="A club")
def get_club(club_id: Id, session: SessionDep, _: Annotated[Access, public()]) -> Club:
    """A club: name, federation, city and whether it is a member of the Union (for the Union prizes)."""
    return clubs.get_club(session, club_id)


@router.patch("/clubs/{club_id}", tags=CLUBS, response_model=ClubRead, summary="Change a club")
def update_club(club_id: Id, body: ClubUpdate, session: SessionDep,
                access: Annotated[Access, permit("club.write")]) -> Club:
    """Change a club the user has rights over (see the permission table in README)."""
    return clubs.update_club(session, access, club_id, body)


@router.delete("/clubs/{club_id}", tags=CLUBS, status_code=status.HTTP_204_NO_CONTENT, responses=answers(409),
               summary="Delete a club without players or teams")
def delete_club(club_id: Id, session: SessionDep, access: Annotated[Access, permit("club.write")]) -> None:
    """Delete a club that has no players and no teams (409 otherwise)."""
    clubs.delete_club(session, access, club_id)


@router.post("/players", tags=PLAYERS, response_model=PlayerRead, status_code=status.HTTP_201_CREATED,
             responses=answers(404),
             summary="Register a player of a club")
@one_hop
def create_player(body: PlayerCreate, session: SessionDep,
                  access: Annotated[Access, permit("player.write")]) -> PlayerRead:
    """Register a player of a club the user has rights over (404 for an unknown club)."""
    return players.create_player(session, access, body)


@router.get("/players", tags=PLAYERS, response_model=Page[PlayerRead | PlayerPublic],
            summary="Players; birth dates and contact data only for those with rights from their tournaments")
def list_players(
    session: SessionDep, access: Annotated[Access, public()], paging: PagingDep,
    club_id: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    q: Annotated[str | None, Query(max_length=100, description="part of the last or first name")] = None,
) -> Page[PlayerRead | PlayerPublic]:
    """Every player by name; `club_id` keeps one club's, `q` those whose first or last name contains it.
    Birth dates and contact data only for the officials of a tournament whose roster the player is on and the
    manager of the player's team there (see README's permission section)."""
    items, total = players.list_players(session, access.principal, club_id, q, paging.limit, paging.offset)
    return paging.page(items, total)


@router.get("/players/{player_id}", tags=PLAYERS, response_model=PlayerRead | PlayerPublic,
            summary="A player; birth date and contact data only for those with rights from their tournaments")
def get_player(player_id: Id, session: SessionDep, access: Annotated[Access, public()]) -> PlayerRead | PlayerPublic:
    """A player: name, ratings, ids and federation; birth date and contact data only for the officials of a
    tournament whose roster the player is on and the manager of the player's team there."""
    return players.get_player(session, access.principal, player_id)


@router.patch("/players/{player_id}", tags=PLAYERS, response_model=PlayerRead, summary="Change a player")
def update_player(player_id: Id, body: PlayerUpdate, session: SessionDep,
                  access: Annotated[Access, permit("player.write")]) -> PlayerRead:
    """Change a player: an administrator, or whoever holds rights in every tournament whose roster the player
    is on (its organisers and arbiters, the manager of the player's team there), never rights from one of
    those alone (403). A player on no roster: whoever registered the club while it takes part in no
    tournament. Moving a player to another club needs rights over that club too."""
    return players.update_player(session, access, player_id, body)


@router.delete("/players/{player_id}", tags=PLAYERS, status_code=status.HTTP_204_NO_CONTENT, responses=answers(409),
               summary="Delete a player who is on no roster")
def delete_player(player_id: Id, session: SessionDep, access: Annotated[Access, permit("player.write")]) -> None:
    """Delete a player who is on no roster (409 otherwise): an administrator, or whoever registered the club
    while it takes part in no tournament."""
    players.delete_player(session, access, player_id)
