"""Authorisation policy: who may do what, declared in one table (pure: no database, no HTTP).

Every route names the action it performs (:class:`app.http.access.Permit`); :data:`ACTIONS` says who holds each
action and which API-token scope it needs. README's permission table is generated from :data:`ACTIONS`, and
``GET /auth/me`` tells the console which actions the user holds in each tournament.

Rights come from the tournament:

- the server ``admin`` holds every action (an API token still only has its scopes);
- ``organiser``, ``chief_arbiter``, ``arbiter`` are roles in one tournament (memberships); the chief arbiter pairs,
  publishes, changes pairings, completes and reopens rounds, locks the initial ranking and expels a team; a deputy
  arbiter (``arbiter``) enters results, marks absences and match forfeits;
- a team ``manager`` holds the team actions for the team they manage (R-16.2);
- tournaments are created by admins and by users an admin marked as organisers (``can_create_tournaments``);
- rights over a club (editing it, registering its players, entering its teams) come only from a tournament the
  club takes part in (staff of it, or the manager of one of the club's teams), or, for a club that takes part
  in no tournament yet, from having created it;
- rights over a player come from the tournaments whose rosters the player is on (staff of one, or the manager
  of the player's team there): one of them to see the birth date and contact data, every one of them to
  change the player, so that rights won through a tournament of one's own never reach another tournament's
  players (:func:`app.auth.rights.player_rights`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.services.errors import Text, Texts

ORGANISER_ROLES = frozenset({"organiser"})
CHIEF_ROLES = frozenset({"organiser", "chief_arbiter"})
#: Every arbiter of the tournament: the chief arbiter and the deputy arbiters (role ``arbiter``), who enter results,
#: mark absences and forfeits; what decides a pairing or the standings' base is the chief arbiter's (CHIEF_ROLES).
ARBITER_ROLES = frozenset({"organiser", "chief_arbiter", "arbiter"})
#: What an API token may be limited to. A token without scopes has all its user's rights.
SCOPES = {
    "read": "read private data the user may see",
    "results": "enter board and match results",
    "lineups": "submit lineups",
    "write": "every change the user may make",
    "publish": "publish the venue's tournaments the key names to this server as read-only mirrors, nothing else",
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
    _a("users.manage", "create and change user accounts (admins mark organisers; a new password ends the "
       "user's sessions)", in_tournament=False),
    _a("password.change", "change the user's own password, given the current one (every session of theirs ends; "
       "the answer is a new login)", anyone=True, interactive=True, in_tournament=False),
    _a("sessions.revoke", "end every session of the user at once: their login tokens and API tokens (admins: "
       "anyone's)", anyone=True, in_tournament=False),
    _a("tournament.create", "create a tournament (the creator becomes its organiser)", creators=True,
       in_tournament=False),
    _a("import", "create a tournament from a TRF file", creators=True, in_tournament=False),
    _a("club.create", "register a club (its creator has rights over it until it plays in a tournament)",
       anyone=True, in_tournament=False),
    _a("club.write", "change or delete a club the user has rights over", anyone=True, in_tournament=False),
    _a("player.write", "register a player of a club the user has rights over; change or delete a player the "
       "user has rights over (in every tournament the player is rostered in)", anyone=True, in_tournament=False),
    _a("token.create", "create an API token for a script", anyone=True, interactive=True, in_tournament=False),
    _a("token.list", "list the user's own API tokens", anyone=True, scope="read", in_tournament=False),
    _a("token.revoke", "revoke one of the user's own API tokens (admins: any)", anyone=True, in_tournament=False),
    _a("token.revoke_any", "revoke another user's API token", in_tournament=False),
    _a("mirror.publish", "push a venue's tournament to this server as a read-only public mirror (a publishing "
       "key, which names the venue and its tournaments)", anyone=True, scope="publish", in_tournament=False),
    _a("me.read", "read the signed-in user and their rights", anyone=True, scope=None, in_tournament=False),
    # one tournament
    _a("tournament.update", "change the tournament's details and settings", roles=ORGANISER_ROLES),
    _a("tournament.delete", "delete the tournament", roles=ORGANISER_ROLES),
    _a("rounds.count", "change a Swiss's number of rounds by a recorded decision, also while it runs",
       roles=CHIEF_ROLES, rule="R-4.3"),
    _a("members.read", "list the tournament's officials and managers", scope="read", roles=ARBITER_ROLES),
    _a("members.manage", "give or take a role in the tournament (also to an account made for it)",
       roles=ORGANISER_ROLES),
    _a("audit.read", "read the audit trail", scope="read", roles=ARBITER_ROLES),
    _a("team.enter", "enter a team of a club the user has rights over (a non-official becomes its manager)",
       anyone=True, rule="R-16.2"),
    _a("team.enter_any_club", "enter a team of a club the user has no rights over (the club then takes part)",
       roles=ORGANISER_ROLES, rule="R-11"),
    _a("entry.override", "set a team's submission time or override the entry deadline", roles=ORGANISER_ROLES,
       rule="R-11.1"),
    _a("team.update", "rename or withdraw a team", roles=ARBITER_ROLES, manager=True, rule="R-16.2"),
    _a("team.status", "expel or reinstate a team", roles=CHIEF_ROLES, rule="R-7.4"),
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
    _a("publication.read", "see where the tournament is published and whether the public server has it",
       scope="read", roles=ARBITER_ROLES),
    _a("publication.write", "publish the tournament to a public server, or stop (its publishing key)",
       roles=ORGANISER_ROLES),
    _a("ranking.lock", "lock the initial ranking (pairing numbers)", roles=CHIEF_ROLES),
    _a("round.read_unpublished", "see a pairing before it is published, and the engine's explanation",
       scope="read", roles=ARBITER_ROLES),
    _a("round.pair", "pair a round", roles=CHIEF_ROLES),
    _a("round.change", "change a pairing by hand (swap, PAB, forbid, colours)", roles=CHIEF_ROLES),
    _a("round.override", "pair or publish a round although a team's lineup breaks a rule, recording the decision "
       "and its reason in the audit trail (R-3.2, R-3.3)", roles=CHIEF_ROLES),
    _a("round.absent", "mark a team absent for a round", roles=ARBITER_ROLES),
    _a("round.publish", "publish a pairing", roles=CHIEF_ROLES),
    _a("round.complete", "complete a round", roles=CHIEF_ROLES),
    _a("round.reopen", "reopen a completed round", roles=CHIEF_ROLES),
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


#: the tournament roles in words, in the order they are listed
ROLE_WORDS = {"organiser": Text("organiser"), "chief_arbiter": Text("chief arbiter"), "arbiter": Text("arbiter")}


def holders_phrase(a: Action) -> Texts:
    """Who holds an action, as phrases a refusal says in its reader's language."""
    if a.anyone:
        return Texts([Text("any signed-in user")])
    who = [Text("an administrator")]
    if a.creators:
        who.append(Text("a user marked as organiser"))
    roles = [w for r, w in ROLE_WORDS.items() if r in a.roles]
    if roles:
        who.append(Text("the tournament's {roles}", {"roles": Texts(roles, ", ", Text(" or "))}))
    if a.manager:
        who.append(Text("the team's manager"))
    if a.committee:
        who.append(Text("the sitting chair of the appeals committee"))
    return Texts(who)


def holders(a: Action) -> str:
    """Who holds an action, in English words (README)."""
    return str(holders_phrase(a))


def permission_table() -> str:
    """README's table of actions, generated from :data:`ACTIONS` (a test keeps README in step)."""
    lines = ["| action | what it allows | who holds it | token scope |", "| --- | --- | --- | --- |"]
    for a in ACTIONS.values():
        who = holders(a) + (" (password login only)" if a.interactive else "")
        rule = f" ({a.rule})" if a.rule else ""
        lines.append(f"| `{a.name}` | {a.summary}{rule} | {who} | {f'`{a.scope}`' if a.scope else 'any'} |")
    return "\n".join(lines)
