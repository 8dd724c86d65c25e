"""Whole-process times of the file commands against FIDE's reference (Gacrux), side by side.

Run: ``.venv/bin/python bench/bench_files.py [--teams 150] [--rounds 9] [--repeat 3]``.
A random event (``teamswiss generate``) is written once; then each command runs as a new
process, alternating ours and Gacrux's, and the median wall time of each is printed with the
ratio ours / Gacrux (goal: <= 0.1):

* pair:      ``teamswiss pair FILE --round R``  vs ``gacrux.pairingchecker -p -n R``  (the last round)
* check:     ``teamswiss check FILE``           vs ``gacrux.pairingchecker -c``       (every round)
* standings: ``teamswiss standings FILE``       vs ``gacrux.tiebreakchecker -t <the file's 212 list>``

``app/`` is byte-compiled first (``compileall``), as an installed package is; Gacrux is installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from machine import cpu_model  # noqa: E402

BIN = Path(sys.executable).parent


def wall(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    took = time.perf_counter() - t0
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr[-1000:]}")
    return took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--teams", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each command (the median is printed)")
    args = ap.parse_args()
    if importlib.util.find_spec("gacrux") is None:
        raise SystemExit("gacrux is not installed: pip install -e '.[test]'")
    from gacrux.version import __version__ as gacrux_version  # type: ignore[import-not-found]

    # an installed package carries its bytecode (pip compiles it); a development tree under
    # PYTHONDONTWRITEBYTECODE=1 would compile every module on every run, so compile it once here
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "app")], check=True)
    ours = [str(BIN / "teamswiss")]
    ref = [sys.executable, "-m"]
    with tempfile.TemporaryDirectory() as d:
        trf = Path(d) / "event.trf"
        subprocess.run([*ours, "generate", "--teams", str(args.teams), "--rounds", str(args.rounds), "--seed",
                        str(args.seed), "-o", str(trf)], check=True, capture_output=True)
        text = trf.read_text()
        code192 = next(line[4:].strip() for line in text.splitlines() if line.startswith("192 "))
        tb212 = next(line[4:].strip() for line in text.splitlines() if line.startswith("212 "))
        codes = [c if c != "PTS" else "MPTS" for c in tb212.split(",")]
        method = {"FIDE_TEAM_TYPEA_MP_GP": "fideteam-typea-mp+gp"}.get(code192, "fideteam")
        r = str(args.rounds)
        cases = {
            "pair": ([*ours, "pair", str(trf), "--round", r],
                     [*ref, "gacrux.pairingchecker", "-i", str(trf), "-m", method, "-p", "-d", "T", "-n", r]),
            "check": ([*ours, "check", str(trf)],
                      [*ref, "gacrux.pairingchecker", "-i", str(trf), "-m", method, "-c", "-d", "T"]),
            "standings": ([*ours, "standings", str(trf)],
                          [*ref, "gacrux.tiebreakchecker", "-i", str(trf), "-d", "T", "-t", *codes]),
        }
        print(f"machine: {cpu_model()}, Python {sys.version.split()[0]}, gacrux {gacrux_version}")
        print(f"event: {args.teams} teams, {args.rounds} rounds, seed {args.seed}; median of {args.repeat} "
              "whole processes each")
        print(f"{'command':<10} {'ours (s)':>9} {'gacrux (s)':>11} {'ratio':>7}")
        for name, (mine, theirs) in cases.items():
            a: list[float] = []
            b: list[float] = []
            for _ in range(args.repeat):
                a.append(wall(mine))
                b.append(wall(theirs))
            ma, mb = statistics.median(a), statistics.median(b)
            print(f"{name:<10} {ma:>9.3f} {mb:>11.3f} {ma / mb:>7.3f}")


if __name__ == "__main__":
    main()
