"""Benchmark: another tournament's write while a large event is re-paired five times at once, on SQLite.

A real ``teamswiss serve`` (one worker) on a fresh SQLite file; a generated event of ``--teams`` teams (two
rounds played) and a small one are imported. Five concurrent ``POST .../rounds/3/pair`` of the large event are
sent while a writer changes the small tournament's name every 100 ms; the figures are the writer's latency
(median and slowest) during the pairings, against the same writer idle, and how long the five pairings took.
Run: ``.venv/bin/python bench/bench_pairing_writes.py [--teams 999] [--pairings 5]``.
Goal: the other tournament's write stays close to idle (the engine runs outside SQLite's one writer).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_load import free_port, wait_healthy  # noqa: E402
from machine import cpu_model  # noqa: E402

from app.services.generator import generate  # noqa: E402
from app.services.trf import write_tournament  # noqa: E402

PASSWORD = "bench-pairing-writes"


def event(teams: int, seed: int) -> bytes:
    g = generate(teams, 2, boards=4, seed=seed, forfeit_rate=0.0, absent_rate=0.0)
    g = g.__class__(**{**{f: getattr(g, f) for f in ("name", "teams", "players", "clubs", "city", "federation",
                                                     "start_date", "end_date", "chief_arbiter")},
                       "rules": g.rules.replace(rounds=5), "rounds": g.rounds})
    return write_tournament(g).encode("utf-8")


def http(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None, *,
         data: bytes | None = None, content_type: str = "application/json") -> tuple[int, Any]:
    """One request (up to 10 minutes: five pairings of a large event queue for a while): status and JSON body."""
    hdrs = dict(headers or {})
    if body is not None:
        data = json.dumps(body).encode()
    if data is not None:
        hdrs["Content-Type"] = content_type
    req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
    try:
        with urllib.request.urlopen(req, timeout=600) as r:
            raw = r.read()
            return r.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as e:
        return e.code, None


def writes(base: str, auth: dict[str, str], tid: int, until: threading.Event, out: list[float]) -> None:
    n = 0
    while not until.is_set():
        n += 1
        t0 = time.perf_counter()
        status, _ = http("PATCH", f"{base}/tournaments/{tid}", {"name": f"Elsewhere {n}"}, auth)
        assert status == 200, status
        out.append(time.perf_counter() - t0)
        time.sleep(0.1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--teams", type=int, default=999)
    ap.add_argument("--pairings", type=int, default=5)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="teamswiss-bench-"))
    url = f"sqlite:///{tmp / 'bench.db'}"
    env = {**os.environ, "TEAMSWISS_DATABASE_URL": url, "TEAMSWISS_ENV": "development",
           "TEAMSWISS_SECRET_KEY": "bench-pairing-secret-key-0123456789abcdef",
           "TEAMSWISS_ADMIN_USERNAME": "admin", "TEAMSWISS_ADMIN_PASSWORD": PASSWORD}
    py, port = sys.executable, free_port()
    base = f"http://127.0.0.1:{port}"
    big_file, small_file = event(args.teams, 3), event(8, 4)
    subprocess.run([py, "-m", "app.cli.main", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    proc = subprocess.Popen([py, "-m", "app.cli.main", "serve", "--port", str(port), "--log-level", "warning"],
                            cwd=ROOT, env=env)
    try:
        wait_healthy(base)
        status, tok = http("POST", f"{base}/auth/token", data=f"username=admin&password={PASSWORD}".encode(),
                           content_type="application/x-www-form-urlencoded")
        assert status == 200, status
        auth = {"Authorization": f"Bearer {tok['access_token']}"}
        tids = []
        for file in (big_file, small_file):
            status, made = http("POST", f"{base}/tournaments/import?allow_duplicate=true", headers=auth, data=file,
                                content_type="text/plain; charset=utf-8")
            assert status == 201, status
            tids.append(int(made["id"]))
        big, small = tids
        status, _ = http("POST", f"{base}/tournaments/{big}/rounds/3/pair", headers=auth)
        assert status == 200, status

        idle: list[float] = []
        stop = threading.Event()
        th = threading.Thread(target=writes, args=(base, auth, small, stop, idle))
        th.start()
        time.sleep(3)
        stop.set()
        th.join()

        busy: list[float] = []
        stop = threading.Event()
        writer = threading.Thread(target=writes, args=(base, auth, small, stop, busy))
        statuses: list[int] = []

        def pair() -> None:
            statuses.append(http("POST", f"{base}/tournaments/{big}/rounds/3/pair", headers=auth)[0])

        pairs = [threading.Thread(target=pair) for _ in range(args.pairings)]
        t0 = time.perf_counter()
        for p in pairs:
            p.start()
        writer.start()
        for p in pairs:
            p.join()
        took = time.perf_counter() - t0
        stop.set()
        writer.join()
    finally:
        proc.terminate()
        proc.wait(15)

    def ms(xs: list[float]) -> str:
        return f"median {statistics.median(xs) * 1000:.0f} ms, slowest {max(xs) * 1000:.0f} ms ({len(xs)} writes)"

    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{args.teams} teams, {args.pairings} concurrent re-pairings: {took:.1f} s, answers {sorted(statuses)}")
    print(f"another tournament's write, idle: {ms(idle)}")
    print(f"another tournament's write, during the pairings: {ms(busy)}")


if __name__ == "__main__":
    main()
