"""Team entries (order, club cap, waitlist, fees), status changes and rosters."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, status

from app.http.deps import Access, Id, PagingDep, SessionDep, answers, one_hop, permit, public
from app.http.uploads import uploaded_bytes
from app.operations import payments, roster_import, rosters, teams
from app.presentation.messages import pick_language
from app.schemas.base import Page
from app.schemas.teams import (
    PaymentCreate,
    PaymentRead,
    RosterImportRead,
    RosterPut,
    RosterRead,
    TeamCreate,
    TeamRead,
    TeamUpdate,
)

router = APIRouter(prefix="/tournaments/{tournament_id}/teams", tags=["teams"])


@router.post("", response_model=TeamRead, status_code=status.HTTP_201_CREATED, responses=answers(409),
             summary="Enter a team; valid entries are accepted in submission order, later ones wait (R-11.2)")
@one_hop
def create_team(tournament_id: Id, body: TeamCreate, session: SessionDep,
                access: Annotated[Access, permit("team.enter")]) -> TeamRead:
    """Enter a team of a club (404 for an unknown club). Entries are accepted in submission order up to the
    tournament's caps; later ones wait (`waitlisted`, R-11.2) and move up when a place frees. A user who is no
    official of the tournament becomes the team's manager (an adult, R-16.2). Refused (409) after the entry
    deadline (R-11.1), for a duplicate name (R-2.2) and past the club's cap."""
    principal = access.signed_in
    if body.entered_at is not None or body.override_deadline:
        access.require("entry.override")
    if not access.holds("team.enter_any_club"):
        access.require_club(body.club_id)
    return teams.create_team(session, tournament_id, body, principal, staff=access.is_staff())


@router.get("", response_model=Page[TeamRead], summary="The tournament's teams in entry order")
def list_teams(tournament_id: Id, session: SessionDep, access: Annotated[Access, public()], paging: PagingDep,
               status_: Annotated[Literal["waitlisted", "entered", "withdrawn", "expelled"] | None,
                                  Query(alias="status", description="only the teams in this status")] = None,
               ) -> Page[TeamRead]:
    """The tournament's teams in entry order. Fees and form status only for the officials and the manager."""
    items, total = teams.list_teams(session, tournament_id, access.principal, status_, paging.limit, paging.offset)
    return paging.page(items, total)


@router.get("/{team_id}", response_model=TeamRead, operation_id="getTeam",
            summary="A team (fee and form status: its manager and officials)")
def read_team(tournament_id: Id, team_id: Id, session: SessionDep, access: Annotated[Access, public()]) -> TeamRead:
    """A team: its club, status and pairing number; fee and form status for its manager and the officials."""
    return teams.read_team(session, tournament_id, team_id, access.principal)


@router.patch("/{team_id}", response_model=TeamRead, responses=answers(409),
              summary="Rename, withdraw (manager or officials), expel or reinstate (officials, audited)")
def update_team(tournament_id: Id, team_id: Id, body: TeamUpdate, session: SessionDep,
                access: Annotated[Access, permit("team.update")]) -> TeamRead:
    """Rename a team or withdraw it (its manager or the officials); expel or reinstate it (the organiser,
    R-7.4). A reinstated team waits for a place again while round 1 is unpaired."""
    principal = access.signed_in
    if body.status in ("expelled", "entered"):
        access.require("team.status")
    return teams.update_team(session, tournament_id, team_id, body, principal)


@router.post("/{team_id}/payments", response_model=PaymentRead, status_code=status.HTTP_201_CREATED,
             summary="Record an entry fee payment (organiser; R-10, R-11.3)")
@one_hop
def add_payment(tournament_id: Id, team_id: Id, body: PaymentCreate, session: SessionDep,
                access: Annotated[Access, permit("payments.write")]) -> PaymentRead:
    """Record an entry fee payment (R-10). A team whose fee is paid in full takes its place (R-11.3)."""
    return payments.add_payment(session, tournament_id, team_id, body, access.signed_in)


@router.get("/{team_id}/payments", response_model=Page[PaymentRead],
            summary="A team's entry fee payments (its manager and the officials)")
def list_payments(tournament_id: Id, team_id: Id, session: SessionDep, paging: PagingDep,
                  _: Annotated[Access, permit("payments.read")]) -> Page[PaymentRead]:
    """The team's entry fee payments in the order they were recorded."""
    items, total = payments.list_payments(session, tournament_id, team_id, paging.limit, paging.offset)
    return paging.page(items, total)


@router.get("/{team_id}/roster", response_model=RosterRead, summary="The roster in board order (R-3.3)")
def get_roster(tournament_id: Id, team_id: Id, session: SessionDep, access: Annotated[Access, public()]) -> RosterRead:
    """The team's roster in board order (R-3.3): rated players by rating, then the unrated. A document, not a
    collection: every player is in it. Birth dates and contact data only for the tournament's officials and the
    team's manager."""
    return rosters.read_roster(session, tournament_id, team_id, access.principal)


@router.put("/{team_id}/roster", response_model=RosterRead, responses=answers(409),
            summary="Set the roster; board order is computed (R-3.3), never chosen")
@one_hop
def put_roster(tournament_id: Id, team_id: Id, body: RosterPut, session: SessionDep,
               access: Annotated[Access, permit("roster.write")]) -> RosterRead:
    """Set the whole roster (player ids of the team's club); the answer gives it in board order (R-3.3) with
    warnings for the organiser. Refused (409/422) for players of other clubs (R-2.1) or other rosters, and
    after the roster deadline except by the organiser with a reason (R-11.5)."""
    return rosters.put_roster(session, tournament_id, team_id, body, access.signed_in,
                              organiser=access.holds("roster.move"))


ROSTER_FILE_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "description": "a roster file: CSV (UTF-8 or Windows-1253, `,` `;` or tab separated) or .xlsx, one player "
                       "a line under a header line (Greek or English column names)",
        "content": {"multipart/form-data": {"schema": {"type": "object", "properties": {
            "file": {"type": "string", "format": "binary"}}, "required": ["file"]}}},
    }
}


@router.post("/{team_id}/roster/import", response_model=RosterImportRead, responses=answers(409),
             openapi_extra=ROSTER_FILE_BODY,
             summary="A roster from a CSV or .xlsx file: a preview of each line, or (save=true) the import")
def import_roster(
    tournament_id: Id, team_id: Id, session: SessionDep, request: Request,
    access: Annotated[Access, permit("roster.write")],  # before the body is read
    raw: Annotated[bytes, Depends(uploaded_bytes)],
    save: Annotated[bool, Query(description="register the new players and set the roster; else only the preview")]
    = False,
    reason: Annotated[str, Query(max_length=500, description="required for changes after the roster deadline")] = "",
) -> RosterImportRead:
    """Read a roster file (columns such as Last name / Επώνυμο, First name / Όνομα, Sex / Φύλο, Birth date /
    Ημερομηνία γέννησης, FIDE id, FIDE rating, National rating / ΕΛΟ ΕΣΟ; unknown columns are ignored and listed):
    what each line becomes (a new player of the team's club, a player of the club already, matched by FIDE id or by
    name and birth date, or an error with its rule), and whether the resulting roster would be refused (R-3.1).
    With `save=true` the new players are registered and every player of the file joins the roster (board order
    computed, R-3.3); a file with a line in error saves nothing (422)."""
    return roster_import.import_roster(session, access, tournament_id, team_id, raw, save=save, reason=reason,
                                       language=pick_language(request.headers.get("accept-language")))
