"""Authorisation: who may do what, declared in one table and checked by one dependency.

Every route names the action it performs, ``access: Annotated[Access, Permit("round.pair")]`` (or
``Permit.public(...)`` for a read anyone may make); :data:`ACTIONS` says who holds each action and which API-token
scope it needs. The check runs before the handler (and before the body's domain rules), so a refused caller
learns nothing. A test walks ``app.routes`` and fails for any route without a declaration; README's permission
table is generated from :data:`ACTIONS`.

Rights come from the tournament:

- the server ``admin`` holds every action (an API token still only has its scopes);
- ``organiser``, ``chief_arbiter``, ``arbiter`` are roles in one tournament (memberships);
- a team ``manager`` holds the team actions for the team they manage (R-16.2);
- tournaments are created by admins and by users an admin marked as organisers (``can_create_tournaments``);
- rights over a club or a player (editing them, seeing birth dates and contact data) come only from a
  tournament the club takes part in (staff of it, or the manager of one of the club's teams), or, for a club
  that takes part in no tournament yet, from having created it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials
from sqlmodel import Session, col, select

from app.db.engine import SessionDep
from app.models import Club, CommitteeMember, Membership, Player, RosterEntry, Team
from app.security import Principal, bearer, resolve_bearer
from app.services.errors import Forbidden, Unauthorized

ORGANISER_ROLES = frozenset({"organiser"})
CHIEF_ROLES = frozenset({"organiser", "chief_arbiter"})
ARBITER_ROLES = frozenset({"organiser", "chief_arbiter", "arbiter"})
MAX_ID = 2**31 - 1  # the id columns are 32-bit integers on PostgreSQL

#: What an API token may be limited to. A token without scopes has all its user's rights.
SCOPES = {
    "read": "read private data the user may see",
    "results": "enter board and match results",
    "lineups": "submit lineups",
    "write": "every change the user may make",
}


@dataclass(frozen=True)
class Action:
    """Who holds an action. ``roles`` are tournament roles; the other flags add holders."""

    name: str
    summary: str
    scope: str | None = "write"  # None: any token may (its own identity)
    roles: frozenset[str] = frozenset()
    manager: bool = False  # the manager of the path's team (or of any team of the tournament when none is named)
    committee: bool = False  # an appeals committee member with an account (the sitting chair is checked later)
    anyone: bool = False  # any signed-in user; the object's own rules may still refuse
    creators: bool = False  # admins and users marked as organisers
    interactive: bool = False  # a password login, never an API token
    rule: str | None = None  # the regulation that says who may, if one does
    in_tournament: bool = True  # the action is about one tournament (its roles matter)


def _a(name: str, summary: str, **kw: Any) -> Action:
    return Action(name, summary, **kw)


ACTIONS: dict[str, Action] = {a.name: a for a in (
    # the server
    _a("users.read", "list user accounts", scope="read", in_tournament=False),
    _a("users.manage", "create and change user accounts (admins mark organisers)", in_tournament=False),
    _a("tournament.create", "create a tournament (the creator becomes its organiser)", creators=True,
       in_tournament=False),
    _a("import", "create a tournament from a TRF file", creators=True, in_tournament=False),
    _a("club.create", "register a club (its creator has rights over it until it plays in a tournament)",
       anyone=True, in_tournament=False),
    _a("club.write", "change or delete a club the user has rights over", anyone=True, in_tournament=False),
    _a("player.write", "create, change or delete a player of a club the user has rights over", anyone=True,
       in_tournament=False),
    _a("token.create", "create an API token for a script", anyone=True, interactive=True, in_tournament=False),
    _a("token.list", "list the user's own API tokens", anyone=True, scope="read", in_tournament=False),
    _a("token.revoke", "revoke one of the user's own API tokens (admins: any)", anyone=True, in_tournament=False),
    _a("me.read", "read the signed-in user and their rights", anyone=True, scope=None, in_tournament=False),
    # one tournament
    _a("tournament.update", "change the tournament's details and settings", roles=ORGANISER_ROLES),
    _a("tournament.delete", "delete the tournament", roles=ORGANISER_ROLES),
    _a("members.read", "list the tournament's officials and managers", scope="read", roles=ARBITER_ROLES),
    _a("members.manage", "give or take a role in the tournament", roles=ORGANISER_ROLES),
    _a("audit.read", "read the audit trail", scope="read", roles=ARBITER_ROLES),
    _a("team.enter", "enter a team of a club the user has rights over (a non-official becomes its manager)",
       anyone=True, rule="R-16.2"),
    _a("team.enter_any_club", "enter a team of a club the user has no rights over (the club then takes part)",
       roles=ORGANISER_ROLES, rule="R-11"),
    _a("entry.override", "set a team's submission time or override the entry deadline", roles=ORGANISER_ROLES,
       rule="R-11.1"),
    _a("team.update", "rename or withdraw a team", roles=ARBITER_ROLES, manager=True, rule="R-16.2"),
    _a("team.status", "expel or reinstate a team", roles=ORGANISER_ROLES, rule="R-7.4"),
    _a("payments.read", "read a team's payments", scope="read", roles=ARBITER_ROLES, manager=True,
       rule="R-16.2"),
    _a("payments.write", "record an entry fee payment", roles=ORGANISER_ROLES, rule="R-10"),
    _a("roster.write", "set a team's roster", roles=ARBITER_ROLES, manager=True, rule="R-16.2"),
    _a("roster.move", "move a player between two teams of one club after the deadline", roles=ORGANISER_ROLES,
       rule="R-11.5"),
    _a("lineup.read", "read a lineup before the round starts", scope="read", roles=ARBITER_ROLES, manager=True,
       rule="R-16.2"),
    _a("lineup.write", "submit a team's lineup", scope="lineups", roles=ARBITER_ROLES, manager=True,
       rule="R-16.2"),
    _a("lineup.late", "change a lineup after the round's start", scope="lineups", roles=ARBITER_ROLES,
       rule="R-3.2"),
    _a("ranking.lock", "lock the initial ranking (pairing numbers)", roles=ARBITER_ROLES),
    _a("round.read_unpublished", "see a pairing before it is published, and the engine's explanation",
       scope="read", roles=ARBITER_ROLES),
    _a("round.pair", "pair a round", roles=ARBITER_ROLES),
    _a("round.change", "change a pairing by hand (swap, PAB, forbid, colours)", roles=ARBITER_ROLES),
    _a("round.absent", "mark a team absent for a round", roles=ARBITER_ROLES),
    _a("round.publish", "publish a pairing", roles=ARBITER_ROLES),
    _a("round.complete", "complete a round", roles=ARBITER_ROLES),
    _a("round.reopen", "reopen a completed round", roles=ARBITER_ROLES),
    _a("results.write", "enter or change board and match results", scope="results", roles=ARBITER_ROLES),
    _a("committee.write", "name the appeals committee", roles=ORGANISER_ROLES, rule="R-14.4"),
    _a("appeal.file", "file an appeal for a team the user manages", roles=CHIEF_ROLES, manager=True,
       rule="R-16.2"),
    _a("appeal.accept_late", "accept a late appeal", roles=CHIEF_ROLES, rule="R-14.1"),
    _a("appeal.decide", "record an appeal's decision (the sitting chair or the organiser)",
       roles=ORGANISER_ROLES, committee=True, rule="R-14.4"),
    _a("captain.remove", "remove the captain role of a team for a round", roles=CHIEF_ROLES, rule="R-16.1"),
    _a("export.private", "export paired (unpublished) rounds and full birth dates", scope="read",
       roles=ARBITER_ROLES),
)}


# --- who the principal is in a tournament --------------------------------------------------------------


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
    """The clubs whose players' private data the principal may see and whose rows they may change."""
    if principal is None:
        return set()
    if principal.is_admin:
        return ALL_CLUBS
    uid = principal.user_id
    staff_of = select(Membership.tournament_id).where(Membership.user_id == uid,
                                                      col(Membership.role).in_(ARBITER_ROLES))
    clubs = set(session.exec(select(Team.club_id).where(col(Team.tournament_id).in_(staff_of))).all())
    managed = select(Membership.team_id).where(Membership.user_id == uid, Membership.role == "manager")
    clubs |= set(session.exec(select(Team.club_id).where(col(Team.id).in_(managed))).all())
    playing = select(Team.club_id)
    clubs |= set(session.exec(select(Club.id).where(Club.created_by == uid,
                                                    col(Club.id).not_in(playing))).all())
    return {c for c in clubs if c is not None}


def can_see_private(session: Session, principal: Principal | None, club_id: int) -> bool:
    """Birth dates and contact data of a club's players (read scope)."""
    return principal is not None and club_id in club_rights(session, principal)


def player_rights(session: Session, principal: Principal, player: Player) -> bool:
    """Rights over the player's club, or staff of a tournament the player is rostered in."""
    if player.club_id in club_rights(session, principal):
        return True
    staff_of = select(Membership.tournament_id).where(Membership.user_id == principal.user_id,
                                                      col(Membership.role).in_(ARBITER_ROLES))
    return session.exec(select(RosterEntry.id).where(RosterEntry.player_id == player.id,
                                                     col(RosterEntry.tournament_id).in_(staff_of))).first() is not None


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

    def _holder(self, a: Action, team_id: int | None) -> bool:
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
        return a.committee and self._in_committee()

    def refusal(self, name: str, team_id: int | None = None) -> Forbidden | Unauthorized | None:
        """Why this request may not do ``name`` (None: it may)."""
        a = ACTIONS[name]
        p = self.principal
        if p is None:
            return Unauthorized(None, f"this needs a bearer token (POST /auth/token, or an API token): {a.summary}")
        if a.interactive and p.token_name is not None:
            return Forbidden(None, f"an API token cannot {a.summary}; log in with a password")
        if a.scope is not None and not p.allows(a.scope):
            return Forbidden(None, f"the API token lacks the {a.scope!r} scope needed to {a.summary}",
                             scope=a.scope)
        if not self._holder(a, team_id):
            return Forbidden(a.rule, f"not allowed to {a.summary}: {holders(a)}")
        return None

    def holds(self, name: str, team_id: int | None = None) -> bool:
        return self.refusal(name, team_id) is None

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
        if not player_rights(self.session, self.signed_in, player):
            raise Forbidden(None, "no rights over this player: they come from a tournament the player's club "
                            "takes part in (its organisers and arbiters, the managers of the club's teams)")

    def see_private(self, club_id: int) -> bool:
        return can_see_private(self.session, self.principal, club_id)


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def holders(a: Action) -> str:
    """Who holds an action, in words (refusals and README)."""
    if a.anyone:
        return "any signed-in user"
    who = ["an administrator"]
    if a.creators:
        who.append("a user marked as organiser")
    roles = [r.replace("_", " ") for r in ("organiser", "chief_arbiter", "arbiter") if r in a.roles]
    if roles:
        who.append("the tournament's " + _or(roles))
    if a.manager:
        who.append("the team's manager")
    if a.committee:
        who.append("the sitting chair of the appeals committee")
    return "; ".join(who)


def _path_int(request: Request, name: str) -> int | None:
    raw = request.path_params.get(name)
    if raw is None:
        return None
    try:
        value = int(raw)
    except (TypeError, ValueError):
        return None
    return value if 0 < value <= MAX_ID else None


class Permit:
    """The dependency every route uses to declare its action (``public``: anyone may call, ``Access`` tells)."""

    def __init__(self, action: str | None, *, public: bool = False) -> None:
        if action is not None and action not in ACTIONS:
            raise KeyError(f"unknown action {action!r}")
        if action is None and not public:
            raise ValueError("a route without an action must be public")
        self.action = action
        self.public = public

    @classmethod
    def public_read(cls, action: str | None = None) -> Permit:
        """Anyone may call; ``action`` (if any) is what the handler may check to show more."""
        return cls(action, public=True)

    def __call__(self, request: Request, session: SessionDep,
                 creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> Access:
        # the bearer is resolved here rather than in a dependency of its own: one worker thread hop a request,
        # and the user's memberships in the path's tournament come with the user's row
        tid = _path_int(request, "tournament_id") if "tournament_id" in request.path_params else None
        principal, memberships = resolve_bearer(session, creds, tid)
        access = Access(session, principal, tid)
        if principal is not None and tid is not None:
            rows = memberships if memberships is not None else session.exec(select(
                Membership.role, Membership.team_id).where(Membership.user_id == principal.user_id,
                                                           Membership.tournament_id == tid)).all()
            access.roles = frozenset(r for r, _ in rows if r != "manager")
            access.team_ids = frozenset(t for r, t in rows if r == "manager" and t is not None)
        if not self.public:
            assert self.action is not None
            access.require(self.action, _path_int(request, "team_id"))
        return access

    def __repr__(self) -> str:
        return f"Permit({self.action!r}{', public=True' if self.public else ''})"


def permissions_in(session: Session, principal: Principal, tournament_id: int) -> list[str]:
    """The tournament actions the principal holds there (for GET /auth/me and the staff console)."""
    rows = session.exec(select(Membership.role, Membership.team_id).where(
        Membership.user_id == principal.user_id, Membership.tournament_id == tournament_id)).all()
    access = Access(session, principal, tournament_id,
                    frozenset(r for r, _ in rows if r != "manager"),
                    frozenset(t for r, t in rows if r == "manager" and t is not None))
    return [name for name, a in ACTIONS.items() if a.in_tournament and access.holds(name)]


def permission_table() -> str:
    """README's table of actions, generated from :data:`ACTIONS` (a test keeps README in step)."""
    lines = ["| action | what it allows | who holds it | token scope |", "| --- | --- | --- | --- |"]
    for a in ACTIONS.values():
        who = holders(a) + (" (password login only)" if a.interactive else "")
        rule = f" ({a.rule})" if a.rule else ""
        lines.append(f"| `{a.name}` | {a.summary}{rule} | {who} | {f'`{a.scope}`' if a.scope else 'any'} |")
    return "\n".join(lines)

