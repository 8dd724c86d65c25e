"""The initial ranking of teams and the pairing numbers (R-4.1, R-4.2, C.04.6 1.1)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from fastapi import APIRouter
from sqlmodel import Session, select

from app import audit
from app.models import Club, Round, Team, Tournament
from app.models.schemas import RankingRead, RankingRowRead
from app.repository import roster_in_board_order, rules_of, to_player
from app.routers.deps import PrincipalDep, SessionDep, load_tournament
from app.routers.lineups import eligibility
from app.security import ARBITER_ROLES, Principal, require_staff
from app.services.errors import StateConflict
from app.services.lineups import base_lineup_problems
from app.services.seeding import check_tpn_relock, initial_ranking
from app.services.standings import format_value
from app.services.tournament import Team as DomTeam
from app.services.tournament import TeamStatus

router = APIRouter(prefix="/tournaments/{tournament_id}/ranking", tags=["ranking"])


def compute(session: Session, t: Tournament) -> tuple[list[RankingRowRead], list[Team]]:
    rules = rules_of(t)
    teams = list(session.exec(select(Team).where(Team.tournament_id == t.id, Team.status == "entered")).all())
    clubs = {c.id: c for c in session.exec(select(Club)).all()}
    rosters = {tm.id: [to_player(p) for p in roster_in_board_order(session, tm)] for tm in teams}
    rows = initial_ranking(rules, [
        (DomTeam(id=tm.id or 0, name=tm.name, club_id=tm.club_id, status=TeamStatus.ENTERED), rosters[tm.id])
        for tm in teams
    ])
    by_id = {tm.id: tm for tm in teams}
    on = t.start_date or date.today()
    out = []
    for pos, row in enumerate(rows, start=1):
        tm = by_id[row.team_id]
        club = clubs.get(tm.club_id)
        problems = base_lineup_problems(rules, rosters[tm.id], eligibility(rules, club, on))
        out.append(RankingRowRead(
            position=pos, team_id=row.team_id, name=tm.name, club_name=club.name if club else "",
            average=format_value(row.average), ratings=list(row.ratings), tpn=tm.tpn,
            base_lineup_problems=[{"rule": e.rule, "detail": e.detail} for e in problems],
        ))
    return out, teams


@router.get("", response_model=RankingRead, summary="Teams by the average rating of their base lineup (R-4.1)")
def get_ranking(tournament_id: int, session: SessionDep) -> RankingRead:
    t = load_tournament(session, tournament_id)
    rows, _ = compute(session, t)
    return RankingRead(locked=t.tpns_locked_at is not None, rows=rows)


def lock(session: Session, t: Tournament, principal: Principal | None) -> None:
    """Assign pairing numbers 1..N by the initial ranking (audited); refused once round 4 is paired."""
    tournament_id = t.id or 0
    paired = session.exec(select(Round).where(Round.tournament_id == tournament_id, Round.state != "pending")).all()
    check_tpn_relock(len(paired))
    rows, teams = compute(session, t)
    if not rows:
        raise StateConflict("R-4.1", "no team is entered")
    # entered teams by the ranking; teams that left but hold a number keep one after them (unique TPNs)
    order = [r.team_id for r in rows]
    gone = sorted((tm for tm in session.exec(select(Team).where(Team.tournament_id == tournament_id)).all()
                   if tm.tpn is not None and tm.status in ("withdrawn", "expelled")), key=lambda tm: tm.tpn or 0)
    everyone = {tm.id: tm for tm in [*teams, *gone]}
    order += [tm.id for tm in gone]
    before = {str(k): tm.tpn for k, tm in everyone.items()}
    for tm in session.exec(select(Team).where(Team.tournament_id == tournament_id, Team.tpn.is_not(None))).all():  # type: ignore[union-attr]
        tm.tpn = None
        session.add(tm)
    session.flush()
    for tpn, team_id in enumerate(order, start=1):
        everyone[team_id].tpn = tpn
        session.add(everyone[team_id])
    relock = t.tpns_locked_at is not None
    t.tpns_locked_at = datetime.now(UTC)
    t.version += 1
    session.add(t)
    audit.record(session, principal, "relock" if relock else "lock", "ranking", t.id, tournament_id=t.id,
                 before=before, after={str(team_id): tpn for tpn, team_id in enumerate(order, start=1)})


@router.post("/lock", response_model=RankingRead,
             summary="Lock the ranking: pairing numbers 1..N (arbiter; re-lock allowed until round 4 is paired)")
def lock_ranking(tournament_id: int, session: SessionDep, principal: PrincipalDep) -> RankingRead:
    t = load_tournament(session, tournament_id, for_update=True)
    require_staff(session, principal, tournament_id, ARBITER_ROLES)
    lock(session, t, principal)
    session.commit()
    rows, _ = compute(session, t)
    return RankingRead(locked=True, rows=rows)
