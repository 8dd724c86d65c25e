"""Benchmark: a live public mirror (a venue on SQLite publishing to a public server).

Three parts, on loopback, with a 40-team, 7-round event (``teamswiss generate``, imported on the venue):
  first push: the venue's snapshot (its public export, gzip), its size, and the push until the mirror has it;
  latency: a result changed on the venue until an SSE subscriber of the mirror has it (the publisher watching
    the venue's version, the push, the mirror's transaction, its live stream), ``--changes`` times;
  fan-out: the mirror holding ``--tournaments`` mirrored tournaments with ``--subscribers`` SSE subscribers
    spread over them, on ``--workers`` worker processes: every venue pushes a changed result at once, and the
    time until every subscriber has its tournament's result; after a first such burst before the subscribers
    connect (a server that has been working), or with ``--cold`` the first burst after the server started.
Prints the figures, the machine and how busy it was (load average). Run:
``.venv/bin/python bench/bench_mirror.py [--pg URL] [--workers 4] [--tournaments 100] [--subscribers 10000]``.
Goals: first push under 1 s and a few tens of kB; venue change to mirror subscriber under 2 s; with 100
tournaments, 10,000 subscribers and 4 workers on PostgreSQL, every subscriber within 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_load import free_port, wait_healthy  # noqa: E402
from machine import cpu_model, cpu_seconds, named, tree  # noqa: E402

PASSWORD = "bench-mirror-password"


def teamswiss(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "app.cli.main", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def environment(url: str) -> dict[str, str]:
    return {**os.environ, "TEAMSWISS_DATABASE_URL": url, "TEAMSWISS_ENV": "development",
            "TEAMSWISS_SECRET_KEY": "bench-mirror-secret-key-0123456789abcdef",
            "TEAMSWISS_ADMIN_USERNAME": "admin", "TEAMSWISS_ADMIN_PASSWORD": PASSWORD,
            # every subscriber of the benchmark comes from this machine's one address
            "TEAMSWISS_MAX_STREAMS_PER_CLIENT": "1000000"}


def public_server(url: str, workers: int) -> tuple[subprocess.Popen[bytes], str, dict[str, str]]:
    """The mirror: migrated (PostgreSQL: from an empty schema), served by ``workers`` processes."""
    if url.startswith("postgresql"):
        import psycopg

        with psycopg.connect(url.replace("postgresql+psycopg", "postgresql"), autocommit=True) as c:
            c.execute("DROP SCHEMA public CASCADE")
            c.execute("CREATE SCHEMA public")
    env = environment(url)
    teamswiss(env, "migrate")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "app.cli.main", "serve", "--port", str(port), "--workers",
                             str(workers), "--log-level", "warning"], cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base)
    return proc, base, env


def venue(tmp: Path) -> tuple[str, int]:
    """The venue's SQLite file with the 40-team, 7-round event imported; its id."""
    url = f"sqlite:///{tmp / 'venue.db'}"
    env = environment(url)
    teamswiss(env, "migrate")
    teamswiss(env, "generate", "--teams", "40", "--rounds", "7", "--seed", "7", "-o", str(tmp / "event.trf"))
    return url, int(teamswiss(env, "import", str(tmp / "event.trf")).split()[-1])


def first_push(venue_url: str, tid: int, base: str, token: str) -> dict[str, Any]:
    from sqlmodel import Session

    from app.db.engine import get_engine
    from app.operations.publishing import MirrorClient, snapshot

    t0 = time.perf_counter()
    with Session(get_engine(venue_url)) as s:
        snap = snapshot(s, tid)
    t1 = time.perf_counter()
    state = MirrorClient(base, token, tid).push(snap.whole())
    t2 = time.perf_counter()
    print(f"first push: public view {snap.raw_size / 1000:.1f} kB, gzip {len(snap.whole()) / 1000:.1f} kB; "
          f"snapshot {1000 * (t1 - t0):.0f} ms, push until the mirror has it {1000 * (t2 - t1):.0f} ms, total "
          f"{t2 - t0:.2f} s")
    return {"state": state, "snap": snap}


class _Stream(asyncio.Protocol):
    """One subscriber's connection, its bytes looked at as they arrive: no task wakes and no timeout is armed for
    each read (the benchmark's 10,000 subscribers share the machine's cores with the server they measure)."""

    def __init__(self, subs: Subscribers, tid: int, stay: bool, done: asyncio.Future[None]) -> None:
        self.subs, self.tid, self.stay, self.done = subs, tid, stay, done
        self.buf, self.counted = b"", False
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(f"GET /tournaments/{self.tid}/events HTTP/1.1\r\nHost: {self.subs.host}\r\n"
                        "Accept: text/event-stream\r\n\r\n".encode())

    def data_received(self, data: bytes) -> None:
        self.buf += data
        if not self.counted and b"retry:" in self.buf:
            self.counted = True
            self.subs.ready += 1
        if b"event: match" in self.buf:
            now = time.perf_counter()
            self.subs.got.append(now)
            self.subs.of.append((self.tid, now))
            self.buf = b""
            if not self.stay and self.transport is not None:
                self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.counted:
            why = f"read: {getattr(exc, 'strerror', None) or exc}" if exc else \
                self.buf.split(b"\r\n", 1)[0].decode(errors="replace") or "closed"
            self.subs.failed[why] += 1
        if not self.done.done():
            self.done.set_result(None)


class Subscribers:
    """Raw SSE connections to tournaments of the mirror: when each has a ``match`` event (and of which one)."""

    def __init__(self, base: str) -> None:
        self.host, self.port = base.removeprefix("http://").split(":")
        self.ready = 0
        self.got: list[float] = []
        self.of: list[tuple[int, float]] = []
        self.failed: Counter[str] = Counter()  # subscribers that never started, by why

    async def one(self, tid: int, stay: bool = False) -> None:
        """One subscriber: until it has a result (``stay``: and after, as a parent's page stays open)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        try:
            transport, _ = await loop.create_connection(lambda: _Stream(self, tid, stay, done), self.host,
                                                        int(self.port))
        except OSError as exc:
            self.failed[f"connect: {exc.strerror or exc}"] += 1
            return
        try:
            await done
        finally:
            transport.close()


def latency(venue_url: str, tid: int, base: str, token: str, mirror_tid: int, changes: int) -> None:
    """A result changed on the venue (through the operations, as the API would) until a mirror subscriber has it."""
    from sqlmodel import Session, col, select

    from app.db.engine import get_engine
    from app.models import BoardGame, Match, Round
    from app.operations.publishing import Publisher

    engine = get_engine(venue_url)
    stop = threading.Event()
    pub = Publisher(engine, tid, base, token, say=lambda _: None)
    th = threading.Thread(target=pub.run, kwargs={"stop": stop.is_set}, daemon=True)
    th.start()
    with Session(engine) as s:
        boards = s.exec(select(BoardGame.id).join(Match, col(Match.id) == BoardGame.match_id)
                        .join(Round, col(Round.id) == Match.round_id)
                        .where(Round.tournament_id == tid, Round.number == 7, col(BoardGame.result).in_(
                            ["1-0", "0-1"]))).all()
    took = []
    try:
        for k in range(changes):
            subs = Subscribers(base)

            async def change(board_id: int, subs: Subscribers = subs) -> float:
                task = asyncio.create_task(subs.one(mirror_tid))
                while subs.ready < 1:
                    await asyncio.sleep(0.01)
                t0 = time.perf_counter()
                await asyncio.to_thread(flip, engine, board_id)
                await asyncio.wait_for(task, 30)
                return subs.got[0] - t0

            took.append(asyncio.run(change(int(boards[k % len(boards)] or 0))))
    finally:
        stop.set()
        th.join(10)
    print(f"latency: a result on the venue until a mirror subscriber has it, {changes} changes: median "
          f"{statistics.median(took):.2f} s, max {max(took):.2f} s")


def flip(engine: Any, board_id: int) -> None:
    from sqlmodel import Session

    from app.models import BoardGame

    with Session(engine) as s:
        b = s.get(BoardGame, board_id)
        assert b is not None
        b.result = "0-1" if b.result == "1-0" else "1-0"
        s.add(b)
        s.commit()


def changed(snap: Any, version: int) -> tuple[Any, bytes]:
    """A venue whose last round's first board changed: its new snapshot, and what it sends a mirror that has
    ``snap`` (the changed parts)."""
    from app.operations.publishing import Snapshot

    export = json.loads(json.dumps(snap.export))
    board = export["rounds"][-1]["matches"][0]["boards"][0]
    board["result"] = "0-1" if board["result"] == "1-0" else "1-0"
    new = Snapshot.of(version, export, snap.extras)
    return new, bytes(new.change(snap.version, snap.digests))


def fanout(first: dict[str, Any], base: str, token: str, tournaments: int, subscribers: int, server: int,
           warm_up: bool = True) -> None:
    from app.operations.publishing import MirrorClient

    snap = first["snap"]
    body = snap.whole()
    ids: dict[int, int] = {}  # another venue's tournaments 1, 2, ... (the latency's venue has pushed on)
    for venue_tid in range(1, tournaments + 1):
        ids[venue_tid] = MirrorClient(base, token, venue_tid).push(body)["tournament_id"]
    warmed, warm = changed(snap, snap.version + 10_000)
    # the measured change: the same board back after the first burst, else the first change
    after_change, body = changed(warmed, snap.version + 20_000) if warm_up else (warmed, warm)
    bodies = {venue_tid: body for venue_tid in ids}
    _, again = changed(after_change, snap.version + 30_000)  # and again: one venue's next result
    print(f"fan-out: each venue sends the changed round: {len(bodies[1]) / 1000:.1f} kB gzip "
          f"({len(gzip.decompress(bodies[1])) / 1000:.1f} kB of JSON)")
    if warm_up:
        # the server has been busy before: its workers' pools hold the connections a burst needs (the first burst
        # after a start opens them: PostgreSQL starts a backend for each)
        t0 = time.perf_counter()
        with ThreadPoolExecutor(tournaments) as pool:
            list(pool.map(lambda v: MirrorClient(base, token, v).push(warm), ids))
        print(f"fan-out: a first burst, every venue at once before the subscribers connect: answered in "
              f"{time.perf_counter() - t0:.2f} s")
    subs = Subscribers(base)

    async def run() -> tuple[float, float]:
        tasks = []
        for k in range(subscribers):
            tasks.append(asyncio.create_task(subs.one(ids[1 + k % tournaments], stay=True)))
            if k % 50 == 0:
                await asyncio.sleep(0.01)
        deadline = time.perf_counter() + 300
        while subs.ready < subscribers and time.perf_counter() < deadline:
            await asyncio.sleep(0.1)

        answered: dict[int, float] = {}

        def push(v: int) -> None:
            MirrorClient(base, token, v).push(bodies[v])
            answered[ids[v]] = time.perf_counter()

        def push_all() -> float:
            with ThreadPoolExecutor(tournaments) as pool:  # every venue at once, each its own client
                list(pool.map(push, ids))
            return time.perf_counter()

        pids = {"the mirror's workers": tree(server), "PostgreSQL": named("postgres"), "this benchmark (the "
                "subscribers and the venues)": [os.getpid()]}
        before = {pid: cpu_seconds(pid) for v in pids.values() for pid in v}
        t0 = time.perf_counter()
        pushed = await asyncio.to_thread(push_all)
        deadline = time.perf_counter() + 120
        while len(subs.got) < subs.ready and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
        pids["PostgreSQL"] = sorted(set(pids["PostgreSQL"]) | set(named("postgres")))  # its backends come and go
        # a process that ended meanwhile is not counted (its time is gone with it)
        used.update({k: sum(max(0.0, cpu_seconds(pid) - before.get(pid, 0.0)) for pid in v) for k, v in pids.items()})
        got.extend(subs.of)
        after.extend(at - answered[tid] for tid, at in subs.of)
        # then one venue's next result, with the subscribers still there: until its own have it
        await asyncio.sleep(1.0)
        one, t1 = ids[1], time.perf_counter()
        await asyncio.to_thread(MirrorClient(base, token, 1).push, again)
        wanted = sum(1 for k in range(subs.ready) if 1 + k % tournaments == 1)
        while sum(1 for tid, at in subs.of if tid == one and at > t1) < wanted and time.perf_counter() < t1 + 30:
            await asyncio.sleep(0.005)
        alone.extend(at - t1 for tid, at in subs.of if tid == one and at > t1)
        for t in tasks:
            t.cancel()
        return t0, pushed

    after: list[float] = []
    used: dict[str, float] = {}
    alone: list[float] = []
    got: list[tuple[int, float]] = []  # (tournament, when) of the burst's results
    t0, pushed = asyncio.run(run())
    if not got:
        print(f"fan-out: {subs.ready} subscribed; none received a result")
        return
    if subs.failed:
        print(f"fan-out: subscribers that did not start: {dict(subs.failed)}")
    print(f"fan-out: {tournaments} mirrored tournaments, {subs.ready} of {subscribers} subscribers ready; "
          f"{len(got)} received their tournament's result: the last {max(at for _, at in got) - t0:.2f} s after the "
          f"first push was sent; the {tournaments} pushes (each its changed round) answered in "
          f"{pushed - t0:.2f} s ({tournaments / (pushed - t0):.1f} pushes/s); after its push was answered, a "
          f"subscriber had the result within median {statistics.median(after):.2f} s, max {max(after):.2f} s")
    print("fan-out: CPU used meanwhile: " + ", ".join(f"{k} {v:.2f} s" for k, v in used.items()))
    if alone:
        print(f"fan-out: then one venue's next result, the {subscribers} subscribers still connected: its "
              f"{len(alone)} subscribers had it within {max(alone):.2f} s of the venue's push (median "
              f"{statistics.median(alone):.2f} s)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pg", help="the mirror's PostgreSQL URL (default: a temporary SQLite file, one worker)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--tournaments", type=int, default=100)
    p.add_argument("--subscribers", type=int, default=10_000)
    p.add_argument("--changes", type=int, default=10)
    p.add_argument("--cold", action="store_true", help="no first burst before the subscribers connect: the measured "
                   "one is the first after the server started")
    args = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-mirror-"))
    print(f"CPU: {cpu_model()}, {os.cpu_count()} cores; Python {platform.python_version()}; "
          f"load average before {os.getloadavg()[0]:.1f}")
    print(f"mirror: {'PostgreSQL' if args.pg else 'SQLite'}, {args.workers} worker(s); venue: SQLite")
    venue_url, tid = venue(tmp)
    proc, base, env = public_server(args.pg or f"sqlite:///{tmp / 'mirror.db'}", args.workers)
    try:
        token = teamswiss(env, "create-token", "bench", "--user", "admin", "--scope", "publish", "--venue", "bench",
                          "--tournament", str(tid))
        first = first_push(venue_url, tid, base, token)
        latency(venue_url, tid, base, token, first["state"]["tournament_id"], args.changes)
        if args.tournaments and args.subscribers:
            token = teamswiss(env, "create-token", "bench-fanout", "--user", "admin", "--scope", "publish", "--venue",
                              "bench-fanout", *(x for t in range(1, args.tournaments + 1) for x in ("--tournament",
                                                                                                   str(t))))
            fanout(first, base, token, args.tournaments, args.subscribers, proc.pid, warm_up=not args.cold)
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
    print(f"load average after {os.getloadavg()[0]:.1f} (1 min)")


if __name__ == "__main__":
    main()
