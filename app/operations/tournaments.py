"""Tournament use cases: creating one from a preset, changing its settings while they may change, deleting
it before it starts, and the rounds that follow from the rules (R-4.3, R-6)."""

from __future__ import annotations

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import Membership, Round, Tournament
from app.operations import audit
from app.operations.reads.tournaments import tournament_read
from app.operations.repository import delete_tournament_rows, load_tournament, paginate, rules_of
from app.schemas.tournaments import TournamentCreate, TournamentRead, TournamentUpdate
from app.services.errors import InvalidInput, StateConflict
from app.services.lifecycle import PENDING, STATE_WORDS
from app.services.rules import Rules, move_schedule, preset, rules_from_dict, rules_to_dict


def sync_rounds(session: Session, t: Tournament, rules: Rules) -> None:
    """Rounds 1..rules.rounds exist with their scheduled starts (R-6); extra pending rounds go."""
    existing = {r.number: r for r in session.exec(select(Round).where(Round.tournament_id == t.id)).all()}
    for n in range(1, rules.rounds + 1):
        start = rules.round_starts[n - 1] if rules.round_starts else None
        r = existing.get(n)
        if r is None:
            session.add(Round(tournament_id=t.id or 0, number=n, scheduled_start=start))
        elif r.state == PENDING and r.scheduled_start != start:
            r.scheduled_start = start
            session.add(r)
    for n, r in existing.items():
        if n > rules.rounds:
            if r.state != PENDING:
                raise StateConflict("R-4.3", "round {n} is already {state}; it cannot be removed",
                                    params={"n": n, "state": STATE_WORDS[r.state]})
            session.delete(r)


def any_round_paired(session: Session, tournament_id: int) -> bool:
    return session.exec(
        select(Round).where(Round.tournament_id == tournament_id, Round.state != PENDING)
    ).first() is not None


def create_tournament(session: Session, body: TournamentCreate, principal: Principal) -> TournamentRead:
    """A tournament from a preset and ``rules`` overriding its settings, its rounds ``pending``; the creator
    becomes its organiser."""
    base = preset(body.preset) if body.preset else Rules()
    if body.move_schedule:
        if body.start_date is None:
            raise InvalidInput(None, "move_schedule moves the preset's dates to start_date: give start_date")
        base = move_schedule(base, body.start_date)
    overrides = dict(body.rules)
    if body.start_date and "start_date" not in overrides and base.start_date is None:
        overrides["start_date"] = body.start_date.isoformat()
    rules = rules_from_dict(overrides, base)
    t = Tournament(
        name=body.name, city=body.city, venue=body.venue, federation=body.federation,
        start_date=body.start_date or rules.start_date, end_date=body.end_date, preset=body.preset,
        rules=rules_to_dict(rules), chief_arbiter=body.chief_arbiter, deputy_arbiters=body.deputy_arbiters,
    )
    session.add(t)
    session.flush()
    session.add(Membership(user_id=principal.user_id, tournament_id=t.id or 0, role="organiser"))
    sync_rounds(session, t, rules)
    audit.record(session, principal, "create", "tournament", t.id, tournament_id=t.id, after=t)
    return tournament_read(session, t)


def list_tournaments(session: Session, q: str | None, limit: int, offset: int) -> tuple[list[TournamentRead], int]:
    """One page of the tournaments, the newest first (``q``: those whose name contains it), and how many."""
    stmt = select(Tournament).order_by(col(Tournament.start_date).desc(), col(Tournament.id).desc())
    if q:
        stmt = stmt.where(col(Tournament.name).ilike(f"%{q}%"))
    items, total = paginate(session, stmt, limit, offset)
    return [tournament_read(session, t) for t in items], total


#: The settings fixed once round 1 is paired, besides the number of rounds and the system (R-4.3).
STRUCTURAL = ("boards", "mp_win", "mp_draw", "mp_loss", "bye_mp", "bye_gp", "forfeit_win_gp", "pairing",
              "rr_seeding", "rr_lot_seed", "rr_bye_mp", "rr_bye_gp")


def paired_rounds(session: Session, tournament_id: int) -> int:
    """The highest round paired so far (0 before round 1)."""
    numbers = session.exec(select(Round.number).where(Round.tournament_id == tournament_id,
                                                       Round.state != PENDING)).all()
    return max(numbers, default=0)


def _check_system_change(session: Session, t: Tournament, old: Rules, new: Rules,
                         principal: Principal | None) -> None:
    """R-4.3: the system (Swiss or round robin, and a round robin's cycles) changes only before round 1 is
    paired; the pairing numbers then are to be given again (a round robin's by its own rule, C.05)."""
    if (new.system, new.cycles) == (old.system, old.cycles):
        return
    if any_round_paired(session, t.id or 0):
        raise StateConflict("R-4.3", "the system can change only before round 1 is paired")
    if t.tpns_locked_at is not None:
        t.tpns_locked_at = None  # the numbers of one system are not the other's: lock the ranking again
    audit.record(session, principal, "system", "tournament", t.id, tournament_id=t.id,
                 before={"system": old.system, "cycles": old.cycles},
                 after={"system": new.system, "cycles": new.cycles}, reason="R-4.3")


def _check_rounds_change(session: Session, t: Tournament, old: Rules, new: Rules,
                         principal: Principal | None) -> None:
    """R-4.3: a Swiss's number of rounds changes here before round 1 is paired (later only by the chief
    arbiter's decision, :func:`change_round_count`); a locked round robin's follows from its teams (C.05)."""
    if new.rounds == old.rounds:
        return
    if new.round_robin and t.tpns_locked_at is not None and new.system == old.system:
        raise StateConflict("C.05", "a round robin's number of rounds follows from its number of teams")
    if any_round_paired(session, t.id or 0):
        raise StateConflict("R-4.3", "once round 1 is paired the number of rounds changes only by the chief "
                            "arbiter's decision (PUT .../round-count)")
    audit.record(session, principal, "round-count", "tournament", t.id, tournament_id=t.id,
                 before={"rounds": old.rounds}, after={"rounds": new.rounds}, reason="R-4.3")


def update_tournament(session: Session, tournament_id: int, body: TournamentUpdate,
                      principal: Principal | None) -> TournamentRead:
    """Change the details or settings (``rules`` merges into the current ones); the number of rounds (R-4.3),
    the boards, the scoring and the pairing settings are fixed once round 1 is paired."""
    t = load_tournament(session, tournament_id, for_update=True)
    before = audit.snapshot(t)
    changes = body.model_dump(exclude_unset=True)
    if "rules" in changes:
        old = rules_of(t)
        new = rules_from_dict(changes.pop("rules"), old)
        _check_system_change(session, t, old, new, principal)
        _check_rounds_change(session, t, old, new, principal)
        if any(getattr(new, k) != getattr(old, k) for k in STRUCTURAL) and any_round_paired(session, tournament_id):
            raise StateConflict(None, "boards, scoring and pairing settings are fixed once round 1 is paired")
        t.rules = rules_to_dict(new)
        sync_rounds(session, t, new)
    for k, v in changes.items():
        setattr(t, k, v)
    session.add(t)
    audit.record(session, principal, "update", "tournament", t.id, tournament_id=t.id, before=before, after=t)
    return tournament_read(session, t)


def change_round_count(session: Session, tournament_id: int, rounds: int, decision: str,
                       principal: Principal | None) -> TournamentRead:
    """R-4.3: the chief arbiter's recorded decision to change a Swiss's number of rounds, before it starts or
    while it runs, never below the rounds already paired; the rounds' starts beyond the new last go with them."""
    t = load_tournament(session, tournament_id, for_update=True)
    old = rules_of(t)
    if old.round_robin:
        raise StateConflict("C.05", "a round robin's number of rounds follows from its number of teams")
    paired = paired_rounds(session, tournament_id)
    if rounds < paired:
        raise StateConflict("R-4.3", "round {paired} is already paired: the tournament cannot have fewer rounds "
                            "than that, not {rounds}", params={"paired": paired, "rounds": rounds})
    if rounds == old.rounds:
        return tournament_read(session, t)
    # the starts of the rounds kept stay; more rounds than starts leaves the new rounds' starts to be set
    starts = old.round_starts[:rounds] if rounds < len(old.round_starts) else ()
    new = old.replace(rounds=rounds, round_starts=starts)
    t.rules = rules_to_dict(new)
    sync_rounds(session, t, new)
    session.add(t)
    audit.record(session, principal, "round-count", "tournament", t.id, tournament_id=t.id,
                 before={"rounds": old.rounds}, after={"rounds": rounds}, reason=f"R-4.3: {decision}")
    return tournament_read(session, t)


def delete_tournament(session: Session, tournament_id: int, principal: Principal | None) -> None:
    """Delete a tournament with everything in it, as long as no round is paired."""
    t = load_tournament(session, tournament_id, for_update=True)
    if any_round_paired(session, tournament_id):
        raise StateConflict(None, "a tournament with paired rounds cannot be deleted")
    audit.record(session, principal, "delete", "tournament", t.id, before=t)
    delete_tournament_rows(session, t)
