"""Appeal use cases: the appeals committee (R-14.4), filing an appeal (R-14.1, R-14.3), its decision (R-14.2,
R-14.4), and the chief arbiter's removal of a team's captain for a round (R-16.1)."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

from sqlmodel import Session, col, delete, select

from app.auth.principal import Principal
from app.auth.rights import Access
from app.models import Appeal, BoardGame, Club, CommitteeMember, Lineup, Match, Round, User
from app.operations import audit
from app.operations.reads.appeals import appeal_read, member_read, members, sitting, to_member
from app.operations.reads.lineups import lineup_read
from app.operations.repository import get_or_404, get_team, load_tournament, paginate, rules_of
from app.operations.rounds import get_round
from app.schemas.appeals import AppealCreate, AppealDecision, AppealRead, CommitteeMemberRead, CommitteePut
from app.schemas.lineups import LineupRead
from app.services.appeals import STATUS_WORDS, check_committee, check_deadlines, check_fee, fee_after
from app.services.errors import Forbidden, InvalidInput, NotFound, StateConflict


def committee(session: Session, tournament_id: int) -> list[CommitteeMemberRead]:
    """The appeals committee (R-14.4): the regular members, then the alternates, each kind in order."""
    load_tournament(session, tournament_id)
    return [member_read(to_member(m)) for m in members(session, tournament_id)]


def name_committee(session: Session, tournament_id: int, body: CommitteePut,
                   by: Principal) -> list[CommitteeMemberRead]:
    """Replace the whole appeals committee (R-14.4) and answer it as :func:`committee` does."""
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
    session.exec(delete(CommitteeMember).where(col(CommitteeMember.tournament_id) == tournament_id))
    for r in rows:
        session.add(r)
    session.flush()
    audit.record(session, by, "committee", "committee", tournament_id, tournament_id=tournament_id,
                 before=before, after={"members": [audit.snapshot(r) for r in rows]}, reason=body.reason)
    return [member_read(to_member(m)) for m in members(session, tournament_id)]


def game_end(session: Session, match: Match, board: int | None) -> datetime:
    """When the game (or, for a whole-match appeal, the match) ended: the boards' recorded end times."""
    boards = session.exec(select(BoardGame).where(BoardGame.match_id == match.id)).all()
    if board is not None:
        boards = [b for b in boards if b.board == board]
        if not boards:
            raise NotFound(None, "the match has no board {board}",
                           params={"board": board})
    ends = [b.ended_at for b in boards if b.ended_at is not None]
    if not ends or (board is None and len(ends) < len(boards)):
        raise StateConflict("R-14.1", "the game has not ended yet (no result with an end time): appeal after it ends")
    return max(ends)


def file_appeal(session: Session, tournament_id: int, body: AppealCreate, by: Principal) -> AppealRead:
    """File an appeal of a team that played the match, within the deadlines (R-14.1; ``accept_late``: the chief
    arbiter accepted a late one) and with the fee (R-14.3). The caller has checked who may file it."""
    t = load_tournament(session, tournament_id, for_update=True)
    rules = rules_of(t)
    team = get_team(session, tournament_id, body.team_id)
    match = session.get(Match, body.match_id)
    rnd = session.get(Round, match.round_id) if match else None
    if match is None or rnd is None or rnd.tournament_id != tournament_id:
        raise NotFound(None, "no match {match_id} in this tournament",
                       params={"match_id": body.match_id})
    if team.id not in (match.first_team_id, match.second_team_id):
        raise InvalidInput("R-14", "the appealing team did not play this match")
    ended = game_end(session, match, body.board)
    announced = body.announced_at if body.announced_at.tzinfo else body.announced_at.replace(tzinfo=UTC)
    submitted = body.submitted_at if body.submitted_at.tzinfo else body.submitted_at.replace(tzinfo=UTC)
    check_deadlines(rules, ended, announced, submitted, late_accepted=body.accept_late)
    check_fee(rules, Fraction(str(body.fee_paid)))
    a = Appeal(tournament_id=tournament_id, round_number=rnd.number, match_id=match.id or 0, board=body.board,
               team_id=team.id or 0, filed_by=by.user_id, text=body.text, game_ended_at=ended,
               announced_at=announced, submitted_at=submitted, late_accepted=body.accept_late,
               fee_paid=body.fee_paid)
    session.add(a)
    session.flush()
    audit.record(session, by, "file", "appeal", a.id, tournament_id=tournament_id, after=a)
    if body.accept_late:
        audit.record(session, by, "accept-late", "appeal", a.id, tournament_id=tournament_id,
                     after={"late_accepted": True}, reason=body.reason)
    return appeal_read(session, t, a, by)


def list_appeals(session: Session, tournament_id: int, reader: Principal | None, limit: int,
                 offset: int) -> tuple[list[AppealRead], int]:
    """One page of the tournament's appeals in the order they were filed, as this reader may see them (the texts
    only for the teams involved and the officials), and how many there are."""
    t = load_tournament(session, tournament_id)
    stmt = select(Appeal).where(Appeal.tournament_id == tournament_id).order_by(col(Appeal.id))
    items, total = paginate(session, stmt, limit, offset)
    return [appeal_read(session, t, a, reader) for a in items], total


def _appeal_in(session: Session, tournament_id: int, appeal_id: int) -> Appeal:
    a = get_or_404(session, Appeal, appeal_id, "appeal")
    if a.tournament_id != tournament_id:
        raise NotFound(None, "no appeal {appeal_id} in this tournament",
                       params={"appeal_id": appeal_id})
    return a


def get_appeal(session: Session, tournament_id: int, appeal_id: int, reader: Principal | None) -> AppealRead:
    t = load_tournament(session, tournament_id)
    return appeal_read(session, t, _appeal_in(session, tournament_id, appeal_id), reader)


def decide_appeal(session: Session, access: Access, tournament_id: int, appeal_id: int,
                  body: AppealDecision) -> AppealRead:
    """Record the decision on an open appeal; the fee follows it (R-14.3). The sitting committee must be complete,
    and the decision is recorded by its chair or by whoever holds ``appeal.decide`` other than through a seat
    on the committee (R-14.4)."""
    principal = access.signed_in
    t = load_tournament(session, tournament_id, for_update=True)
    a = _appeal_in(session, tournament_id, appeal_id)
    match = session.get(Match, a.match_id)
    assert match is not None
    sc, hearing = sitting(session, t, match)
    chairs = {m.user_id for m in hearing if m.user_id is not None and m.chair}
    if not sc.complete:
        raise StateConflict("R-14.4", sc.message.template, params=sc.message.params)
    if principal.user_id not in chairs and not access.holds("appeal.decide", committee=False):
        raise Forbidden("R-14.4", "the sitting committee's chair or the organiser records the decision")
    if a.status != "open":
        raise StateConflict("R-14.2", "the appeal was already {status}",
                            params={"status": STATUS_WORDS.get(a.status, a.status)})
    before = audit.snapshot(a)
    a.status = body.decision
    a.fee_status = fee_after(body.decision)
    a.decision_reasons = body.reasons
    a.decided_at = datetime.now(UTC)
    a.decided_by = principal.user_id
    session.add(a)
    audit.record(session, principal, "decide", "appeal", a.id, tournament_id=tournament_id, before=before, after=a)
    return appeal_read(session, t, a, principal)


def remove_captain(session: Session, tournament_id: int, number: int, team_id: int, reason: str,
                   by: Principal) -> LineupRead:
    """Take the captain role away from the team's captain for round ``number`` (R-16.1); the team cannot name
    another for the round."""
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
    audit.record(session, by, "remove-captain", "lineup", lu.id, tournament_id=tournament_id, before=before,
                 after=lu, reason=reason)
    return lineup_read(session, t, team, number, by)
