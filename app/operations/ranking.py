"""Locking the initial ranking: pairing numbers (R-4.1, R-4.2, C.04.6 1.1; a round robin's by lot or by the
ranking, C.05)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, select

from app.auth.principal import Principal
from app.models import Round, Team, Tournament
from app.operations import audit
from app.operations.reads.lineups import ranking_read, ranking_rows
from app.operations.repository import load_tournament, rules_of
from app.operations.tournaments import sync_rounds
from app.schemas.lineups import RankingRead
from app.services.errors import StateConflict
from app.services.lifecycle import PENDING
from app.services.round_robin import check_field, draw_lots, rounds_needed
from app.services.rules import MAX_SEED, rules_from_dict, rules_to_dict
from app.services.seeding import check_tpn_relock


def lock(session: Session, t: Tournament, principal: Principal | None) -> None:
    """Assign pairing numbers 1..N by the initial ranking (audited); refused once round 4 is paired."""
    tournament_id = t.id or 0
    paired = session.exec(select(Round).where(Round.tournament_id == tournament_id, Round.state != PENDING)).all()
    rules = rules_of(t)
    if rules.round_robin and paired:
        raise StateConflict("C.05", "a round robin's pairing numbers are fixed once round 1 is paired: the "
                            "schedule follows from them")
    check_tpn_relock(len(paired))
    rows, teams = ranking_rows(session, t)
    if not rows:
        raise StateConflict("R-4.1", "no team is entered")
    everyone = {tm.id or 0: tm for tm in session.exec(select(Team).where(Team.tournament_id == tournament_id)).all()}
    # entered teams by the ranking; in a Swiss, teams that left but hold a number keep one after them (unique
    # TPNs); a round robin numbers only the entered teams (before round 1 a team that left has no place)
    order = [r.team_id for r in rows]
    gone = sorted((tm for tm in everyone.values() if tm.tpn is not None and tm.status in ("withdrawn", "expelled")),
                  key=lambda tm: tm.tpn or 0)
    before = {str(tm.id): tm.tpn for tm in [*teams, *gone]}
    extra: dict[str, Any] = {}
    reason = ""
    if rules.round_robin:
        order, extra = _round_robin_numbers(session, t, order)
        seed = extra["seed"]
        reason = f"C.05: pairing numbers by lot, seed {seed}" if seed is not None else "C.05: by the initial ranking"
    else:
        order += [tm.id or 0 for tm in gone]
    for tm in everyone.values():
        if tm.tpn is not None:
            tm.tpn = None
            session.add(tm)
    session.flush()
    for tpn, team_id in enumerate(order, start=1):
        everyone[team_id].tpn = tpn
        session.add(everyone[team_id])
    relock = t.tpns_locked_at is not None
    t.tpns_locked_at = datetime.now(UTC)
    session.add(t)
    audit.record(session, principal, "relock" if relock else "lock", "ranking", t.id, tournament_id=t.id,
                 before=before | ({"rounds": rules.rounds} if extra else {}),
                 after={str(team_id): tpn for tpn, team_id in enumerate(order, start=1)} | extra, reason=reason)


def _round_robin_numbers(session: Session, t: Tournament, ranked: list[int]) -> tuple[list[int], dict[str, Any]]:
    """A round robin's order of pairing numbers (C.05): drawn by lot from a recorded seed, or the initial
    ranking's, as the rules choose; the number of rounds follows from the number of teams (n - 1 per cycle, n
    for an odd n), and the rules record it with the seed. Also what the audit entry adds."""
    rules = rules_of(t)
    check_field(len(ranked), rules.cycles)
    seed = None
    order = ranked
    if rules.rr_seeding == "lot":
        # the recorded seed draws the same numbers again (a re-lock); an organiser clears it for a new draw
        seed = rules.rr_lot_seed if rules.rr_lot_seed is not None else secrets.randbelow(MAX_SEED + 1)
        order = draw_lots(ranked, seed)
    rounds = rounds_needed(len(order), rules.cycles)
    new = rules_from_dict({"rounds": rounds, "rr_lot_seed": seed}, rules)
    t.rules = rules_to_dict(new)
    sync_rounds(session, t, new)
    return order, {"method": rules.rr_seeding, "seed": seed, "rounds": rounds}


def lock_ranking(session: Session, tournament_id: int, principal: Principal | None) -> RankingRead:
    """Lock (or re-lock) the tournament's initial ranking; the ranking with its pairing numbers."""
    t = load_tournament(session, tournament_id, for_update=True)
    lock(session, t, principal)
    return ranking_read(session, t)
