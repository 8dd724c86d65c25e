"""A bearer token's signature is verified once (app.auth.credentials._verified); its expiry is checked at every use."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
from fastapi.testclient import TestClient

from app.auth.credentials import ALGORITHM
from app.config import get_settings


def test_a_token_verified_before_is_refused_once_it_has_expired(client: TestClient, admin: dict[str, str],
                                                                  engine: Any) -> None:
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
