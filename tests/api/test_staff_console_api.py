"""What the staff console needs from the API: a lineup's dry run, and a preset's schedule moved to a new date."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.models import AuditEntry, Lineup, Round
from tests.api.conftest import login, make_user
from tests.api.factory import lineup_team, ok


def _count(engine: Any, model: Any) -> int:
    with Session(engine) as s:
        return int(s.exec(select(func.count()).select_from(model)).one())


def test_lineup_check_lists_every_problem_and_saves_nothing(client: TestClient, admin: dict[str, str],
                                                           engine: Any) -> None:
    t, team, ids = lineup_team(client, admin)
    url = f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}"
    audits = _count(engine, AuditEntry)
    # no girl and a captain who does not play: both are listed
    body = {"player_ids": [ids[0], ids[1], ids[2], ids[5]], "captain_id": ids[3]}
    out = ok(client.post(f"{url}/check", json=body, headers=admin))
    assert out["valid"] is False
    assert [p["rule"] for p in out["problems"]] == ["R-3.2", "R-16.1"]
    # the submission is refused with the first of them
    r = client.put(url, json=body, headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == out["problems"][0]["rule"]
    # a valid lineup: in board order, and still nothing stored
    out = ok(client.post(f"{url}/check", json={"player_ids": [ids[4], ids[0], ids[2], ids[1]]}, headers=admin))
    assert out == {"valid": True, "player_ids": [ids[0], ids[1], ids[2], ids[4]], "captain_id": None,
                   "problems": []}
    assert _count(engine, Lineup) == 0 and _count(engine, AuditEntry) == audits
    # an explicit order against names the players out of order
    out = ok(client.post(f"{url}/check", json={"player_ids": [ids[1], ids[0], ids[2], ids[3]],
                                                "explicit_order": True}, headers=admin))
    assert out["problems"][0]["rule"] == "R-3.3" and "P1" in out["problems"][0]["detail"]


def test_lineup_check_needs_the_same_rights_and_state_as_the_submission(client: TestClient, admin: dict[str, str],
                                                                       engine: Any) -> None:
    t, team, ids = lineup_team(client, admin)
    url = f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}/check"
    body = {"player_ids": ids[:4]}
    assert client.post(url, json=body).status_code == 401
    make_user(engine, "stranger", birth_date=date(1980, 1, 1))
    r = client.post(url, json=body, headers=login(client, "stranger"))
    assert r.status_code == 403 and r.json()["rule"] == "R-16.2"
    make_user(engine, "alice", birth_date=date(1980, 1, 1))
    alice = login(client, "alice")
    alice_id = ok(client.get("/auth/me", headers=alice))["id"]
    ok(client.post(f"/tournaments/{t['id']}/members", json={"user_id": alice_id, "role": "manager",
                                                            "team_id": team["id"]}, headers=admin), 201)
    assert ok(client.post(url, json=body, headers=alice))["valid"] is True
    with Session(engine) as s:  # the round has started: closed for the manager, as PUT is
        r1 = s.exec(select(Round).where(Round.tournament_id == t["id"], Round.number == 1)).one()
        r1.scheduled_start = datetime.now(UTC) - timedelta(minutes=1)
        s.add(r1)
        s.commit()
    r = client.post(url, json=body, headers=alice)
    assert r.status_code == 409 and r.json()["rule"] == "R-3.2"
    put = client.put(url.removesuffix("/check"), json=body, headers=alice)
    assert put.status_code == 409 and put.json()["detail"] == r.json()["detail"]
    assert ok(client.post(url, json=body, headers=admin))["valid"] is True  # the arbiter still may
