"""The initial ranking of teams and the pairing numbers (R-4.1, R-4.2, C.04.6 1.1)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Response

from app.http.deps import NOT_MODIFIED, Access, Id, IfNoneMatch, SessionDep, answers, cached, permit, public
from app.operations import cache, ranking
from app.operations.reads.lineups import ranking_read
from app.schemas.lineups import RankingRead

router = APIRouter(prefix="/tournaments/{tournament_id}/ranking", tags=["ranking"])


@router.get("", response_model=RankingRead, responses=NOT_MODIFIED,
            summary="Teams by the average rating of their base lineup (R-4.1)")
def get_ranking(tournament_id: Id, session: SessionDep, _: Annotated[Access, public()],
                if_none_match: IfNoneMatch = None) -> Response:
    """The initial ranking: the entered teams by the exact average rating of their base lineup (R-4.1), with
    their pairing numbers once locked and the problems of each base lineup."""
    return cached(cache.read(session, tournament_id, "ranking", lambda t: ranking_read(session, t), RankingRead,
                             if_none_match=if_none_match))


@router.post("/lock", response_model=RankingRead, responses=answers(409),
             summary="Lock the ranking: pairing numbers 1..N (arbiter; re-lock allowed until round 4 is paired)")
def lock_ranking(tournament_id: Id, session: SessionDep,
                 access: Annotated[Access, permit("ranking.lock")]) -> RankingRead:
    """Lock the initial ranking: the entered teams get their pairing numbers 1..N (C.04.6 1.1) and round 1 can
    be paired. Locking again renumbers; it is refused (409) once round 4 is paired, and without entered teams."""
    return ranking.lock_ranking(session, tournament_id, access.principal)
