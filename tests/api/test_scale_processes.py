"""Two real server processes on one database agree at once.

A result posted to one process reaches an SSE subscriber of the other within a second (PostgreSQL
LISTEN/NOTIFY); standings read from the second process are never stale after a write on the first.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import Subscriber
from tests.api.factory import all_white_wins, ok, setup
from tests.conftest import TEST_DATABASE_URL
from tests.demo_server import start_server, stop


@pytest.fixture()
def servers(engine: Any) -> Iterator[list[str]]:
    """Two uvicorn processes on the test database."""
    started: list[tuple[Any, str]] = []
    try:
        for _ in range(2):
            started.append(start_server(["-m", "uvicorn", "app.main:app"],
                                        {"TEAMSWISS_DATABASE_URL": TEST_DATABASE_URL}))
        yield [url for _, url in started]
    finally:
        for proc, _ in started:
            stop(proc)


def test_standings_from_another_process_are_never_stale(client: TestClient, admin: dict[str, str],
                                                        servers: list[str]) -> None:
    tid, _ = setup(client, admin, teams=6)
    a, b = (httpx.Client(base_url=u, timeout=10) for u in servers)
    etag = None
    for n in (1, 2, 3):
        ok(a.post(f"/tournaments/{tid}/rounds/{n}/pair", headers=admin))
        rnd = ok(a.post(f"/tournaments/{tid}/rounds/{n}/publish", headers=admin))
        seen = ok(b.get(f"/tournaments/{tid}/rounds/{n}"))  # B caches the round as it is now
        assert all(not m["complete"] for m in seen["matches"] if not m["pab"])
        ok(a.post(f"/tournaments/{tid}/rounds/{n}/results", json={"results": all_white_wins(rnd)}, headers=admin))
        assert all(m["complete"] for m in ok(b.get(f"/tournaments/{tid}/rounds/{n}"))["matches"])
        ok(a.post(f"/tournaments/{tid}/rounds/{n}/complete", headers=admin))
        r = b.get(f"/tournaments/{tid}/standings", headers={"If-None-Match": etag} if etag else {})
        assert r.status_code == 200, "a 304 here would be stale standings"
        assert r.json()["after_round"] == n
        assert r.json() == ok(a.get(f"/tournaments/{tid}/standings"))
        etag = r.headers["ETag"]
        assert b.get(f"/tournaments/{tid}/standings", headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.skipif(not TEST_DATABASE_URL.startswith("postgresql"), reason="cross-process push is PostgreSQL's")
def test_a_result_posted_to_one_process_reaches_a_subscriber_of_another(
        client: TestClient, admin: dict[str, str], servers: list[str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    rnd = ok(client.post(f"/tournaments/{tid}/rounds/1/publish", headers=admin))
    writer, subscriber = servers
    sub = Subscriber(f"{subscriber}/tournaments/{tid}/events", timeout=15)
    assert sub.ready.wait(10)  # subscribed (the stream began with retry:)
    item = all_white_wins(rnd)[0]
    ok(httpx.post(f"{writer}/tournaments/{tid}/rounds/1/results", json={"results": [item]}, headers=admin))
    posted = time.monotonic()
    sub.thread.join(5)
    got = sub.got
    kinds = [k for k, _, _ in got]
    assert kinds == ["round", "match"], kinds  # in_progress, then the match
    _, data, arrived = got[-1]
    assert data["match"]["table"] == item["table"] and data["match"]["boards"][0]["result"] == "1-0"
    assert arrived - posted < 1.0, f"the event took {arrived - posted:.2f} s"
