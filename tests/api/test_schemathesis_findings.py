"""What the schemathesis run (tests/contract) found, each fixed at the root and held here in the normal suite."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.factory import make_club, ok


def _problem(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    return dict(r.json())


def test_405_allows_every_method_of_the_path(client: TestClient, admin: dict[str, str]) -> None:
    """Starlette named only the first route's methods (Allow: GET on /clubs/{id}, which also takes PATCH, DELETE)."""
    club = make_club(client, admin)
    r = client.options(f"/clubs/{club['id']}")
    _problem(r, 405)
    assert set(r.headers["allow"].split(", ")) == {"GET", "PATCH", "DELETE"}
    assert set(client.put("/tournaments").headers["allow"].split(", ")) == {"GET", "POST"}


def test_an_unreadable_body_is_422_not_400(client: TestClient, admin: dict[str, str]) -> None:
    """Bytes that are not UTF-8 were answered 400 "There was an error parsing the body", documented nowhere."""
    r = client.post("/clubs", content=b"\xd4\x8e\x16\xff\xfe", headers={**admin, "Content-Type": "application/json"})
    assert "cannot be read" in _problem(r, 422)["detail"]


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/clubs", {"name": "X", "union_member": 0}, "union_member"),  # was stored as false
    ("/tournaments", {"name": "X", "end_date": 0}, "end_date"),  # was stored as 1970-01-01
    ("/tournaments", {"name": "X", "start_date": 20260101}, "start_date"),
    ("/clubs", {"name": 5}, "name"),
    ("/users", {"username": "someone", "password": "password123", "is_admin": "true"}, "is_admin"),
])
def test_values_of_another_json_type_are_refused(client: TestClient, admin: dict[str, str], path: str,
                                                 body: dict[str, Any], field: str) -> None:
    """Pydantic's lax mode took "5" for an integer, 0 for a boolean or a date: requests the schema calls invalid."""
    problem = _problem(client.post(path, json=body, headers=admin), 422)
    assert problem["errors"][0]["loc"] == ["body", field]


def test_integral_numbers_are_integers(client: TestClient, admin: dict[str, str]) -> None:
    """JSON Schema calls 3.0 an integer: it is accepted as 3 (a string "3" is not)."""
    club = make_club(client, admin)
    body = {"club_id": float(club["id"]), "last_name": "Float", "fide_rating": 1500.0}
    p = ok(client.post("/players", json=body, headers=admin), 201)
    assert p["club_id"] == club["id"] and p["fide_rating"] == 1500
    _problem(client.post("/players", json={**body, "fide_rating": "1500"}, headers=admin), 422)
    _problem(client.post("/players", json={**body, "fide_rating": 1500.5}, headers=admin), 422)


@pytest.mark.parametrize("method", ["GET", "PATCH", "DELETE", "PUT"])
def test_a_literal_path_owns_its_methods(client: TestClient, admin: dict[str, str], method: str) -> None:
    """PATCH /tournaments/import reached PATCH /tournaments/{tournament_id}: 422 for the id "import", not 405."""
    r = client.request(method, "/tournaments/import", headers=admin)
    _problem(r, 405)
    assert r.headers["allow"] == "POST"
    assert client.options("/tournaments/import").headers["allow"] == "POST"
    assert client.get("/tournaments/1").status_code == 404  # the parameter route still serves real ids
