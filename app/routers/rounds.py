"""Rounds: pairing through the C.04.6 engine, hand changes, publishing, results, completion."""

from __future__ import annotations

from fastapi import APIRouter, Response
from sqlmodel import Session, select

from app.models import Round, Team, Tournament
from app.models.schemas import (
    AbsentPut,
    PairingChange,
    RoundRead,
    RoundSummary,
)
from app.operations import audit, cache
from app.operations.read_models import round_read, round_summaries
from app.operations.repository import rules_of
from app.operations.rounds import (
    get_round,
    pair,
    renumber_and_store,
    round_complete,
    round_matches,
)
from app.routers.deps import (
    NOT_MODIFIED,
    IfNoneMatch,
    MaybePrincipalDep,
    PrincipalDep,
    SessionDep,
    cached,
    load_tournament,
)
from app.security import ARBITER_ROLES, Principal, require_staff
from app.services.errors import InvalidInput, NotFound, StateConflict
from app.services.rules import rules_from_dict, rules_to_dict

router = APIRouter(prefix="/tournaments/{tournament_id}/rounds", tags=["rounds"])
PUBLIC_STATES = ("published", "in_progress", "completed")


def arbiter_round(session: Session, tournament_id: int, number: int, principal: Principal) -> tuple[Tournament, Round]:
    """Lock the tournament for a write by an arbiter and find the round."""
    t = load_tournament(session, tournament_id, for_update=True)
    require_staff(session, principal, tournament_id, ARBITER_ROLES)
    return t, get_round(session, tournament_id, number)


@router.get("", response_model=list[RoundSummary], responses=NOT_MODIFIED)
def list_rounds(tournament_id: int, session: SessionDep, if_none_match: IfNoneMatch = None) -> Response:
    return cached(cache.read(session, tournament_id, "rounds", lambda t: round_summaries(session, t),
                             list[RoundSummary], if_none_match=if_none_match))


@router.get("/{number}", response_model=RoundRead, responses=NOT_MODIFIED,
            summary="A round: matches in board order with players, results and match scores (public once published)")
def read_round(tournament_id: int, number: int, session: SessionDep, principal: MaybePrincipalDep,
               if_none_match: IfNoneMatch = None) -> Response:
    return cached(cache.read(
        session, tournament_id, "round", lambda t: round_read(session, t, get_round(session, tournament_id, number),
                                                              principal),
        RoundRead, params=(number,), audience=cache.audience(session, principal, tournament_id),
        if_none_match=if_none_match))


@router.post("/{number}/pair", response_model=RoundRead,
             summary="Pair the round with the C.04.6 engine (arbiter); re-pairing is allowed until publication")
def pair_round(tournament_id: int, number: int, session: SessionDep, principal: PrincipalDep) -> RoundRead:
    t, rnd = arbiter_round(session, tournament_id, number, principal)
    pair(session, t, rnd, principal)
    session.commit()
    return round_read(session, t, rnd, principal)


@router.put("/{number}/absent", response_model=RoundRead,
            summary="Mark a team absent for this round (not paired; a zero-point unplayed round)")
def set_absent(tournament_id: int, number: int, body: AbsentPut, session: SessionDep,
               principal: PrincipalDep) -> RoundRead:
    t, rnd = arbiter_round(session, tournament_id, number, principal)
    if rnd.state != "pending":
        raise StateConflict("C.04.2 1.4", f"round {number} is already paired; re-pairing would be needed: "
                            "mark absences before pairing")
    team = session.get(Team, body.team_id)
    if team is None or team.tournament_id != tournament_id:
        raise NotFound(None, f"no team {body.team_id} in this tournament")
    before = list(rnd.absent_team_ids)
    ids = set(rnd.absent_team_ids)
    (ids.add if body.absent else ids.discard)(body.team_id)
    rnd.absent_team_ids = sorted(ids)
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, "absent", "round", number, tournament_id=tournament_id,
                 before={"absent": before}, after={"absent": rnd.absent_team_ids}, reason=body.reason)
    session.commit()
    return round_read(session, t, rnd, principal)


def _pairs(session: Session, rnd: Round) -> list[tuple[int, int | None]]:
    return [(m.first_team_id, m.second_team_id) for m in round_matches(session, rnd)]


@router.post("/{number}/pairing", response_model=RoundRead,
             summary="Change the pairing by hand before publishing (arbiter; audited, flagged as manual)")
def change_pairing(tournament_id: int, number: int, body: PairingChange, session: SessionDep,
                   principal: PrincipalDep) -> RoundRead:
    t, rnd = arbiter_round(session, tournament_id, number, principal)
    if rnd.state != "paired":
        raise StateConflict("C.04.2 1.4", f"round {number} is {rnd.state}: only a paired, unpublished round "
                            "can be changed by hand")
    pairs = _pairs(session, rnd)
    before = {"matches": [list(p) for p in pairs]}
    where = {team: (i, side) for i, p in enumerate(pairs) for side, team in enumerate(p) if team is not None}
    if body.team_a not in where:
        raise InvalidInput(None, f"team {body.team_a} is not in this round's pairing")
    if body.action == "forbid":
        if body.team_b is None:
            raise InvalidInput(None, "forbid names two teams")
        a, b = session.get(Team, body.team_a), session.get(Team, body.team_b)
        if not a or not b or a.tpn is None or b.tpn is None:
            raise InvalidInput(None, "both teams need pairing numbers")
        rules = rules_of(t)
        fp = tuple(sorted({*rules.pairing.forbidden_pairs, tuple(sorted((a.tpn, b.tpn)))}))
        new_rules = rules_from_dict({"pairing": {"forbidden_pairs": [list(x) for x in fp]}}, rules)
        t.rules = rules_to_dict(new_rules)
        session.add(t)
        session.flush()
        pair(session, t, rnd, principal)
    else:
        if body.action == "swap":
            if body.team_b is None or body.team_b not in where:
                raise InvalidInput(None, "swap names two teams of this round")
            (i, si), (j, sj) = where[body.team_a], where[body.team_b]
            rows = [list(p) for p in pairs]
            rows[i][si], rows[j][sj] = rows[j][sj], rows[i][si]
            if any(r[0] == r[1] for r in rows):
                raise InvalidInput(None, "a team cannot play itself")
        elif body.action == "pab":
            bye = next((k for k, p in enumerate(pairs) if p[1] is None), None)
            if bye is None:
                raise StateConflict("C.04.6 3.4", "this round has no pairing-allocated bye")
            i, si = where[body.team_a]
            rows = [list(p) for p in pairs]
            rows[i][si], rows[bye][0] = rows[bye][0], rows[i][si]
        else:  # colours
            i, _ = where[body.team_a]
            rows = [list(p) for p in pairs]
            if rows[i][1] is None:
                raise InvalidInput(None, "the bye has no colours")
            rows[i] = [rows[i][1], rows[i][0]]
        real = [r for r in rows if r[1] is not None]
        byes = [r for r in rows if r[1] is None]
        renumber_and_store(session, t, rnd, [(r[0], r[1]) for r in real + byes])
        rnd.manual = True
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, f"manual-{body.action}", "round", number, tournament_id=tournament_id,
                 before=before, after={"matches": [list(p) for p in _pairs(session, rnd)]}, reason=body.reason)
    session.commit()
    return round_read(session, t, rnd, principal)


def _transition(session: Session, t: Tournament, rnd: Round, principal: Principal, to: str, reason: str = "") -> None:
    before = {"state": rnd.state}
    rnd.state = to
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, to, "round", rnd.number, tournament_id=t.id, before=before,
                 after={"state": to}, reason=reason)


@router.post("/{number}/publish", response_model=RoundRead, summary="Make the pairing public and freeze it")
def publish(tournament_id: int, number: int, session: SessionDep, principal: PrincipalDep) -> RoundRead:
    t, rnd = arbiter_round(session, tournament_id, number, principal)
    if rnd.state != "paired":
        raise StateConflict("C.04.2 1.4", f"round {number} is {rnd.state}: only a paired round can be published")
    _transition(session, t, rnd, principal, "published")
    session.commit()
    return round_read(session, t, rnd, principal)


@router.post("/{number}/complete", response_model=RoundRead,
             summary="Complete the round once every match has a full result (arbiter)")
def complete(tournament_id: int, number: int, session: SessionDep, principal: PrincipalDep) -> RoundRead:
    t, rnd = arbiter_round(session, tournament_id, number, principal)
    if rnd.state not in ("published", "in_progress"):
        raise StateConflict("results", f"round {number} is {rnd.state.replace('_', ' ')}: it cannot be completed")
    missing = round_complete(session, rnd)
    if missing:
        raise StateConflict("results", f"tables without a full result: {', '.join(map(str, missing))}",
                            tables=missing)
    _transition(session, t, rnd, principal, "completed")
    session.commit()
    return round_read(session, t, rnd, principal)


@router.post("/{number}/reopen", response_model=RoundRead,
             summary="Reopen a completed round to correct a result (arbiter), while the next round is unpaired")
def reopen(tournament_id: int, number: int, session: SessionDep, principal: PrincipalDep) -> RoundRead:
    t, rnd = arbiter_round(session, tournament_id, number, principal)
    if rnd.state != "completed":
        raise StateConflict("results", f"round {number} is not completed")
    nxt = session.exec(select(Round).where(Round.tournament_id == tournament_id, Round.number == number + 1)).first()
    if nxt is not None and nxt.state != "pending":
        raise StateConflict("results", f"round {number + 1} is already paired from these results; "
                            "a change now would not change that pairing (C.04.2 1.4)")
    _transition(session, t, rnd, principal, "in_progress")
    session.commit()
    return round_read(session, t, rnd, principal)
