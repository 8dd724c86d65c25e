"""Benchmark: the event's ratings (FIDE B.02) for every player and team.

Builds generated team Swiss events (``app.services.generator``: rated players, a few forfeits) and times, each
on a freshly built event, what the reads compute after the standings: every team's average rating and
performance (the standings' JSON form) and every player's rating change on both lists (the board statistics).
Goals: 40 teams x 7 rounds, all teams < 20 ms and all players < 60 ms (median, CPU). Prints the wall-clock and
the CPU median: on a shared machine the CPU time is the steadier figure.

Run: ``.venv/bin/python bench/bench_ratings.py``
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.services.event_ratings import event_year, games_index, player_ratings, team_ratings  # noqa: E402
from app.services.generator import generate  # noqa: E402


def measure(teams: int, rounds: int, runs: int = 5) -> None:
    wall: dict[str, list[float]] = {"teams": [], "players": []}
    cpu: dict[str, list[float]] = {"teams": [], "players": []}
    players = 0
    for seed in range(runs):
        t = generate(teams, rounds, boards=4, seed=seed)
        for name in ("teams", "players"):
            w0, c0 = time.perf_counter(), time.process_time()
            index = games_index(t)
            if name == "teams":
                for team in t.teams:
                    team_ratings(t, team.roster, index)
            else:
                year = event_year(t)
                for team in t.teams:
                    for pid in team.roster:
                        player_ratings(t, pid, year, index)
                players = sum(len(team.roster) for team in t.teams)
            wall[name].append(time.perf_counter() - w0)
            cpu[name].append(time.process_time() - c0)
    for name in ("teams", "players"):
        print(f"{teams} teams x {rounds} rounds, every {name[:-1]} ({players} players): "
              f"median {1000 * statistics.median(wall[name]):.1f} ms wall, "
              f"{1000 * statistics.median(cpu[name]):.1f} ms CPU")


if __name__ == "__main__":
    measure(40, 7)
    measure(150, 9, runs=3)
