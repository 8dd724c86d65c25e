"""Issue 14: a cached read is answered from its kept bytes after one version query, never stale."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlmodel import Session

from app.fastread import CachedReads
from app.models import Tournament
from app.operations.cache import lru
from tests.api.factory import ok
from tests.api.test_rounds import all_white_wins, pair_publish, setup

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
    r = client.get("/web/js/views.js", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers.get("content-encoding") == "gzip"
    assert r.text.startswith(client.get("/web/js/views.js", headers={"Accept-Encoding": "identity"}).text[:200])
    tid, _ = setup(client, admin, teams=4)
    for url in (f"/tournaments/{tid}", f"/tournaments/{tid}", "/openapi.json"):
        assert "content-encoding" not in client.get(url, headers={"Accept-Encoding": "gzip"}).headers, url
