"""Result entry: per board, per match, and an all-or-nothing idempotent batch for scripts."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header
from fastapi.responses import JSONResponse

from app.http.deps import Access, BoardNumber, Id, RoundNumber, SessionDep, answers, permit
from app.operations import results
from app.schemas.rounds import BatchOutcome, BatchResults, BoardResultPut, MatchRead, MatchResultPut

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds/{number}", tags=["results"])


ETAG = {"ETag": {"description": "the match's new ETag (send it in If-Match to change a result)",
                 "schema": {"type": "string"}}}
RESULT_ANSWERS = {**answers(409, 412, 428), 200: {"description": "The match with its new results",
                                                   "headers": ETAG}}


@router.put("/matches/{match_id}/boards/{board}", response_model=MatchRead, responses=RESULT_ANSWERS,
            summary="Enter or change one board's result (changing needs If-Match with the match's ETag)")
def put_board_result(tournament_id: Id, number: RoundNumber, match_id: Id, board: BoardNumber, body: BoardResultPut,
              session: SessionDep, access: Annotated[Access, permit("results.write")],
              if_match: Annotated[str | None, Header(max_length=1000)] = None) -> JSONResponse:
    """Enter one board's result in a published round: `1-0`, `0-1`, `1/2-1/2`, `+/-`, `-/+`, `-/-` (White's
    score first), or null to clear it. The first result moves the round to `in_progress`.

    Changing a result already entered needs `If-Match` with the match's ETag (428 without it or with only
    `*`, which names no version; 412 when the match changed since it was read). Refused (409) before
    publication (C.04.2 1.4), after completion (reopen the round first), on the bye (R-7.5) and on a match
    forfeited as a whole (R-7.3).
    """
    out = results.enter_board_result(session, tournament_id, number, match_id, board, body.result, access.signed_in,
                                     if_match, ended_at=body.ended_at)
    return JSONResponse(out.model_dump(mode="json"), headers={"ETag": out.etag})


@router.put("/matches/{match_id}", response_model=MatchRead, responses=RESULT_ANSWERS,
            summary="Enter a whole match: every board's result, or a match-level forfeit (R-7.3)")
def put_match_result(tournament_id: Id, number: RoundNumber, match_id: Id, body: MatchResultPut, session: SessionDep,
              access: Annotated[Access, permit("results.write")],
              if_match: Annotated[str | None, Header(max_length=1000)] = None) -> JSONResponse:
    """Enter a whole match: `results` for every board in board order, or `forfeit` naming the team that did
    not show up (`first`, `second` or `both`; R-7.3: the other team wins by forfeit, R-7.4: the absent team
    may be expelled). Changing entered results needs `If-Match`, as for one board."""
    out = results.enter_match_result(session, tournament_id, number, match_id, body.results, body.forfeit,
                                     access.signed_in, if_match)
    return JSONResponse(out.model_dump(mode="json"), headers={"ETag": out.etag})


@router.post("/results", response_model=BatchOutcome,
             summary="Batch results for scripts: all or nothing, honouring Idempotency-Key",
             responses={**answers(409, 412, 428), 200: {"description": "What changed, and the matches touched",
                        "headers": {"Idempotent-Replayed": {"description": "true on a replay", "required": False,
                                                            "schema": {"type": "string"}}}}})
def post_results(tournament_id: Id, number: RoundNumber, body: BatchResults, session: SessionDep,
                 access: Annotated[Access, permit("results.write")],
                 idempotency_key: Annotated[str | None, Header(max_length=200)] = None) -> JSONResponse:
    """Enter many results at once, for scripts and result terminals: board results (`table`, `board`,
    `result`) and match forfeits (`table`, `forfeit`: `first`, `second` or `both`).

    All or nothing: one refused item refuses the batch and nothing changes. Send an `Idempotency-Key` header
    to make a retry safe: the same key with the same body replays the first answer (`Idempotent-Replayed:
    true`); the same key with another body is refused (422). A key is its caller's own (the user's; with an
    API token, the token's): another caller's same key is a request of their own. Changing entered results
    needs the match's ETag in the item's `if_match` (428 without it or with only `*`, 412 when stale).
    """
    answer = results.enter_batch(session, tournament_id, number, body, access.signed_in, idempotency_key)
    return JSONResponse(answer.body, status_code=answer.status_code,
                        headers={"Idempotent-Replayed": "true"} if answer.replayed else None)
