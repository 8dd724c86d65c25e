"""Benchmark: full standings with the K12 tie-break list (R-8).

Builds random team Swiss tournaments (simple random pairings without rematches, random
board results with a few board forfeits, a PAB for odd team counts) and times
``compute_standings`` with ``k12_2025().tiebreaks``, each run on a freshly built tournament
(nothing memoised by an earlier run). Goals: 40 teams x 7 rounds < 5 ms (median),
500 teams x 11 rounds < 1 s. Prints the wall-clock and the CPU median: on a shared machine the
CPU time is the steadier figure.

Run: ``.venv/bin/python bench/bench_standings.py``
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.services.rules import k12_2025  # noqa: E402
from app.services.standings import compute_standings  # noqa: E402
from app.services.tournament import BoardGame, Match, Round, Team, Tournament  # noqa: E402

RESULTS = ["1-0", "0-1", "1/2-1/2"]


def random_tournament(n_teams: int, n_rounds: int, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    rules = k12_2025().replace(rounds=n_rounds, round_starts=(), max_teams=max(n_teams, 40))
    teams = tuple(Team(id=i, name=f"Team {i}", tpn=i) for i in range(1, n_teams + 1))
    met: set[tuple[int, int]] = set()
    had_bye: set[int] = set()
    rounds = []
    for rno in range(1, n_rounds + 1):
        ids = [t.id for t in teams]
        rng.shuffle(ids)
        matches: list[Match] = []
        if len(ids) % 2:
            bye = next(i for i in ids if i not in had_bye)
            had_bye.add(bye)
            ids.remove(bye)
        else:
            bye = None
        while ids:
            a = ids.pop()
            j = next((k for k in range(len(ids) - 1, -1, -1) if (min(a, ids[k]), max(a, ids[k])) not in met),
                     len(ids) - 1)
            b = ids.pop(j)
            met.add((min(a, b), max(a, b)))
            boards = []
            for k in range(1, rules.boards + 1):
                res = "+/-" if rng.random() < 0.01 else rng.choice(RESULTS)
                boards.append(BoardGame(k, 10 * a + k, 10 * b + k, k % 2 == 1, res))
            matches.append(Match(rno, len(matches) + 1, a, b, boards=tuple(boards)))
        if bye is not None:
            matches.append(Match(rno, len(matches) + 1, bye, None))
        rounds.append(Round(rno, tuple(matches), completed=True))
    return Tournament(name="bench", rules=rules, teams=teams, rounds=tuple(rounds))


def bench(n_teams: int, n_rounds: int, repeat: int, goal_ms: float) -> None:
    compute_standings(random_tournament(n_teams, n_rounds))  # warm up the interpreter
    times = []
    cpu = []
    for _ in range(repeat):
        # a fresh copy each time (built outside the timing): nothing memoised on the matches
        # by an earlier run (Match.board_totals) helps, as for a read model built from the database
        t = random_tournament(n_teams, n_rounds)
        t0 = time.perf_counter()
        c0 = time.process_time()
        st = compute_standings(t)
        cpu.append((time.process_time() - c0) * 1000)
        times.append((time.perf_counter() - t0) * 1000)
    tied = sum(1 for r in st.rows if r.tied)
    print(f"{n_teams:4d} teams x {n_rounds:2d} rounds  {', '.join(t.rules.tiebreaks)}: "
          f"wall median {statistics.median(times):8.2f} ms, min {min(times):8.2f} ms, "
          f"CPU median {statistics.median(cpu):8.2f} ms "
          f"(goal < {goal_ms:g} ms; {tied} rows tied)")


if __name__ == "__main__":
    bench(40, 7, 30, 5)
    bench(500, 11, 5, 1000)
