"""Benchmark: a whole 40-team, 7-round tournament driven through the HTTP API in-process.

Entries, rosters, lineups, pairing, 1,120 board results in batches, standings after
each round. Prints the total seconds (wall and this process's CPU), the slowest request and
the pairing requests, on SQLite and, when reachable, on PostgreSQL (``BENCH_PG_URL``, default
the local test database), with the machine's load average (the figures mean little on a busy
machine). Goals: under 3 s on SQLite, under 5 s on PostgreSQL, a pairing request of
40 teams under 50 ms. Run: ``.venv/bin/python bench/bench_api.py``.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from machine import cpu_model  # noqa: E402

TEAMS, ROUNDS, BOARDS = 40, 7, 4


class AsyncBridge:
    """HTTP in-process: one event loop, one long-lived task and one httpx.AsyncClient on the ASGI app.

    (Starlette's TestClient starts a new event-loop portal per request, which costs more than most of our
    handlers. Every request is made from the same task, as a server's requests run under its one main task:
    anyio keeps its worker threads for the life of the loop's root task, so a task per request would start
    a new worker thread for every request. This measures the app, not the test harness.)
    """

    def __init__(self, app: Any) -> None:
        import asyncio
        import importlib.util
        import threading

        import httpx

        if importlib.util.find_spec("sniffio") is None:
            # httpx's ASGI transport tries ``import sniffio`` on every request; without it installed, each failed
            # import searches sys.path again (~0.4 ms a request). A None entry fails that import at once.
            sys.modules["sniffio"] = None  # type: ignore[assignment]

        self.loop = asyncio.new_event_loop()
        self._jobs: asyncio.Queue[Any] = asyncio.Queue()
        client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench")

        async def serve() -> None:
            async with client:
                while (job := await self._jobs.get()) is not None:
                    args, kw, done = job
                    try:
                        done.set_result(await client.request(*args, **kw))
                    except Exception as exc:  # noqa: BLE001 - handed to the caller
                        done.set_exception(exc)

        self._thread = threading.Thread(target=self.loop.run_until_complete, args=(serve(),), daemon=True)
        self._thread.start()

    def request(self, method: str, path: str, **kw: Any) -> Any:
        from concurrent.futures import Future

        done: Future[Any] = Future()
        self.loop.call_soon_threadsafe(self._jobs.put_nowait, ((method, path), kw, done))
        return done.result()

    def post(self, path: str, **kw: Any) -> Any:
        return self.request("POST", path, **kw)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self._jobs.put_nowait, None)
        self._thread.join()
        self.loop.close()


def run(url: str) -> tuple[float, float, str, int, float, list[float]]:
    os.environ["TEAMSWISS_DATABASE_URL"] = url
    os.environ["TEAMSWISS_ENV"] = "test"
    os.environ["TEAMSWISS_SECRET_KEY"] = "bench-secret-key-that-is-long-enough-0123456789"
    from app.config import get_settings

    get_settings.cache_clear()
    from sqlalchemy import text

    from app.db.engine import get_engine
    from app.db.migrate import upgrade

    engine = get_engine(url)
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    upgrade(url)
    from sqlmodel import Session

    from app.auth.credentials import hash_password
    from app.http.factory import create_app, warm_up
    from app.models import User

    with Session(engine) as s:
        s.add(User(username="bench", password_hash=hash_password("bench-password"), is_admin=True))
        s.commit()
    app = create_app()
    warm_up()  # what a served app's lifespan does at start (the in-process transport sends no lifespan events)
    client = AsyncBridge(app)
    slowest = (0.0, "")
    count = 0
    per_route: dict[str, list[float]] = {}

    def call(method: str, path: str, **kw: Any) -> Any:
        nonlocal slowest, count
        t0 = time.perf_counter()
        r = client.request(method, path, **kw)
        dt = time.perf_counter() - t0
        count += 1
        route = method + " " + "/".join("{n}" if part.isdigit() else part for part in path.split("?")[0].split("/"))
        per_route.setdefault(route, []).append(dt)
        if dt > slowest[0]:
            slowest = (dt, f"{method} {path}")
        if r.status_code >= 400:
            raise RuntimeError(f"{method} {path}: {r.status_code} {r.text}")
        return r.json() if r.content else None

    rng = random.Random(7)
    start, cpu = time.perf_counter(), time.process_time()
    tok = client.post("/auth/token", data={"username": "bench", "password": "bench-password"}).json()
    auth = {"Authorization": f"Bearer {tok['access_token']}"}
    open_rules = {"entry_deadline": None, "roster_deadline": None, "substitution_deadline": None,
                  "round_starts": [], "max_teams_per_club": 4}
    t = call("POST", "/tournaments", json={"name": "Bench", "preset": "k12-2025", "rules": open_rules}, headers=auth)
    tid = t["id"]
    call("PUT", f"/tournaments/{tid}/committee", headers=auth, json={"members": [
        {"name": f"M{i}", "kind": "regular" if i < 3 else "alternate"} for i in range(5)]})
    team_players: dict[int, list[int]] = {}
    for i in range(TEAMS):
        if i % 2 == 0:
            club = call("POST", "/clubs", json={"name": f"Club {i // 2}"}, headers=auth)
        team = call("POST", f"/tournaments/{tid}/teams", json={"club_id": club["id"], "name": f"Team {i}"},
                    headers=auth)
        call("POST", f"/tournaments/{tid}/teams/{team['id']}/payments",
             json={"amount": "36.00", "paid_on": "2026-11-01"}, headers=auth)
        ids = []
        for k in range(5):
            p = call("POST", "/players", headers=auth, json={
                "club_id": club["id"], "last_name": f"P{i}-{k}", "sex": "w" if k == 2 else "m",
                "birth_date": "2014-01-01", "fide_rating": rng.randint(1300, 2000), "activation_fee_paid": True})
            ids.append(p["id"])
        call("PUT", f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": ids}, headers=auth)
        team_players[team["id"]] = ids
    call("POST", f"/tournaments/{tid}/ranking/lock", headers=auth)
    results_posted = 0
    for n in range(1, ROUNDS + 1):
        for team_id, ids in team_players.items():
            chosen = rng.sample(ids, 4)
            if not any(ids.index(x) == 2 for x in chosen):
                chosen[0] = ids[2]
            call("PUT", f"/tournaments/{tid}/rounds/{n}/lineups/{team_id}", json={"player_ids": chosen},
                 headers=auth)
        call("POST", f"/tournaments/{tid}/rounds/{n}/pair", headers=auth)
        rnd = call("POST", f"/tournaments/{tid}/rounds/{n}/publish", headers=auth)
        items = [{"table": m["table"], "board": b["board"], "result": rng.choice(["1-0", "0-1", "1/2-1/2"])}
                 for m in rnd["matches"] if not m["pab"] for b in m["boards"]]
        for k in range(0, len(items), 40):
            call("POST", f"/tournaments/{tid}/rounds/{n}/results", json={"results": items[k:k + 40]}, headers=auth)
        results_posted += len(items)
        call("POST", f"/tournaments/{tid}/rounds/{n}/complete", headers=auth)
        call("GET", f"/tournaments/{tid}/standings")
    total, cpu = time.perf_counter() - start, time.process_time() - cpu
    client.close()
    engine.dispose()
    if os.environ.get("BENCH_ROUTES"):
        for route, times in sorted(per_route.items(), key=lambda kv: -sum(kv[1]))[:12]:
            print(f"  {sum(times):7.2f} s  {len(times):4d} x  {route}")
    return total, slowest[0], slowest[1], results_posted, cpu, per_route["POST /tournaments/{n}/rounds/{n}/pair"]


def main() -> None:
    print(f"CPU: {cpu_model()}, {os.cpu_count()} cores; Python {platform.python_version()}; "
          f"load average {os.getloadavg()[0]:.1f}")
    targets = [("SQLite", f"sqlite:///{tempfile.mkdtemp()}/bench.db")]
    pg = os.environ.get("BENCH_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    try:
        import psycopg

        psycopg.connect(pg.replace("postgresql+psycopg", "postgresql"), connect_timeout=2).close()
        targets.append(("PostgreSQL", pg))
    except Exception as exc:  # noqa: BLE001 - the benchmark just skips an unreachable server
        print(f"PostgreSQL skipped: {exc}")
    for name, url in targets:
        total, slow, what, n, cpu, pairs = run(url)
        goal = 3 if name == "SQLite" else 5
        verdict = "OK" if total < goal else f"over the {goal} s goal"
        pairs = sorted(pairs)
        print(f"{name}: {TEAMS} teams x {ROUNDS} rounds, {n} board results: total {total:.2f} s ({verdict}), "
              f"CPU {cpu:.2f} s; slowest request {slow * 1000:.0f} ms ({what}); pairing requests: median "
              f"{pairs[len(pairs) // 2] * 1000:.0f} ms, slowest {pairs[-1] * 1000:.0f} ms (goal < 50 ms); "
              f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
