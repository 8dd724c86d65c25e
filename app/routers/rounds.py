"""Rounds: pairing through the C.04.6 engine, hand changes, publishing, completion.

The round's states: pending -> paired (pair, hand changes, re-pair) -> published -> in progress (the first
result) -> completed; a completed round reopens to in progress while the next round is still pending.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Response
from sqlmodel import Session

from app.models import Round, Tournament
from app.models.schemas import AbsentPut, PairingChange, RoundRead, RoundSummary
from app.operations import rounds as ops
from app.operations.read_models import round_etag, round_read, round_summaries
from app.routers.deps import Access, Id, RoundNumber, SessionDep, load_tournament, permit, public

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds", tags=["rounds"])


def _locked_round(session: Session, tournament_id: int, number: int) -> tuple[Tournament, Round]:
    """Lock the tournament for a write and find the round."""
    t = load_tournament(session, tournament_id, for_update=True)
    return t, ops.get_round(session, tournament_id, number)


@router.get("", response_model=list[RoundSummary], summary="The rounds and their states")
def list_rounds(tournament_id: Id, session: SessionDep, _: Annotated[Access, public()]) -> list[RoundSummary]:
    return round_summaries(session, load_tournament(session, tournament_id))


@router.get("/{number}", response_model=RoundRead, responses={304: {"description": "not modified (If-None-Match)"}},
            summary="A round: matches in board order with players, results and match scores (public once published)")
def read_round(tournament_id: Id, number: RoundNumber, session: SessionDep,
               access: Annotated[Access, public("round.read_unpublished")], response: Response,
               if_none_match: Annotated[str | None, Header(max_length=1000)] = None) -> Any:
    t = load_tournament(session, tournament_id)
    rnd = ops.get_round(session, tournament_id, number)
    etag = round_etag(session, rnd) + ("-staff" if access.holds("round.read_unpublished") else "")
    if if_none_match is not None and etag in {x.strip() for x in if_none_match.split(",")}:
        return Response(status_code=304, headers={"ETag": etag})
    response.headers["ETag"] = etag
    return round_read(session, t, rnd, access.principal)


@router.post("/{number}/pair", response_model=RoundRead,
             summary="Pair the round with the C.04.6 engine (arbiter); re-pairing is allowed until publication")
def pair_round(tournament_id: Id, number: RoundNumber, session: SessionDep,
               access: Annotated[Access, permit("round.pair")]) -> RoundRead:
    t, rnd = _locked_round(session, tournament_id, number)
    ops.pair(session, t, rnd, access.principal)
    return round_read(session, t, rnd, access.principal)


@router.put("/{number}/absent", response_model=RoundRead,
            summary="Mark a team absent for this round (not paired; a zero-point unplayed round)")
def set_absent(tournament_id: Id, number: RoundNumber, body: AbsentPut, session: SessionDep,
               access: Annotated[Access, permit("round.absent")]) -> RoundRead:
    t, rnd = _locked_round(session, tournament_id, number)
    ops.set_absent(session, t, rnd, body.team_id, body.absent, access.principal, body.reason)
    return round_read(session, t, rnd, access.principal)


@router.post("/{number}/pairing", response_model=RoundRead,
             summary="Change the pairing by hand before publishing (arbiter; audited, flagged as manual)")
def change_pairing(tournament_id: Id, number: RoundNumber, body: PairingChange, session: SessionDep,
                   access: Annotated[Access, permit("round.change")]) -> RoundRead:
    t, rnd = _locked_round(session, tournament_id, number)
    ops.change_pairing(session, t, rnd, body.action, body.team_a, body.team_b, access.principal, body.reason)
    return round_read(session, t, rnd, access.principal)


@router.post("/{number}/publish", response_model=RoundRead, summary="Make the pairing public and freeze it")
def publish(tournament_id: Id, number: RoundNumber, session: SessionDep,
            access: Annotated[Access, permit("round.publish")]) -> RoundRead:
    t, rnd = _locked_round(session, tournament_id, number)
    ops.publish(session, t, rnd, access.principal)
    return round_read(session, t, rnd, access.principal)


@router.post("/{number}/complete", response_model=RoundRead,
             summary="Complete the round once every match has a full result (arbiter)")
def complete(tournament_id: Id, number: RoundNumber, session: SessionDep,
             access: Annotated[Access, permit("round.complete")]) -> RoundRead:
    t, rnd = _locked_round(session, tournament_id, number)
    ops.complete(session, t, rnd, access.principal)
    return round_read(session, t, rnd, access.principal)


@router.post("/{number}/reopen", response_model=RoundRead,
             summary="Reopen a completed round to correct a result (arbiter), while the next round is unpaired")
def reopen(tournament_id: Id, number: RoundNumber, session: SessionDep,
           access: Annotated[Access, permit("round.reopen")]) -> RoundRead:
    t, rnd = _locked_round(session, tournament_id, number)
    ops.reopen(session, t, rnd, access.principal)
    return round_read(session, t, rnd, access.principal)
