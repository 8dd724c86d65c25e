"""A small random tournament generator for the pairing tests and the benchmark.

It plays whole events with the engine: random board results, occasional match-level
forfeits, all-board forfeits, partly forfeited matches and absent teams.
"""

from __future__ import annotations

import random
from dataclasses import replace

from app.services.errors import NoLegalPairing
from app.services.pairing import Pairing, build_snapshot, pair_round
from app.services.rules import Rules, fide_default
from app.services.tournament import BoardGame, Match, Round, Team, Tournament, board_colours


def make_rules(rounds: int = 7, boards: int = 4, **pairing: object) -> Rules:
    base = fide_default()
    pattern = ("WB" * boards)[:boards]
    settings = replace(base.pairing, board_colour_pattern=pattern, **pairing)
    return base.replace(rounds=rounds, boards=boards, forfeit_win_gp=boards, pairing=settings)


def new_tournament(n: int, rules: Rules | None = None) -> Tournament:
    rules = rules or make_rules()
    teams = tuple(Team(id=i, name=f"T{i}", tpn=i) for i in range(1, n + 1))
    return Tournament(name=f"sim{n}", rules=rules, teams=teams)


def play_match(rng: random.Random, rnd: int, table: int, first: int, second: int | None, rules: Rules,
               forfeit_rate: float) -> Match:
    if second is None:
        return Match(rnd, table, first, None)
    x = rng.random()
    if x < forfeit_rate:
        return Match(rnd, table, first, second, forfeit=rng.choice(["first", "second", "both"]))
    colours = board_colours(rules.pairing.board_colour_pattern)
    strength = rng.random()
    games = []
    all_forfeit = x < 2 * forfeit_rate
    for b, fw in enumerate(colours, 1):
        if all_forfeit:
            res = "+/-" if fw else "-/+"
        elif x < 3 * forfeit_rate and b == len(colours):
            res = rng.choice(["+/-", "-/+"])
        else:
            y = rng.random()
            first_wins = y < strength * 0.8
            draw = not first_wins and y < strength * 0.8 + 0.25
            won = ("1-0" if fw else "0-1") if first_wins else ("0-1" if fw else "1-0")
            res = "1/2-1/2" if draw else won
        games.append(BoardGame(b, 1000 * first + b, 1000 * second + b, fw, res))
    return Match(rnd, table, first, second, tuple(games))


def play_round(t: Tournament, rnd: int, rng: random.Random, absent: frozenset[int] = frozenset(),
               forfeit_rate: float = 0.0) -> tuple[Tournament, Pairing]:
    snap = build_snapshot(t, rnd, absent)
    pairing = pair_round(snap, t.rules)
    matches = tuple(
        play_match(rng, rnd, m.table, m.first, m.second, t.rules, forfeit_rate) for m in pairing.matches
    )
    t2 = replace(t, rounds=t.rounds + (Round(rnd, matches, completed=True),), _team_index={},
                 _player_index={})
    return t2, pairing


def simulate(n: int, rounds: int, seed: int, *, absent_rate: float = 0.0, forfeit_rate: float = 0.0,
             rules: Rules | None = None, upto: int | None = None) -> tuple[Tournament, list[Pairing]]:
    rng = random.Random(seed)
    rules = rules or make_rules(rounds=rounds)
    t = new_tournament(n, rules)
    out = []
    for rnd in range(1, (upto or rounds) + 1):
        absent = frozenset(i for i in range(1, n + 1) if rng.random() < absent_rate)
        while True:
            try:
                t, p = play_round(t, rnd, rng, absent, forfeit_rate)
                break
            except NoLegalPairing:  # a small field can run out of opponents: one more absentee
                absent = absent | {rng.choice([i for i in range(1, n + 1) if i not in absent])}
        out.append(p)
    return t, out
