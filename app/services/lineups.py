"""A team's lineup for one round: which roster players play, in board order, and the captain.

Rules enforced (the clauses of the tournament regulations):

- **R-3.3** a lineup is a subset of the team's roster, always in board order; an explicit
  order that contradicts R-3.3 is refused, naming the players out of order.
- **R-3.1** at most ``rules.boards`` players, every one eligible (age, R-3.1; activation
  fee, R-2.3: see :mod:`app.services.eligibility`).
- **R-3.2** at least ``rules.min_female_per_lineup`` girls.
- **R-16.1** the captain, when named, is one of the lineup's players.
- **R-4.5** fewer players than boards is allowed: the empty boards are the bottom boards
  and are lost by forfeit.

R-3.2 for a short lineup (documented, tested): the girls are counted among the players named,
and an empty board is nobody, so three boys and an empty board break R-3.2 as four boys do. A
team whose girl cannot come names her all the same (she loses her board by forfeit, R-4.5);
so the roster's warning (no girl on the roster: no lineup can be valid) and the lineup's
check always agree.
A lineup with no player at all is not a lineup: the team did not show up (a match
forfeit, R-7.3/R-7.4), and is refused as invalid input.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass

from app.services.board_order import explain_pair, out_of_order
from app.services.errors import DomainError, InvalidInput, RuleViolation
from app.services.rules import Rules
from app.services.tournament import Player

__all__ = [
    "Lineup",
    "Eligible",
    "validate_lineup",
    "lineup_problems",
    "base_lineup",
    "base_lineup_problems",
    "base_lineup_valid",
]

#: How a caller says who may play: a check that raises a ``DomainError`` (or returns
#: ``False``) for an ineligible player, e.g.
#: ``lambda p: check_player_eligible(rules, p, club, on)``; or the ids of the eligible
#: players; or ``None`` when eligibility is not checked here.
Eligible = Callable[[Player], object] | Collection[int] | None


@dataclass(frozen=True)
class Lineup:
    team_id: int
    round: int
    players: tuple[int, ...]  # player ids in board order; at most `boards`
    captain: int | None = None

    def board_players(self, boards: int) -> tuple[int | None, ...]:
        """The player on each board 1..``boards``; ``None`` for the empty bottom boards (R-4.5)."""
        return self.players + (None,) * (boards - len(self.players))


def _name(p: Player) -> str:
    return p.name or f"player {p.id}"


def _eligibility_problem(eligible: Eligible, player: Player) -> DomainError | None:
    if eligible is None:
        return None
    if callable(eligible):
        try:
            ok = eligible(player)
        except DomainError as exc:
            return exc
        if ok is False:
            return RuleViolation("R-3.1", "{name} is not eligible to play",
                                 params={"name": _name(player)}, player_id=player.id)
        return None
    if player.id not in eligible:
        return RuleViolation(
            "R-3.1",
            "{name} is not eligible to play (age limit R-3.1 or activation fee R-2.3)",
            params={"name": _name(player)},
            player_id=player.id,
        )
    return None


def _problems(
    rules: Rules,
    roster: Sequence[Player],
    chosen: Sequence[int],
    captain: int | None,
    explicit_order: bool,
    eligible: Eligible,
) -> Iterator[DomainError]:
    """Every problem of a proposed lineup, most basic first (structure, then rules)."""
    if not chosen:
        yield InvalidInput(
            "R-3.1",
            "a lineup names at least one player; a team that fields nobody has not shown up "
            "(match forfeit, R-7.3/R-7.4)",
        )
        return
    seen: set[int] = set()
    for pid in chosen:
        if pid in seen:
            yield InvalidInput("R-3.3", "player {pid} is named twice in the lineup",
                               params={"pid": pid}, player_id=pid)
            return
        seen.add(pid)
    by_id = {p.id: p for p in roster}
    missing = [pid for pid in chosen if pid not in by_id]
    if missing:
        yield RuleViolation(
            "R-3.3",
            "player {missing} is not on the team's roster; a lineup is chosen from the roster",
            params={"missing": missing[0]},
            player_id=missing[0],
        )
        return
    players = [by_id[pid] for pid in chosen]
    if len(players) > rules.boards:
        yield RuleViolation(
            "R-3.1",
            "a lineup has at most {boards} players; this one has {n_players}",
            params={"boards": rules.boards, "n_players": len(players)},
            size=len(players),
        )
    for p in players:
        problem = _eligibility_problem(eligible, p)
        if problem is not None:
            yield problem
    needed = rules.min_female_per_lineup
    girls = sum(1 for p in players if p.female)
    if girls < needed:
        yield RuleViolation(
            "R-3.2",
            "every lineup must include at least {need} girl(s); this one has {have}",
            params={"need": rules.min_female_per_lineup, "have": girls},
            girls=girls,
            needed=needed,
        )
    if captain is not None and captain not in seen:
        yield RuleViolation(
            "R-16.1",
            "the captain (player {captain}) must be one of the lineup's players",
            params={"captain": captain},
            captain=captain,
        )
    if explicit_order:
        pairs = out_of_order(players)
        if pairs:
            a, b = pairs[0]
            listed = ", ".join(f"{_name(y)} > {_name(x)}" for x, y in pairs)  # the same in every language
            yield RuleViolation(
                "R-3.3",
                "board order is fixed by R-3.3, not chosen: {name} must play above {name2} ({explain_pair}). Out of "
                "order: {listed}",
                params={"name": _name(b), "name2": _name(a), "explain_pair": explain_pair(a, b), "listed": listed},
                out_of_order=[[x.id, y.id] for x, y in pairs],
            )


def lineup_problems(
    rules: Rules,
    roster: Sequence[Player],
    chosen: Sequence[int],
    captain: int | None = None,
    explicit_order: bool = False,
    eligible: Eligible = None,
) -> tuple[DomainError, ...]:
    """All the problems :func:`validate_lineup` would refuse, without raising."""
    return tuple(_problems(rules, roster, chosen, captain, explicit_order, eligible))


def validate_lineup(
    rules: Rules,
    roster: Sequence[Player],
    chosen: Sequence[int],
    captain: int | None = None,
    explicit_order: bool = False,
    eligible: Eligible = None,
    *,
    team_id: int = 0,
    round: int = 0,
) -> Lineup:
    """Check a proposed lineup and return it in board order, or raise the first problem.

    ``roster`` is the team's roster in board order (R-3.3). ``chosen`` are player ids;
    when ``explicit_order`` is false their order does not matter and the lineup takes
    the roster's order; when true, the order given must agree with R-3.3 and is kept.
    ``eligible``: see :data:`Eligible`.
    """
    for problem in _problems(rules, roster, chosen, captain, explicit_order, eligible):
        raise problem
    if explicit_order:
        ordered = tuple(chosen)
    else:
        position = {p.id: i for i, p in enumerate(roster)}
        ordered = tuple(sorted(chosen, key=position.__getitem__))
    return Lineup(team_id=team_id, round=round, players=ordered, captain=captain)


def base_lineup(rules: Rules, roster: Sequence[Player]) -> tuple[Player, ...]:
    """R-3.1: the base lineup is the first ``rules.boards`` players of the roster (board order)."""
    return tuple(roster[: rules.boards])


def base_lineup_problems(
    rules: Rules, roster: Sequence[Player], eligible: Eligible = None
) -> tuple[DomainError, ...]:
    """Why the base lineup could not play as it stands (told to the arbiter before pairing).

    Empty: it is a valid lineup. A short base lineup (fewer players than boards) is valid
    (R-4.5) unless R-3.2 or eligibility fails.
    """
    base = base_lineup(rules, roster)
    return lineup_problems(rules, roster, [p.id for p in base], None, False, eligible)


def base_lineup_valid(rules: Rules, roster: Sequence[Player], eligible: Eligible = None) -> bool:
    return not base_lineup_problems(rules, roster, eligible)
