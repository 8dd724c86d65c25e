"""The players of a tournament: every rostered player with team and board (one request for a search box)."""

from __future__ import annotations

from fastapi import APIRouter
from sqlmodel import select

from app.models import Team
from app.models.schemas import RosteredPlayer
from app.repository import rosters, to_player
from app.routers.clubs import can_see_private, player_view
from app.routers.deps import MaybePrincipalDep, SessionDep, load_tournament
from app.security import is_staff
from app.services.board_order import board_order

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["teams"])


@router.get("/players", response_model=list[RosteredPlayer],
                    summary="Every rostered player of the tournament with team and board (for search)")
def list_tournament_players(tournament_id: int, session: SessionDep,
                            principal: MaybePrincipalDep) -> list[RosteredPlayer]:
    load_tournament(session, tournament_id)
    teams = session.exec(select(Team).where(Team.tournament_id == tournament_id,
                                            Team.status != "waitlisted").order_by(Team.id)).all()
    by_team = rosters(session, tournament_id)
    staff = is_staff(session, principal, tournament_id)
    out = []
    for team in teams:
        plist = by_team.get(team.id or 0, [])
        by_id = {p.id: p for p in plist}
        private = staff or can_see_private(session, principal, team.club_id)
        for board, dp in enumerate(board_order([to_player(p) for p in plist]), start=1):
            out.append(RosteredPlayer(team_id=team.id or 0, board=board,
                                      player=player_view(session, principal, by_id[dp.id], private)))
    return out
