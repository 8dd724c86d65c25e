"""More requests at once than the database pool has connections: they wait their turn, none fails.

A request's session takes its connection in one thread hop (the access check) and goes on in another (the
handler). Before the session slots, 100 requests at once on a pool of 2 left every shared thread waiting for a
connection while the requests holding the connections waited for a thread: half of them failed (500) when the
pool timed out, 21 s later.
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from app.http.session import session_slots
from tests.api.conftest import make_user
from tests.conftest import TEST_DATABASE_URL
from tests.demo_server import start_server, stop


def test_the_slots_are_the_pool_s_connections_and_fewer_than_the_threads() -> None:
    assert session_slots(20, 40) == 20  # a PostgreSQL worker's share of the connections
    assert session_slots(50, 40) == 39  # more connections than threads: one thread is always free
    assert session_slots(None, 40) == 39  # a pool without a bound
    assert session_slots(0, 40) == 1


def test_more_requests_than_connections_all_succeed(engine: Any) -> None:
    make_user(engine, "admin", admin=True)
    proc, base = start_server(["-m", "uvicorn", "app.main:app"], {
        "TEAMSWISS_DATABASE_URL": TEST_DATABASE_URL, "TEAMSWISS_DB_POOL_SIZE": "2", "TEAMSWISS_DB_MAX_OVERFLOW": "0"})
    try:
        token = httpx.post(f"{base}/auth/token", data={"username": "admin", "password": "password123"},
                           timeout=30).json()["access_token"]
        headers = {"Authorization": f"Bearer {token}"}

        def me(_: int) -> int:
            return httpx.get(f"{base}/auth/me", headers=headers, timeout=60).status_code

        with ThreadPoolExecutor(100) as pool:
            codes = Counter(pool.map(me, range(100)))
        assert codes == {200: 100}
    finally:
        stop(proc)
