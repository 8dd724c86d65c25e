"""Team entries (order, club cap, waitlist, fees), status changes and rosters."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Query, status
from sqlmodel import col, select

from app.http.deps import Access, Id, PagingDep, SessionDep, answers, one_hop, permit, public
from app.models import Club, Membership, Payment, Player, RosterEntry, Team
from app.operations import audit
from app.operations.read_models import roster_read, team_read
from app.operations.repository import (
    fee_sum,
    fees_paid,
    get_or_404,
    get_team,
    load_tournament,
    paginate,
    rules_of,
    to_club,
    to_player,
)
from app.operations.teams import check_one_manager, entry_infos, reseat, round1_paired
from app.schemas.base import Page
from app.schemas.teams import PaymentCreate, PaymentRead, RosterPut, RosterRead, TeamCreate, TeamRead, TeamUpdate
from app.services.eligibility import check_manager_adult, check_roster, check_roster_change_allowed
from app.services.entries import check_new_entry
from app.services.errors import InvalidInput, NotFound, StateConflict

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
    t = load_tournament(session, tournament_id, for_update=True)
    rules = rules_of(t)
    staff = access.is_staff()
    club = get_or_404(session, Club, body.club_id, "club")
    if session.exec(select(Team).where(Team.tournament_id == tournament_id, Team.name == body.name)).first():
        raise StateConflict("R-2.2", f"a team named {body.name!r} is already entered")
    now = datetime.now(UTC)
    if not staff:
        from app.models import User

        user = session.get(User, principal.user_id)
        check_manager_adult(user.birth_date if user else None, now.date())
    check_new_entry(rules, club.id or 0, entry_infos(session, tournament_id), now, override=body.override_deadline)
    team = Team(tournament_id=tournament_id, club_id=club.id or 0, name=body.name, nickname=body.nickname,
                form_complete=body.form_complete, entered_at=body.entered_at or now, status="waitlisted")
    session.add(team)
    session.flush()
    audit.record(session, principal, "create", "team", team.id, tournament_id=tournament_id, after=team)
    if body.override_deadline:
        audit.record(session, principal, "override", "team", team.id, tournament_id=tournament_id,
                     after={"override": "R-11.1 entry deadline"}, reason=body.reason)
    if not staff:
        check_one_manager(session, tournament_id, team, principal.user_id)
        session.add(Membership(user_id=principal.user_id, tournament_id=tournament_id, role="manager",
                               team_id=team.id))
    reseat(session, t, rules, principal)
    return team_read(session, team, principal, club, fees={team.id or 0: fee_sum([])})  # nothing paid yet


@router.get("", response_model=Page[TeamRead], summary="The tournament's teams in entry order")
def list_teams(tournament_id: Id, session: SessionDep, access: Annotated[Access, public()], paging: PagingDep,
               status_: Annotated[Literal["waitlisted", "entered", "withdrawn", "expelled"] | None,
                                  Query(alias="status", description="only the teams in this status")] = None,
               ) -> Page[TeamRead]:
    """The tournament's teams in entry order. Fees and form status only for the officials and the manager."""
    principal = access.principal
    load_tournament(session, tournament_id)
    stmt = select(Team).where(Team.tournament_id == tournament_id).order_by(Team.entered_at, Team.id)
    if status_:
        stmt = stmt.where(Team.status == status_)
    items, total = paginate(session, stmt, paging.limit, paging.offset)
    fees = fees_paid(session, [tm.id or 0 for tm in items]) if principal is not None else {}
    return paging.page([team_read(session, tm, principal, fees=fees) for tm in items], total)


@router.get("/{team_id}", response_model=TeamRead, operation_id="getTeam",
            summary="A team (fee and form status: its manager and officials)")
def read_team(tournament_id: Id, team_id: Id, session: SessionDep, access: Annotated[Access, public()]) -> TeamRead:
    """A team: its club, status and pairing number; fee and form status for its manager and the officials."""
    return team_read(session, get_team(session, tournament_id, team_id), access.principal)


@router.patch("/{team_id}", response_model=TeamRead, responses=answers(409),
              summary="Rename, withdraw (manager or officials), expel or reinstate (officials, audited)")
def update_team(tournament_id: Id, team_id: Id, body: TeamUpdate, session: SessionDep,
                access: Annotated[Access, permit("team.update")]) -> TeamRead:
    """Rename a team or withdraw it (its manager or the officials); expel or reinstate it (the organiser,
    R-7.4). A reinstated team waits for a place again while round 1 is unpaired."""
    principal = access.signed_in
    changes = body.model_dump(exclude_unset=True, exclude={"reason"})
    new_status = changes.pop("status", None)
    if new_status in ("expelled", "entered"):
        access.require("team.status")
    t = load_tournament(session, tournament_id, for_update=True)
    team = get_team(session, tournament_id, team_id)
    if new_status == "entered" and team.status not in ("expelled", "withdrawn"):
        raise StateConflict("R-7.4", "only a withdrawn or expelled team can be reinstated")
    if "name" in changes and changes["name"] != team.name and session.exec(
        select(Team).where(Team.tournament_id == tournament_id, Team.name == changes["name"])
    ).first():
        raise StateConflict(None, f"a team named {changes['name']!r} exists")
    before = audit.snapshot(team)
    for k, v in changes.items():
        setattr(team, k, v)
    if new_status is not None and new_status != team.status:
        team.status = new_status
        team.withdrawn_at = datetime.now(UTC) if new_status == "withdrawn" else team.withdrawn_at
    session.add(team)
    audit.record(session, principal, "update", "team", team.id, tournament_id=tournament_id, before=before,
                 after=team, reason=body.reason)
    if new_status == "entered" and not round1_paired(session, tournament_id):
        team.status = "waitlisted"  # re-enters the queue at its submission time
    session.flush()
    reseat(session, t, rules_of(t), principal)
    return team_read(session, team, principal)


@router.post("/{team_id}/payments", response_model=PaymentRead, status_code=status.HTTP_201_CREATED,
             summary="Record an entry fee payment (organiser; R-10, R-11.3)")
@one_hop
def add_payment(tournament_id: Id, team_id: Id, body: PaymentCreate, session: SessionDep,
                access: Annotated[Access, permit("payments.write")]) -> PaymentRead:
    """Record an entry fee payment (R-10). A team whose fee is paid in full takes its place (R-11.3)."""
    principal = access.signed_in
    t = load_tournament(session, tournament_id, for_update=True)
    team = get_team(session, tournament_id, team_id)
    paid = fees_paid(session, [team.id or 0])[team.id or 0]
    pay = Payment(team_id=team.id or 0, **body.model_dump())
    session.add(pay)
    session.flush()
    before = audit.snapshot(team)
    audit.record(session, principal, "payment", "team", team.id, tournament_id=tournament_id,
                 before={**(before or {}), "fee_paid": paid},
                 after={**(before or {}), "fee_paid": fee_sum([paid, pay.amount])}, reason=body.reference)
    reseat(session, t, rules_of(t), principal)
    return PaymentRead.model_validate(pay, from_attributes=True)  # built here: validated in the event loop


@router.get("/{team_id}/payments", response_model=Page[PaymentRead],
            summary="A team's entry fee payments (its manager and the officials)")
def list_payments(tournament_id: Id, team_id: Id, session: SessionDep, paging: PagingDep,
                  _: Annotated[Access, permit("payments.read")]) -> Page[PaymentRead]:
    """The team's entry fee payments in the order they were recorded."""
    team = get_team(session, tournament_id, team_id)
    items, total = paginate(session, select(Payment).where(Payment.team_id == team.id).order_by(Payment.id),
                            paging.limit, paging.offset)
    return paging.page([PaymentRead.model_validate(p, from_attributes=True) for p in items], total)


@router.get("/{team_id}/roster", response_model=RosterRead, summary="The roster in board order (R-3.3)")
def get_roster(tournament_id: Id, team_id: Id, session: SessionDep, access: Annotated[Access, public()]) -> RosterRead:
    """The team's roster in board order (R-3.3): rated players by rating, then the unrated. A document, not a
    collection: every player is in it. Birth dates and contact data only for those with rights over the club."""
    return roster_read(session, get_team(session, tournament_id, team_id), access.principal)


@router.put("/{team_id}/roster", response_model=RosterRead, responses=answers(409),
            summary="Set the roster; board order is computed (R-3.3), never chosen")
@one_hop
def put_roster(tournament_id: Id, team_id: Id, body: RosterPut, session: SessionDep,
               access: Annotated[Access, permit("roster.write")]) -> RosterRead:
    """Set the whole roster (player ids of the team's club); the answer gives it in board order (R-3.3) with
    warnings for the organiser. Refused (409/422) for players of other clubs (R-2.1) or other rosters, and
    after the roster deadline except by the organiser with a reason (R-11.5)."""
    principal = access.signed_in
    t = load_tournament(session, tournament_id, for_update=True)
    team = get_team(session, tournament_id, team_id)
    rules = rules_of(t)
    organiser = access.holds("roster.move")
    now = datetime.now(UTC)
    check_roster_change_allowed(rules, now, organiser)
    after_deadline = rules.roster_deadline is not None and now > rules.roster_deadline
    if after_deadline and not body.reason:
        raise InvalidInput("R-11.5", "a change after the roster deadline needs a reason (e.g. illness)")
    rows = session.exec(select(Player).where(col(Player.id).in_(body.player_ids))).all() if body.player_ids else []
    found = {p.id: p for p in rows}
    missing = [pid for pid in body.player_ids if pid not in found]
    if missing:
        raise NotFound(None, f"no player with id {missing[0]}", player_id=missing[0])
    club = session.get(Club, team.club_id)
    # the team's own entries and those of the players named (on another roster, or moving, R-11.5); the
    # other rosters' players do not matter here, and a late roster must not load every roster of the event
    entries = session.exec(select(RosterEntry).where(
        RosterEntry.tournament_id == tournament_id,
        (RosterEntry.team_id == team.id) | col(RosterEntry.player_id).in_(body.player_ids),
    ).order_by(col(RosterEntry.id))).all()
    other: dict[int, list[int]] = {}
    moving: list[RosterEntry] = []
    for e in entries:
        if e.team_id == team.id:
            continue
        if e.player_id in found and organiser and after_deadline:
            source = session.get(Team, e.team_id)
            check_roster_change_allowed(rules, now, organiser, from_club=source.club_id if source else None,
                                        to_club=team.club_id)
            moving.append(e)  # move between teams of the same club
            continue
        other.setdefault(e.team_id, []).append(e.player_id)
    for pid in body.player_ids:
        p = found[pid]
        if p.club_id != team.club_id and not moving:
            raise InvalidInput("R-2.1", f"{p.name} is not a player of the team's club", player_id=pid)
    on = t.start_date or rules.start_date or date.today()
    result = check_roster(rules, [to_player(found[pid]) for pid in body.player_ids],
                          to_club(club) if club else None, on, other_rosters=other, organiser=organiser)
    before = [e.player_id for e in entries if e.team_id == team.id]
    for e in entries:
        if e.team_id == team.id and e.player_id not in found:
            session.delete(e)
    for e in moving:
        audit.record(session, principal, "move", "roster_entry", e.player_id, tournament_id=tournament_id,
                     before={"team_id": e.team_id}, after={"team_id": team.id}, reason=body.reason)
        session.delete(e)
    session.flush()
    for pid in result.ids:
        if pid not in before:
            session.add(RosterEntry(tournament_id=tournament_id, team_id=team.id or 0, player_id=pid))
    audit.record(session, principal, "roster", "team", team.id, tournament_id=tournament_id,
                 before={"player_ids": before}, after={"player_ids": list(result.ids)}, reason=body.reason)
    return roster_read(session, team, principal,
                       [{"rule": w.rule, "detail": w.detail} for w in result.warnings])
