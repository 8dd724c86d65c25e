"""Random Tournament Generator (RTG) for team Swiss events (C.02.03 7, C.04.A).

``generate(teams, rounds, ...)`` builds a random team tournament: teams of rated players,
seeded by rating (TPN 1 = the strongest team by the average rating of its top boards, R-5 /
C.04.6 1.3), each round paired by our engine (C.04.6) and played out with results drawn from
the Elo expectation of the two players. Occasional board forfeits, empty boards, match
forfeits (R-7.3, R-7.4) and absent teams come at the given rates.

Everything random comes from one ``random.Random(seed)``: the same arguments give the same
tournament. Probabilities are floats; every score stays a ``Fraction`` (it is the shared
:class:`Tournament` model that derives MP and GP).

The pairing step is ``pairer(t, round_no, absent)`` returning ``(table, first, second|None)``
triples; the default is ``app.services.pairing.pair_tournament_round``. Tests pass FIDE TEC's
Gacrux there to build tournaments paired by another engine.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from fractions import Fraction

from app.services.errors import InvalidInput
from app.services.rules import Rules, fide_default
from app.services.tournament import BoardGame, Match, Player, Round, Team, Tournament

#: (table, first team, second team or None for the PAB), in board order
PairedTriple = tuple[int, int, int | None]
Pairer = Callable[[Tournament, int, frozenset[int]], Sequence[PairedTriple]]

_SURNAMES = (
    "Papadopoulos", "Georgiou", "Nikolaou", "Ioannou", "Karagiannis", "Vlachos", "Dimitriou",
    "Anagnostou", "Smith", "Novak", "Kowalski", "Horvat", "Schmidt", "Rossi", "Garcia", "Silva",
    "Petrov", "Ivanova", "Larsen", "Nielsen", "Dubois", "Moreau", "Yilmaz", "Kaya", "Popescu",
)
_GIVEN = ("Alex", "Maria", "Nikos", "Eleni", "Jan", "Anna", "Luca", "Sofia", "Ivan", "Olga",
          "Peter", "Emma", "Kostas", "Dimitra", "Mehmet", "Ana", "Lars", "Ingrid", "Paul", "Zoe")
_TOWNS = ("Athens", "Thessaloniki", "Patras", "Larissa", "Volos", "Ioannina", "Chania", "Kavala",
          "Serres", "Drama", "Kozani", "Rhodes", "Corfu", "Lamia", "Tripoli", "Kalamata", "Xanthi")
_FEDS = ("GRE", "CYP", "BUL", "SRB", "ROU", "TUR", "ITA", "GER")


def default_pairer(t: Tournament, round_no: int, absent: frozenset[int]) -> list[PairedTriple]:
    """Pair with our C.04.6 engine (imported late: it is written alongside this module)."""
    from app.services.pairing import pair_tournament_round

    pairing = pair_tournament_round(t, round_no, absent)
    return [(m.table, m.first, m.second) for m in pairing.matches]


def generator_rules(boards: int, rounds: int, base: Rules | None = None, max_roster: int = 0) -> Rules:
    """``base`` (default ``fide_default()``) sized for ``boards`` and ``rounds``.

    With the FIDE defaults the PAB is a drawn match (C.04.6 1.4: half the boards in GP) and a
    forfeit win is worth every board (C.07 16, R-7.3).
    """
    rules = base or fide_default()
    pattern = ("WB" * boards)[:boards]
    if len(rules.pairing.board_colour_pattern) == boards:
        pattern = rules.pairing.board_colour_pattern
    return dataclasses.replace(
        rules,
        boards=boards,
        rounds=rounds,
        pairing=dataclasses.replace(rules.pairing, board_colour_pattern=pattern),
        max_players_per_roster=max(rules.max_players_per_roster, boards, max_roster),
        min_female_per_lineup=min(rules.min_female_per_lineup, boards),
        min_players_per_roster=min(rules.min_players_per_roster, boards),
        round_starts=() if len(rules.round_starts) != rounds else rules.round_starts,
        forfeit_win_gp=Fraction(boards) if base is None or boards != rules.boards else rules.forfeit_win_gp,
        bye_gp=Fraction(boards, 2) if base is None else rules.bye_gp,
    )


def generate(
    teams: int,
    rounds: int,
    boards: int = 4,
    seed: int = 0,
    draw_rate: float = 0.25,
    forfeit_rate: float = 0.02,
    absent_rate: float = 0.02,
    rules: Rules | None = None,
    pairer: Pairer | None = None,
) -> Tournament:
    """A random team tournament of ``teams`` teams over ``rounds`` rounds (see module docstring).

    ``forfeit_rate`` is the chance of a board forfeit per board (a tenth of that is the chance
    of a whole match forfeited, R-7.3); ``absent_rate`` the chance a team misses a round
    (never leaving fewer than two teams).
    """
    if teams < 2:
        raise InvalidInput(None, "need at least two teams")
    if rounds < 1:
        raise InvalidInput(None, "need at least one round")
    for name, rate in (("draw_rate", draw_rate), ("forfeit_rate", forfeit_rate), ("absent_rate", absent_rate)):
        if not 0.0 <= rate <= 1.0:
            raise InvalidInput(None, "{name} must be between 0 and 1",
                               params={"name": name})
    rng = random.Random(seed)
    pair = pairer or default_pairer
    t = _teams(rng, teams, boards, rounds, rules, seed)
    for r in range(1, rounds + 1):
        present = [team.id for team in t.teams if rng.random() >= absent_rate]
        if len(present) < 2:
            present = [team.id for team in t.teams]
        absent = frozenset(team.id for team in t.teams) - set(present)
        triples = list(pair(t, r, absent))
        matches = tuple(
            _play(rng, t, r, table, first, second, draw_rate, forfeit_rate)
            for table, first, second in triples
        )
        t = dataclasses.replace(t, rounds=(*t.rounds, Round(number=r, matches=matches, completed=True)))
    return t


def _teams(rng: random.Random, n: int, boards: int, rounds: int, base: Rules | None, seed: int) -> Tournament:
    raw: list[tuple[str, list[tuple[str, str, int, str]]]] = []
    towns = list(_TOWNS)
    rng.shuffle(towns)
    for k in range(n):
        town = towns[k % len(towns)]
        name = f"{town} {k // len(towns) + 1}" if n > len(towns) else f"{town} Chess Club"
        strength = rng.gauss(1900, 200)
        size = boards + rng.choice((0, 0, 1, 1, 2))
        members = []
        for _ in range(size):
            rating = max(1000, min(2800, int(rng.gauss(strength, 120))))
            sex = "w" if rng.random() < 0.2 else "m"
            members.append((f"{rng.choice(_SURNAMES)}, {rng.choice(_GIVEN)}", sex, rating, rng.choice(_FEDS)))
        members.sort(key=lambda m: -m[2])  # board order by rating
        raw.append((name, members))

    def avg(members: list[tuple[str, str, int, str]]) -> float:
        top = [m[2] for m in members[:boards]]
        return sum(top) / len(top)

    raw.sort(key=lambda tm: (-avg(tm[1]), tm[0]))
    players: list[Player] = []
    team_objs: list[Team] = []
    pid = 0
    for tpn, (name, members) in enumerate(raw, 1):
        roster = []
        for pname, sex, rating, fed in members:
            pid += 1
            players.append(Player(
                id=pid, name=pname, sex=sex, fide_rating=rating, federation=fed,
                fide_id=4_200_000 + seed % 1000 * 1000 + pid,
                birth_date=date(1960 + rng.randrange(50), 1 + rng.randrange(12), 1 + rng.randrange(28)),
            ))
            roster.append(pid)
        team_objs.append(Team(id=tpn, name=name, tpn=tpn, roster=tuple(roster)))
    max_roster = max(len(tm.roster) for tm in team_objs)
    rules = generator_rules(boards, rounds, base, max_roster)
    if base is None:
        pairing = dataclasses.replace(rules.pairing, initial_colour=rng.choice("WB"))
        rules = dataclasses.replace(rules, pairing=pairing)
    start = date(2026, 1, 1) + timedelta(days=rng.randrange(300))
    if rules.start_date is None:
        rules = dataclasses.replace(rules, start_date=start)
    return Tournament(
        name=f"Random team Swiss {seed}", rules=rules, teams=tuple(team_objs), players=tuple(players),
        city=rng.choice(_TOWNS), federation="GRE", start_date=start,
        end_date=start + timedelta(days=(rounds - 1) // 2), tournament_type="Swiss team (C.04.6)",
        chief_arbiter="Random Arbiter",
    )


def _lineup(rng: random.Random, t: Tournament, team: int) -> list[int]:
    """``boards`` players in roster order: usually the top boards, sometimes a reserve plays."""
    roster = list(t.team(team).roster)
    b = t.rules.boards
    if len(roster) > b and rng.random() < 0.3:
        rest = rng.sample(range(len(roster)), b)
        return [roster[i] for i in sorted(rest)]
    return roster[:b]


def _expected(white: int, black: int) -> float:
    """Elo expectation for White (with a small first-move edge of 35 points)."""
    return 1.0 / (1.0 + 10 ** ((black - white - 35) / 400.0))


def _play(rng: random.Random, t: Tournament, r: int, table: int, first: int, second: int | None,
          draw_rate: float, forfeit_rate: float) -> Match:
    if second is None:
        return Match(round=r, table=table, first=first, second=None)
    if rng.random() < forfeit_rate / 10:
        side = rng.choice(("first", "second", "second", "first", "both"))
        return Match(round=r, table=table, first=first, second=second, forfeit=side)
    pattern = t.rules.pairing.board_colour_pattern
    fl, sl = _lineup(rng, t, first), _lineup(rng, t, second)
    games = []
    for k in range(t.rules.boards):
        fw = pattern[k] == "W"
        fp: int | None = fl[k] if k < len(fl) else None
        sp: int | None = sl[k] if k < len(sl) else None
        wp, bp = (fp, sp) if fw else (sp, fp)
        result: str
        if rng.random() < forfeit_rate:
            kind = rng.random()
            if kind < 0.1:
                result = "-/-"
            elif kind < 0.55:
                result = "+/-"
            else:
                result = "-/+"
            if rng.random() < 0.3 and result != "-/-":
                # the losing side left the board empty (real events have such boards)
                if result == "+/-":
                    wp, bp = wp, None
                else:
                    wp, bp = None, bp
        else:
            wr = t.player(wp).fide_rating or 1400 if wp else 1400
            br = t.player(bp).fide_rating or 1400 if bp else 1400
            e = _expected(wr, br)
            x = rng.random()
            p_draw = draw_rate * (1.0 - abs(e - 0.5))
            p_win = max(0.0, e - p_draw / 2)
            result = "1-0" if x < p_win else "1/2-1/2" if x < p_win + p_draw else "0-1"
        fp, sp = (wp, bp) if fw else (bp, wp)
        games.append(BoardGame(k + 1, fp, sp, fw, result))
    return Match(round=r, table=table, first=first, second=second, boards=tuple(games))
