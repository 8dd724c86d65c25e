"""The trust audit's second pass over logins and rights, each attack reproduced, then closed:

- failed logins from elsewhere never lock the right password out of a device that has not failed;
- a client's own ``X-Forwarded-For`` is believed only from a configured proxy (a real ``teamswiss serve``);
- a password change, or ending a user's sessions, ends their login tokens and API tokens at once;
- rights won through a tournament of one's own never reach the players of another tournament.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.config import get_settings
from app.http.factory import create_app
from app.models import LoginThrottle, Player
from tests.api.conftest import login, make_user
from tests.api.factory import full_team, make_club, make_player, make_tournament, ok
from tests.demo_server import DemoServer, demo_server

DEVICE, ATTACKER = ("198.51.100.7", 50000), ("203.0.113.9", 50000)


@pytest.fixture(scope="module")
def app() -> FastAPI:
    return create_app()


def _client_at(address: tuple[str, int], app: FastAPI | None = None) -> TestClient:
    """A client calling from ``address`` (``app``: one worker; a new one each time otherwise)."""
    return TestClient(app or create_app(), raise_server_exceptions=False, client=address)


def _login(c: TestClient | httpx.Client, username: str, password: str, **headers: str) -> int:
    return c.post("/auth/token", data={"username": username, "password": password}, headers=headers).status_code


def _expire_locks(engine: Any) -> None:
    with Session(engine) as s:
        for row in s.exec(select(LoginThrottle)).all():
            row.locked_until = datetime.now(UTC) - timedelta(seconds=1)
            s.add(row)
        s.commit()


# --- logins: five wrong passwords from anywhere locked the chief arbiter out ---------------------------------


def test_failures_from_one_address_never_lock_out_another(engine: Any, app: FastAPI) -> None:
    make_user(engine, "arbiter")
    with _client_at(ATTACKER, app) as attacker, _client_at(DEVICE, app) as device:
        assert [_login(attacker, "arbiter", "wrong-one") for _ in range(5)] == [401] * 5
        r = attacker.post("/auth/token", data={"username": "arbiter", "password": "password123"})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1  # the guessing address waits
        assert r.headers["content-type"].startswith("application/problem+json")
        assert _login(device, "arbiter", "password123") == 200  # the arbiter's own device does not
        assert _login(attacker, "arbiter", "password123") == 429  # a success elsewhere frees no attacker


def test_a_guess_from_each_of_many_addresses_spares_a_device_that_has_not_failed(
        engine: Any, app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    """The slower backoff over every address: past it an address that failed for the user waits, one that
    has not (the arbiter's device) still logs in with the right password."""
    monkeypatch.setattr(get_settings(), "login_failures_per_user_anywhere", 6)
    make_user(engine, "arbiter")
    for i in range(6):
        with _client_at((f"203.0.113.{10 + i}", 50000), app) as c:
            assert _login(c, "arbiter", "wrong-one") == 401
    with _client_at(("203.0.113.10", 50000), app) as failed_before:
        assert _login(failed_before, "arbiter", "password123") == 429
    with _client_at(("203.0.113.99", 50000), app) as fresh:  # no failure from here: an attacker's guess is refused ...
        assert _login(fresh, "arbiter", "wrong-one") == 401
        assert _login(fresh, "arbiter", "password123") == 429  # ... and it has failed now
    with _client_at(DEVICE, app) as device:
        assert _login(device, "arbiter", "password123") == 200


def test_every_worker_sees_the_same_count(engine: Any) -> None:
    """Two apps (two workers) on one database: the failures counted by one lock the address in the other."""
    make_user(engine, "arbiter")
    with _client_at(ATTACKER) as one, _client_at(ATTACKER) as two:
        for i in range(5):
            assert _login(one if i % 2 else two, "arbiter", "wrong-one") == 401
        assert _login(one, "arbiter", "password123") == 429
        assert _login(two, "arbiter", "password123") == 429
    _expire_locks(engine)
    with _client_at(ATTACKER) as one:
        assert _login(one, "arbiter", "password123") == 200


# --- proxies: every X-Forwarded-For was believed -------------------------------------------------------------


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[DemoServer, DemoServer]]:
    """Two real servers: one trusting no proxy this test could be (192.0.2.1 is a documentation address), one
    trusting the test's own address as if it were nginx. Both start at once (each loads the demo); the first
    locks an address after 10 failures rather than 30, to spend less time hashing wrong passwords."""
    untrusted = {"TEAMSWISS_FORWARDED_ALLOW_IPS": "192.0.2.1", "TEAMSWISS_LOGIN_FAILURES_PER_ADDRESS": "10"}
    with demo_server(Path(tmp_path_factory.mktemp("untrusted")), **untrusted) as a, \
            demo_server(Path(tmp_path_factory.mktemp("trusted")), TEAMSWISS_FORWARDED_ALLOW_IPS="127.0.0.1") as b:
        a.wait()
        b.wait()
        yield a, b


def test_rotating_forwarded_addresses_from_an_untrusted_peer_are_throttled(
        servers: tuple[DemoServer, DemoServer]) -> None:
    untrusted, _ = servers
    limit = 10  # TEAMSWISS_LOGIN_FAILURES_PER_ADDRESS of that server
    with httpx.Client(base_url=untrusted.url, timeout=30) as c:
        codes = [_login(c, f"guess{i}", "wrong-password", **{"X-Forwarded-For": f"10.{i // 250}.{i % 250}.1"})
                 for i in range(40)]
    assert codes[:limit] == [401] * limit
    assert codes[limit:] == [429] * (40 - limit), codes


def test_a_trusted_proxy_s_forwarded_address_is_the_client(servers: tuple[DemoServer, DemoServer]) -> None:
    """Behind nginx (trusted) the throttle sees each client's own address: the attacker's guesses lock the
    attacker, not the arbiter logging in through the same proxy."""
    _, trusted = servers
    with httpx.Client(base_url=trusted.url, timeout=30) as c:
        attacker, device = {"X-Forwarded-For": "203.0.113.9"}, {"X-Forwarded-For": "198.51.100.7"}
        assert [_login(c, "arbiter", "wrong-password", **attacker) for _ in range(5)] == [401] * 5
        assert _login(c, "arbiter", "teamswiss-demo", **attacker) == 429
        assert _login(c, "arbiter", "teamswiss-demo", **device) == 200


# --- sessions: tokens outlived a password change ------------------------------------------------------------


def _api_token(client: TestClient, auth: dict[str, str]) -> dict[str, str]:
    tok = ok(client.post("/auth/api-tokens", json={"name": "script"}, headers=auth), 201)
    return {"Authorization": f"Bearer {tok['token']}"}


def _works(client: TestClient, auth: dict[str, str]) -> bool:
    r = client.get("/auth/me", headers=auth)
    assert r.status_code in (200, 401), r.text
    return r.status_code == 200


def test_an_administrator_s_password_change_ends_the_user_s_sessions(client: TestClient, admin: dict[str, str],
                                                                     engine: Any) -> None:
    uid = make_user(engine, "arbiter")
    old = login(client, "arbiter")
    script = _api_token(client, old)
    assert _works(client, old) and _works(client, script)
    ok(client.patch(f"/users/{uid}", json={"password": "a new secret"}, headers=admin))
    assert not _works(client, old) and not _works(client, script)
    assert _works(client, login(client, "arbiter", "a new secret"))
    assert _works(client, admin)  # the administrator's own session goes on


def test_an_account_enabled_again_brings_no_old_token_back(client: TestClient, admin: dict[str, str],
                                                            engine: Any) -> None:
    uid = make_user(engine, "arbiter")
    old = login(client, "arbiter")
    ok(client.patch(f"/users/{uid}", json={"is_active": False}, headers=admin))
    ok(client.patch(f"/users/{uid}", json={"is_active": True}, headers=admin))
    assert not _works(client, old) and _works(client, login(client, "arbiter"))


def test_the_user_changes_their_password_and_every_other_session_ends(client: TestClient, engine: Any) -> None:
    make_user(engine, "arbiter")
    phone, laptop = login(client, "arbiter"), login(client, "arbiter")
    script = _api_token(client, phone)
    r = client.post("/auth/password", json={"current_password": "wrong-one", "new_password": "a new secret"},
                    headers=laptop)
    assert r.status_code == 401 and _works(client, phone)  # the current password is needed
    fresh = ok(client.post("/auth/password", json={"current_password": "password123",
                                                   "new_password": "a new secret"}, headers=laptop))
    assert not any(_works(client, a) for a in (phone, laptop, script))
    assert _works(client, {"Authorization": f"Bearer {fresh['access_token']}"})  # the answer is a new login
    assert client.post("/auth/token", data={"username": "arbiter", "password": "password123"}).status_code == 401
    # an API token cannot change its user's password
    r = client.post("/auth/password", json={"current_password": "a new secret", "new_password": "x" * 12},
                    headers=_api_token(client, {"Authorization": f"Bearer {fresh['access_token']}"}))
    assert r.status_code == 403


def test_ending_all_sessions(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    uid = make_user(engine, "arbiter")
    other = make_user(engine, "other")
    session, stranger = login(client, "arbiter"), login(client, "other")
    script = _api_token(client, session)
    # nobody but the user and an administrator may end them
    r = client.post(f"/users/{uid}/sessions/revoke", headers=stranger)
    assert r.status_code == 403 and r.headers["content-type"].startswith("application/problem+json")
    assert _works(client, session) and _works(client, script)
    ok(client.post(f"/users/{uid}/sessions/revoke", headers=session), 204)
    assert not _works(client, session) and not _works(client, script)
    again = login(client, "arbiter")  # logging in again works at once
    assert _works(client, again)
    ok(client.post(f"/users/{uid}/sessions/revoke", headers=admin), 204)
    assert not _works(client, again) and _works(client, stranger) and _works(client, admin)
    assert client.post(f"/users/{other + 100}/sessions/revoke", headers=admin).status_code == 404


def test_a_revocation_is_seen_by_every_worker(engine: Any, admin: dict[str, str]) -> None:
    """Two apps on one database: ending the sessions through one refuses the token in the other at once."""
    uid = make_user(engine, "arbiter")
    with TestClient(create_app()) as one, TestClient(create_app()) as two:
        auth = login(one, "arbiter")
        assert _works(two, auth)
        ok(one.post(f"/users/{uid}/sessions/revoke", headers=admin), 204)
        assert not _works(two, auth)


# --- players: rights won through a throwaway tournament reached another tournament's players ---------------


@pytest.fixture()
def victims(client: TestClient, admin: dict[str, str], engine: Any) -> dict[str, Any]:
    """Tournament 1 (the admin's) with club 1's team, its manager and arbiter; one more club-1 player on no
    roster; and an organiser of their own tournament 2."""
    t1 = make_tournament(client, admin)
    club = make_club(client, admin, "Club One")
    team = full_team(client, admin, t1["id"], club["id"], "V")
    spare = make_player(client, admin, club["id"], "Spare")
    ids = {name: make_user(engine, name, organiser=name == "org", birth_date=datetime(1980, 1, 1).date())
           for name in ("org", "arb", "mgr")}
    ok(client.post(f"/tournaments/{t1['id']}/members", json={"user_id": ids["arb"], "role": "arbiter"},
                   headers=admin), 201)
    ok(client.post(f"/tournaments/{t1['id']}/members", json={"user_id": ids["mgr"], "role": "manager",
                                                               "team_id": team["id"]}, headers=admin), 201)
    return {"t1": t1, "club": club, "team": team, "spare": spare["id"],
            "auth": {name: login(client, name) for name in ids}}


def _throwaway(client: TestClient, org: dict[str, str], club_id: int) -> tuple[int, int]:
    """The attack: a tournament of one's own, and a team of the victims' club entered into it."""
    t2 = ok(client.post("/tournaments", json={"name": "Throwaway"}, headers=org), 201)
    team = ok(client.post(f"/tournaments/{t2['id']}/teams", json={"club_id": club_id, "name": "Decoy"},
                          headers=org), 201)
    return t2["id"], team["id"]


def test_a_throwaway_tournament_gives_no_rights_over_another_tournament_s_players(
        client: TestClient, victims: dict[str, Any], engine: Any) -> None:
    org = victims["auth"]["org"]
    pid, spare = victims["team"]["player_ids"][0], victims["spare"]
    _throwaway(client, org, victims["club"]["id"])
    # the club's birth dates stay private: the rostered player's and the one on no roster
    assert "birth_date" not in ok(client.get(f"/players/{pid}", headers=org))
    listed = ok(client.get(f"/players?club_id={victims['club']['id']}", headers=org))["items"]
    assert len(listed) == 5 and all("birth_date" not in p for p in listed)
    # and their identity cannot be changed
    for player in (pid, spare):
        r = client.patch(f"/players/{player}", json={"birth_date": "2000-01-01"}, headers=org)
        assert r.status_code == 403, r.text
        assert r.headers["content-type"].startswith("application/problem+json")
    assert client.delete(f"/players/{spare}", headers=org).status_code == 403
    with Session(engine) as s:
        assert all(str(s.get(Player, p).birth_date) != "2000-01-01" for p in (pid, spare))


def test_rostering_the_player_into_one_s_own_tournament_is_not_enough(
        client: TestClient, admin: dict[str, str], victims: dict[str, Any], engine: Any) -> None:
    """Changing a player needs rights in every tournament the player is rostered in."""
    org, arb, mgr = (victims["auth"][n] for n in ("org", "arb", "mgr"))
    pid, other = victims["team"]["player_ids"][:2]
    t2, decoy = _throwaway(client, org, victims["club"]["id"])
    ok(client.put(f"/tournaments/{t2}/teams/{decoy}/roster", json={"player_ids": [pid]}, headers=org))
    r = client.patch(f"/players/{pid}", json={"birth_date": "2000-01-01", "fide_rating": 2700}, headers=org)
    assert r.status_code == 403
    # tournament 1's arbiter and the team's manager change the players only tournament 1 has ...
    assert ok(client.patch(f"/players/{other}", json={"fide_rating": 1801}, headers=arb))["fide_rating"] == 1801
    assert ok(client.patch(f"/players/{other}", json={"fide_rating": 1802}, headers=mgr))["fide_rating"] == 1802
    assert "birth_date" in ok(client.get(f"/players/{other}", headers=mgr))
    # ... but not the one the throwaway tournament holds too: that needs an administrator
    assert client.patch(f"/players/{pid}", json={"fide_rating": 1803}, headers=arb).status_code == 403
    assert ok(client.patch(f"/players/{pid}", json={"fide_rating": 1804}, headers=admin))["fide_rating"] == 1804
    with Session(engine) as s:
        assert str(s.get(Player, pid).birth_date) != "2000-01-01"


def test_birth_dates_come_from_a_tournament_the_player_plays_in(client: TestClient, victims: dict[str, Any],
                                                                engine: Any) -> None:
    """Staff of tournament 1 see the birth dates of its players; not of the club's players on no roster, nor
    of the club's team in another tournament."""
    arb, mgr = victims["auth"]["arb"], victims["auth"]["mgr"]
    pid = victims["team"]["player_ids"][0]
    assert "birth_date" in ok(client.get(f"/players/{pid}", headers=arb))
    assert "birth_date" not in ok(client.get(f"/players/{victims['spare']}", headers=arb))
    assert "birth_date" not in ok(client.get(f"/players/{victims['spare']}", headers=mgr))
    roster = ok(client.get(f"/tournaments/{victims['t1']['id']}/teams/{victims['team']['id']}/roster",
                           headers=mgr))
    assert all("birth_date" in row["player"] for row in roster["players"])
    t2, decoy = _throwaway(client, victims["auth"]["org"], victims["club"]["id"])
    ok(client.put(f"/tournaments/{t2}/teams/{decoy}/roster", json={"player_ids": [victims["spare"]]},
                  headers=victims["auth"]["org"]))
    for who in (arb, mgr):  # rights over the club (its team plays in tournament 1) are not rights in tournament 2
        roster = ok(client.get(f"/tournaments/{t2}/teams/{decoy}/roster", headers=who))
        assert roster["players"] and all("birth_date" not in row["player"] for row in roster["players"])
