"""Read models of appeals and the appeals committee."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.auth.rights import is_staff, managed_team_ids
from app.models import (
    Appeal,
    CommitteeMember,
    Match,
    Team,
    Tournament,
)
from app.operations.repository import (
    rules_of,
)
from app.schemas.appeals import AppealRead, CommitteeMemberRead, SittingCommitteeRead
from app.services.appeals import Member, SittingCommittee, sitting_committee


def members(session: Session, tournament_id: int) -> list[CommitteeMember]:
    return list(session.exec(select(CommitteeMember).where(CommitteeMember.tournament_id == tournament_id)
                             .order_by(col(CommitteeMember.kind).desc(), col(CommitteeMember.position))).all())


def to_member(m: CommitteeMember) -> Member:
    return Member(id=m.id or 0, name=m.name, club_id=m.club_id, kind=m.kind, position=m.position, chair=m.chair)


def member_read(m: Member) -> CommitteeMemberRead:
    return CommitteeMemberRead(id=m.id, name=m.name, club_id=m.club_id, kind=m.kind, position=m.position,
                               chair=m.chair)


def involved_clubs(session: Session, match: Match) -> set[int]:
    clubs = set()
    for tid in (match.first_team_id, match.second_team_id):
        team = session.get(Team, tid) if tid else None
        if team is not None:
            clubs.add(team.club_id)
    return clubs


def sitting(session: Session, t: Tournament, match: Match) -> tuple[SittingCommittee, list[CommitteeMember]]:
    """The committee that hears an appeal on ``match`` (R-14.4), and its members' rows (their accounts)."""
    rows = members(session, t.id or 0)
    sc = sitting_committee(rules_of(t), [to_member(m) for m in rows], involved_clubs(session, match))
    seats = {m.id for m in sc.members}
    return sc, [r for r in rows if r.id in seats]


def can_read_text(session: Session, principal: Principal | None, t: Tournament, match: Match,
                  hearing: Sequence[CommitteeMember] = ()) -> bool:
    """The officials, the teams of the match, and the members of the committee ``hearing`` it (R-14.4: the
    sitting chair decides it, the members hear it; a member excluded from it does not read it)."""
    if principal is None:
        return False
    if is_staff(session, principal, t.id or 0):
        return True
    if any(m.user_id == principal.user_id for m in hearing):
        return True
    mine = managed_team_ids(session, principal, t.id or 0)
    return bool(mine & {match.first_team_id, match.second_team_id})


def appeal_read(session: Session, t: Tournament, a: Appeal, principal: Principal | None) -> AppealRead:
    match = session.get(Match, a.match_id)
    assert match is not None
    sc, hearing = sitting(session, t, match)
    private = can_read_text(session, principal, t, match, hearing)
    return AppealRead(
        id=a.id or 0, round=a.round_number, match_id=a.match_id, board=a.board, team_id=a.team_id, status=a.status,
        text=a.text if private else None, game_ended_at=a.game_ended_at, announced_at=a.announced_at,
        submitted_at=a.submitted_at, late_accepted=a.late_accepted, fee_paid=a.fee_paid if private else None,
        fee_status=a.fee_status, decision_reasons=a.decision_reasons if private else None, decided_at=a.decided_at,
        committee=SittingCommitteeRead(members=[member_read(m) for m in sc.members],
                                       excluded=[member_read(m) for m in sc.excluded], complete=sc.complete,
                                       message=str(sc.message)) if private else None,
    )
