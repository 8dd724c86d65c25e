"""Team round robins (R-4.3 lets the organisers change the system): the Berger tables of FIDE C.05 Annex 1,
the schedule of one or two cycles, the rounds a field of teams needs, and the drawing of lots for the
pairing numbers (C.05: drawn by lot, unless the organiser numbers the teams by their initial ranking).

Pure: pairing numbers in, pairs of pairing numbers out; the operation maps them to teams.

The Berger table for an even ``n`` (C.05 Annex 1; an odd field plays the table of ``n + 1``, "the highest
number counts as a bye"): round ``r`` (1-based) has number ``n`` at table 1 against
``x = 1 + (r - 1) * n / 2`` (counted round 1..n-1), ``n`` with Black in odd rounds and White in even ones;
table ``k`` (2..n/2) has ``x + k - 1`` with White against ``x - k + 1`` (counted round 1..n-1). Round 1 is
1-n, 2-(n-1), ...; each later round moves the numbers by n/2 places, as the printed tables do.

A double round robin plays the table twice, the second cycle with the colours reversed; the annex
recommends reversing the order of the last two rounds of the first cycle (so that nobody has the same
colour three times running where the cycles meet), which :func:`schedule` does when a cycle has at least
three rounds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from app.services.errors import InvalidInput

MIN_TEAMS = 3
#: a double round robin of this many teams still fits in the rules' thirty rounds
MAX_TEAMS = 16


@dataclass(frozen=True)
class Pair:
    """One scheduled match: ``white`` has White on board 1 (the first team); ``black`` is None for the bye."""

    table: int
    white: int
    black: int | None


def table_size(teams: int) -> int:
    """The Berger table a field plays: its own size when even, one more when odd (the bye's number)."""
    return teams + teams % 2


def rounds_needed(teams: int, cycles: int) -> int:
    """Rounds of a round robin of ``teams`` (n - 1 per cycle for an even n, n for an odd n)."""
    check_field(teams, cycles)
    return (table_size(teams) - 1) * cycles


def check_field(teams: int, cycles: int) -> None:
    """Refuse a field a round robin cannot be played with (C.05; the rules' bound on rounds)."""
    if cycles not in (1, 2):
        raise InvalidInput("C.05", "a round robin has {cycles} cycles; it is played in 1 or 2",
                           params={"cycles": cycles})
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise InvalidInput("C.05", "a team round robin is played by {low} to {high} teams, not {teams}",
                           params={"low": MIN_TEAMS, "high": MAX_TEAMS, "teams": teams})


def berger_round(n: int, r: int) -> tuple[tuple[int, int], ...]:
    """Round ``r`` of the Berger table of an even ``n``: (White, Black) by table, pairing numbers."""
    if n < 2 or n % 2 or not 1 <= r <= n - 1:
        raise ValueError(f"no round {r} in a Berger table of {n}")
    ring = n - 1

    def num(i: int) -> int:  # a position on the ring of 1..n-1
        return (i - 1) % ring + 1

    x = num(1 + (r - 1) * (n // 2))
    first = (x, n) if r % 2 else (n, x)
    rest = tuple((num(x + k - 1), num(x - k + 1)) for k in range(2, n // 2 + 1))
    return (first, *rest)


def berger_table(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every round of the Berger table of an even ``n``."""
    return tuple(berger_round(n, r) for r in range(1, n))


def schedule(teams: int, cycles: int) -> tuple[tuple[Pair, ...], ...]:
    """Every round of the round robin, by pairing number: the matches in table order, the bye (odd field)
    last with ``black`` None."""
    check_field(teams, cycles)
    n = table_size(teams)
    table = list(berger_table(n))
    first_cycle = list(table)
    if cycles == 2 and len(first_cycle) >= 3:  # C.05 Annex 1: the last two rounds of cycle 1 swapped
        first_cycle[-2], first_cycle[-1] = first_cycle[-1], first_cycle[-2]
    rounds = [first_cycle]
    if cycles == 2:  # the table again from its round 1, colours reversed
        rounds.append([tuple((b, w) for w, b in rnd) for rnd in table])
    out = []
    for cycle in rounds:
        for rnd in cycle:
            out.append(_with_bye(rnd, teams))
    return tuple(out)


def _with_bye(rnd: tuple[tuple[int, int], ...], teams: int) -> tuple[Pair, ...]:
    """A table's round for the field: the bye's number (``teams + 1`` of an odd field) leaves its opponent a
    bye, listed last."""
    games = [(w, b) for w, b in rnd if teams >= max(w, b)]
    byes = [w if b > teams else b for w, b in rnd if max(w, b) > teams]
    pairs = [Pair(i, w, b) for i, (w, b) in enumerate(games, start=1)]
    pairs += [Pair(len(games) + 1, team, None) for team in byes]
    return tuple(pairs)


def draw_lots(ranked: list[int], seed: int) -> list[int]:
    """The order of pairing numbers drawn by lot (C.05): ``ranked`` (team ids in the initial
    ranking, the order the draw starts from) shuffled by the recorded ``seed``.

    Fisher-Yates over a SHA-256 stream of the seed, so the same seed gives the same numbers in every
    version of Python (``random``'s algorithms are not promised to stay).
    """
    out = list(ranked)
    counter = 0

    def below(k: int) -> int:  # uniform in 0..k-1 by rejection, from 64-bit words
        nonlocal counter
        limit = (1 << 64) - (1 << 64) % k
        while True:
            word = hashlib.sha256(f"{seed}:{counter}".encode()).digest()[:8]
            counter += 1
            value = int.from_bytes(word, "big")
            if value < limit:
                return value % k

    for i in range(len(out) - 1, 0, -1):
        j = below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@dataclass(frozen=True)
class ScheduledMatch:
    """A round's match between teams (ids): ``forfeit`` names the side that will not play it (a team that
    withdrew or was expelled keeps its schedule, and one marked absent keeps its match: the opponent wins
    it by forfeit, R-7.3), as ``Match.forfeit`` does."""

    table: int
    first: int
    second: int | None
    forfeit: str | None = None


def round_matches(team_of: dict[int, int], cycles: int, round_no: int,
                  out: frozenset[int] = frozenset()) -> tuple[ScheduledMatch, ...]:
    """Round ``round_no`` of the round robin of the teams ``team_of`` (pairing number -> team id, numbers
    1..n), the teams in ``out`` (ids) forfeiting their matches."""
    teams = len(team_of)
    if sorted(team_of) != list(range(1, teams + 1)):
        raise InvalidInput("C.05", "the pairing numbers of a round robin run from 1 to {teams} without a gap",
                           params={"teams": teams})
    rounds = schedule(teams, cycles)
    if not 1 <= round_no <= len(rounds):
        raise InvalidInput("C.05", "a round robin of {teams} teams in {cycles} cycle(s) has {rounds} rounds, "
                           "not round {round}",
                           params={"teams": teams, "cycles": cycles, "rounds": len(rounds), "round": round_no})
    matches = []
    for p in rounds[round_no - 1]:
        first = team_of[p.white]
        second = None if p.black is None else team_of[p.black]
        forfeit = None
        if second is not None:
            gone = (first in out, second in out)
            forfeit = {(True, True): "both", (True, False): "first", (False, True): "second"}.get(gone)
        matches.append(ScheduledMatch(p.table, first, second, forfeit))
    return tuple(matches)


def explain(round_no: int, teams: int, cycles: int,
            tables: Sequence[tuple[int, int, int | None, str | None]]) -> list[str]:
    """The lines that say how a round was paired: the table's round, then each match by pairing number
    ((table, first, second or None for the bye, forfeit side or None))."""
    kind = "double" if cycles == 2 else "single"
    lines = [f"C.05 Annex 1: round {round_no} of the Berger table of {table_size(teams)} "
             f"({kind} round robin of {teams} teams)"]
    for table, first, second, forfeit in tables:
        if second is None:
            lines.append(f"table {table}: {first} has the round-robin bye")
        else:
            lines.append(f"table {table}: {first} - {second}" + (f" (forfeit: {forfeit})" if forfeit else ""))
    return lines
