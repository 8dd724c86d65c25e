"""A cached read is answered from its kept bytes after one version query, never stale."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlmodel import Session

from app.http.caching import CachedReads
from app.models import Tournament
from app.operations.cache import lru
from tests.api.factory import all_white_wins, ok, pair_publish, setup

VIEWS = ("standings", "crosstable", "prizes", "rounds/1", "ranking", "", "standings?round=1")


def test_a_cached_read_is_answered_without_the_route_as_the_route_answers_it(
        client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    for view in VIEWS:
        url = f"/tournaments/{tid}/{view}".rstrip("/").replace("/?", "?")
        first = client.get(url)  # the route answers, and names its cache entry
        hits, misses = CachedReads.hits, lru().misses
        again = client.get(url)
        assert CachedReads.hits == hits + 1, view  # the fast path answered it
        assert again.status_code == 200 and again.content == first.content, view
        assert {k: v for k, v in again.headers.items() if k != "date"} == {
            k: v for k, v in first.headers.items() if k != "date"}, view
        same = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
        assert same.status_code == 304 and same.headers["ETag"] == first.headers["ETag"] and not same.content
        assert CachedReads.hits == hits + 2 and lru().misses == misses, view
    # an invalid query never reaches the fast path's answers; a reader with a token goes through the route
    assert client.get(f"/tournaments/{tid}/standings?round=0").status_code == 422
    hits = CachedReads.hits
    assert client.get(f"/tournaments/{tid}/standings", headers=admin).status_code == 200
    assert client.get(f"/tournaments/{tid}/standings", headers={"Authorization": "Bearer nonsense"}).status_code == 401
    assert CachedReads.hits == hits


def test_the_fast_path_is_never_stale_after_another_process_writes(client: TestClient, admin: dict[str, str],
                                                                   engine: Any) -> None:
    tid, _ = setup(client, admin, teams=4)
    url = f"/tournaments/{tid}"
    first = client.get(url)
    assert client.get(url).content == first.content
    # another process changes the tournament: only the database knows (this process's cache does not)
    with Session(engine) as s:
        s.execute(update(Tournament).where(Tournament.id == tid)
                  .values(city="Elsewhere", version=Tournament.version + 1))
        s.commit()
    hits = CachedReads.hits
    fresh = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert fresh.status_code == 200 and fresh.json()["city"] == "Elsewhere"
    assert fresh.headers["ETag"] != first.headers["ETag"] and CachedReads.hits == hits  # the route rebuilt it
    # a deleted tournament: the route's 404, not the kept bytes
    assert client.delete(url, headers=admin).status_code == 204
    assert client.get(url).status_code == 404
    assert client.get(url, headers={"If-None-Match": "*"}).status_code == 404


def test_static_files_are_gzipped_and_json_answers_are_not(client: TestClient, admin: dict[str, str]) -> None:
    r = client.get("/web/js/app.js", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers.get("content-encoding") == "gzip"
    assert r.text.startswith(client.get("/web/js/app.js", headers={"Accept-Encoding": "identity"}).text[:200])
    tid, _ = setup(client, admin, teams=4)
    for url in (f"/tournaments/{tid}", f"/tournaments/{tid}", "/openapi.json"):
        assert "content-encoding" not in client.get(url, headers={"Accept-Encoding": "gzip"}).headers, url


def test_readers_of_a_version_not_computed_yet_wait_for_one_computation_in_the_event_loop(
        client: TestClient, admin: dict[str, str], engine: Any) -> None:
    """After a write, a burst of anonymous readers costs one computation: one request goes to the route, the
    others wait for it in the event loop (holding no worker thread) and get the bytes it kept."""
    import asyncio

    import httpx

    from app.http.factory import create_app

    tid, _ = setup(client, admin, teams=4)
    url = f"/tournaments/{tid}/standings"
    client.get(url)  # the route answers once: the fast path knows the URL
    with Session(engine) as s:  # a write elsewhere: a version this process has not computed
        s.execute(update(Tournament).where(Tournament.id == tid).values(city="Elsewhere",
                                                                       version=Tournament.version + 1))
        s.commit()

    async def burst() -> list[httpx.Response]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=create_app()), base_url="http://t") as c:
            return list(await asyncio.gather(*(c.get(url) for _ in range(12))))

    hits, misses = CachedReads.hits, lru().misses
    answers = asyncio.run(burst())
    assert {r.status_code for r in answers} == {200}
    assert len({r.content for r in answers}) == 1 and len({r.headers["ETag"] for r in answers}) == 1
    assert lru().misses == misses + 1  # computed once
    assert CachedReads.hits == hits + 11  # eleven answered by the fast path once the one computation was done


def _asgi_call(app: Any, method: str, path: str) -> Any:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "query_string": b"", "headers": [],
             "http_version": "1.1", "scheme": "http", "server": ("t", 80), "client": ("c", 1), "root_path": ""}
    return app(scope, receive, send), sent


def test_a_cached_read_waits_for_the_writes_in_flight_in_its_worker(monkeypatch: Any) -> None:
    """Writers come first: a cached read that arrives while a write is being answered is answered after it
    (at most WRITE_WAIT_SECONDS later), so the write's steps do not queue behind a loop full of readers."""
    import asyncio
    from datetime import UTC, datetime

    from app.http import caching as fastread
    from app.operations.cache import Answer, EntryKey, ViewKey
    from app.operations.versions import Stamp

    order: list[str] = []
    key = ViewKey(1, "standings", (None,), "public").at(Stamp(1, datetime(2026, 12, 1, tzinfo=UTC)))

    async def answer(known: EntryKey, if_none_match: Any) -> Any:
        order.append("read")
        return Answer(known, b"{}"), None

    async def inner(scope: Any, receive: Any, send: Any) -> None:  # the routes: a write that takes its time
        order.append("write")
        await release.wait()
        order.append("written")
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    monkeypatch.setattr(fastread.CachedReads, "_answer", staticmethod(answer))
    monkeypatch.setitem(fastread._known, ("/tournaments/1/standings", b"", "en"), key)
    app = fastread.CachedReads(inner)
    release = asyncio.Event()

    async def read_during_a_write(bound: float) -> int:
        nonlocal release
        release = asyncio.Event()
        monkeypatch.setattr(fastread, "WRITE_WAIT_SECONDS", bound)
        write, _ = _asgi_call(app, "PUT", "/tournaments/1/rounds/1/matches/1/boards/1")
        writing = asyncio.ensure_future(write)
        await asyncio.sleep(0.01)
        read, sent = _asgi_call(app, "GET", "/tournaments/1/standings")
        reading = asyncio.ensure_future(read)
        await asyncio.sleep(0.1)
        release.set()
        await asyncio.gather(writing, reading)
        return int(sent[0]["status"])

    assert asyncio.run(read_during_a_write(5.0)) == 200
    assert order == ["write", "written", "read"]  # the read waited for the write
    order.clear()
    assert asyncio.run(read_during_a_write(0.02)) == 200
    assert order == ["write", "read", "written"]  # a write longer than the bound holds no reader longer


def test_postgresql_version_queries_of_a_burst_are_one_and_never_older_than_the_reader() -> None:
    """On PostgreSQL the fast path asks for versions in batches: readers that arrive while a query is out are
    answered by the next query, which starts after they arrived (so they see every write committed before they
    asked), and a burst costs one round trip instead of one each behind the connection's lock."""
    import asyncio
    import threading
    import time
    from datetime import UTC, datetime

    from sqlalchemy import create_engine

    from app.operations.versions import Stamp, Versions

    stamps = Versions(create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none"))  # never connected here
    calls: list[tuple[float, list[int]]] = []
    lock = threading.Lock()

    def query_many(ids: list[int]) -> dict[int, Stamp | None]:
        with lock:
            calls.append((time.monotonic(), sorted(ids)))
            n = len(calls)
        time.sleep(0.05)  # a round trip
        return {tid: Stamp(n, datetime(2026, 12, 1, tzinfo=UTC)) for tid in ids if tid != 404}

    stamps.query_many = query_many  # type: ignore[method-assign]

    async def scenario() -> tuple[list[tuple[float, int | None]], list[tuple[float, int | None]]]:
        async def read(tid: int) -> tuple[float, int | None]:
            arrived = time.monotonic()
            stamp = await stamps.current(tid)
            return arrived, None if stamp is None else stamp.version

        first = [asyncio.ensure_future(read(t)) for t in (1, 1, 2, 404, 1)]
        await asyncio.sleep(0.02)  # the first query is out
        later = [asyncio.ensure_future(read(t)) for t in (1, 2, 2)]
        gone = asyncio.ensure_future(read(1))
        await asyncio.sleep(0)
        gone.cancel()  # a reader whose client left meanwhile
        return list(await asyncio.gather(*first)), list(await asyncio.gather(*later))

    first, later = asyncio.run(scenario())
    assert [ids for _, ids in calls] == [[1, 2, 404], [1, 2]]  # two round trips for nine readers
    assert [v for _, v in first] == [1, 1, 1, None, 1]  # an unknown tournament: None (the route answers 404)
    assert [v for _, v in later] == [2, 2, 2]
    assert all(arrived < calls[1][0] for arrived, _ in later)  # answered by a query started after they came
