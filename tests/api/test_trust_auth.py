"""The trust audit's second pass over logins and rights, each attack reproduced, then closed:

- failed logins from elsewhere never lock the right password out of a device that has not failed;
- a client's own ``X-Forwarded-For`` is believed only from a configured proxy (a real ``teamswiss serve``);
- a password change, or ending a user's sessions, ends their login tokens and API tokens at once;
- rights won through a tournament of one's own never reach the players of another tournament.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.config import get_settings
from app.http.factory import create_app
from app.models import LoginThrottle
from tests.api.conftest import make_user

DEVICE, ATTACKER = ("198.51.100.7", 50000), ("203.0.113.9", 50000)


def _client_at(address: tuple[str, int]) -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False, client=address)


def _login(c: TestClient | httpx.Client, username: str, password: str, **headers: str) -> int:
    return c.post("/auth/token", data={"username": username, "password": password}, headers=headers).status_code


def _expire_locks(engine: Any) -> None:
    with Session(engine) as s:
        for row in s.exec(select(LoginThrottle)).all():
            row.locked_until = datetime.now(UTC) - timedelta(seconds=1)
            s.add(row)
        s.commit()


# --- logins: five wrong passwords from anywhere locked the chief arbiter out ---------------------------------


def test_failures_from_one_address_never_lock_out_another(engine: Any) -> None:
    make_user(engine, "arbiter")
    with _client_at(ATTACKER) as attacker, _client_at(DEVICE) as device:
        assert [_login(attacker, "arbiter", "wrong-one") for _ in range(5)] == [401] * 5
        r = attacker.post("/auth/token", data={"username": "arbiter", "password": "password123"})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1  # the guessing address waits
        assert r.headers["content-type"].startswith("application/problem+json")
        assert _login(device, "arbiter", "password123") == 200  # the arbiter's own device does not
        assert _login(attacker, "arbiter", "password123") == 429  # a success elsewhere frees no attacker


def test_a_guess_from_each_of_many_addresses_spares_a_device_that_has_not_failed(
        engine: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The slower backoff over every address: past it an address that failed for the user waits, one that
    has not (the arbiter's device) still logs in with the right password."""
    monkeypatch.setattr(get_settings(), "login_failures_per_user_anywhere", 6)
    make_user(engine, "arbiter")
    for i in range(6):
        with _client_at((f"203.0.113.{10 + i}", 50000)) as c:
            assert _login(c, "arbiter", "wrong-one") == 401
    with _client_at(("203.0.113.10", 50000)) as failed_before:
        assert _login(failed_before, "arbiter", "password123") == 429
    with _client_at(("203.0.113.99", 50000)) as fresh:  # no failure from here: an attacker's guess is refused ...
        assert _login(fresh, "arbiter", "wrong-one") == 401
        assert _login(fresh, "arbiter", "password123") == 429  # ... and it has failed now
    with _client_at(DEVICE) as device:
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
