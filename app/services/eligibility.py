"""Who may play, who may manage a team, and when rosters may change.

Rules enforced (the regulations' clause ids; their Greek text stands):

- **R-3.1** every player born on or after ``rules.born_on_or_after`` (K12: 2013-01-01);
  a team has ``rules.boards`` players, a roster at most ``rules.max_players_per_roster``;
  a player belongs to one team of the tournament.
- **R-2.3** players of clubs whose federation is in ``rules.activation_fee_required_for``
  (Greek clubs) must have paid the federation's activation fee before the tournament
  starts. A roster may name such a player (the fee can still be paid: a warning), a
  lineup may not (:mod:`app.services.lineups` refuses it).
- **R-16.2.1** the team manager is an adult (18 or older on the day checked).
- **R-11.4** rosters are frozen after ``rules.roster_deadline``.
- **R-11.5** after that, in case of illness, only the organiser may change players or move
  them between teams *of the same club*, until ``rules.substitution_deadline``.

Roster size, decided here (R-3.1 says "a team has 4 players" and the settings carry a
``min_players_per_roster``): a roster smaller than ``min_players_per_roster``, or with
fewer girls than ``min_female_per_lineup`` (then no lineup could satisfy R-3.2), is
refused for a team manager; the organiser may save it (G-4: the directors decide) and
gets the problem back as a warning. A roster between ``min_players_per_roster`` and
``boards`` players is accepted with a warning: the team plays with empty bottom boards
(R-4.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from app.services.board_order import board_order, explain_pair, out_of_order
from app.services.errors import DomainError, InvalidInput, RuleViolation, StateConflict, Text
from app.services.rules import Rules
from app.services.tournament import Club, Player

__all__ = [
    "RosterCheck",
    "check_age",
    "check_activation_fee",
    "check_player_eligible",
    "player_problems",
    "check_manager_adult",
    "check_roster",
    "check_roster_change_allowed",
    "fee_required",
]

ADULT_AGE = 18


def _name(player: Player) -> str:
    return player.name or f"player {player.id}"


def _aware(rules: Rules, dt: datetime) -> datetime:
    """A naive time is read in the tournament's own zone (R-6), like rules_from_dict does."""
    return dt.replace(tzinfo=rules.zone) if dt.tzinfo is None else dt


def age_on(birth_date: date, on: date) -> int:
    """Completed years on ``on`` (someone born on 29 February comes of age on 1 March)."""
    return on.year - birth_date.year - ((on.month, on.day) < (birth_date.month, birth_date.day))


# --- players ---------------------------------------------------------------------------------


def check_age(rules: Rules, player: Player, on: date | None = None) -> None:
    """R-3.1: born on or after ``rules.born_on_or_after`` (no limit when that is None).

    A player without a recorded birth date cannot be checked and is refused.
    """
    limit = rules.born_on_or_after
    if limit is None:
        return
    if player.birth_date is None:
        raise RuleViolation(
            "R-3.1",
            "{name} has no birth date recorded; players must be born on or after {limit:%Y-%m-%d}, so it is needed",
            params={"name": _name(player), "limit": limit},
            player_id=player.id,
        )
    if on is not None and player.birth_date > on:
        raise InvalidInput("R-3.1", "{name}'s birth date is in the future",
                           params={"name": _name(player)}, player_id=player.id)
    if player.birth_date < limit:
        raise RuleViolation(
            "R-3.1",
            "{name} was born on {born:%Y-%m-%d}; players must be born on or after {limit:%Y-%m-%d}",
            params={"name": _name(player), "born": player.birth_date, "limit": limit},
            player_id=player.id,
            birth_date=player.birth_date.isoformat(),
        )


def fee_required(rules: Rules, player: Player, club: Club | None) -> bool:
    """R-2.3: does this player need the activation fee? By the club's federation (the player's own
    federation when no club is known)."""
    federation = club.federation if club is not None else player.federation
    return federation in rules.activation_fee_required_for


def check_activation_fee(rules: Rules, player: Player, club: Club | None) -> None:
    """R-2.3: players of (Greek) clubs need the federation's activation fee paid."""
    if fee_required(rules, player, club) and not player.activation_fee_paid:
        raise RuleViolation(
            "R-2.3",
            "{name} has not paid the federation's activation fee, which players of {federation} clubs need before "
            "they may play",
            params={"name": _name(player), "federation": club.federation if club else player.federation},
            player_id=player.id,
        )


def player_problems(rules: Rules, player: Player, club: Club | None, on: date) -> tuple[DomainError, ...]:
    """Every eligibility problem of one player (R-3.1 age, R-2.3 fee), without raising."""
    problems: list[DomainError] = []
    checks: tuple[Callable[[], None], ...] = (lambda: check_age(rules, player, on),
                                              lambda: check_activation_fee(rules, player, club))
    for check in checks:
        try:
            check()
        except DomainError as exc:
            problems.append(exc)
    return tuple(problems)


def check_player_eligible(rules: Rules, player: Player, club: Club | None, on: date) -> None:
    """Refuse a player who may not play: R-3.1 (age) first, then R-2.3 (activation fee)."""
    check_age(rules, player, on)
    check_activation_fee(rules, player, club)


def check_manager_adult(birth_date: date | None, on: date) -> None:
    """R-16.2.1: the team manager must be an adult (18 or older on ``on``)."""
    if birth_date is None:
        raise RuleViolation("R-16.2.1", "the team manager's birth date is needed to check they are an adult")
    if age_on(birth_date, on) < ADULT_AGE:
        raise RuleViolation(
            "R-16.2.1",
            "the team manager must be an adult; born {born:%Y-%m-%d}, they are {age} on {on:%Y-%m-%d}",
            params={"born": birth_date, "age": age_on(birth_date, on), "on": on},
            birth_date=birth_date.isoformat(),
        )


# --- rosters ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RosterCheck:
    """An accepted roster: the players in R-3.3 board order, and what the organiser should know."""

    players: tuple[Player, ...]
    warnings: tuple[DomainError, ...] = ()

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(p.id for p in self.players)


def check_roster(
    rules: Rules,
    players: Sequence[Player],
    club: Club | None,
    on: date,
    *,
    other_rosters: Mapping[int, Iterable[int]] | None = None,
    organiser: bool = False,
    explicit_order: bool = False,
) -> RosterCheck:
    """Validate a team's roster and put it in board order (R-3.1, R-3.2, R-3.3, R-2.3).

    ``players`` may come in any order and the result is in R-3.3 order; with
    ``explicit_order`` the order given must agree with R-3.3 (else refused, naming the
    players out of order) and is kept.
    ``other_rosters`` maps the *other* teams of the tournament (team id -> player ids);
    a player already on one of them is refused (R-3.1: a player is a member of one
    team). For an R-11.5 move, pass the source team's roster without the player.
    Refusals raise; soft problems come back in ``RosterCheck.warnings`` (see the module
    doc for which is which, and how ``organiser`` changes it).
    """
    seen: set[int] = set()
    for p in players:
        if p.id in seen:
            raise InvalidInput("R-3.1", "{name} is listed twice on the roster",
                               params={"name": _name(p)}, player_id=p.id)
        seen.add(p.id)

    if len(players) > rules.max_players_per_roster:
        raise RuleViolation(
            "R-3.1",
            "a roster holds at most {max_players_per_roster} players ({boards} boards and reserves); this one has "
            "{n_players}",
            params={"max_players_per_roster": rules.max_players_per_roster, "boards": rules.boards,
                    "n_players": len(players)},
            size=len(players),
        )

    for team_id, ids in (other_rosters or {}).items():
        taken = seen.intersection(ids)
        if taken:
            pid = min(taken)
            who = next(p for p in players if p.id == pid)
            raise RuleViolation(
                "R-3.1",
                "{name} is already on the roster of another team (team {team_id}); a player plays for one team only",
                params={"name": _name(who), "team_id": team_id},
                player_id=pid,
                team_id=team_id,
            )

    for p in players:
        check_age(rules, p, on)

    warnings: list[DomainError] = []

    def soft_or_hard(problem: DomainError) -> None:
        if organiser:
            warnings.append(problem)
        else:
            raise problem

    if len(players) < rules.min_players_per_roster:
        soft_or_hard(
            RuleViolation(
                "R-3.1",
                "a team has {boards} players; a roster needs at least {min_players_per_roster}, this one has "
                "{n_players}",
                params={"boards": rules.boards, "min_players_per_roster": rules.min_players_per_roster,
                        "n_players": len(players)},
                size=len(players),
            )
        )
    elif len(players) < rules.boards:
        warnings.append(
            RuleViolation(
                "R-3.1",
                "only {n_players} players for {boards} boards: the bottom boards will be empty and lost by forfeit "
                "(R-4.5)",
                params={"n_players": len(players), "boards": rules.boards},
                size=len(players),
            )
        )

    girls = sum(1 for p in players if p.female)
    if girls < rules.min_female_per_lineup:
        soft_or_hard(
            RuleViolation(
                "R-3.2",
                "every lineup needs at least {min_female_per_lineup} girl(s) and the roster has {girls}, so no "
                "lineup could be valid",
                params={"min_female_per_lineup": rules.min_female_per_lineup, "girls": girls},
                girls=girls,
            )
        )

    for p in players:
        try:
            check_activation_fee(rules, p, club)
        except RuleViolation as exc:
            warnings.append(exc)  # may still be paid before the start; lineups refuse it

    if explicit_order:
        pairs = out_of_order(players)
        if pairs:
            a, b = pairs[0]
            raise RuleViolation(
                "R-3.3",
                "board order is fixed by R-3.3, not chosen: {name} must come before {name2} ({explain_pair})",
                params={"name": _name(b), "name2": _name(a), "explain_pair": explain_pair(a, b)},
                out_of_order=[[x.id, y.id] for x, y in pairs],
            )
        return RosterCheck(tuple(players), tuple(warnings))
    return RosterCheck(board_order(players), tuple(warnings))


def check_roster_change_allowed(
    rules: Rules,
    now: datetime,
    organiser: bool,
    *,
    from_club: int | None = None,
    to_club: int | None = None,
) -> None:
    """May a roster change now? (R-11.4, R-11.5)

    Until ``rules.roster_deadline`` (inclusive) anyone managing the team may change it.
    After it, only the organiser (R-11.5, for illness) and only until
    ``rules.substitution_deadline`` (inclusive). For a move of a player between two
    teams, pass both teams' clubs: after the roster deadline they must be the same club.
    A deadline left unset never closes. A naive ``now`` is read in the tournament's zone.
    """
    now = _aware(rules, now)
    rd = rules.roster_deadline
    if rd is None or now <= _aware(rules, rd):
        return
    sd = rules.substitution_deadline
    if not organiser:
        later = (Text(" until {until:%Y-%m-%d %H:%M} ({zone})",
                      {"until": sd.astimezone(rules.zone), "zone": rules.time_zone}) if sd is not None else "")
        raise StateConflict(
            "R-11.4",
            "rosters were due by {due:%Y-%m-%d %H:%M} ({zone}); after that only the organiser may change players "
            "(illness, R-11.5){later}",
            params={"due": rd.astimezone(rules.zone), "zone": rules.time_zone, "later": later},
            deadline=rd.isoformat(),
        )
    if sd is not None and now > _aware(rules, sd):
        raise StateConflict(
            "R-11.5",
            "player changes for illness were allowed until {until:%Y-%m-%d %H:%M} ({zone}); the rosters are final",
            params={"until": sd.astimezone(rules.zone), "zone": rules.time_zone},
            deadline=sd.isoformat(),
        )
    if from_club is not None and to_club is not None and from_club != to_club:
        raise RuleViolation(
            "R-11.5",
            "after the roster deadline players may move only between teams of the same club",
            from_club=from_club,
            to_club=to_club,
        )
