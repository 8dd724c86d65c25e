"""Exports kept by the tournament's version, and pairings computed outside SQLite's write lock.

Each test here reproduces what the red-team pass measured: 8 clients looping a public export of a large event
recomputed it per request, and a large re-pairing held the one writer while the engine ran, so that another
tournament's write waited behind it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from app.models import Tournament
from app.operations import pairing
from app.operations.exchange import exports
from app.services.generator import generate
from app.services.trf import write_tournament
from tests.api.conftest import make_user, token_for
from tests.api.factory import ok
from tests.api.test_exchange import import_text

EXPORTS = {  # url tail -> the builder the route calls
    "trf": ("export_trf", "text/plain; charset=utf-8"),
    "trf?format=trf16": ("export_trf", "text/plain; charset=utf-8"),
    "json": ("export_json", "application/json"),
    "standings.csv": ("standings_csv", "text/csv; charset=utf-8"),
    "pairings.csv?round=2": ("pairings_csv", "text/csv; charset=utf-8"),
}


@pytest.fixture()
def admin(client: TestClient, engine: Any) -> dict[str, str]:
    make_user(engine, "admin", admin=True)
    return token_for(engine, "admin")


def imported(client: TestClient, auth: dict[str, str], teams: int = 8, played: int = 3, rounds: int = 5,
             seed: int = 11) -> int:
    """A generated event of ``played`` completed rounds out of ``rounds``, imported: the next round is pending."""
    g = generate(teams, played, boards=4, seed=seed, forfeit_rate=0.0, absent_rate=0.0)
    g = g.__class__(**{**{f: getattr(g, f) for f in ("name", "teams", "players", "clubs", "city", "federation",
                                                     "start_date", "end_date", "chief_arbiter")},
                       "rules": g.rules.replace(rounds=rounds), "rounds": g.rounds})
    return int(import_text(client, auth, write_tournament(g))["id"])


@pytest.fixture()
def built(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times each export builder ran."""
    calls: dict[str, int] = {}
    for name in ("export_trf", "export_json", "standings_csv", "pairings_csv"):
        real = getattr(exports, name)

        def counted(*a: Any, _real: Callable[..., Any] = real, _name: str = name, **kw: Any) -> Any:
            calls[_name] = calls.get(_name, 0) + 1
            return _real(*a, **kw)

        monkeypatch.setattr(exports, name, counted)
    return calls


# --- exports: kept by the tournament's version ------------------------------------------------------------


@pytest.mark.parametrize("tail", list(EXPORTS))
@pytest.mark.parametrize("who", ["public", "staff"])
def test_a_second_export_of_an_unchanged_tournament_is_not_built_again(client: TestClient, admin: dict[str, str],
                                                                       built: dict[str, int], tail: str,
                                                                       who: str) -> None:
    tid = imported(client, admin)
    headers = admin if who == "staff" else {}
    builder, media = EXPORTS[tail]
    first = client.get(f"/tournaments/{tid}/export/{tail}", headers=headers)
    second = client.get(f"/tournaments/{tid}/export/{tail}", headers=headers)
    assert first.status_code == second.status_code == 200, first.text
    assert built[builder] == 1
    assert second.content == first.content and second.headers["etag"] == first.headers["etag"]
    assert second.headers["content-type"] == media
    assert second.headers["content-disposition"] == first.headers["content-disposition"]
    assert second.headers["content-disposition"].startswith(f'attachment; filename="tournament-{tid}.')


def test_a_change_makes_the_next_export_new(client: TestClient, admin: dict[str, str],
                                            built: dict[str, int]) -> None:
    tid = imported(client, admin)
    before = client.get(f"/tournaments/{tid}/export/trf")
    ok(client.patch(f"/tournaments/{tid}", json={"name": "Renamed Open"}, headers=admin))
    after = client.get(f"/tournaments/{tid}/export/trf")
    assert built["export_trf"] == 2
    assert after.headers["etag"] != before.headers["etag"]
    assert "Renamed Open" in after.text and "Renamed Open" not in before.text
    assert client.get(f"/tournaments/{tid}/export/trf", headers={"If-None-Match": before.headers["etag"]}
                      ).status_code == 200  # the old copy is not current


@pytest.mark.parametrize("tail", list(EXPORTS))
def test_an_unchanged_export_is_304_with_if_none_match(client: TestClient, admin: dict[str, str],
                                                       built: dict[str, int], tail: str) -> None:
    tid = imported(client, admin)
    builder, _ = EXPORTS[tail]
    etag = client.get(f"/tournaments/{tid}/export/{tail}").headers["etag"]
    again = client.get(f"/tournaments/{tid}/export/{tail}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    assert built[builder] == 1


def test_a_public_reader_never_gets_the_private_bytes(client: TestClient, admin: dict[str, str], engine: Any,
                                                      built: dict[str, int]) -> None:
    tid = imported(client, admin)
    ok(client.post(f"/tournaments/{tid}/rounds/4/pair", headers=admin))  # paired, not published: private
    make_user(engine, "reader")
    reader = token_for(engine, "reader")  # signed in, not of the tournament's staff
    for tail in ("trf", "trf?format=trf16", "json", "pairings.csv?round=4"):
        staff = client.get(f"/tournaments/{tid}/export/{tail}", headers=admin)  # the private copy is kept first
        assert staff.status_code == 200, staff.text
        assert client.get(f"/tournaments/{tid}/export/{tail}", headers=admin).content == staff.content
        for headers in ({}, reader):
            public = client.get(f"/tournaments/{tid}/export/{tail}", headers=headers)
            if tail.startswith("pairings"):
                assert public.status_code == 409  # round 4 is not published: the public has no such round
                continue
            assert public.status_code == 200 and public.content != staff.content
            assert public.headers["etag"] != staff.headers["etag"]
            guessed = client.get(f"/tournaments/{tid}/export/{tail}",
                                 headers={**headers, "If-None-Match": staff.headers["etag"]})
            assert guessed.status_code == 200 and guessed.content == public.content  # not the private copy's 304
    trf = client.get(f"/tournaments/{tid}/export/trf").text
    assert not [x for x in trf.splitlines() if x.startswith("001 ") and x[73:79] != "/00/00"]  # birth years only
    assert "private" in client.get(f"/tournaments/{tid}/export/trf", headers=admin).headers["cache-control"]


def test_an_export_that_is_refused_is_not_kept(client: TestClient, admin: dict[str, str],
                                               built: dict[str, int]) -> None:
    tid = imported(client, admin)
    for _ in range(2):
        assert client.get(f"/tournaments/{tid}/export/pairings.csv?round=4").status_code == 409
        assert client.get(f"/tournaments/{tid}/export/standings.csv?round=4").status_code == 409
    assert built["pairings_csv"] == 2 and built["standings_csv"] == 2
    assert client.get("/tournaments/999999/export/trf").status_code == 404


# --- pairing: computed outside the write lock ---------------------------------------------------------------


@pytest.fixture()
def slow_engine(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """The C.04.6 engine made slow: ``state["started"]`` is set while it runs, ``state["calls"]`` counts runs,
    ``state["during"]`` (if set) runs inside each call before it returns."""
    real = pairing.pair_tournament_round
    state: dict[str, Any] = {"calls": 0, "started": threading.Event(), "seconds": 1.5, "during": None}

    def slow(*a: Any, **kw: Any) -> Any:
        state["calls"] += 1
        state["started"].set()
        if state["during"] is not None:
            state["during"]()
        time.sleep(state["seconds"])
        return real(*a, **kw)

    monkeypatch.setattr(pairing, "pair_tournament_round", slow)
    yield state


def _in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    out: dict[str, Any] = {}

    def run() -> None:
        out["response"] = call()

    th = threading.Thread(target=run, daemon=True)
    th.start()
    return th, out


def test_another_tournaments_write_is_not_held_behind_a_pairing(client: TestClient, admin: dict[str, str],
                                                                slow_engine: dict[str, Any]) -> None:
    big, other = imported(client, admin), imported(client, admin, seed=12)
    th, out = _in_thread(lambda: client.post(f"/tournaments/{big}/rounds/4/pair", headers=admin))
    assert slow_engine["started"].wait(10)
    start = time.perf_counter()
    ok(client.patch(f"/tournaments/{other}", json={"name": "Elsewhere"}, headers=admin))
    took = time.perf_counter() - start
    th.join(30)
    assert ok(out["response"])["state"] == "paired"
    assert took < slow_engine["seconds"] / 2, f"the other tournament's write waited {took:.2f} s"


def test_a_change_while_the_pairing_computes_makes_it_compute_again(client: TestClient, admin: dict[str, str],
                                                                   slow_engine: dict[str, Any]) -> None:
    tid = imported(client, admin)
    teams = ok(client.get(f"/tournaments/{tid}/teams", headers=admin))["items"]
    away = teams[0]["id"]
    th, out = _in_thread(lambda: client.post(f"/tournaments/{tid}/rounds/4/pair", headers=admin))
    assert slow_engine["started"].wait(10)
    ok(client.put(f"/tournaments/{tid}/rounds/4/absent", json={"team_id": away, "absent": True}, headers=admin))
    th.join(30)
    rnd = ok(out["response"])
    assert slow_engine["calls"] == 2  # the first result was of the state before the absence: never stored
    assert rnd["absent_team_ids"] == [away]
    assert away not in {m[side]["id"] for m in rnd["matches"] for side in ("first", "second") if m[side]}
    audit = ok(client.get(f"/tournaments/{tid}/audit?entity=round&limit=100", headers=admin))["items"]
    assert [e["action"] for e in audit if e["action"] in ("pair", "repair")] == ["pair"]  # stored once


def test_a_pairing_whose_tournament_keeps_changing_is_refused_after_a_few_tries(
        client: TestClient, admin: dict[str, str], engine: Any, slow_engine: dict[str, Any]) -> None:
    tid = imported(client, admin)
    table = Tournament.__table__  # type: ignore[attr-defined]

    def another_write() -> None:  # commits while the engine runs, as another request would
        with engine.begin() as conn:
            conn.execute(update(table).where(table.c.id == tid).values(version=table.c.version + 1))

    slow_engine["seconds"], slow_engine["during"] = 0.0, another_write
    r = client.post(f"/tournaments/{tid}/rounds/4/pair", headers=admin)
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["type"].endswith("state-conflict") and "changed while" in body["detail"]
    assert slow_engine["calls"] == pairing.PAIR_ATTEMPTS
    rnd = ok(client.get(f"/tournaments/{tid}/rounds/4", headers=admin))
    assert rnd["state"] == "pending" and not rnd["matches"]  # nothing stored


def test_two_pairings_of_one_tournament_take_turns(client: TestClient, admin: dict[str, str],
                                                   slow_engine: dict[str, Any]) -> None:
    tid = imported(client, admin)
    slow_engine["seconds"] = 0.5
    first, got_first = _in_thread(lambda: client.post(f"/tournaments/{tid}/rounds/4/pair", headers=admin))
    assert slow_engine["started"].wait(10)
    second, got_second = _in_thread(lambda: client.post(f"/tournaments/{tid}/rounds/4/pair", headers=admin))
    first.join(30)
    second.join(30)
    assert ok(got_first["response"])["state"] == ok(got_second["response"])["state"] == "paired"
    assert slow_engine["calls"] == 2  # the second waited for the first, then computed once from what it stored
    audit = ok(client.get(f"/tournaments/{tid}/audit?entity=round&limit=100", headers=admin))["items"]
    assert sorted(e["action"] for e in audit if e["action"] in ("pair", "repair")) == ["pair", "repair"]
