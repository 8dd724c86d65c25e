"""Default deny: every route declares its permission, and an authorisation matrix generated from the OpenAPI
document tries every write operation as seven principals that must be refused.

The expectations below are written by hand from README's permission table, independently of
``app.auth.policy``: a new route is covered automatically and is expected to refuse all seven principals
unless this table says one of them may call it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.auth.credentials import new_api_token
from app.auth.policy import ACTIONS, permission_table
from app.http.contract import api_routes, permits
from app.http.factory import create_app
from app.models import ApiToken, Match, Membership, Player, Round, User
from tests.api.conftest import login, make_user
from tests.api.factory import make_club, make_player, make_tournament, ok

ROOT = Path(__file__).resolve().parents[2]
WRITE_METHODS = ("post", "put", "patch", "delete")
#: Routes anyone may call without a declared action (they are not part of the API's data).
META_ROUTES = {("GET", "/health"), ("GET", "/healthz"), ("GET", "/readyz"), ("GET", "/"), ("GET", "/docs"),
               ("GET", "/docs/oauth2-redirect"), ("GET", "/redoc")}
#: Writes anyone may call: logging in.
PUBLIC_WRITES = {("POST", "/auth/token")}


def declaration_problems(app: Any) -> list[str]:
    problems = []
    for method, path, route in api_routes(app):  # routers included: app.routes keeps them whole
        key = (method, path)
        if key in META_ROUTES:
            continue
        found = permits(route)
        if len(found) != 1:
            problems.append(f"{method} {path}: {len(found)} permission declarations")
            continue
        if method != "GET" and found[0].public and key not in PUBLIC_WRITES:
            problems.append(f"{method} {path}: a write declared public")
    return problems


def test_every_route_declares_its_permission() -> None:
    app = create_app()
    assert len(list(api_routes(app))) >= 60  # the walker sees the routers' routes, not only the app's own
    assert declaration_problems(app) == []


def test_the_declaration_check_can_fail() -> None:
    app = create_app()

    @app.post("/tournaments/{tournament_id}/sneaky")
    def sneaky(tournament_id: int) -> dict[str, int]:  # no Permit: default deny must catch it
        return {"id": tournament_id}

    assert declaration_problems(app) == ["POST /tournaments/{tournament_id}/sneaky: 0 permission declarations"]


def test_the_declaration_check_sees_included_routers() -> None:
    """A route without a declaration inside a router (as every real route is) is caught too."""
    from fastapi import APIRouter

    app = create_app()
    router = APIRouter(prefix="/tournaments/{tournament_id}")

    @router.put("/hidden")
    def hidden(tournament_id: int) -> dict[str, int]:
        return {"id": tournament_id}

    app.include_router(router)
    assert declaration_problems(app) == ["PUT /tournaments/{tournament_id}/hidden: 0 permission declarations"]


def test_readme_has_the_permission_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert permission_table() in readme, "README's permission table is stale: paste app.auth.policy.permission_table()"
    for name in ACTIONS:
        assert f"`{name}`" in readme


# --- the world the matrix runs in ------------------------------------------------------------------------


def _token(engine: Any, username: str, scopes: list[str]) -> dict[str, str]:
    with Session(engine) as s:
        user = s.exec(select(User).where(User.username == username)).one()
        token, digest = new_api_token()
        s.add(ApiToken(user_id=user.id or 0, name="-".join(scopes), token_hash=digest, prefix=token[:10],
                       scopes=scopes))
        s.commit()
    return {"Authorization": f"Bearer {token}"}


def _member(client: TestClient, auth: dict[str, str], tid: int, user: int, role: str,
            team: int | None = None) -> dict[str, Any]:
    return ok(client.post(f"/tournaments/{tid}/members", json={"user_id": user, "role": role, "team_id": team},
                          headers=auth), 201)


def _team(client: TestClient, organiser: dict[str, str], owner: dict[str, str], tid: int, club: int,
          name: str, girls: int = 1) -> dict[str, Any]:
    team = ok(client.post(f"/tournaments/{tid}/teams", json={"club_id": club, "name": name}, headers=owner), 201)
    ok(client.post(f"/tournaments/{tid}/teams/{team['id']}/payments",
                   json={"amount": "36.00", "paid_on": "2026-11-01"}, headers=organiser), 201)
    pids = [make_player(client, owner, club, f"{name}-{i}", rating=1800 - 50 * i,
                        sex="w" if i >= 4 - girls else "m")["id"] for i in range(4)]
    ok(client.put(f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": pids}, headers=owner))
    return team | {"player_ids": pids}


@pytest.fixture()
def world(client: TestClient, admin: dict[str, str], engine: Any) -> dict[str, Any]:
    """Tournament 1 (round 1 published) with its officials and two managers; tournament 2 with its own."""
    from datetime import date

    adult = date(1980, 1, 1)
    ids = {name: make_user(engine, name, organiser=name in ("o1", "o2"), birth_date=adult)
           for name in ("o1", "a1", "m1", "m2", "o2", "a2", "m3")}
    auth = {name: login(client, name) for name in ids}
    o1 = auth["o1"]
    t1 = make_tournament(client, o1)["id"]
    _member(client, o1, t1, ids["a1"], "chief_arbiter")
    c1 = make_club(client, auth["m1"], "Club One")["id"]
    c2 = make_club(client, auth["m2"], "Club Two")["id"]
    x1 = _team(client, o1, auth["m1"], t1, c1, "X1")
    _team(client, o1, auth["m2"], t1, c2, "X2")
    for k in (3, 4, 5):
        _team(client, o1, o1, t1, make_club(client, o1, f"Club {k}")["id"], f"X{k}")
    a1 = auth["a1"]
    ok(client.post(f"/tournaments/{t1}/ranking/lock", headers=a1))
    members = [{"name": f"M{i}", "kind": "regular" if i < 3 else "alternate", "chair": i == 0} for i in range(5)]
    ok(client.put(f"/tournaments/{t1}/committee", json={"members": members}, headers=o1))
    ok(client.post(f"/tournaments/{t1}/rounds/1/pair", headers=a1))
    ok(client.post(f"/tournaments/{t1}/rounds/1/publish", headers=a1))
    t2 = make_tournament(client, auth["o2"])["id"]
    _member(client, auth["o2"], t2, ids["a2"], "arbiter")
    c5 = make_club(client, auth["m3"], "Club Five")["id"]
    ok(client.post(f"/tournaments/{t2}/teams", json={"club_id": c5, "name": "Y1"}, headers=auth["m3"]), 201)
    with Session(engine) as s:
        rnd = s.exec(select(Round).where(Round.tournament_id == t1, Round.number == 1)).one()
        match = s.exec(select(Match).where(Match.round_id == rnd.id, Match.second_team_id.is_not(None))  # type: ignore[union-attr]
                       ).first()
        membership = s.exec(select(Membership).where(Membership.team_id == x1["id"])).one()
        player = s.exec(select(Player).where(Player.club_id == c1)).first()
    read = _token(engine, "a1", ["read"])
    tokens = ok(client.get("/auth/api-tokens", headers=a1))
    params = {"tournament_id": t1, "team_id": x1["id"], "number": 1, "match_id": match.id if match else 1,
              "board": 1, "appeal_id": 1, "club_id": c1, "player_id": player.id if player else 1,
              "token_id": tokens["items"][0]["id"], "membership_id": membership.id, "user_id": ids["m1"],
              "venue_tournament_id": 1}
    principals = {
        "anonymous": {},
        "read token": read,
        "results token": _token(engine, "a1", ["results"]),
        "lineups token": _token(engine, "a1", ["lineups"]),
        "manager of another team": auth["m2"],
        "arbiter of another tournament": auth["a2"],
        "organiser of another tournament": auth["o2"],
    }
    return {"params": params, "principals": principals, "auth": auth, "ids": ids, "t1": t1, "t2": t2,
            "c1": c1, "x1": x1}


#: README's table, for these principals and the world's objects (tournament 1, team X1, club C1):
#: which write operations each may call (anything else: 401 or 403).
T1 = "/tournaments/{tournament_id}"
ROUND = T1 + "/rounds/{number}"
ANYONE = {("POST", "/auth/token")}
SIGNED_IN = ANYONE | {("POST", "/clubs"), ("POST", "/players"), ("POST", T1 + "/teams")}
PASSWORD = {("POST", "/auth/api-tokens"), ("POST", "/auth/password")}
MAY: dict[str, set[tuple[str, str]]] = {
    "anonymous": ANYONE,
    "read token": ANYONE,
    "results token": ANYONE | {("PUT", ROUND + "/matches/{match_id}/boards/{board}"),
                               ("PUT", ROUND + "/matches/{match_id}"), ("POST", ROUND + "/results")},
    "lineups token": ANYONE | {("PUT", ROUND + "/lineups/{team_id}"), ("POST", ROUND + "/lineups/{team_id}/check")},
    # files appeals for its own team (the body's team is checked next: see test_manager_files_only_for_own_team)
    "manager of another team": SIGNED_IN | PASSWORD | {("POST", T1 + "/appeals")},
    "arbiter of another tournament": SIGNED_IN | PASSWORD,
    "organiser of another tournament": SIGNED_IN | PASSWORD | {("POST", "/tournaments"),
                                                               ("POST", "/tournaments/import")},
}


def _operations(client: TestClient) -> list[tuple[str, str]]:
    spec = client.get("/openapi.json").json()
    return [(m.upper(), path) for path, item in spec["paths"].items() for m in item if m in WRITE_METHODS]


def _call(client: TestClient, method: str, path: str, params: dict[str, Any], headers: dict[str, str]) -> Any:
    url = re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), path)
    if path == "/tournaments/import":
        return client.request(method, url, content=b"012 x\n", headers={**headers, "Content-Type": "text/plain"})
    if path == "/auth/token":
        return client.request(method, url, data={}, headers=headers)
    return client.request(method, url, json={}, headers=headers)


def test_authorisation_matrix(client: TestClient, world: dict[str, Any]) -> None:
    operations = _operations(client)
    assert len(operations) >= 35
    failures = []
    for who, headers in world["principals"].items():
        for method, path in operations:
            r = _call(client, method, path, world["params"], headers)
            may = (method, path) in MAY[who]
            refused = r.status_code in (401, 403)
            if r.status_code >= 500 or may == refused:
                failures.append(f"{who}: {method} {path} -> {r.status_code} (expected {'may' if may else '401/403'})")
            elif not may and who == "anonymous" and r.status_code != 401:
                failures.append(f"anonymous: {method} {path} -> {r.status_code} (expected 401)")
            if refused:
                assert r.headers["content-type"].startswith("application/problem+json")
    assert not failures, "\n".join(failures)


def test_private_reads_are_refused_too(client: TestClient, world: dict[str, Any]) -> None:
    p = world["params"]
    private = [f"/tournaments/{p['tournament_id']}/members", f"/tournaments/{p['tournament_id']}/audit",
               f"/tournaments/{p['tournament_id']}/teams/{p['team_id']}/payments", "/users"]
    for who in ("anonymous", "results token", "lineups token", "manager of another team",
                "arbiter of another tournament", "organiser of another tournament"):
        for url in private:
            r = client.get(url, headers=world["principals"][who])
            assert r.status_code in (401, 403), (who, url, r.status_code)
    for url in private[:3]:
        assert client.get(url, headers=world["principals"]["read token"]).status_code == 200


def test_manager_files_only_for_own_team(client: TestClient, world: dict[str, Any]) -> None:
    body = {"match_id": world["params"]["match_id"], "team_id": world["x1"]["id"], "text": "x",
            "announced_at": "2026-12-10T10:00:00Z", "submitted_at": "2026-12-10T10:05:00Z", "fee_paid": "100"}
    r = client.post(f"/tournaments/{world['t1']}/appeals", json=body,
                    headers=world["principals"]["manager of another team"])
    assert r.status_code == 403 and r.json()["rule"] == "R-16.2"


def test_me_lists_the_permissions_per_tournament(client: TestClient, world: dict[str, Any]) -> None:
    me = ok(client.get("/auth/me", headers=world["auth"]["a1"]))
    t1 = next(x for x in me["tournaments"] if x["tournament_id"] == world["t1"])
    assert t1["roles"] == ["chief_arbiter"]
    assert {"round.pair", "results.write", "round.publish", "captain.remove"} <= set(t1["permissions"])
    assert "tournament.update" not in t1["permissions"] and me["can_create_tournaments"] is False
    results = ok(client.get("/auth/me", headers=world["principals"]["results token"]))
    t1 = next(x for x in results["tournaments"] if x["tournament_id"] == world["t1"])
    assert t1["permissions"] == ["results.write"]  # the token's scope narrows the user's rights
    m1 = ok(client.get("/auth/me", headers=world["auth"]["m1"]))
    t1 = next(x for x in m1["tournaments"] if x["tournament_id"] == world["t1"])
    assert t1["team_ids"] == [world["x1"]["id"]] and "lineup.write" in t1["permissions"]
    assert "round.pair" not in t1["permissions"]
    assert ok(client.get("/auth/me", headers=world["auth"]["o2"]))["can_create_tournaments"] is True


def test_me_gives_an_administrator_every_tournament(client: TestClient, world: dict[str, Any],
                                                    admin: dict[str, str]) -> None:
    """An administrator holds every tournament action without a role there: /auth/me lists each tournament
    (the console builds its menus from it alone)."""
    me = ok(client.get("/auth/me", headers=admin))
    listed = {x["tournament_id"]: x for x in me["tournaments"]}
    assert {world["t1"], world["t2"]} <= listed.keys()
    assert {"round.pair", "tournament.update", "results.write"} <= set(listed[world["t2"]]["permissions"])
