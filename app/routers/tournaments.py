"""Tournaments and their rules."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response, status

from app.http.deps import NOT_MODIFIED, Access, Id, IfNoneMatch, PagingDep, SessionDep, answers, cached, permit, public
from app.operations import cache, tournaments
from app.operations.reads.tournaments import tournament_read
from app.schemas.base import Page
from app.schemas.tournaments import RoundCountPut, TournamentCreate, TournamentRead, TournamentUpdate

router = APIRouter(prefix="/tournaments", tags=["tournaments"])


@router.post("", response_model=TournamentRead, status_code=status.HTTP_201_CREATED,
             summary="Create a tournament; the creator becomes its organiser")
def create_tournament(body: TournamentCreate, session: SessionDep,
                      access: Annotated[Access, permit("tournament.create")]) -> TournamentRead:
    """Create a tournament from a preset (`k12-2025`, `fide`) and `rules` overriding its settings; its rounds
    are created `pending`. The creator becomes its organiser. Administrators and users marked as organisers
    may create tournaments."""
    return tournaments.create_tournament(session, body, access.signed_in)


@router.get("", response_model=Page[TournamentRead], summary="Tournaments, newest first")
def list_tournaments(session: SessionDep, paging: PagingDep, _: Annotated[Access, public()],
                     q: Annotated[str | None, Query(max_length=100, description="part of the name")] = None,
                     ) -> Page[TournamentRead]:
    """Every tournament, the newest first; `q` keeps those whose name contains it."""
    items, total = tournaments.list_tournaments(session, q, paging.limit, paging.offset)
    return paging.page(items, total)


@router.get("/{tournament_id}", response_model=TournamentRead, responses=NOT_MODIFIED,
            summary="A tournament with its settings")
def get_tournament(tournament_id: Id, session: SessionDep, _: Annotated[Access, public()],
                   if_none_match: IfNoneMatch = None) -> Response:
    """The tournament's details and all its settings (`rules`), with warnings for the organiser."""
    return cached(cache.read(session, tournament_id, "tournament", lambda t: tournament_read(session, t),
                             TournamentRead, if_none_match=if_none_match))


@router.patch("/{tournament_id}", response_model=TournamentRead, responses=answers(409),
              summary="Change the tournament's details or settings (scoring and pairing fixed once round 1 is paired)")
def update_tournament(tournament_id: Id, body: TournamentUpdate, session: SessionDep,
                      access: Annotated[Access, permit("tournament.update")]) -> TournamentRead:
    """Change the tournament's details or settings (`rules` merges into the current ones). The number of rounds
    (R-4.3), the boards, the scoring and the pairing settings are fixed once round 1 is paired (409)."""
    return tournaments.update_tournament(session, tournament_id, body, access.principal)


@router.put("/{tournament_id}/round-count", response_model=TournamentRead, responses=answers(409),
            summary="Change a Swiss's number of rounds by the chief arbiter's decision (R-4.3)")
def change_round_count(tournament_id: Id, body: RoundCountPut, session: SessionDep,
                       access: Annotated[Access, permit("rounds.count")]) -> TournamentRead:
    """R-4.3: with fewer than 20 teams the organisers may reduce the rounds. The chief arbiter's decision, recorded
    in the audit trail, changes a Swiss's number of rounds before it starts or while it runs, never below the
    rounds already paired (409); a round robin's rounds follow from its teams (409, C.05)."""
    return tournaments.change_round_count(session, tournament_id, body.rounds, body.decision, access.principal)


@router.delete("/{tournament_id}", status_code=status.HTTP_204_NO_CONTENT, responses=answers(409),
               summary="Delete a tournament that has not started (no round paired)")
def delete_tournament(tournament_id: Id, session: SessionDep,
                      access: Annotated[Access, permit("tournament.delete")]) -> None:
    """Delete a tournament with everything in it, as long as no round is paired (409 afterwards)."""
    tournaments.delete_tournament(session, tournament_id, access.principal)
