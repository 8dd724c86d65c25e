"""Locking the initial ranking: pairing numbers (R-4.1, R-4.2, C.04.6 1.1)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import Round, Team, Tournament
from app.operations import audit
from app.operations.reads.lineups import ranking_read, ranking_rows
from app.operations.repository import load_tournament
from app.schemas.lineups import RankingRead
from app.services.errors import StateConflict
from app.services.lifecycle import PENDING
from app.services.seeding import check_tpn_relock


def lock(session: Session, t: Tournament, principal: Principal | None) -> None:
    """Assign pairing numbers 1..N by the initial ranking (audited); refused once round 4 is paired."""
    tournament_id = t.id or 0
    paired = session.exec(select(Round).where(Round.tournament_id == tournament_id, Round.state != PENDING)).all()
    check_tpn_relock(len(paired))
    rows, teams = ranking_rows(session, t)
    if not rows:
        raise StateConflict("R-4.1", "no team is entered")
    # entered teams by the ranking; teams that left but hold a number keep one after them (unique TPNs)
    order = [r.team_id for r in rows]
    gone = sorted((tm for tm in session.exec(select(Team).where(Team.tournament_id == tournament_id)).all()
                   if tm.tpn is not None and tm.status in ("withdrawn", "expelled")), key=lambda tm: tm.tpn or 0)
    everyone = {tm.id: tm for tm in [*teams, *gone]}
    order += [tm.id or 0 for tm in gone]
    before = {str(k): tm.tpn for k, tm in everyone.items()}
    for tm in session.exec(select(Team).where(Team.tournament_id == tournament_id, col(Team.tpn).is_not(None))).all():
        tm.tpn = None
        session.add(tm)
    session.flush()
    for tpn, team_id in enumerate(order, start=1):
        everyone[team_id].tpn = tpn
        session.add(everyone[team_id])
    relock = t.tpns_locked_at is not None
    t.tpns_locked_at = datetime.now(UTC)
    session.add(t)
    audit.record(session, principal, "relock" if relock else "lock", "ranking", t.id, tournament_id=t.id,
                 before=before, after={str(team_id): tpn for tpn, team_id in enumerate(order, start=1)})


def lock_ranking(session: Session, tournament_id: int, principal: Principal | None) -> RankingRead:
    """Lock (or re-lock) the tournament's initial ranking; the ranking with its pairing numbers."""
    t = load_tournament(session, tournament_id, for_update=True)
    lock(session, t, principal)
    return ranking_read(session, t)
