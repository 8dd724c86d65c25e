"""Team use cases: the entry queue (R-11.2, R-11.3) and the one-manager rule (R-16.2)."""

from __future__ import annotations

from fractions import Fraction

from sqlmodel import Session, select

from app.models import Membership, Round, Team, Tournament
from app.operations import audit
from app.security import Principal
from app.services.entries import EntryInfo, place_entries
from app.services.errors import StateConflict
from app.services.rules import Rules
from app.services.tournament import TeamStatus


def round1_paired(session: Session, tournament_id: int) -> bool:
    r1 = session.exec(select(Round).where(Round.tournament_id == tournament_id, Round.number == 1)).first()
    return r1 is not None and r1.state != "pending"


def entry_infos(session: Session, tournament_id: int) -> list[EntryInfo]:
    teams = session.exec(select(Team).where(Team.tournament_id == tournament_id).order_by(Team.id)).all()
    return [
        EntryInfo(team_id=tm.id or 0, club_id=tm.club_id, submitted_at=tm.entered_at,
                  form_complete=tm.form_complete, fee_paid=Fraction(str(tm.fee_paid)), status=TeamStatus(tm.status))
        for tm in teams
    ]


def reseat(session: Session, t: Tournament, rules: Rules, principal: Principal | None) -> None:
    """Apply R-11.2/R-11.3: the first ``max_teams`` valid entries are entered, the rest wait in order."""
    placed = place_entries(rules, entry_infos(session, t.id or 0), round1_paired(session, t.id or 0))
    for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all():
        new = placed.get(tm.id or 0)
        if new is not None and new.value != tm.status:
            before = audit.snapshot(tm)
            tm.status = new.value
            session.add(tm)
            audit.record(session, principal, "status", "team", tm.id, tournament_id=t.id, before=before, after=tm,
                         reason="R-11.2 entry order")


def check_one_manager(session: Session, tournament_id: int, team: Team, user_id: int) -> None:
    """R-16.2: one manager per team; a club official may manage several teams of the same club."""
    ms = session.exec(select(Membership).where(Membership.tournament_id == tournament_id,
                                               Membership.role == "manager")).all()
    if any(m.team_id == team.id and m.user_id != user_id for m in ms):
        raise StateConflict("R-16.2", f"{team.name} has a manager already; a team has one manager")
    for m in ms:
        if m.user_id == user_id and m.team_id != team.id:
            other = session.get(Team, m.team_id)
            if other is not None and other.club_id != team.club_id:
                raise StateConflict("R-16.2", "a manager of several teams must manage teams of one club only")
