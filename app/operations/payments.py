"""Entry fee payments (R-10): recording one, which may give the team its place (R-11.3), and listing them.

What a team has paid is never stored: it is the sum of its payments (:func:`app.operations.repository.fees_paid`).
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import Payment
from app.operations import audit
from app.operations.repository import fee_sum, fees_paid, get_team, load_tournament, paginate, rules_of
from app.operations.teams import reseat
from app.schemas.teams import PaymentCreate, PaymentRead


def add_payment(session: Session, tournament_id: int, team_id: int, body: PaymentCreate,
                principal: Principal) -> PaymentRead:
    """Record a payment; a team whose fee is then paid in full takes its place (R-11.3). The audit entry shows
    the fee paid before and after it."""
    t = load_tournament(session, tournament_id, for_update=True)
    team = get_team(session, tournament_id, team_id)
    paid = fees_paid(session, [team.id or 0])[team.id or 0]
    pay = Payment(team_id=team.id or 0, **body.model_dump())
    session.add(pay)
    session.flush()
    before = audit.snapshot(team) or {}
    audit.record(session, principal, "payment", "team", team.id, tournament_id=tournament_id,
                 before={**before, "fee_paid": paid}, after={**before, "fee_paid": fee_sum([paid, pay.amount])},
                 reason=body.reference)
    reseat(session, t, rules_of(t), principal)
    return PaymentRead.model_validate(pay, from_attributes=True)  # built here: not validated in the event loop


def list_payments(session: Session, tournament_id: int, team_id: int, limit: int,
                  offset: int) -> tuple[list[PaymentRead], int]:
    """One page of the team's payments in the order they were recorded, and how many there are."""
    team = get_team(session, tournament_id, team_id)
    stmt = select(Payment).where(Payment.team_id == team.id).order_by(col(Payment.id))
    items, total = paginate(session, stmt, limit, offset)
    return [PaymentRead.model_validate(p, from_attributes=True) for p in items], total
