"""Read models of teams: a team, its roster, a reference to it and its results round by round."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.auth.rights import is_staff, managed_team_ids, team_private
from app.models import (
    Club,
    Round,
    Team,
    Tournament,
)
from app.operations.reads.players import player_row_view
from app.operations.reads.standings import dom_team_ref
from app.operations.repository import (
    fees_paid,
    load_domain,
    roster_rows_in_board_order,
)
from app.presentation.ratings import team_rating_dict
from app.schemas.rounds import (
    TeamRating,
    TeamRef,
    TeamResultsRead,
    TeamRoundRead,
)
from app.schemas.teams import RosterPlayer, RosterRead, TeamRead
from app.services import tournament as dom
from app.services.event_ratings import team_ratings
from app.services.lifecycle import COMPLETED, PUBLIC_STATES
from app.services.standings import format_value


def team_read(session: Session, team: Team, principal: Principal | None, club: Club | None = None,
              fees: Mapping[int, Decimal] | None = None) -> TeamRead:
    """The team as this reader sees it; ``fees`` (:func:`fees_paid` of a page of teams) saves a query a team."""
    club = club or session.get(Club, team.club_id)
    private = is_staff(session, principal, team.tournament_id) or (
        team.id in managed_team_ids(session, principal, team.tournament_id))
    fee = None
    if private:
        fee = fees[team.id or 0] if fees is not None else fees_paid(session, [team.id or 0])[team.id or 0]
    return TeamRead(
        id=team.id or 0, tournament_id=team.tournament_id, club_id=team.club_id,
        club_name=club.name if club else "", name=team.name, nickname=team.nickname, status=team.status,
        tpn=team.tpn, entered_at=team.entered_at,
        form_complete=team.form_complete if private else None, fee_paid=fee,
    )


def roster_read(session: Session, team: Team, principal: Principal | None,
                warnings: list[dict[str, str | None]] | None = None) -> RosterRead:
    players = roster_rows_in_board_order(session, team.id or 0)
    private = team_private(session, principal, team.tournament_id, team.id)
    return RosterRead(team_id=team.id or 0, players=[
        RosterPlayer(board=i + 1, player=player_row_view(p, private)) for i, (p, _) in enumerate(players)
    ], warnings=warnings or [])


def team_ref(team: Any) -> TeamRef:
    """A team (or a row of its id, name and tpn) as answers refer to it."""
    return TeamRef(id=team.id or 0, name=team.name, tpn=team.tpn)


def team_results_read(session: Session, t: Tournament, team_id: int) -> TeamResultsRead:
    """A team's record over the published rounds."""
    states = {r.number: r.state for r in session.exec(select(Round).where(
        Round.tournament_id == t.id, col(Round.state).in_(PUBLIC_STATES))).all()}
    d = load_domain(session, t)
    done = d.with_rounds(n for n, state in states.items() if state == COMPLETED)
    d = d.with_rounds(states)
    hist = dom.team_history(d, team_id)
    mp, gp = dom.totals(hist)
    roster = d.team(team_id).roster
    return TeamResultsRead(
        team=dom_team_ref(d, team_id),
        rating=TeamRating.model_validate(team_rating_dict(team_ratings(done, roster))),
        match_points=format_value(mp), game_points=format_value(gp),
        rounds=[TeamRoundRead(round=tr.round, outcome=tr.outcome.value, opponent=dom_team_ref(d, tr.opponent),
                              colour=tr.colour, table=tr.table,
                              game_points=format_value(tr.gp) if tr.gp is not None else None,
                              match_points=format_value(tr.mp) if tr.mp is not None else None,
                              opponent_game_points=format_value(tr.opponent_gp) if tr.opponent_gp is not None
                              and tr.opponent is not None else None)
                for tr in hist],
    )
