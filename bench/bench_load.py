"""Benchmark: a real uvicorn serving the demo under load from wrk.

Runs, each for ``BENCH_SECONDS`` (default 10) at 64 connections unless said otherwise:
  health check; standings; standings answered 304 (If-None-Match); the live round; standings and the
  live round while a writer posts a result every 200 ms (its latency against an idle writer's);
  overload: standings at 256 connections, then 16 (against an idle 16-connection run);
  SSE: 1,000 subscribers of one worker, the time until all of them have a posted result.
Prints the figures, the machine and how busy it was (load average). Needs ``wrk`` (apt-get install wrk).
Run: ``.venv/bin/python bench/bench_load.py [--workers N] [--pg URL]``.
Goals: standings >= 1,000 requests/s and >= 0.5x the health check, p99 < 100 ms; 304 faster still;
SSE 1,000 subscribers within 1 s; after the overload the 16-connection run as fast as the idle one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from machine import cpu_model  # noqa: E402

SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
PASSWORD = "teamswiss-demo"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(base: str, timeout: float = 120) -> None:
    """Wait until the server at ``base`` answers its health check (it migrates and starts its workers first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if http("GET", f"{base}/health")[0] == 200:
                return
        except OSError:
            time.sleep(0.2)


def http(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None,
         form: dict[str, str] | None = None) -> tuple[int, Any, Any]:
    data, hdrs = None, dict(headers or {})
    if form is not None:
        data = "&".join(f"{k}={v}" for k, v in form.items()).encode()
        hdrs["Content-Type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body).encode()
        hdrs["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            raw = r.read()
            return r.status, json.loads(raw) if raw else None, r.headers
    except urllib.error.HTTPError as e:
        return e.code, None, e.headers


class Server:
    def __init__(self, url: str, workers: int) -> None:
        self.db = url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "TEAMSWISS_DATABASE_URL": url, "TEAMSWISS_ENV": "development",
               "TEAMSWISS_SECRET_KEY": "bench-load-secret-key-0123456789abcdef",
               # every subscriber of the benchmark comes from this machine's one address
               "TEAMSWISS_MAX_STREAMS_PER_CLIENT": os.environ.get("TEAMSWISS_MAX_STREAMS_PER_CLIENT", "100000")}
        py = sys.executable
        if url.startswith("postgresql"):
            import psycopg

            with psycopg.connect(url.replace("postgresql+psycopg", "postgresql"), autocommit=True) as c:
                c.execute("DROP SCHEMA public CASCADE")
                c.execute("CREATE SCHEMA public")
        for cmd in (["migrate"], ["demo"]):
            subprocess.run([py, "-m", "app.cli.main", *cmd], cwd=ROOT, env=env, check=True, capture_output=True)
        self.proc = subprocess.Popen(
            [py, "-m", "app.cli.main", "serve", "--port", str(self.port), "--workers", str(workers), "--log-level",
             "warning"], cwd=ROOT, env=env)
        wait_healthy(self.base)
        status, tok, _ = http("POST", f"{self.base}/auth/token", form={"username": "admin", "password": PASSWORD})
        assert status == 200, status
        self.auth = {"Authorization": f"Bearer {tok['access_token']}"}

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def wrk(url: str, connections: int, seconds: int = SECONDS, headers: dict[str, str] | None = None,
        settle: float = 1.0) -> dict[str, Any]:
    """A wrk run; ``settle`` seconds first, so that the requests of the run before (whose connections wrk has
    just closed) are no longer in flight and count against this run's connections (0: straight after)."""
    time.sleep(settle)
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "5s"]
    for k, v in (headers or {}).items():
        cmd += ["-H", f"{k}: {v}"]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout

    def ms(label: str) -> float:
        m = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        if not m:
            return float("nan")
        return float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    return {"rps": rps, "p50": ms("50"), "p99": ms("99"), "non2xx": int(non2xx.group(1)) if non2xx else 0,
            "errors": errors.group(1).strip() if errors else ""}


def show(name: str, r: dict[str, Any]) -> None:
    extra = f"; non-2xx/3xx {r['non2xx']}" if r["non2xx"] else ""
    extra += f"; socket errors {r['errors']}" if r["errors"] else ""
    print(f"  {name:<44} {r['rps']:8.0f} req/s   p50 {r['p50']:7.1f} ms   p99 {r['p99']:7.1f} ms{extra}")


def match_etag(srv: Server, tid: int, number: int, match_id: int) -> str:
    """The match's current ETag, as a client that read the round has it (a changed result needs it)."""
    status, rnd, _ = http("GET", f"{srv.base}/tournaments/{tid}/rounds/{number}", headers=srv.auth)
    assert status == 200, status
    return str(next(m["etag"] for m in rnd["matches"] if m["id"] == match_id))


class Writer(threading.Thread):
    """Posts a result every 200 ms on the live round (alternating 1-0 / 0-1), with the ETag of its last answer."""

    def __init__(self, srv: Server, tid: int, number: int, match_id: int, board: int) -> None:
        super().__init__(daemon=True)
        self.srv, self.url = srv, f"{srv.base}/tournaments/{tid}/rounds/{number}/matches/{match_id}/boards/{board}"
        self.match = (tid, number, match_id)
        self.stop = threading.Event()
        self.latencies: list[float] = []

    def run(self) -> None:
        k = 0
        etag = match_etag(self.srv, *self.match)
        while not self.stop.is_set():
            t0 = time.perf_counter()
            status, _, headers = http("PUT", self.url, {"result": ("1-0", "0-1")[k % 2]},
                                      headers={**self.srv.auth, "If-Match": etag})
            self.latencies.append((time.perf_counter() - t0) * 1000)
            assert status == 200, status
            etag = headers["ETag"]
            k += 1
            self.stop.wait(max(0.0, 0.2 - (time.perf_counter() - t0)))

    def summary(self) -> str:
        lat = sorted(self.latencies)
        if not lat:
            return "no writes"
        return (f"{len(lat)} writes, p50 {statistics.median(lat):.1f} ms, "
                f"p99 {lat[min(len(lat) - 1, int(len(lat) * 0.99))]:.1f} ms")


def live_round(srv: Server, tid: int) -> tuple[int, dict[str, Any]]:
    rounds = http("GET", f"{srv.base}/tournaments/{tid}/rounds")[1]["items"]
    live = next((r for r in rounds if r["state"] in ("published", "in_progress")), None)
    if live is None:
        n = next(r["number"] for r in rounds if r["state"] == "pending")
        http("POST", f"{srv.base}/tournaments/{tid}/rounds/{n}/pair", headers=srv.auth)
        http("POST", f"{srv.base}/tournaments/{tid}/rounds/{n}/publish", headers=srv.auth)
    else:
        n = live["number"]
    return n, http("GET", f"{srv.base}/tournaments/{tid}/rounds/{n}")[1]


async def sse_fanout(srv: Server, tid: int, number: int, match: dict[str, Any], subscribers: int) -> str:
    """``subscribers`` raw SSE connections; the seconds until every one has the posted result."""
    host, port = "127.0.0.1", srv.port
    request = (f"GET /tournaments/{tid}/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n").encode()
    ready = 0
    got: list[float] = []

    async def one() -> None:
        nonlocal ready
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(request)
        await writer.drain()
        buf = b""
        counted = False
        try:
            while True:
                chunk = await asyncio.wait_for(reader.read(65536), 60)
                if not chunk:
                    return
                buf += chunk
                if not counted and b"retry:" in buf:
                    counted = True
                    ready += 1
                if b"event: match" in buf:
                    got.append(time.perf_counter())
                    return
        finally:
            writer.close()

    tasks = []
    for _ in range(subscribers):
        tasks.append(asyncio.create_task(one()))
        await asyncio.sleep(0.001)
    t_end = time.perf_counter() + 60
    while ready < subscribers and time.perf_counter() < t_end:
        await asyncio.sleep(0.05)
    url = f"{srv.base}/tournaments/{tid}/rounds/{number}/matches/{match['id']}/boards/1"
    etag = await asyncio.to_thread(match_etag, srv, tid, number, match["id"])
    t0 = time.perf_counter()
    status, _, _ = await asyncio.to_thread(http, "PUT", url, {"result": "1/2-1/2"}, {**srv.auth, "If-Match": etag})
    posted = time.perf_counter()
    await asyncio.wait(tasks, timeout=30)
    for t in tasks:
        t.cancel()
    if not got:
        return f"{ready} subscribed; none received the result (PUT {status})"
    return (f"{ready} subscribed; {len(got)} received the result: the last {max(got) - t0:.2f} s after the PUT "
            f"was sent (its answer took {posted - t0:.2f} s), median {statistics.median(got) - t0:.2f} s")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--pg", help="PostgreSQL URL instead of a temporary SQLite file")
    p.add_argument("--subscribers", type=int, default=1000)
    args = p.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed (apt-get install wrk)")
    url = args.pg or f"sqlite:///{tempfile.mkdtemp()}/load.db"
    print(f"CPU: {cpu_model()}, {os.cpu_count()} cores; Python {platform.python_version()}; "
          f"load average before {os.getloadavg()[0]:.1f}")
    print(f"database: {'PostgreSQL' if args.pg else 'SQLite'}; {args.workers} worker(s); wrk -t2, {SECONDS} s per run")
    srv = Server(url, args.workers)
    try:
        tid = 1
        number, rnd = live_round(srv, tid)
        base = f"{srv.base}/tournaments/{tid}"
        etag = http("GET", f"{base}/standings")[2]["ETag"]
        health = wrk(f"{srv.base}/health", 64)
        show("GET /health (64 conn)", health)
        st = wrk(f"{base}/standings", 64)
        show("GET standings (64 conn)", st)
        show("GET standings, If-None-Match -> 304", wrk(f"{base}/standings", 64, headers={"If-None-Match": etag}))
        show(f"GET live round {number} (64 conn)", wrk(f"{base}/rounds/{number}", 64))
        print(f"  standings / health: {st['rps'] / health['rps']:.2f}")
        match = next(m for m in rnd["matches"] if not m["pab"])
        idle = Writer(srv, tid, number, match["id"], 2)
        idle.start()
        time.sleep(SECONDS / 2)
        idle.stop.set()
        idle.join()
        print(f"  result writer alone (every 200 ms): {idle.summary()}")
        for path, name in ((f"{base}/standings", "standings"), (f"{base}/rounds/{number}", f"live round {number}")):
            w = Writer(srv, tid, number, match["id"], 2)
            w.start()
            show(f"GET {name} (64 conn) + writer", wrk(path, 64))
            w.stop.set()
            w.join()
            print(f"    writer under that load: {w.summary()}")
        quiet = wrk(f"{base}/standings", 16)
        show("GET standings (16 conn), before the overload", quiet)
        show("GET standings (256 conn): overload", wrk(f"{base}/standings", 256))
        after = wrk(f"{base}/standings", 16, settle=0)  # right after the burst: no pause
        show("GET standings (16 conn), right after", after)
        print(f"  after / before the overload: {after['rps'] / quiet['rps']:.2f}")
        number, rnd = live_round(srv, tid)
        match = next(m for m in rnd["matches"] if not m["pab"])
        print(f"  SSE: {asyncio.run(sse_fanout(srv, tid, number, match, args.subscribers))}")
    finally:
        srv.stop()
    print(f"load average after {os.getloadavg()[0]:.1f} (1 min)")


if __name__ == "__main__":
    main()
