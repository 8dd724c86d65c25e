"""The differential run against FIDE's reference engine at FIDE's scale (``make verify N=50000``).

FIDE TEC endorses a pairing program after 50,000 random tournaments with at most 10
unexplained discrepancies (FIDE C.02.03 7). Events ``0 .. N-1`` (``files_gacrux.random_config``:
10-60 teams, 7-11 rounds, 4/6 boards, forfeits, absent teams, Type A/B, MP or GP primary, one in four
of the MP-primary events accelerated with Baku, C.04.7, written as 192 ``_BAKU`` and 250 records) are
run in both directions; the teams absent in a round are told to Gacrux as TRF-2026 240 ``Z`` records:

* ``ours->gacrux``: our engine pairs the event; Gacrux's checker must accept the file, and
  agree when we find no legal pairing for a round;
* ``gacrux->ours``: Gacrux pairs the event; its file, with no ``152`` record, must pass our
  ``check``, and we must agree when Gacrux finds no legal pairing.

Usage: ``python -m tests.verify [--n N] [--jobs J] [--dir var/verify] [--fresh]``.
With ``TEAMSWISS_BBPPAIRINGS`` naming a built bbpPairings with team support (the Sharly Chess fork; built by
hand, outside the repository), every file of ``ours->gacrux`` must also pass its reader and checker
(``--team FILE -c``).
The work is spread over ``J`` processes (default: every core). Each finished event is appended to
``DIR/state.jsonl``, so a rerun (same N or larger) continues where the last one stopped;
``--fresh`` starts again. A disagreement writes its file and the details to
``DIR/reproducers/`` (``teamswiss check FILE`` / Gacrux's ``pairingchecker -c`` replay it). The
summary counts events, rounds compared, agreements, disagreements and errors (no reading is
exempted). Exit status 1 if any event disagrees or fails.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "unit" / "files"))

from files_gacrux import DIRECTIONS, random_config  # noqa: E402

Key = tuple[str, int]


def run_one(direction: str, i: int) -> dict[str, Any]:
    """One event of one direction, in a worker process: its record for the state file."""
    cfg = random_config(i)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="verify-") as d:
        try:
            v = DIRECTIONS[direction](cfg, Path(d))
            rec = {"status": v.status, "rounds": v.rounds, "detail": v.detail, "text": v.text}
        except Exception:  # noqa: BLE001 - a crash is a finding, reported with its traceback
            rec = {"status": "error", "rounds": 0, "detail": traceback.format_exc()[-3000:], "text": ""}
    rec.update(direction=direction, i=i, config=str(cfg), seconds=round(time.perf_counter() - t0, 3))
    return rec


def load_state(path: Path) -> dict[Key, dict[str, Any]]:
    done: dict[Key, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:  # a line cut short by an interrupted run: redo that event
                continue
            done[(rec["direction"], rec["i"])] = rec
    return done


def _write_reproducer(out: Path, rec: dict[str, Any]) -> str:
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{rec['direction'].replace('->', '-to-')}-{rec['i']:05d}-{rec['config']}"
    if rec.get("text"):
        (out / f"{stem}.trf").write_text(rec["text"], encoding="utf-8")
    (out / f"{stem}.txt").write_text(f"{rec['direction']} event {rec['i']} ({rec['config']}): {rec['status']}\n"
                                     f"{rec['detail']}\n", encoding="utf-8")
    return str(out / stem)


def _pending(n: int, done: dict[Key, dict[str, Any]]) -> Iterator[Key]:
    for i in range(n):
        for direction in DIRECTIONS:
            if (direction, i) not in done:
                yield (direction, i)


def run(n: int, jobs: int | None = None, state_dir: Path = ROOT / "var" / "verify", fresh: bool = False,
        progress: bool = False) -> dict[str, Any]:
    """Run (or continue) events 0..n-1 in both directions; returns the summary of all of them."""
    state_dir.mkdir(parents=True, exist_ok=True)
    state = state_dir / "state.jsonl"
    if fresh and state.exists():
        state.unlink()
    done = load_state(state)
    if state.exists() and not state.read_bytes().endswith(b"\n") and state.stat().st_size:
        with state.open("a", encoding="utf-8") as f:  # a line cut short: the next record starts anew
            f.write("\n")
    todo = list(_pending(n, done))
    jobs = jobs or os.cpu_count() or 1
    t0 = time.perf_counter()
    new = 0
    with state.open("a", encoding="utf-8") as sink, ProcessPoolExecutor(max_workers=jobs) as pool:
        queue: Iterable[Key] = iter(todo)
        running: set[Future[dict[str, Any]]] = set()

        def refill() -> None:
            for key in queue:
                running.add(pool.submit(run_one, *key))
                if len(running) >= 2 * jobs:
                    break

        refill()
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                running.discard(fut)
                rec = fut.result()
                if rec["status"] in ("disagree", "error"):
                    rec["reproducer"] = _write_reproducer(state_dir / "reproducers", rec)
                rec.pop("text", None)
                sink.write(json.dumps(rec) + "\n")
                sink.flush()
                done[(rec["direction"], rec["i"])] = rec
                new += 1
                if progress and new % 50 == 0:
                    print(f"  {new}/{len(todo)} new events, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
            refill()
    return summarise(n, done, new, time.perf_counter() - t0, jobs)


def summarise(n: int, done: dict[Key, dict[str, Any]], new: int, seconds: float, jobs: int) -> dict[str, Any]:
    recs = [r for (_, i), r in done.items() if i < n]
    by_dir: dict[str, Counter[str]] = {d: Counter() for d in DIRECTIONS}
    rounds: Counter[str] = Counter()
    cpu = 0.0
    for r in recs:
        by_dir[r["direction"]][r["status"]] += 1
        rounds[r["direction"]] += r["rounds"]
        cpu += r.get("seconds", 0.0)
    return {
        "events": n,
        "directions": {d: {"events": sum(c.values()), "rounds": rounds[d], **dict(c)} for d, c in by_dir.items()},
        "rounds": sum(rounds.values()),
        "disagreements": [{"direction": r["direction"], "i": r["i"], "config": r["config"], "status": r["status"],
                           "reproducer": r.get("reproducer")}
                          for r in recs if r["status"] in ("disagree", "error")],
        "new_events": new,
        "wall_seconds": round(seconds, 1),
        "jobs": jobs,
        "cpu_seconds_per_event": round(cpu / len(recs), 3) if recs else None,
    }


def print_summary(s: dict[str, Any]) -> None:
    print(f"verify: events 0..{s['events'] - 1} in both directions ({s['new_events']} run now in "
          f"{s['wall_seconds']} s on {s['jobs']} processes; {s['cpu_seconds_per_event']} s of one core per event)")
    for d, c in s["directions"].items():
        print(f"  {d}: {c['events']} events, {c['rounds']} rounds: {c.get('agree', 0)} agree, "
              f"{c.get('disagree', 0)} disagree, "
              f"{c.get('error', 0)} errors")
    print(f"  rounds compared: {s['rounds']}; disagreements: {len(s['disagreements'])}")
    for x in s["disagreements"]:
        print(f"    {x['direction']} event {x['i']} ({x['config']}): {x['status']} -> {x['reproducer']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.verify", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=int(os.environ.get("VERIFY_N", "1000")),
                    help="events per direction (default: $VERIFY_N or 1000)")
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    ap.add_argument("--dir", type=Path, default=ROOT / "var" / "verify",
                    help="state file and reproducers (default var/verify)")
    ap.add_argument("--fresh", action="store_true", help="forget the state file and start again")
    args = ap.parse_args(argv)
    s = run(args.n, args.jobs, args.dir, args.fresh, progress=True)
    print_summary(s)
    return 1 if s["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
