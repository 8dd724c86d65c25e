"""Rights: what a principal holds in a tournament, over a club or over a player (database reads)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sqlmodel import Session, col, select

from app.auth.credentials import Memberships
from app.auth.policy import ACTIONS, ARBITER_ROLES, Action, holders_phrase
from app.auth.principal import Principal
from app.models import Club, CommitteeMember, Membership, Player, RosterEntry, Team
from app.services.errors import Forbidden, Text, Unauthorized


def tournament_roles(session: Session, principal: Principal | None, tournament_id: int) -> set[str]:
    if principal is None:
        return set()
    rows = session.exec(
        select(Membership.role).where(Membership.user_id == principal.user_id,
                                      Membership.tournament_id == tournament_id)
    ).all()
    return {r for r in rows if r != "manager"}


def managed_team_ids(session: Session, principal: Principal | None, tournament_id: int) -> set[int]:
    if principal is None:
        return set()
    rows = session.exec(
        select(Membership.team_id).where(Membership.user_id == principal.user_id,
                                         Membership.tournament_id == tournament_id,
                                         Membership.role == "manager")
    ).all()
    return {t for t in rows if t is not None}


def is_staff(session: Session, principal: Principal | None, tournament_id: int,
             roles: Iterable[str] = ARBITER_ROLES) -> bool:
    if principal is None:
        return False
    return principal.is_admin or bool(tournament_roles(session, principal, tournament_id) & set(roles))


# --- rights over clubs and players -------------------------------------------------------------------------


class _All:
    """Every club (an administrator)."""

    def __contains__(self, _item: object) -> bool:
        return True


ALL_CLUBS = _All()


def club_rights(session: Session, principal: Principal | None) -> set[int] | _All:
    """The clubs whose rows the principal may change and for which they may register players and enter teams.

    Not rights over the club's players: an organiser wins these club rights by entering one of the club's teams
    into a tournament of their own (:func:`player_rights` says who may see and change a player)."""
    if principal is None:
        return set()
    if principal.is_admin:
        return ALL_CLUBS
    uid = principal.user_id
    staff_of = select(Membership.tournament_id).where(Membership.user_id == uid,
                                                      col(Membership.role).in_(ARBITER_ROLES))
    clubs: set[int | None] = set(
        session.exec(select(Team.club_id).where(col(Team.tournament_id).in_(staff_of))).all())
    managed = select(Membership.team_id).where(Membership.user_id == uid, Membership.role == "manager")
    clubs |= set(session.exec(select(Team.club_id).where(col(Team.id).in_(managed))).all())
    return {c for c in clubs if c is not None} | _created_clubs(session, uid)


def _created_clubs(session: Session, uid: int) -> set[int]:
    """The clubs the user registered that take part in no tournament yet."""
    playing = select(Team.club_id)
    return {c for c in session.exec(select(col(Club.id)).where(Club.created_by == uid, col(Club.id).not_in(playing)))
            if c is not None}


@dataclass(frozen=True)
class PlayerRights:
    see_private: bool  # birth date, contact data, activation fee
    change: bool  # the player's identity (names, sex, birth date, FIDE id, ratings, club, ...) and deleting them


def player_rights(session: Session, principal: Principal | None,
                  players: Sequence[Player]) -> dict[int, PlayerRights]:
    """What the principal holds over each player, from the tournaments the player is rostered in.

    A tournament gives rights over its rostered players to its organisers, chief arbiters and arbiters and to
    the manager of the player's team there. Seeing a player's private data needs them in one tournament the
    player is rostered in; changing the player needs them in every one (a player is one row shared by all
    their tournaments: no tournament's staff changes what another relies on). A player on no roster is seen
    and changed only by whoever registered the club while it takes part in no tournament. An administrator
    holds both over everyone."""
    if principal is None:
        return {p.id or 0: PlayerRights(False, False) for p in players}
    if principal.is_admin:
        return {p.id or 0: PlayerRights(True, True) for p in players}
    ids = [p.id for p in players]
    rostered: dict[int, list[tuple[int, int]]] = {}
    for pid, tid, team_id in session.exec(select(RosterEntry.player_id, RosterEntry.tournament_id,
                                                 RosterEntry.team_id).where(col(RosterEntry.player_id).in_(ids))):
        rostered.setdefault(pid, []).append((tid, team_id))
    held = session.exec(select(Membership.tournament_id, Membership.role, Membership.team_id).where(
        Membership.user_id == principal.user_id)).all()
    staff_of = {tid for tid, role, _ in held if role in ARBITER_ROLES}
    manages = {team for _, role, team in held if role == "manager" and team is not None}
    created = _created_clubs(session, principal.user_id) if any(p.id not in rostered for p in players) else set()
    out = {}
    for p in players:
        entries = rostered.get(p.id or 0)
        if entries:
            holds = [tid in staff_of or team_id in manages for tid, team_id in entries]
            out[p.id or 0] = PlayerRights(any(holds), all(holds))
        else:
            mine = p.club_id in created
            out[p.id or 0] = PlayerRights(mine, mine)
    return out


def team_private(session: Session, principal: Principal | None, tournament_id: int, team_id: int | None) -> bool:
    """The private data of a team's rostered players in its own tournament: its staff and the team's manager."""
    return principal is not None and (is_staff(session, principal, tournament_id)
                                      or team_id in managed_team_ids(session, principal, tournament_id))


# --- the access a request has ---------------------------------------------------------------------------


@dataclass
class Access:
    """The principal of a request and what it holds in the path's tournament."""

    session: Session
    principal: Principal | None
    tournament_id: int | None = None
    roles: frozenset[str] = frozenset()
    team_ids: frozenset[int] = frozenset()
    _committee: bool | None = field(default=None, repr=False)

    @property
    def signed_in(self) -> Principal:
        if self.principal is None:
            raise Unauthorized(None, "this needs a bearer token (POST /auth/token, or an API token)")
        return self.principal

    @property
    def is_admin(self) -> bool:
        return self.principal is not None and self.principal.is_admin

    def is_staff(self, roles: Iterable[str] = ARBITER_ROLES) -> bool:
        return self.is_admin or bool(self.roles & set(roles))

    def manages(self, team_id: int | None) -> bool:
        return team_id is not None and team_id in self.team_ids

    def _in_committee(self) -> bool:
        if self._committee is None:
            p = self.principal
            self._committee = p is not None and self.tournament_id is not None and self.session.exec(
                select(CommitteeMember.id).where(CommitteeMember.tournament_id == self.tournament_id,
                                                 CommitteeMember.user_id == p.user_id)).first() is not None
        return self._committee

    def _holder(self, a: Action, team_id: int | None, committee: bool = True) -> bool:
        p = self.principal
        if p is None:
            return False
        if p.is_admin or a.anyone:
            return True
        if a.creators and p.can_create_tournaments:
            return True
        if self.roles & a.roles:
            return True
        if a.manager and (self.manages(team_id) if team_id is not None else bool(self.team_ids)):
            return True
        return committee and a.committee and self._in_committee()

    def refusal(self, name: str, team_id: int | None = None, *,
                committee: bool = True) -> Forbidden | Unauthorized | None:
        """Why this request may not do ``name`` (None: it may). ``committee=False``: a seat on the appeals
        committee does not count (the use case checks that the seat is the sitting chair's)."""
        a = ACTIONS[name]
        p = self.principal
        if p is None:
            return Unauthorized(None, "this needs a bearer token (POST /auth/token, or an API token): {summary}",
                                params={"summary": Text(a.summary)})
        if a.interactive and p.token_name is not None:
            return Forbidden(None, "an API token cannot {summary}; log in with a password",
                             params={"summary": Text(a.summary)})
        if a.scope is not None and not p.allows(a.scope):
            return Forbidden(None, "the API token lacks the {scope!r} scope needed to {summary}",
                             params={"scope": a.scope, "summary": Text(a.summary)},
                             scope=a.scope)
        if not self._holder(a, team_id, committee):
            return Forbidden(a.rule, "not allowed to {summary}: {holders}",
                             params={"summary": Text(a.summary), "holders": holders_phrase(a)})
        return None

    def holds(self, name: str, team_id: int | None = None, *, committee: bool = True) -> bool:
        return self.refusal(name, team_id, committee=committee) is None

    def require(self, name: str, team_id: int | None = None) -> Principal:
        why = self.refusal(name, team_id)
        if why is not None:
            raise why
        return self.signed_in

    # objects named in the body rather than the path

    def require_club(self, club_id: int) -> None:
        """Rights over a club (or admin): a refusal names who has them."""
        if club_id not in club_rights(self.session, self.signed_in):
            raise Forbidden(None, "no rights over this club: they come from a tournament it takes part in "
                            "(its organisers and arbiters, the managers of its teams) or from having created it")

    def require_player(self, player: Player) -> None:
        """Rights to change the player (:func:`player_rights`): a refusal says where they come from."""
        if not player_rights(self.session, self.signed_in, [player])[player.id or 0].change:
            raise Forbidden(None, "no rights to change this player: an administrator may, or whoever holds rights "
                            "in every tournament the player is on a roster of (its organisers and arbiters, the "
                            "manager of the player's team there); a player on no roster, whoever registered the "
                            "club while it takes part in no tournament")

    def see_team_private(self, team_id: int | None) -> bool:
        """The private data of the players of a team of this request's tournament."""
        return self.is_staff() or self.manages(team_id)


def access_in(session: Session, principal: Principal | None, tournament_id: int | None,
              memberships: Memberships | None = None) -> Access:
    """The access of ``principal`` in the tournament ``tournament_id`` (none: outside any tournament); its
    ``memberships`` there when they were read already (with the principal's row)."""
    access = Access(session, principal, tournament_id)
    if principal is not None and tournament_id is not None:
        rows = memberships if memberships is not None else session.exec(select(
            Membership.role, Membership.team_id).where(Membership.user_id == principal.user_id,
                                                       Membership.tournament_id == tournament_id)).all()
        access.roles = frozenset(role for role, _ in rows if role != "manager")
        access.team_ids = frozenset(t for role, t in rows if role == "manager" and t is not None)
    return access


def permissions_in(session: Session, principal: Principal, tournament_id: int) -> list[str]:
    """The tournament actions the principal holds there (for GET /auth/me and the staff console)."""
    access = access_in(session, principal, tournament_id)
    return [name for name, a in ACTIONS.items() if a.in_tournament and access.holds(name)]
