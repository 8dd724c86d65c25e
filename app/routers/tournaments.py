"""Tournaments and their rules."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response, status
from sqlmodel import col, select

from app.http.deps import NOT_MODIFIED, Access, Id, IfNoneMatch, PagingDep, SessionDep, answers, cached, permit, public
from app.models import Membership, Tournament
from app.operations import audit, cache
from app.operations.read_models import tournament_read
from app.operations.repository import delete_tournament_rows, load_tournament, paginate, rules_of
from app.operations.tournaments import any_round_paired, sync_rounds
from app.schemas.base import Page
from app.schemas.tournaments import TournamentCreate, TournamentRead, TournamentUpdate
from app.services.errors import InvalidInput, StateConflict
from app.services.rules import Rules, move_schedule, preset, rules_from_dict, rules_to_dict

router = APIRouter(prefix="/tournaments", tags=["tournaments"])


@router.post("", response_model=TournamentRead, status_code=status.HTTP_201_CREATED,
             summary="Create a tournament; the creator becomes its organiser")
def create_tournament(body: TournamentCreate, session: SessionDep,
                      access: Annotated[Access, permit("tournament.create")]) -> TournamentRead:
    """Create a tournament from a preset (`k12-2025`, `fide`) and `rules` overriding its settings; its rounds
    are created `pending`. The creator becomes its organiser. Administrators and users marked as organisers
    may create tournaments."""
    principal = access.signed_in
    base = preset(body.preset) if body.preset else Rules()
    if body.move_schedule:
        if body.start_date is None:
            raise InvalidInput(None, "move_schedule moves the preset's dates to start_date: give start_date")
        base = move_schedule(base, body.start_date)
    overrides = dict(body.rules)
    if body.start_date and "start_date" not in overrides and base.start_date is None:
        overrides["start_date"] = body.start_date.isoformat()
    rules = rules_from_dict(overrides, base)
    t = Tournament(
        name=body.name, city=body.city, venue=body.venue, federation=body.federation,
        start_date=body.start_date or rules.start_date, end_date=body.end_date, preset=body.preset,
        rules=rules_to_dict(rules), chief_arbiter=body.chief_arbiter, deputy_arbiters=body.deputy_arbiters,
    )
    session.add(t)
    session.flush()
    session.add(Membership(user_id=principal.user_id, tournament_id=t.id or 0, role="organiser"))
    sync_rounds(session, t, rules)
    audit.record(session, principal, "create", "tournament", t.id, tournament_id=t.id, after=t)
    return tournament_read(session, t)


@router.get("", response_model=Page[TournamentRead], summary="Tournaments, newest first")
def list_tournaments(session: SessionDep, paging: PagingDep, _: Annotated[Access, public()],
                     q: Annotated[str | None, Query(max_length=100, description="part of the name")] = None,
                     ) -> Page[TournamentRead]:
    """Every tournament, the newest first; `q` keeps those whose name contains it."""
    stmt = select(Tournament).order_by(col(Tournament.start_date).desc(), col(Tournament.id).desc())
    if q:
        stmt = stmt.where(col(Tournament.name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, paging.limit, paging.offset)
    return paging.page([tournament_read(session, t) for t in items], total)


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
    t = load_tournament(session, tournament_id, for_update=True)
    before = audit.snapshot(t)
    changes = body.model_dump(exclude_unset=True)
    if "rules" in changes:
        old = rules_of(t)
        new = rules_from_dict(changes.pop("rules"), old)
        if new.rounds != old.rounds and any_round_paired(session, tournament_id):
            raise StateConflict("R-4.3", "the number of rounds can change only before round 1 is paired")
        structural = ("boards", "mp_win", "mp_draw", "mp_loss", "bye_mp", "bye_gp", "forfeit_win_gp", "pairing")
        if any(getattr(new, k) != getattr(old, k) for k in structural) and any_round_paired(session, tournament_id):
            raise StateConflict(None, "boards, scoring and pairing settings are fixed once round 1 is paired")
        t.rules = rules_to_dict(new)
        sync_rounds(session, t, new)
    for k, v in changes.items():
        setattr(t, k, v)
    session.add(t)
    audit.record(session, access.principal, "update", "tournament", t.id, tournament_id=t.id, before=before,
                 after=t)
    return tournament_read(session, t)


@router.delete("/{tournament_id}", status_code=status.HTTP_204_NO_CONTENT, responses=answers(409),
               summary="Delete a tournament that has not started (no round paired)")
def delete_tournament(tournament_id: Id, session: SessionDep,
                      access: Annotated[Access, permit("tournament.delete")]) -> None:
    """Delete a tournament with everything in it, as long as no round is paired (409 afterwards)."""
    t = load_tournament(session, tournament_id, for_update=True)
    if any_round_paired(session, tournament_id):
        raise StateConflict(None, "a tournament with paired rounds cannot be deleted")
    audit.record(session, access.principal, "delete", "tournament", t.id, before=t)
    delete_tournament_rows(session, t)
