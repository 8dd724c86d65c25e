"""The audit log (/tournaments/{id}/audit): every change with its actor, before and after, for the staff only."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.models import AuditEntry, Player, Team
from tests.api.factory import make_club, make_team, make_tournament, ok


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
