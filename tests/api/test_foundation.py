"""The foundation: health, auth, tokens, CRUD, privacy, errors as problem+json, audit."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.models import Club
from tests.api.conftest import login, make_user


def count(engine: Any, model: Any) -> int:
    with Session(engine) as s:
        return s.exec(select(func.count()).select_from(model)).one()


def test_malformed_body_is_422_and_changes_nothing(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    r = client.post("/clubs", json={"name": 42, "union_member": "maybe"}, headers=admin)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["errors"]
    r = client.post("/clubs", json={"name": "ok", "unknown_field": 1}, headers=admin)
    assert r.status_code == 422
    assert count(engine, Club) == 0


def test_unknown_ids_are_404(client: TestClient, admin: dict[str, str]) -> None:
    for path in ("/clubs/999", "/players/999", "/tournaments/999", "/tournaments/999/teams"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert r.json()["status"] == 404
    r = client.post("/players", json={"club_id": 999, "last_name": "X"}, headers=admin)
    assert r.status_code == 404


def _manager(client: TestClient, engine: Any, name: str) -> dict[str, str]:
    from datetime import date

    make_user(engine, name, birth_date=date(1980, 1, 1))
    return login(client, name)
