"""Rosters: a team's players in board order (R-3.3), and setting them (R-2.1, R-3.1, R-11.5)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import Club, Player, RosterEntry, Team
from app.operations import audit
from app.operations.reads.teams import roster_read
from app.operations.repository import get_team, load_tournament, rules_of, to_club, to_player
from app.presentation.messages import problem_item
from app.schemas.teams import RosterPut, RosterRead
from app.services.eligibility import check_roster, check_roster_change_allowed
from app.services.errors import InvalidInput, NotFound


def read_roster(session: Session, tournament_id: int, team_id: int, principal: Principal | None) -> RosterRead:
    return roster_read(session, get_team(session, tournament_id, team_id), principal)


def put_roster(session: Session, tournament_id: int, team_id: int, body: RosterPut, principal: Principal, *,
               organiser: bool) -> RosterRead:
    """Set the whole roster and answer it in board order (R-3.3) with the organiser's warnings. ``organiser``:
    the caller may move a player between two teams of one club after the roster deadline (R-11.5)."""
    t = load_tournament(session, tournament_id, for_update=True)
    team = get_team(session, tournament_id, team_id)
    rules = rules_of(t)
    now = datetime.now(UTC)
    check_roster_change_allowed(rules, now, organiser)
    after_deadline = rules.roster_deadline is not None and now > rules.roster_deadline
    if after_deadline and not body.reason:
        raise InvalidInput("R-11.5", "a change after the roster deadline needs a reason (e.g. illness)")
    rows = session.exec(select(Player).where(col(Player.id).in_(body.player_ids))).all() if body.player_ids else []
    found = {p.id: p for p in rows}
    missing = [pid for pid in body.player_ids if pid not in found]
    if missing:
        raise NotFound(None, "no player with id {missing}",
                       params={"missing": missing[0]}, player_id=missing[0])
    club = session.get(Club, team.club_id)
    # the team's own entries and those of the players named (on another roster, or moving, R-11.5); the
    # other rosters' players do not matter here, and a late roster must not load every roster of the event
    entries = session.exec(select(RosterEntry).where(
        RosterEntry.tournament_id == tournament_id,
        (col(RosterEntry.team_id) == team.id) | col(RosterEntry.player_id).in_(body.player_ids),
    ).order_by(col(RosterEntry.id))).all()
    other: dict[int, list[int]] = {}
    moving: list[RosterEntry] = []
    for e in entries:
        if e.team_id == team.id:
            continue
        if e.player_id in found and organiser and after_deadline:
            source = session.get(Team, e.team_id)
            check_roster_change_allowed(rules, now, organiser, from_club=source.club_id if source else None,
                                        to_club=team.club_id)
            moving.append(e)  # move between teams of the same club
            continue
        other.setdefault(e.team_id, []).append(e.player_id)
    for pid in body.player_ids:
        p = found[pid]
        if p.club_id != team.club_id and not moving:
            raise InvalidInput("R-2.1", "{name} is not a player of the team's club",
                               params={"name": p.name}, player_id=pid)
    on = t.start_date or rules.start_date or date.today()
    result = check_roster(rules, [to_player(found[pid]) for pid in body.player_ids],
                          to_club(club) if club else None, on, other_rosters=other, organiser=organiser)
    before = [e.player_id for e in entries if e.team_id == team.id]
    for e in entries:
        if e.team_id == team.id and e.player_id not in found:
            session.delete(e)
    for e in moving:
        audit.record(session, principal, "move", "roster_entry", e.player_id, tournament_id=tournament_id,
                     before={"team_id": e.team_id}, after={"team_id": team.id}, reason=body.reason)
        session.delete(e)
    session.flush()
    for pid in result.ids:
        if pid not in before:
            session.add(RosterEntry(tournament_id=tournament_id, team_id=team.id or 0, player_id=pid))
    audit.record(session, principal, "roster", "team", team.id, tournament_id=tournament_id,
                 before={"player_ids": before}, after={"player_ids": list(result.ids)}, reason=body.reason)
    return roster_read(session, team, principal, [problem_item(w) for w in result.warnings])
