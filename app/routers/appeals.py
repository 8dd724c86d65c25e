"""Appeals (R-14), the appeals committee (R-14.4) and the captain's removal (R-16.1)."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction
from typing import Annotated

from fastapi import APIRouter, status
from sqlmodel import Session, col, delete, select

from app.auth.policy import ORGANISER_ROLES
from app.http.deps import Access, Id, PagingDep, RoundNumber, SessionDep, answers, permit, public
from app.models import Appeal, BoardGame, Club, CommitteeMember, Lineup, Match, Round, User
from app.operations import audit
from app.operations.read_models import appeal_read, involved_clubs, lineup_read, member_read, members, to_member
from app.operations.repository import get_or_404, get_team, load_tournament, paginate, rules_of
from app.operations.rounds import get_round
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
from app.services.appeals import check_committee, check_deadlines, check_fee, fee_after, sitting_committee
from app.services.errors import Forbidden, InvalidInput, NotFound, StateConflict

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["appeals"])


@router.get("/committee", response_model=Page[CommitteeMemberRead], summary="The appeals committee (R-14.4)")
def get_committee(tournament_id: Id, session: SessionDep, paging: PagingDep,
                  _: Annotated[Access, public()]) -> Page[CommitteeMemberRead]:
    """The appeals committee (R-14.4): the regular members, then the alternates, each kind in order."""
    load_tournament(session, tournament_id)
    return paging.of([member_read(to_member(m)) for m in members(session, tournament_id)])


@router.put("/committee", response_model=Page[CommitteeMemberRead], responses=answers(409),
            summary="Name the committee: regulars and alternates in order (organiser, audited)")
def put_committee(tournament_id: Id, body: CommitteePut, session: SessionDep,
                  access: Annotated[Access, permit("committee.write")]) -> Page[CommitteeMemberRead]:
    """Name the whole appeals committee (R-14.4): regulars and alternates in order, one chair, optionally the
    members' accounts (to record decisions) and clubs (a member never sits on an appeal of their own club).
    The answer is the committee as `GET .../committee` lists it, in one page."""
    principal = access.signed_in
    t = load_tournament(session, tournament_id, for_update=True)
    for m in body.members:  # references to unknown rows are the caller's mistake (422), not a server error
        if m.club_id is not None:
            get_or_404(session, Club, m.club_id, "club")
        if m.user_id is not None:
            get_or_404(session, User, m.user_id, "user")
    rules = rules_of(t)
    counters = {"regular": 0, "alternate": 0}
    rows = []
    for m in body.members:
        counters[m.kind] += 1
        rows.append(CommitteeMember(tournament_id=tournament_id, name=m.name, club_id=m.club_id, kind=m.kind,
                                    position=counters[m.kind], chair=m.chair, user_id=m.user_id))
    check_committee(rules, [to_member(r) for r in rows])
    old = members(session, tournament_id)
    before = {"members": [audit.snapshot(m) for m in old]}
    session.exec(delete(CommitteeMember).where(col(CommitteeMember.tournament_id) == tournament_id))  # type: ignore[call-overload]
    for r in rows:
        session.add(r)
    session.flush()
    audit.record(session, principal, "committee", "committee", tournament_id, tournament_id=tournament_id,
                 before=before, after={"members": [audit.snapshot(r) for r in rows]}, reason=body.reason)
    everyone = [member_read(to_member(m)) for m in members(session, tournament_id)]
    return Page(items=everyone, total=len(everyone), limit=max(len(everyone), 1), offset=0)


def game_end(session: Session, match: Match, board: int | None) -> datetime:
    """When the game (or, for a whole-match appeal, the match) ended: the boards' recorded end times."""
    boards = session.exec(select(BoardGame).where(BoardGame.match_id == match.id)).all()
    if board is not None:
        boards = [b for b in boards if b.board == board]
        if not boards:
            raise NotFound(None, f"the match has no board {board}")
    ends = [b.ended_at for b in boards if b.ended_at is not None]
    if not ends or (board is None and len(ends) < len(boards)):
        raise StateConflict("R-14.1", "the game has not ended yet (no result with an end time): appeal after it ends")
    return max(ends)


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
    t = load_tournament(session, tournament_id, for_update=True)
    rules = rules_of(t)
    team = get_team(session, tournament_id, body.team_id)
    match = session.get(Match, body.match_id)
    rnd = session.get(Round, match.round_id) if match else None
    if match is None or rnd is None or rnd.tournament_id != tournament_id:
        raise NotFound(None, f"no match {body.match_id} in this tournament")
    if team.id not in (match.first_team_id, match.second_team_id):
        raise InvalidInput("R-14", "the appealing team did not play this match")
    ended = game_end(session, match, body.board)
    announced = body.announced_at if body.announced_at.tzinfo else body.announced_at.replace(tzinfo=UTC)
    submitted = body.submitted_at if body.submitted_at.tzinfo else body.submitted_at.replace(tzinfo=UTC)
    check_deadlines(rules, ended, announced, submitted, late_accepted=body.accept_late)
    check_fee(rules, Fraction(str(body.fee_paid)))
    a = Appeal(tournament_id=tournament_id, round_number=rnd.number, match_id=match.id or 0, board=body.board,
               team_id=team.id or 0, filed_by=principal.user_id, text=body.text, game_ended_at=ended,
               announced_at=announced, submitted_at=submitted, late_accepted=body.accept_late,
               fee_paid=body.fee_paid)
    session.add(a)
    session.flush()
    audit.record(session, principal, "file", "appeal", a.id, tournament_id=tournament_id, after=a)
    if body.accept_late:
        audit.record(session, principal, "accept-late", "appeal", a.id, tournament_id=tournament_id,
                     after={"late_accepted": True}, reason=body.reason)
    return appeal_read(session, t, a, principal)


@router.get("/appeals", response_model=Page[AppealRead],
            summary="Appeals; texts only for the teams involved and the officials")
def list_appeals(tournament_id: Id, session: SessionDep, paging: PagingDep,
                 access: Annotated[Access, public()]) -> Page[AppealRead]:
    """The tournament's appeals in the order they were filed, with their status and decision. The texts only
    for the teams involved and the officials."""
    t = load_tournament(session, tournament_id)
    items, total = paginate(session, select(Appeal).where(Appeal.tournament_id == tournament_id)
                            .order_by(Appeal.id), paging.limit, paging.offset)
    return paging.page([appeal_read(session, t, a, access.principal) for a in items], total)


@router.get("/appeals/{appeal_id}", response_model=AppealRead,
            summary="An appeal; its text only for the teams involved and the officials")
def get_appeal(tournament_id: Id, appeal_id: Id, session: SessionDep,
               access: Annotated[Access, public()]) -> AppealRead:
    """An appeal with its status, the sitting committee and the decision; the text only for the teams involved
    and the officials."""
    t = load_tournament(session, tournament_id)
    a = get_or_404(session, Appeal, appeal_id, "appeal")
    if a.tournament_id != tournament_id:
        raise NotFound(None, f"no appeal {appeal_id} in this tournament")
    return appeal_read(session, t, a, access.principal)


@router.post("/appeals/{appeal_id}/decision", response_model=AppealRead, responses=answers(409),
             summary="Decide an appeal (the sitting committee's chair or the organiser); the fee follows (R-14.3)")
def decide_appeal(tournament_id: Id, appeal_id: Id, body: AppealDecision, session: SessionDep,
           access: Annotated[Access, permit("appeal.decide")]) -> AppealRead:
    """Record the decision on an open appeal, `upheld` or `rejected`, with the reasons: the sitting committee's
    chair or the organiser (R-14.4). The fee is returned when the appeal is upheld (R-14.3). Refused (409)
    when the sitting committee is incomplete or the appeal was decided already (R-14.2)."""
    principal = access.signed_in
    t = load_tournament(session, tournament_id, for_update=True)
    a = get_or_404(session, Appeal, appeal_id, "appeal")
    if a.tournament_id != tournament_id:
        raise NotFound(None, f"no appeal {appeal_id} in this tournament")
    match = session.get(Match, a.match_id)
    assert match is not None
    rows = members(session, tournament_id)
    sc = sitting_committee(rules_of(t), [to_member(m) for m in rows], involved_clubs(session, match))
    sitting_ids = {m.id for m in sc.members}
    chairs = {m.user_id for m in rows if m.user_id is not None and m.id in sitting_ids and m.chair}
    if not sc.complete:
        raise StateConflict("R-14.4", sc.message)
    if principal.user_id not in chairs and not access.is_staff(ORGANISER_ROLES):
        raise Forbidden("R-14.4", "the sitting committee's chair or the organiser records the decision")
    if a.status != "open":
        raise StateConflict("R-14.2", f"the appeal was already {a.status}")
    before = audit.snapshot(a)
    a.status = body.decision
    a.fee_status = fee_after(body.decision)
    a.decision_reasons = body.reasons
    a.decided_at = datetime.now(UTC)
    a.decided_by = principal.user_id
    session.add(a)
    audit.record(session, principal, "decide", "appeal", a.id, tournament_id=tournament_id, before=before, after=a)
    return appeal_read(session, t, a, principal)


@router.delete("/rounds/{number}/lineups/{team_id}/captain", response_model=LineupRead, responses=answers(409),
               summary="Remove the captain role for this round (chief arbiter, R-16.1; audited)")
def remove_captain(tournament_id: Id, number: RoundNumber, team_id: Id, body: CaptainRemoval, session: SessionDep,
                   access: Annotated[Access, permit("captain.remove")]) -> LineupRead:
    """Take the captain role away from the team's captain for this round (R-16.1), with the reason; audited.
    The team cannot name another captain for the round. Refused (409) when the team has no lineup."""
    principal = access.signed_in
    t = load_tournament(session, tournament_id, for_update=True)
    get_round(session, tournament_id, number)
    team = get_team(session, tournament_id, team_id)
    lu = session.exec(select(Lineup).where(Lineup.tournament_id == tournament_id, Lineup.round_number == number,
                                           Lineup.team_id == team_id)).first()
    if lu is None:
        raise StateConflict("R-16.1", "the team has no lineup with a captain for this round")
    before = audit.snapshot(lu)
    lu.captain_id = None
    lu.captain_removed = True
    session.add(lu)
    audit.record(session, principal, "remove-captain", "lineup", lu.id, tournament_id=tournament_id, before=before,
                 after=lu, reason=body.reason)
    return lineup_read(session, t, team, number, principal)
