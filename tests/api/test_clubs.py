"""Clubs and their players (/clubs, /players): the directory, what the public sees of a player, and who may
change a club or a player (the rights come from a tournament the club takes part in)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session

from app.models import Club, Player
from tests.api.conftest import login, make_user
from tests.api.factory import full_team, make_club, make_player, make_tournament, ok


def test_club_crud_and_pagination(client: TestClient, admin: dict[str, str]) -> None:
    for i in range(7):
        make_club(client, admin, f"Club {i}")
    page = ok(client.get("/clubs?limit=3&offset=3"))
    assert page["total"] == 7 and page["limit"] == 3 and page["offset"] == 3
    assert [c["name"] for c in page["items"]] == ["Club 3", "Club 4", "Club 5"]
    cid = page["items"][0]["id"]
    assert ok(client.patch(f"/clubs/{cid}", json={"union_member": True}, headers=admin))["union_member"] is True
    ok(client.delete(f"/clubs/{cid}", headers=admin), 204)
    assert client.get(f"/clubs/{cid}").status_code == 404


def test_public_never_sees_private_fields(client: TestClient, admin: dict[str, str]) -> None:
    club = make_club(client, admin)
    p = make_player(client, admin, club["id"], "Παπαδόπουλος", email="kid@example.org", phone="123")
    public = ok(client.get(f"/players/{p['id']}"))
    for private in ("birth_date", "email", "phone"):
        assert private not in public
    staff = ok(client.get(f"/players/{p['id']}", headers=admin))
    assert staff["birth_date"] == "2014-05-01" and staff["email"] == "kid@example.org"
    listing = ok(client.get("/players"))
    assert all("birth_date" not in x for x in listing["items"])


def test_rights_come_from_the_tournament(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin, "Victims")
    team = full_team(client, admin, t["id"], club["id"], "V")
    pid = team["player_ids"][0]
    make_user(engine, "nobody")
    nobody = login(client, "nobody")
    # a fresh account may not create a tournament (to become "staff") ...
    r = client.post("/tournaments", json={"name": "x"}, headers=nobody)
    assert r.status_code == 403
    # ... nor see birth dates, nor change a player of another tournament
    assert "birth_date" not in ok(client.get(f"/players/{pid}", headers=nobody))
    r = client.patch(f"/players/{pid}", json={"fide_rating": 100}, headers=nobody)
    assert r.status_code == 403
    # an organiser or arbiter of another tournament has no rights over this tournament's clubs either
    make_user(engine, "other", organiser=True)
    other = login(client, "other")
    ok(client.post("/tournaments", json={"name": "Other open"}, headers=other), 201)
    listed = ok(client.get("/players?limit=500", headers=other))["items"]
    assert listed and all("birth_date" not in p for p in listed)
    assert client.patch(f"/players/{pid}", json={"fide_rating": 100, "birth_date": "2000-01-01"},
                        headers=other).status_code == 403
    assert client.patch(f"/clubs/{club['id']}", json={"name": "Mine"}, headers=other).status_code == 403
    with Session(engine) as s:
        p = s.get(Player, pid)
        assert p.fide_rating != 100 and str(p.birth_date) != "2000-01-01"
        assert s.get(Club, club["id"]).name == "Victims"
    # the tournament's own staff do see them
    assert "birth_date" in ok(client.get(f"/players/{pid}", headers=admin))


def test_an_organiser_enters_any_club_and_gains_its_rights(client: TestClient, admin: dict[str, str],
                                                           engine: Any) -> None:
    """The one way in: an organiser enters a club's team (audited, public); then the club takes part."""
    make_user(engine, "org", organiser=True)
    org = login(client, "org")
    t = ok(client.post("/tournaments", json={"name": "Org open"}, headers=org), 201)
    club = make_club(client, admin, "Elsewhere")
    assert client.patch(f"/clubs/{club['id']}", json={"city": "Volos"}, headers=org).status_code == 403
    ok(client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "E"}, headers=org), 201)
    ok(client.patch(f"/clubs/{club['id']}", json={"city": "Volos"}, headers=org))
