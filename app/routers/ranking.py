"""The initial ranking of teams and the pairing numbers (R-4.1, R-4.2, C.04.6 1.1)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from app.models.schemas import RankingRead
from app.operations.ranking import lock
from app.operations.read_models import ranking_read
from app.routers.deps import Access, Id, SessionDep, load_tournament, permit, public

router = APIRouter(prefix="/tournaments/{tournament_id}/ranking", tags=["ranking"])


@router.get("", response_model=RankingRead, summary="Teams by the average rating of their base lineup (R-4.1)")
def get_ranking(tournament_id: Id, session: SessionDep, _: Annotated[Access, public()]) -> RankingRead:
    return ranking_read(session, load_tournament(session, tournament_id))


@router.post("/lock", response_model=RankingRead,
             summary="Lock the ranking: pairing numbers 1..N (arbiter; re-lock allowed until round 4 is paired)")
def lock_ranking(tournament_id: Id, session: SessionDep,
                 access: Annotated[Access, permit("ranking.lock")]) -> RankingRead:
    t = load_tournament(session, tournament_id, for_update=True)
    lock(session, t, access.principal)
    return ranking_read(session, t)
