"""Read models of a tournament: its settings and the warnings about them."""

from __future__ import annotations

from typing import Literal

from sqlmodel import Session, select

from app.models import (
    Round,
    Team,
    Tournament,
)
from app.operations.repository import (
    rules_of,
)
from app.presentation.messages import said
from app.schemas.tournaments import TournamentRead
from app.services.errors import Text
from app.services.lifecycle import COMPLETED, IN_PLAY_STATES
from app.services.rules import Rules

FEW_TEAMS = 20


def warnings_for(session: Session, t: Tournament, rules: Rules) -> list[str]:
    out = []
    teams = session.exec(select(Team).where(Team.tournament_id == t.id, Team.status == "entered")).all()
    if 0 < len(teams) < FEW_TEAMS and not rules.round_robin:  # a round robin is the change allows
        out.append(said(Text("R-4.3: only {teams} teams are entered; with fewer than {few} the organisers may "
                             "reduce the rounds (now {rounds}) or change the system",
                             {"teams": len(teams), "few": FEW_TEAMS, "rounds": rules.rounds})))
    return out


def tournament_read(session: Session, t: Tournament) -> TournamentRead:
    rules = rules_of(t)
    states = {r.number: r.state for r in session.exec(select(Round).where(Round.tournament_id == t.id)).all()}
    done = sum(1 for s in states.values() if s == COMPLETED)
    current = min((n for n, s in states.items() if s in IN_PLAY_STATES), default=None)
    status: Literal["upcoming", "running", "finished"] = (
        "finished" if states and done == len(states) else "running" if current is not None or done else "upcoming")
    return TournamentRead(
        id=t.id or 0, name=t.name, city=t.city, venue=t.venue, federation=t.federation,
        start_date=t.start_date, end_date=t.end_date, preset=t.preset, rules=t.rules,
        chief_arbiter=t.chief_arbiter, deputy_arbiters=list(t.deputy_arbiters),
        tpns_locked=t.tpns_locked_at is not None, warnings=warnings_for(session, t, rules),
        status=status, current_round=current, rounds_completed=done,
    )
