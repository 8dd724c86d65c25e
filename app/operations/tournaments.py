"""Tournament use cases: the rounds that follow from the rules."""

from __future__ import annotations

from sqlmodel import Session, select

from app.models import Round, Tournament
from app.services.errors import StateConflict
from app.services.lifecycle import PENDING
from app.services.rules import Rules


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
                raise StateConflict("R-4.3", f"round {n} is already {r.state}; it cannot be removed")
            session.delete(r)


def any_round_paired(session: Session, tournament_id: int) -> bool:
    return session.exec(
        select(Round).where(Round.tournament_id == tournament_id, Round.state != PENDING)
    ).first() is not None
