"""Result entry: per board, per match, and an all-or-nothing idempotent batch for scripts."""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any

from fastapi import APIRouter, Header
from fastapi.responses import JSONResponse
from sqlmodel import Session, select

from app.http.deps import Access, BoardNumber, Id, RoundNumber, SessionDep, answers, permit
from app.models import IdempotencyRecord, Match, Round, Team, Tournament
from app.operations.read_models import match_boards_of, match_read, prefetch
from app.operations.repository import load_tournament, rules_of
from app.operations.results import check_if_match, check_results_open, set_board_result, set_match_forfeit
from app.operations.rounds import get_round, has_entered_results, match_boards
from app.schemas.rounds import BatchOutcome, BatchResults, BoardResultPut, MatchRead, MatchResultPut
from app.services.errors import InvalidInput, NotFound
from app.services.tournament import normalise_result

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds/{number}", tags=["results"])


def _match(session: Session, rnd: Round, match_id: int) -> Match:
    m = session.get(Match, match_id)
    if m is None or m.round_id != rnd.id:
        raise NotFound(None, f"round {rnd.number} has no match {match_id}")
    return m


def _teams(session: Session, t: Tournament) -> dict[int, Any]:
    """What a match answer shows of every team (:func:`team_ref`), as rows."""
    return {r.id: r for r in session.exec(select(Team.id, Team.name, Team.tpn).where(Team.tournament_id == t.id))}


def _open(session: Session, tournament_id: int, number: int) -> tuple[Tournament, Round]:
    t = load_tournament(session, tournament_id, for_update=True)
    rnd = get_round(session, tournament_id, number)
    check_results_open(rnd)
    return t, rnd


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

    Changing a result already entered needs `If-Match` with the match's ETag (428 without it, 412 when the
    match changed since it was read). Refused (409) before publication (C.04.2 1.4), after completion (reopen
    the round first), on the bye (R-7.5) and on a match forfeited as a whole (R-7.3).
    """
    principal = access.signed_in
    t, rnd = _open(session, tournament_id, number)
    m = _match(session, rnd, match_id)
    set_board_result(session, t, rnd, m, board, body.result, principal, if_match, ended_at=body.ended_at)
    session.flush()
    out = match_read(session, t, rnd, m, _teams(session, t))
    return JSONResponse(out.model_dump(mode="json"), headers={"ETag": out.etag})


@router.put("/matches/{match_id}", response_model=MatchRead, responses=RESULT_ANSWERS,
            summary="Enter a whole match: every board's result, or a match-level forfeit (R-7.3)")
def put_match_result(tournament_id: Id, number: RoundNumber, match_id: Id, body: MatchResultPut, session: SessionDep,
              access: Annotated[Access, permit("results.write")],
              if_match: Annotated[str | None, Header(max_length=1000)] = None) -> JSONResponse:
    """Enter a whole match: `results` for every board in board order, or `forfeit` naming the team that did
    not show up (`first`, `second` or `both`; R-7.3: the other team wins by forfeit, R-7.4: the absent team
    may be expelled). Changing entered results needs `If-Match`, as for one board."""
    principal = access.signed_in
    t, rnd = _open(session, tournament_id, number)
    m = _match(session, rnd, match_id)
    if (body.results is None) == (body.forfeit is None):
        raise InvalidInput("R-7.3", "give either the board results or a match-level forfeit")
    if body.forfeit is not None:
        set_match_forfeit(session, t, rnd, m, body.forfeit, principal, if_match)
    else:
        assert body.results is not None
        boards = match_boards(session, m)
        if len(body.results) != len(boards):
            raise InvalidInput("R-7.2", f"the match has {len(boards)} boards; {len(body.results)} results given")
        changing = any(b.result is not None and b.result != (normalise_result(r) if r else None)
                       and b.first_player_id is not None and b.second_player_id is not None
                       for b, r in zip(boards, body.results, strict=True)) or m.forfeit is not None
        check_if_match(m, if_match, changing)
        if m.forfeit is not None:
            set_match_forfeit(session, t, rnd, m, None, principal, "*")
        for b, r in zip(boards, body.results, strict=True):
            set_board_result(session, t, rnd, m, b.board, r, principal, "*")
    session.flush()
    out = match_read(session, t, rnd, m, _teams(session, t))
    return JSONResponse(out.model_dump(mode="json"), headers={"ETag": out.etag})


def _hash(body: BatchResults) -> str:
    return hashlib.sha256(json.dumps(body.model_dump(mode="json"), sort_keys=True).encode()).hexdigest()


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
    true`); the same key with another body is refused (422). Changing entered results needs the match's ETag
    in the item's `if_match` (428 without, 412 when stale).
    """
    principal = access.signed_in
    t = load_tournament(session, tournament_id, for_update=True)  # serialises writers: no lost update
    digest = _hash(body)
    endpoint = f"POST /tournaments/{tournament_id}/rounds/{number}/results"
    if idempotency_key:
        rec = session.exec(select(IdempotencyRecord).where(IdempotencyRecord.tournament_id == tournament_id,
                                                           IdempotencyRecord.key == idempotency_key)).first()
        if rec is not None:
            if rec.request_hash != digest or rec.endpoint != endpoint:
                raise InvalidInput(None, "this Idempotency-Key was used for a different request")
            return JSONResponse(rec.response, status_code=rec.status_code, headers={"Idempotent-Replayed": "true"})
    rnd = get_round(session, tournament_id, number)
    check_results_open(rnd)
    matches = {m.table_no: m for m in session.exec(select(Match).where(Match.round_id == rnd.id)).all()}
    by_table: dict[int, list[Any]] = {}
    for item in body.results:
        if item.table not in matches:
            raise NotFound(None, f"round {number} has no table {item.table}", table=item.table)
        if (item.forfeit is None) == (item.board is None):
            raise InvalidInput("R-7.3", f"table {item.table}: give a board with a result, or a forfeit",
                               table=item.table)
        by_table.setdefault(item.table, []).append(item)
    # lost-update check once per match, against the state before this batch
    boards_of: dict[int, dict[int, Any]] = {}
    loaded = match_boards_of(session, [matches[table] for table in by_table])  # one statement, not one a match
    for table, items in by_table.items():
        m = matches[table]
        boards = boards_of[table] = {b.board: b for b in loaded[m.id or 0]}
        changing = False
        for it in items:
            if it.forfeit is not None:
                changing |= m.forfeit is None and has_entered_results(session, m)
                changing |= m.forfeit is not None and m.forfeit != it.forfeit
            else:
                b = boards.get(it.board)
                if b is None:
                    raise NotFound(None, f"table {table} has no board {it.board}", table=table)
                new = normalise_result(it.result) if it.result is not None else None
                changing |= (b.result is not None and b.result != new and b.first_player_id is not None
                             and b.second_player_id is not None)
        tags = [it.if_match for it in items if it.if_match]
        check_if_match(m, tags[0] if tags else None, changing)
    changed = unchanged = 0
    for table, items in by_table.items():
        m = matches[table]
        for it in items:
            if it.forfeit is not None:
                did = set_match_forfeit(session, t, rnd, m, it.forfeit, principal, "*")
            else:
                did = set_board_result(session, t, rnd, m, it.board, it.result, principal, "*",
                                       loaded=boards_of[table].get(it.board))
            changed += did
            unchanged += not did
    teams = _teams(session, t)
    touched = [matches[tb] for tb in sorted(by_table)]
    boards_by, players = prefetch(session, touched)
    rules = rules_of(t)
    out = BatchOutcome(round=number, changed=changed, unchanged=unchanged,
                       matches=[match_read(session, t, rnd, m, teams, players, boards_by[m.id or 0], rules)
                                for m in touched])
    payload = out.model_dump(mode="json")
    if idempotency_key:
        session.add(IdempotencyRecord(tournament_id=tournament_id, key=idempotency_key, user_id=principal.user_id,
                                      endpoint=endpoint, request_hash=digest, status_code=200, response=payload))
    return JSONResponse(payload)


