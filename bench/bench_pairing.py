"""Benchmark of the C.04.6 engine: median time to pair one round, on random events.

Run: ``.venv/bin/python bench/bench_pairing.py [--sizes 40,150,400] [--rounds 7] [--seeds 1] [--gacrux]``.
Each figure is build_snapshot + pair_round for one round (the time an arbiter waits).
Targets: 40 teams < 0.25 s, 150 < 3 s, 400 < 30 s per round (median).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "unit" / "pairing"))

from pairing_sim import make_rules, new_tournament, play_match  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from machine import cpu_model  # noqa: E402

from app.services.pairing import build_snapshot, pair_round  # noqa: E402
from app.services.tournament import Round  # noqa: E402


def run(n: int, rounds: int, seed: int, pref: str, gacrux: list[float] | None = None) -> list[float]:
    rng = random.Random(seed)
    rules = make_rules(rounds=rounds, colour_pref_type=pref)
    t = new_tournament(n, rules)
    times = []
    for rnd in range(1, rounds + 1):
        absent = frozenset(i for i in range(1, n + 1) if rng.random() < 0.03)
        t0 = time.perf_counter()
        pairing = pair_round(build_snapshot(t, rnd, absent), t.rules)
        times.append(time.perf_counter() - t0)
        if gacrux is not None and rnd > 1:
            from pairing_gacrux import gacrux_pairing, write_trf

            trf = write_trf(t, rnd - 1, rounds, pref)
            g0 = time.perf_counter()
            gacrux_pairing(trf, rnd, pref, absent)
            gacrux.append(time.perf_counter() - g0)
        matches = tuple(play_match(rng, rnd, m.table, m.first, m.second, rules, 0.02) for m in pairing.matches)
        t = replace(t, rounds=t.rounds + (Round(rnd, matches, completed=True),), _team_index={},
                    _player_index={})
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="40,150,400")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--pref", default="A", choices=["A", "B", "none"])
    ap.add_argument("--gacrux", action="store_true",
                    help="also time Gacrux (subprocess, incl. interpreter start-up) on rounds 2.. of the same events")
    args = ap.parse_args()
    print(f"CPU: {cpu_model()}")
    print(f"Python {sys.version.split()[0]}; {args.rounds} rounds, Type {args.pref}, 3% absent, 2% forfeits")
    targets = {40: 0.25, 150: 3.0, 400: 30.0}
    for n in (int(x) for x in args.sizes.split(",")):
        times: list[float] = []
        gtimes: list[float] | None = [] if args.gacrux else None
        for seed in range(1, args.seeds + 1):
            times.extend(run(n, args.rounds, seed, args.pref, gtimes))
        target = targets.get(n)
        print(
            f"{n:4d} teams: median {statistics.median(times):.3f} s, max {max(times):.3f} s per round"
            + (f" (target < {target} s)" if target else "")
            + "  [" + " ".join(f"{x:.2f}" for x in times) + "]"
        )
        if gtimes:
            print(f"      Gacrux: median {statistics.median(gtimes):.3f} s per round (rounds 2-{args.rounds}, "
                  "subprocess)  [" + " ".join(f"{x:.2f}" for x in gtimes) + "]")


if __name__ == "__main__":
    main()
