"""Accounts and the officials of a tournament (/users, /tournaments/{id}/members): who creates accounts, and
the team managers a tournament names (R-16.2)."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi.testclient import TestClient

from tests.api.conftest import login, make_user
from tests.api.factory import expect_problem, make_club, make_team, make_tournament, manager, ok


def test_only_admin_creates_users(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    make_user(engine, "mallory")
    mallory = login(client, "mallory")
    r = client.post("/users", json={"username": "eve", "password": "password123"}, headers=mallory)
    assert r.status_code == 403
    ok(client.post("/users", json={"username": "eve", "password": "password123"}, headers=admin), 201)
    assert login(client, "eve")


def test_a_membership_of_another_tournament_is_not_found(client: TestClient, admin: dict[str, str]) -> None:
    t1, t2 = make_tournament(client, admin), make_tournament(client, admin)
    members = ok(client.get(f"/tournaments/{t1['id']}/members", headers=admin))["items"]
    r = client.delete(f"/tournaments/{t2['id']}/members/{members[0]['id']}", headers=admin)
    expect_problem(r, 404)
    assert ok(client.get(f"/tournaments/{t1['id']}/members", headers=admin))["total"] == 1


def test_manager_must_be_an_adult(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    kid = manager(client, engine, "kid", born=date(2012, 1, 1))
    club = make_club(client, kid)
    r = client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "K"}, headers=kid)
    assert r.status_code == 409 and r.json()["rule"] == "R-16.2.1"
    team = make_team(client, admin, t["id"], club["id"], "Team")
    kid_id = ok(client.get("/auth/me", headers=kid))["id"]
    r = client.post(f"/tournaments/{t['id']}/members", json={"user_id": kid_id, "role": "manager",
                                                             "team_id": team["id"]}, headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-16.2.1"
    adult = manager(client, engine, "adult")
    adult_id = ok(client.get("/auth/me", headers=adult))["id"]
    ok(client.post(f"/tournaments/{t['id']}/members", json={"user_id": adult_id, "role": "manager",
                                                            "team_id": team["id"]}, headers=admin), 201)


def test_one_manager_per_team_and_one_club_per_manager(client: TestClient, admin: dict[str, str],
                                                      engine: Any) -> None:
    t = make_tournament(client, admin)
    c1, c2 = make_club(client, admin, "C1"), make_club(client, admin, "C2")
    a = make_team(client, admin, t["id"], c1["id"], "A")
    b = make_team(client, admin, t["id"], c1["id"], "B")
    c = make_team(client, admin, t["id"], c2["id"], "C")
    for name in ("u1", "u2"):
        make_user(engine, name, birth_date=date(1980, 1, 1))
    u1 = ok(client.get("/auth/me", headers=login(client, "u1")))["id"]
    u2 = ok(client.get("/auth/me", headers=login(client, "u2")))["id"]

    def member(uid: int, team: dict[str, Any]) -> Any:
        return client.post(f"/tournaments/{t['id']}/members", json={"user_id": uid, "role": "manager",
                                                                    "team_id": team["id"]}, headers=admin)

    assert member(u1, a).status_code == 201
    assert member(u1, b).status_code == 201  # a club official manages several teams of the club
    r = member(u2, a)
    assert r.status_code == 409 and r.json()["rule"] == "R-16.2"
    r = member(u1, c)
    assert r.status_code == 409 and r.json()["rule"] == "R-16.2"
