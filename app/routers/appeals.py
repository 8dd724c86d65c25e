"""Appeals (R-14), the appeals committee (R-14.4) and the captain's removal (R-16.1)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, status

from app.http.deps import Access, Id, PagingDep, RoundNumber, SessionDep, answers, permit, public
from app.operations import appeals
from app.schemas.appeals import (
    AppealCreate,
    AppealDecision,
    AppealRead,
    CaptainRemoval,
    CommitteeMemberRead,
    CommitteePut,
)
from app.schemas.base import Page
from app.schemas.lineups import LineupRead

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["appeals"])


@router.get("/committee", response_model=Page[CommitteeMemberRead], summary="The appeals committee (R-14.4)")
def get_committee(tournament_id: Id, session: SessionDep, paging: PagingDep,
                  _: Annotated[Access, public()]) -> Page[CommitteeMemberRead]:
    """The appeals committee (R-14.4): the regular members, then the alternates, each kind in order."""
    return paging.of(appeals.committee(session, tournament_id))


@router.put("/committee", response_model=Page[CommitteeMemberRead], responses=answers(409),
            summary="Name the committee: regulars and alternates in order (organiser, audited)")
def put_committee(tournament_id: Id, body: CommitteePut, session: SessionDep,
                  access: Annotated[Access, permit("committee.write")]) -> Page[CommitteeMemberRead]:
    """Name the whole appeals committee (R-14.4): regulars and alternates in order, one chair, optionally the
    members' accounts (to record decisions) and clubs (a member never sits on an appeal of their own club).
    The answer is the committee as `GET .../committee` lists it, in one page."""
    everyone = appeals.name_committee(session, tournament_id, body, access.signed_in)
    return Page(items=everyone, total=len(everyone), limit=max(len(everyone), 1), offset=0)


@router.post("/appeals", response_model=AppealRead, status_code=status.HTTP_201_CREATED, responses=answers(409),
             summary="File an appeal (the team's manager, R-16.2; or the chief arbiter recording it)")
def file_appeal(tournament_id: Id, body: AppealCreate, session: SessionDep,
                access: Annotated[Access, permit("appeal.file")]) -> AppealRead:
    """File an appeal against an arbiter's decision in a game (`board`) or a whole match (R-14): the appealing
    team's manager files it, or the chief arbiter records it. It must be announced and submitted within the
    deadlines after the game ended (R-14.1; the chief arbiter may accept a late one) with the fee (R-14.3);
    refusals are 409 with the rule."""
    principal = access.require("appeal.file", body.team_id)  # the appealing team's manager, or the chief arbiter
    if body.accept_late:
        access.require("appeal.accept_late")
    return appeals.file_appeal(session, tournament_id, body, principal)


@router.get("/appeals", response_model=Page[AppealRead],
            summary="Appeals; texts only for the teams involved, the officials and the committee hearing each")
def list_appeals(tournament_id: Id, session: SessionDep, paging: PagingDep,
                 access: Annotated[Access, public()]) -> Page[AppealRead]:
    """The tournament's appeals in the order they were filed, with their status and decision. The texts only
    for the teams involved, the officials and the members of the committee hearing each (R-14.4)."""
    items, total = appeals.list_appeals(session, tournament_id, access.principal, paging.limit, paging.offset)
    return paging.page(items, total)


@router.get("/appeals/{appeal_id}", response_model=AppealRead,
            summary="An appeal; its text only for the teams involved, the officials and the committee hearing it")
def get_appeal(tournament_id: Id, appeal_id: Id, session: SessionDep,
               access: Annotated[Access, public()]) -> AppealRead:
    """An appeal with its status, the sitting committee and the decision; the text only for the teams involved,
    the officials and the members of the committee hearing it (R-14.4: its sitting chair and members)."""
    return appeals.get_appeal(session, tournament_id, appeal_id, access.principal)


@router.post("/appeals/{appeal_id}/decision", response_model=AppealRead, responses=answers(409),
             summary="Decide an appeal (the sitting committee's chair or the organiser); the fee follows (R-14.3)")
def decide_appeal(tournament_id: Id, appeal_id: Id, body: AppealDecision, session: SessionDep,
           access: Annotated[Access, permit("appeal.decide")]) -> AppealRead:
    """Record the decision on an open appeal, `upheld` or `rejected`, with the reasons: the sitting committee's
    chair or the organiser (R-14.4). The fee is returned when the appeal is upheld (R-14.3). Refused (409)
    when the sitting committee is incomplete or the appeal was decided already (R-14.2)."""
    return appeals.decide_appeal(session, access, tournament_id, appeal_id, body)


@router.delete("/rounds/{number}/lineups/{team_id}/captain", response_model=LineupRead, responses=answers(409),
               summary="Remove the captain role for this round (chief arbiter, R-16.1; audited)")
def remove_captain(tournament_id: Id, number: RoundNumber, team_id: Id, body: CaptainRemoval, session: SessionDep,
                   access: Annotated[Access, permit("captain.remove")]) -> LineupRead:
    """Take the captain role away from the team's captain for this round (R-16.1), with the reason; audited.
    The team cannot name another captain for the round. Refused (409) when the team has no lineup."""
    return appeals.remove_captain(session, tournament_id, number, team_id, body.reason, access.signed_in)
