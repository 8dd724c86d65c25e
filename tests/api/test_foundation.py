"""The foundation: health, auth, tokens, CRUD, privacy, errors as problem+json, audit."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.models import AuditEntry, Club, Player, Team
from tests.api.conftest import login, make_user
from tests.api.factory import make_club, make_team, make_tournament, ok


def count(engine: Any, model: Any) -> int:
    with Session(engine) as s:
        return s.exec(select(func.count()).select_from(model)).one()


def test_health(client: TestClient) -> None:
    assert ok(client.get("/health"))["status"] == "ok"


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


def test_entry_is_audited_with_before_and_after(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    team = make_team(client, admin, t["id"], club["id"], "Audited")
    ok(client.patch(f"/tournaments/{t['id']}/teams/{team['id']}", json={"name": "Renamed"}, headers=admin))
    log = ok(client.get(f"/tournaments/{t['id']}/audit?entity=team", headers=admin))["items"]
    rename = next(e for e in log if e["action"] == "update")
    assert rename["before"]["name"] == "Audited" and rename["after"]["name"] == "Renamed"
    assert rename["actor"] == "admin"
    assert client.get(f"/tournaments/{t['id']}/audit").status_code == 401
    with Session(engine) as s:
        assert s.exec(select(func.count()).select_from(AuditEntry)).one() >= 3
        assert s.exec(select(Team)).one().name == "Renamed"
        assert s.exec(select(func.count()).select_from(Player)).one() == 0
