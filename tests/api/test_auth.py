"""Signing in and bearer tokens (/auth): logins and their throttling, the signed session tokens and the
scoped API tokens, /auth/me."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.auth.credentials import ALGORITHM
from app.config import get_settings
from app.models import ApiToken, Club, User
from tests.api.conftest import login, make_user, token_for
from tests.api.factory import count_rows, expect_problem, ok

# --- logins -----------------------------------------------------------------------------------------------------------


def test_login_and_me(client: TestClient, admin: dict[str, str]) -> None:
    me = ok(client.get("/auth/me", headers=admin))
    assert me["username"] == "admin" and me["is_admin"] is True


def test_wrong_password_is_401_problem(client: TestClient, engine: Any) -> None:
    make_user(engine, "bob")
    r = client.post("/auth/token", data={"username": "bob", "password": "nope-nope"})
    assert r.status_code == 401
    assert r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    assert body["status"] == 401 and "rule" not in body and "Traceback" not in r.text


def test_an_empty_login_form_is_422(client: TestClient, admin: dict[str, str]) -> None:
    problem = expect_problem(client.post("/auth/token", data={"username": "", "password": ""}), 422)
    assert {tuple(e["loc"]) for e in problem["errors"]} == {("body", "username"), ("body", "password")}
    # an OAuth2 client's extra fields are ignored
    r = client.post("/auth/token", data={"username": "admin", "password": "password123", "grant_type": "password",
                                         "scope": "", "client_id": "x"})
    assert r.status_code == 200


@pytest.fixture()
def quick_lock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    s = get_settings()
    monkeypatch.setattr(s, "login_failures_per_user", 3)
    monkeypatch.setattr(s, "login_failures_per_address", 1000)
    yield


def test_failed_logins_are_throttled_per_user(client: TestClient, engine: Any, quick_lock: None) -> None:
    make_user(engine, "carol")
    for _ in range(3):
        assert client.post("/auth/token", data={"username": "carol", "password": "wrong-one"}).status_code == 401
    r = client.post("/auth/token", data={"username": "carol", "password": "password123"})
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    assert r.headers["content-type"].startswith("application/problem+json")
    # another user is not affected
    make_user(engine, "dave")
    assert client.post("/auth/token", data={"username": "dave", "password": "password123"}).status_code == 200
    # when the wait is over, the right password works and clears the count
    from app.models import LoginThrottle

    with Session(engine) as s:
        for row in s.exec(select(LoginThrottle)).all():
            row.locked_until = datetime.now(UTC) - timedelta(seconds=1)
            s.add(row)
        s.commit()
    assert client.post("/auth/token", data={"username": "carol", "password": "password123"}).status_code == 200


def test_failed_logins_are_throttled_per_address(client: TestClient, engine: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    s = get_settings()
    monkeypatch.setattr(s, "login_failures_per_address", 4)
    for i in range(4):
        client.post("/auth/token", data={"username": f"guess{i}", "password": "x" * 8})
    make_user(engine, "erin")
    r = client.post("/auth/token", data={"username": "erin", "password": "password123"})
    assert r.status_code == 429


def test_unknown_users_cost_the_same_hashing(client: TestClient, engine: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """No user enumeration by timing: an unknown name runs argon2 exactly like a known one."""
    from app.auth import credentials as security

    calls: list[str] = []
    real = security.password_hash.verify
    monkeypatch.setattr(security.password_hash, "verify", lambda pw, h: calls.append(h) or real(pw, h))
    make_user(engine, "frank")
    client.post("/auth/token", data={"username": "frank", "password": "wrong-one"})
    client.post("/auth/token", data={"username": "no-such-user", "password": "wrong-one"})
    assert len(calls) == 2 and all(h.startswith("$argon2") for h in calls)


# --- tokens -----------------------------------------------------------------------------------------------------------


def test_writes_need_a_token(client: TestClient, engine: Any) -> None:
    r = client.post("/clubs", json={"name": "X"})
    assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
    r = client.post("/clubs", json={"name": "X"}, headers={"Authorization": "Bearer garbage"})
    assert r.status_code == 401
    assert count_rows(engine, Club) == 0


def test_tokens_need_exp_and_the_server_key(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    now = datetime.now(UTC)
    key = get_settings().signing_key
    no_exp = jwt.encode({"sub": "1", "iat": now}, key, algorithm=ALGORITHM)
    assert client.get("/auth/me", headers={"Authorization": f"Bearer {no_exp}"}).status_code == 401
    forged = jwt.encode({"sub": "1", "iat": now, "exp": now + timedelta(hours=1)}, "change-me-development-only",
                        algorithm=ALGORITHM)
    assert client.get("/auth/me", headers={"Authorization": f"Bearer {forged}"}).status_code == 401
    good = jwt.encode({"sub": "1", "iat": now, "exp": now + timedelta(hours=1)}, key, algorithm=ALGORITHM)
    assert client.get("/auth/me", headers={"Authorization": f"Bearer {good}"}).status_code == 200


def test_a_token_verified_before_is_refused_once_it_has_expired(client: TestClient, admin: dict[str, str],
                                                                  engine: Any) -> None:
    """A bearer token's signature is verified once (app.auth.credentials._verified); its expiry at every use."""
    now = datetime.now(UTC)
    token = jwt.encode({"sub": "1", "iat": now, "exp": now + timedelta(seconds=2)}, get_settings().signing_key,
                       algorithm=ALGORITHM)
    expires = jwt.decode(token, options={"verify_signature": False})["exp"]
    auth = {"Authorization": f"Bearer {token}"}
    assert client.get("/auth/me", headers=auth).status_code == 200
    assert client.get("/auth/me", headers=auth).status_code == 200  # the verified token, again
    time.sleep(max(0.0, expires - time.time()) + 0.05)
    r = client.get("/auth/me", headers=auth)
    assert r.status_code == 401 and "expired" in r.json()["detail"]


def test_api_token_scopes_and_revocation(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    created = ok(client.post("/auth/api-tokens", json={"name": "results-bot", "scopes": ["results"]},
                             headers=admin), 201)
    assert created["token"].startswith("tsk_")
    bot = {"Authorization": f"Bearer {created['token']}"}
    assert ok(client.get("/auth/me", headers=bot))["scopes"] == ["results"]
    r = client.post("/clubs", json={"name": "By bot"}, headers=bot)
    assert r.status_code == 403
    r = client.post("/auth/api-tokens", json={"name": "child"}, headers=bot)
    assert r.status_code == 403
    ok(client.delete(f"/auth/api-tokens/{created['id']}", headers=admin))
    assert client.get("/auth/me", headers=bot).status_code == 401
    with Session(engine) as s:
        from app.models import ApiToken

        stored = s.exec(select(ApiToken)).one()
        assert stored.token_hash != created["token"] and len(stored.token_hash) == 64


def test_read_token_cannot_create_users_or_revoke_tokens(client: TestClient, admin: dict[str, str],
                                                         engine: Any) -> None:
    read = token_for(engine, "admin", ["read"])
    r = client.post("/users", json={"username": "evil", "password": "password123", "is_admin": True}, headers=read)
    assert r.status_code == 403 and r.json()["scope"] == "write"
    victim = ok(client.post("/auth/api-tokens", json={"name": "script"}, headers=admin), 201)
    assert client.delete(f"/auth/api-tokens/{victim['id']}", headers=read).status_code == 403
    with Session(engine) as s:
        assert s.exec(select(User).where(User.username == "evil")).first() is None
        assert s.get(ApiToken, victim["id"]).revoked_at is None


def test_only_the_owner_or_an_administrator_revokes_a_token(client: TestClient, admin: dict[str, str],
                                                              engine: Any) -> None:
    for name in ("owner", "other"):
        make_user(engine, name)
    owner, other = login(client, "owner"), login(client, "other")
    tok = ok(client.post("/auth/api-tokens", json={"name": "script"}, headers=owner), 201)
    assert client.delete(f"/auth/api-tokens/{tok['id']}", headers=other).status_code == 403
    assert ok(client.delete(f"/auth/api-tokens/{tok['id']}", headers=admin))["revoked_at"] is not None
    assert ok(client.delete(f"/auth/api-tokens/{tok['id']}", headers=owner))["revoked_at"] is not None
