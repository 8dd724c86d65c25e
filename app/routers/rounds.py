"""Rounds: pairing through the C.04.6 engine, hand changes, publishing, completion.

The round's states: pending -> paired (pair, hand changes, re-pair) -> published -> in progress (the first
result) -> completed; a completed round reopens to in progress while the next round is still pending
(``app.http.contract.ROUND_LIFECYCLE`` documents each call and its refusals).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Response

from app.http.deps import (
    NOT_MODIFIED,
    Access,
    Id,
    IfNoneMatch,
    PagingDep,
    RoundNumber,
    SessionDep,
    StagedDep,
    answers,
    cached,
    permit,
    public,
)
from app.operations import cache, pairing, rounds
from app.operations.reads.rounds import round_read, round_summaries
from app.presentation.messages import pick_language
from app.schemas.base import Page
from app.schemas.rounds import AbsentPut, PairingChange, RoundDecision, RoundRead, RoundReadiness, RoundSummary

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds", tags=["rounds"])


@router.get("", response_model=Page[RoundSummary], responses=NOT_MODIFIED, summary="The rounds and their states")
def list_rounds(tournament_id: Id, session: SessionDep, _: Annotated[Access, public()], paging: PagingDep,
                if_none_match: IfNoneMatch = None) -> Response:
    """Every round of the tournament in order, with its state: `pending`, `paired`, `published`, `in_progress`
    or `completed` (see the round lifecycle in the API description)."""
    return paging.cached(cache.read(session, tournament_id, "rounds",
                                    lambda t: paging.of(round_summaries(session, t)), Page[RoundSummary],
                                    params=paging.key, if_none_match=if_none_match))


@router.get("/{number}", response_model=RoundRead, responses=NOT_MODIFIED,
            summary="A round: matches in board order with players, results and match scores (public once published)")
def get_round(tournament_id: Id, number: RoundNumber, session: SessionDep,
              access: Annotated[Access, public("round.read_unpublished")],
              if_none_match: IfNoneMatch = None) -> Response:
    """The round's matches in table order, each with its boards, players, results and scores.

    Before the pairing is published the public sees the round's state and no matches; the tournament's
    officials see the pairing and the engine's explanation. The answer carries an `ETag`: send it back in
    `If-None-Match` to get 304 while nothing changed. Each match has its own `etag` for result changes.
    """
    return cached(cache.read(
        session, tournament_id, "round",
        lambda t: round_read(session, t, rounds.get_round(session, tournament_id, number), access.principal),
        RoundRead, params=(number,), audience=cache.staff_audience(session, access.principal, tournament_id),
        if_none_match=if_none_match))


@router.post("/{number}/pair", response_model=RoundRead, responses=answers(409),
             summary="Pair the round with the C.04.6 engine (arbiter); re-pairing is allowed until publication")
def pair_round(tournament_id: Id, number: RoundNumber, access: Annotated[Access, permit("round.pair")],
               staged: StagedDep, body: RoundDecision | None = None) -> RoundRead:
    """Pair the round with the FIDE C.04.6 Swiss Team Pairing System: `pending` or `paired` -> `paired`.

    Pairing again before publication replaces the pairing. Refused (409) while the previous round is not
    completed or has an open appeal (R-14.2), before the initial ranking is locked (C.04.6 1.1), without an
    appeals committee when the rules need one (R-14.4), after publication (C.04.2 1.4), and when no pairing
    satisfies the absolute criteria (C.04.6 3.3.3, type `no-legal-pairing`). The engine runs outside the write
    lock; a pairing is stored only if nothing changed in the tournament meanwhile, else computed again, and
    refused (409) when the tournament kept changing.

    Refused (409, the rule and the team named, `problems` listing each) while a team's lineup for the round
    breaks a rule (R-3.1, R-3.2, R-3.3; a team without a submitted lineup plays its base lineup), unless the
    chief arbiter decides to go ahead: `{"override": {"reason": "..."}}` (action `round.override`), kept in the
    audit trail and with the round; pairing again keeps a decision that covers the same problems.
    `GET .../readiness` tells all this before pairing.
    """
    override = _override(access, body)
    return pairing.pair_round(staged, tournament_id, number, access.principal, override)


def _override(access: Access, body: RoundDecision | None) -> str | None:
    if body is None or body.override is None:
        return None
    access.require("round.override")
    return body.override.reason.strip() or None


@router.get("/{number}/readiness", response_model=RoundReadiness,
            summary="What stands between the round and its pairing or publication (officials)")
def round_readiness(tournament_id: Id, number: RoundNumber, session: SessionDep,
                    access: Annotated[Access, permit("round.read_unpublished")],
                    accept_language: Annotated[str | None, Header(max_length=500)] = None) -> RoundReadiness:
    """Before anyone presses Pair: the refusals the pairing would meet (the previous round not completed, an
    open appeal, R-14.2; the ranking not locked, C.04.6 1.1; no appeals committee, R-14.4), the rules broken by
    the lineups the teams would play (R-3.1, R-3.2, R-3.3: pairing and publishing need the chief arbiter's
    decision), the decision recorded, and the open appeals that block this round's or the next round's pairing.
    Sentences in the language of `Accept-Language`, as refusals."""
    return pairing.round_readiness(session, tournament_id, number, pick_language(accept_language))


@router.put("/{number}/absent", response_model=RoundRead, responses=answers(409),
            summary="Mark a team absent for this round (not paired; a zero-point unplayed round)")
def set_absent(tournament_id: Id, number: RoundNumber, body: AbsentPut, session: SessionDep,
               access: Annotated[Access, permit("round.absent")]) -> RoundRead:
    """Mark a team absent for a `pending` round (or present again with `"absent": false`).

    An absent team is not paired and scores nothing for the round. Refused (409, C.04.2 1.4) once the round
    is paired.
    """
    return pairing.set_round_absence(session, tournament_id, number, body.team_id, body.absent, access.principal,
                                     body.reason)


@router.post("/{number}/pairing", response_model=RoundRead, responses=answers(409),
             summary="Change the pairing by hand before publishing (arbiter; audited, flagged as manual)")
def change_pairing(tournament_id: Id, number: RoundNumber, body: PairingChange, session: SessionDep,
                   access: Annotated[Access, permit("round.change")]) -> RoundRead:
    """Change a `paired` round by hand: swap two teams, give the bye to another team, forbid a pairing
    (the round is paired again without it) or reverse a match's colours.

    The change is audited with its reason and the round is flagged `manual`. Refused (409, C.04.2 1.4) unless
    the round is paired and unpublished.
    """
    return pairing.change_round_pairing(session, tournament_id, number, body.action, body.team_a, body.team_b,
                                        access.principal, body.reason)


@router.post("/{number}/publish", response_model=RoundRead, responses=answers(409),
             summary="Make the pairing public and freeze it")
def publish_round(tournament_id: Id, number: RoundNumber, session: SessionDep,
                  access: Annotated[Access, permit("round.publish")], body: RoundDecision | None = None) -> RoundRead:
    """Publish the pairing: `paired` -> `published`. The public now sees it and results can be entered;
    the pairing can no longer change. Refused (409, C.04.2 1.4) unless the round is `paired`, and (409, the rule
    and team named) while a team's lineup breaks a rule that the decision recorded at pairing does not cover,
    unless the chief arbiter decides: `{"override": {"reason": "..."}}` (action `round.override`)."""
    return pairing.publish_round(session, tournament_id, number, access.principal, _override(access, body))


@router.post("/{number}/complete", response_model=RoundRead, responses=answers(409),
             summary="Complete the round once every match has a full result (arbiter)")
def complete_round(tournament_id: Id, number: RoundNumber, session: SessionDep,
                   access: Annotated[Access, permit("round.complete")]) -> RoundRead:
    """Complete the round: `published` or `in_progress` -> `completed`. The standings then count it and the
    next round can be paired. Refused (409) when a table has no full result (R-7.2, `tables` lists them) or
    the round is not in play."""
    return pairing.complete_round(session, tournament_id, number, access.principal)


@router.post("/{number}/reopen", response_model=RoundRead, responses=answers(409),
             summary="Reopen a completed round to correct a result (arbiter), while the next round is unpaired")
def reopen_round(tournament_id: Id, number: RoundNumber, session: SessionDep,
                 access: Annotated[Access, permit("round.reopen")]) -> RoundRead:
    """Reopen a completed round to correct a result: `completed` -> `in_progress`. Refused (409) when the
    round is not completed, or once the next round is paired (C.04.2 1.4: that pairing used these results)."""
    return pairing.reopen_round(session, tournament_id, number, access.principal)
