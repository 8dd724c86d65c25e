"""Event scale: the tournament version every write bumps, cached reads with ETags, load shedding, and fifty
concurrent writers. The live event stream is in test_events.py."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.http.factory import create_app
from app.models import Match, Membership, Round
from app.operations.cache import lru
from tests.api.conftest import make_user
from tests.api.factory import all_white_wins, make_club, make_player, ok, pair_publish, setup, version

WRITES = ("POST", "PUT", "PATCH", "DELETE")


class Recorder:
    """Sends writes and checks each one moved the tournament's version by exactly one and its ETag."""

    def __init__(self, client: TestClient, engine: Any, auth: dict[str, str], tid: int) -> None:
        self.client, self.engine, self.auth, self.tid = client, engine, auth, tid
        self.routes: set[str] = set()

    def __call__(self, method: str, path: str, status: int = 200, **kw: Any) -> Any:
        before, etag = version(self.engine, self.tid), self.client.get(f"/tournaments/{self.tid}").headers["ETag"]
        r = self.client.request(method, path, headers={**self.auth, **kw.pop("headers", {})}, **kw)
        assert r.status_code == status, f"{method} {path}: {r.status_code} {r.text}"
        assert version(self.engine, self.tid) == before + 1, f"{method} {path} did not bump the version once"
        assert self.client.get(f"/tournaments/{self.tid}").headers["ETag"] != etag
        self.routes.add(f"{method} {self._template(method, path)}")
        return r.json() if r.content else None

    def _template(self, method: str, path: str) -> str:
        for template, methods in write_routes(self.client).items():
            if method in methods and re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", template), path.split("?")[0]):
                return template
        raise AssertionError(f"no route for {method} {path}")


def write_routes(client: TestClient) -> dict[str, set[str]]:
    """Every write route of the API: path template -> methods."""
    paths = client.app.openapi()["paths"]  # type: ignore[attr-defined]
    return {p: {m.upper() for m in ops if m.upper() in WRITES} for p, ops in paths.items()}


def test_every_write_to_a_tournament_bumps_its_version_once(client: TestClient, admin: dict[str, str],
                                                            engine: Any) -> None:
    tid, teams = setup(client, admin, teams=5)
    call = Recorder(client, engine, admin, tid)
    t = f"/tournaments/{tid}"
    call("PATCH", t, json={"city": "Thessaloniki"})
    club = make_club(client, admin, "Late Club")
    call("PATCH", f"/clubs/{teams[0]['club_id']}", json={"city": "Kalamaria"})  # a club taking part
    call("PATCH", f"/players/{teams[0]['player_ids'][0]}", json={"fide_rating": 1901})  # a player taking part
    late = call("POST", f"{t}/teams", 201, json={"club_id": club["id"], "name": "Late"})
    call("POST", f"{t}/teams/{late['id']}/payments", 201, json={"amount": "36.00", "paid_on": "2026-11-01"})
    pids = [make_player(client, admin, club["id"], f"L{i}", sex="w" if i == 3 else "m")["id"] for i in range(4)]
    call("PUT", f"{t}/teams/{late['id']}/roster", json={"player_ids": pids})
    call("PATCH", f"{t}/teams/{late['id']}", json={"name": "Later"})
    roster_file = "Last name;First name;Sex;Birth date\n" + "".join(
        f"Late{i};Child;{'W' if i == 0 else 'M'};2015-0{i + 1}-01\n" for i in range(2))
    call("POST", f"{t}/teams/{late['id']}/roster/import", params={"save": "true"},
         files={"file": ("roster.csv", roster_file.encode())})
    call("PUT", f"{t}/committee", json={"members": [
        {"name": f"M{i}", "kind": "regular" if i < 3 else "alternate", "chair": i == 0} for i in range(5)]})
    uid = make_user(engine, "deputy")
    member = call("POST", f"{t}/members", 201, json={"user_id": uid, "role": "arbiter"})
    call("DELETE", f"{t}/members/{member['id']}", 204)
    call("POST", f"{t}/ranking/lock")
    call("PUT", f"{t}/round-count", json={"rounds": 8, "decision": "R-4.3: one more round, the hall is ours"})
    call("PUT", f"{t}/rounds/1/absent", json={"team_id": late["id"], "absent": True})
    v = version(engine, tid)  # the lineup's dry run writes nothing, so bumps nothing
    lineup = {"player_ids": teams[0]["player_ids"], "captain_id": teams[0]["player_ids"][0]}
    assert ok(client.post(f"{t}/rounds/1/lineups/{teams[0]['id']}/check", json=lineup, headers=admin))["valid"]
    assert version(engine, tid) == v
    call("PUT", f"{t}/rounds/1/lineups/{teams[0]['id']}", json=lineup)
    call("POST", f"{t}/rounds/1/pair")
    rnd = client.get(f"{t}/rounds/1", headers=admin).json()
    real = [m for m in rnd["matches"] if not m["pab"]]
    a, b = real[0]["first"]["id"], real[1]["first"]["id"]
    call("POST", f"{t}/rounds/1/pairing", json={"action": "swap", "team_a": a, "team_b": b, "reason": "x"})
    rnd = call("POST", f"{t}/rounds/1/publish")
    real = [m for m in rnd["matches"] if not m["pab"]]
    call("PUT", f"{t}/rounds/1/matches/{real[0]['id']}/boards/1",
         json={"result": "1-0", "ended_at": "2026-12-10T12:00:00Z"})
    call("PUT", f"{t}/rounds/1/matches/{real[1]['id']}", json={"forfeit": "second"})
    rest = [it for it in all_white_wins(rnd) if it["table"] != real[1]["table"]]
    call("POST", f"{t}/rounds/1/results", json={"results": rest})
    appeal = call("POST", f"{t}/appeals", 201, json={
        "match_id": real[0]["id"], "team_id": real[0]["second"]["id"], "board": 1, "text": "clock",
        "announced_at": "2026-12-10T12:05:00Z", "submitted_at": "2026-12-10T12:20:00Z", "fee_paid": "100.00"})
    call("POST", f"{t}/appeals/{appeal['id']}/decision", json={"decision": "rejected", "reasons": "no"})
    call("POST", f"{t}/rounds/1/complete")
    call("POST", f"{t}/rounds/1/reopen")
    call("DELETE", f"{t}/rounds/1/lineups/{teams[0]['id']}/captain", json={"reason": "conduct"})
    # a refusal changes nothing, not even the version
    v = version(engine, tid)
    assert client.post(f"{t}/rounds/3/publish", headers=admin).status_code == 409
    assert version(engine, tid) == v
    # every write route of a tournament is in this test: a new one must be added (and bump)
    app_routes = {f"{m} {p}" for p, methods in write_routes(client).items() for m in methods
                  if p.startswith("/tournaments/{tournament_id}")}
    app_routes -= {"DELETE /tournaments/{tournament_id}"}  # deleting it removes the version with it
    app_routes -= {"POST /tournaments/{tournament_id}/rounds/{number}/lineups/{team_id}/check"}  # a dry run
    # where the venue publishes is its own setting, not the tournament's data: no read of the tournament changes
    app_routes -= {"PUT /tournaments/{tournament_id}/publication", "DELETE /tournaments/{tournament_id}/publication"}
    covered = {r for r in call.routes} | {"PATCH /clubs/{club_id}", "PATCH /players/{player_id}"}
    assert app_routes <= covered, f"write routes not covered: {sorted(app_routes - covered)}"


def test_cached_reads_answer_304_without_recomputing(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    team = rnd["matches"][0]["first"]["id"]
    paths = ["standings", "crosstable", "prizes", "rounds", "rounds/1", f"teams/{team}/results", "players",
             "ranking", ""]
    first = {p: client.get(f"/tournaments/{tid}/{p}".rstrip("/")) for p in paths}
    for p, r in first.items():
        assert r.status_code == 200 and r.headers["ETag"].startswith('W/"t'), p
    assert len({r.headers["ETag"] for r in first.values()}) == len(paths)  # one ETag per view
    misses = lru().misses
    for p, r in first.items():
        again = client.get(f"/tournaments/{tid}/{p}".rstrip("/"), headers={"If-None-Match": r.headers["ETag"]})
        assert again.status_code == 304 and again.headers["ETag"] == r.headers["ETag"] and not again.content, p
        same = client.get(f"/tournaments/{tid}/{p}".rstrip("/"))
        assert same.json() == r.json()
    assert lru().misses == misses  # neither the 304s nor the repeated reads computed anything
    # staff see the same round under another ETag (their view may hold more)
    assert client.get(f"/tournaments/{tid}/rounds/1", headers=admin).headers["ETag"] != first["rounds/1"].headers[
        "ETag"]
    # a change: new ETag, new content
    ok(client.post(f"/tournaments/{tid}/rounds/1/reopen", headers=admin))
    r = client.get(f"/tournaments/{tid}/standings", headers={"If-None-Match": first["standings"].headers["ETag"]})
    assert r.status_code == 200 and r.json()["after_round"] is None  # never the stale cached standings
    rounds = client.get(f"/tournaments/{tid}/rounds", headers={"If-None-Match": first["rounds"].headers["ETag"]})
    assert rounds.status_code == 200 and rounds.json()["items"][0]["state"] == "in_progress"


def test_a_deleted_tournament_id_reused_never_matches_old_etags(client: TestClient, admin: dict[str, str]) -> None:
    body = {"name": "A", "preset": "k12-2025"}
    t = ok(client.post("/tournaments", json=body, headers=admin), 201)
    old = client.get(f"/tournaments/{t['id']}")
    assert client.delete(f"/tournaments/{t['id']}", headers=admin).status_code == 204
    again = ok(client.post("/tournaments", json={**body, "name": "B"}, headers=admin), 201)
    r = client.get(f"/tournaments/{again['id']}", headers={"If-None-Match": old.headers["ETag"]})
    assert r.status_code == 200 and r.json()["name"] == "B"


# --- load shedding --------------------------------------------------------------------------------------------


@pytest.fixture()
def tight(monkeypatch: pytest.MonkeyPatch, engine: Any) -> Iterator[TestClient]:
    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "max_in_flight", 1)
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def test_past_the_limit_the_server_answers_503_at_once_and_recovers(tight: TestClient, admin: dict[str, str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import app.operations.reads.tournaments as rm

    t = ok(tight.post("/tournaments", json={"name": "X", "preset": "k12-2025"}, headers=admin), 201)
    entered, release = threading.Event(), threading.Event()
    real = rm.tournament_read

    def slow(*a: Any, **kw: Any) -> Any:
        entered.set()
        release.wait(10)
        return real(*a, **kw)

    monkeypatch.setattr("app.routers.tournaments.tournament_read", slow)
    lru().clear()
    results: list[int] = []
    th = threading.Thread(target=lambda: results.append(tight.get(f"/tournaments/{t['id']}").status_code))
    th.start()
    assert entered.wait(10)
    busy = tight.get("/tournaments")
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "1"
    assert busy.headers["content-type"] == "application/problem+json" and "rule" not in busy.json()
    for health in ("/health", "/healthz"):
        assert tight.get(health).status_code == 200  # never shed: the worker is alive
    not_ready = tight.get("/readyz")  # but not ready for more: a load balancer sends new work elsewhere
    assert not_ready.status_code == 503 and not_ready.headers["content-type"] == "application/problem+json"
    release.set()
    th.join(10)
    assert results == [200]
    assert tight.get("/tournaments").status_code == 200  # recovered at once
    assert tight.get("/readyz").status_code == 200


# --- first administrator ----------------------------------------------------------------------------------------


def test_membership_and_match_rows_map_to_their_tournament(engine: Any, client: TestClient,
                                                            admin: dict[str, str]) -> None:
    """Writes outside the API (scripts, the CLI) bump too: the hooks are on every session."""
    tid, _ = setup(client, admin, teams=2)
    pair_publish(client, admin, tid, 1)
    before = version(engine, tid)
    uid = make_user(engine, "x")
    with Session(engine) as s:
        m = s.exec(select(Match)).first()
        assert m is not None
        m.forfeit = "both"
        s.add(m)
        s.add(Membership(user_id=uid, tournament_id=tid, role="arbiter"))
        rnd = s.exec(select(Round).where(Round.tournament_id == tid, Round.number == 1)).one()
        rnd.scheduled_start = None
        s.commit()
    assert version(engine, tid) == before + 1


def test_the_staff_view_of_an_unpublished_round_never_reaches_the_public(client: TestClient,
                                                                          admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    token = ok(client.post("/auth/api-tokens", json={"name": "bot", "scopes": ["results"]}, headers=admin), 201)
    bot = {"Authorization": f"Bearer {token['token']}"}
    for who in (admin, bot, {}):
        client.get(f"/tournaments/{tid}/rounds/1", headers=who)
        public = ok(client.get(f"/tournaments/{tid}/rounds/1"))
        assert public["state"] == "paired" and public["matches"] == [] and public["explanation"] is None
    assert ok(client.get(f"/tournaments/{tid}/rounds/1", headers=admin))["matches"]


# --- a write storm ----------------------------------------------------------------------------------------------------


def test_fifty_concurrent_writers_all_succeed(engine: Any, admin: dict[str, str]) -> None:
    """50 threads posting results with distinct Idempotency-Keys: every one answers 200 (SQLite and PostgreSQL)."""
    from tests.api.factory import pair_publish, setup

    with TestClient(create_app(), raise_server_exceptions=False) as c:
        tid, _ = setup(c, admin, teams=6)
        rnd = pair_publish(c, admin, tid, 1)
        boards = [(m["table"], b["board"]) for m in rnd["matches"] if not m["pab"] for b in m["boards"]]
        codes: list[int] = []
        lock = threading.Lock()

        def post(i: int) -> None:
            table, board = boards[i % len(boards)]
            r = c.post(f"/tournaments/{tid}/rounds/1/results", headers={**admin, "Idempotency-Key": f"k{i}"},
                       json={"results": [{"table": table, "board": board, "result": "1/2-1/2"}]})
            with lock:
                codes.append(r.status_code)

        threads = [threading.Thread(target=post, args=(i,)) for i in range(50)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(timeout=120)
    assert codes.count(200) == 50, sorted(codes)
