"""Cross-cutting, over every resource: what the API answers a request it cannot serve. Malformed bodies, values
of another JSON type, nulls, NUL characters and numbers beyond the columns, unknown and huge ids, bodies past the
limit and methods a path does not take are each a problem+json that changed nothing; a failure inside a write
commits nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.config import get_settings
from app.models import Club, Player, Tournament
from tests.api.factory import count_rows, expect_problem, full_team, make_club, make_tournament, ok

# --- malformed bodies and values --------------------------------------------------------------------------------------


def test_malformed_body_is_422_and_changes_nothing(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    r = client.post("/clubs", json={"name": 42, "union_member": "maybe"}, headers=admin)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["errors"]
    r = client.post("/clubs", json={"name": "ok", "unknown_field": 1}, headers=admin)
    assert r.status_code == 422
    assert count_rows(engine, Club) == 0


def test_an_unreadable_body_is_422_not_400(client: TestClient, admin: dict[str, str]) -> None:
    """Bytes that are not UTF-8 were answered 400 "There was an error parsing the body", documented nowhere."""
    r = client.post("/clubs", content=b"\xd4\x8e\x16\xff\xfe", headers={**admin, "Content-Type": "application/json"})
    assert "cannot be read" in expect_problem(r, 422)["detail"]


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
    problem = expect_problem(client.post(path, json=body, headers=admin), 422)
    assert problem["errors"][0]["loc"] == ["body", field]


def test_integral_numbers_are_integers(client: TestClient, admin: dict[str, str]) -> None:
    """JSON Schema calls 3.0 an integer: it is accepted as 3 (a string "3" is not)."""
    club = make_club(client, admin)
    body = {"club_id": float(club["id"]), "last_name": "Float", "fide_rating": 1500.0}
    p = ok(client.post("/players", json=body, headers=admin), 201)
    assert p["club_id"] == club["id"] and p["fide_rating"] == 1500
    expect_problem(client.post("/players", json={**body, "fide_rating": "1500"}, headers=admin), 422)
    expect_problem(client.post("/players", json={**body, "fide_rating": 1500.5}, headers=admin), 422)


@pytest.mark.parametrize(("path", "body"), [
    ("/tournaments/{t}", {"deputy_arbiters": None}),
    ("/tournaments/{t}", {"city": None}),
    ("/tournaments/{t}", {"name": None}),
    ("/tournaments/{t}", {"rules": None}),
    ("/clubs/{c}", {"name": None}),
    ("/clubs/{c}", {"union_member": None}),
    ("/players/{p}", {"last_name": None}),
    ("/players/{p}", {"club_id": None}),
    ("/tournaments/{t}/teams/{team}", {"name": None}),
    ("/tournaments/{t}/teams/{team}", {"status": None}),
])
def test_null_is_refused_where_the_column_is_not_null(client: TestClient, admin: dict[str, str], engine: Any,
                                                      path: str, body: dict[str, Any]) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    team = full_team(client, admin, t["id"], club["id"], "N")
    url = path.format(t=t["id"], c=club["id"], p=team["player_ids"][0], team=team["id"])
    before = client.get(url).json()
    r = client.patch(url, json=body, headers=admin)
    assert r.status_code == 422, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert client.get(url).json() == before
    assert client.get("/tournaments").status_code == 200


@pytest.mark.parametrize("body", [{"name": "a\u0000b"}, {"name": "ok", "city": "x\u0000"}])
def test_nul_characters_are_refused(client: TestClient, admin: dict[str, str], engine: Any,
                                    body: dict[str, Any]) -> None:
    r = client.post("/clubs", json=body, headers=admin)
    assert r.status_code == 422 and "NUL" in r.text
    assert client.get("/clubs?q=a%00b").status_code == 422
    assert count_rows(engine, Club) == 0


def test_integers_beyond_the_columns_are_refused(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    club = make_club(client, admin)
    r = client.post("/players", json={"club_id": club["id"], "last_name": "X", "fide_id": 2**40}, headers=admin)
    assert r.status_code == 422
    t = make_tournament(client, admin)
    r = client.patch(f"/tournaments/{t['id']}", json={"rules": {"pairing": {"forbidden_pairs": [[1, 2**40]]}}},
                     headers=admin)
    assert r.status_code == 422
    assert count_rows(engine, Player) == 0


def test_a_large_body_is_413_problem(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    big = "x" * (get_settings().max_body_bytes + 10)
    r = client.post("/clubs", content=f'{{"name": "{big}"}}', headers={**admin, "Content-Type": "application/json"})
    assert r.status_code == 413 and r.headers["content-type"].startswith("application/problem+json")
    assert count_rows(engine, Club) == 0
    # a TRF import may be larger than a JSON body (but not unlimited)
    r = client.post("/tournaments/import", content=b"012 x\n" + b" " * (2 * 1024 * 1024),
                    headers={**admin, "Content-Type": "text/plain"})
    assert r.status_code != 413


# --- ids and methods --------------------------------------------------------------------------------------------------


def test_unknown_ids_are_404(client: TestClient, admin: dict[str, str]) -> None:
    for path in ("/clubs/999", "/players/999", "/tournaments/999", "/tournaments/999/teams"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert r.json()["status"] == 404
    r = client.post("/players", json={"club_id": 999, "last_name": "X"}, headers=admin)
    assert r.status_code == 404


@pytest.mark.parametrize("path", ["/tournaments/9223372036854775808", "/tournaments/2147483648",
                                  "/clubs/99999999999999999999", "/tournaments/1/rounds/9223372036854775808",
                                  "/tournaments?offset=9223372036854775808", "/players?offset=2147483648",
                                  "/tournaments/-1", "/players?club_id=2147483648"])
def test_huge_ids_and_offsets_are_422_or_404(client: TestClient, admin: dict[str, str], path: str) -> None:
    make_tournament(client, admin)
    r = client.get(path)
    assert r.status_code in (404, 422), (path, r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/problem+json")


def test_405_allows_every_method_of_the_path(client: TestClient, admin: dict[str, str]) -> None:
    """Starlette named only the first route's methods (Allow: GET on /clubs/{id}, which also takes PATCH, DELETE)."""
    club = make_club(client, admin)
    r = client.options(f"/clubs/{club['id']}")
    expect_problem(r, 405)
    assert set(r.headers["allow"].split(", ")) == {"GET", "PATCH", "DELETE"}
    assert set(client.put("/tournaments").headers["allow"].split(", ")) == {"GET", "POST"}


@pytest.mark.parametrize("method", ["GET", "PATCH", "DELETE", "PUT"])
def test_a_literal_path_owns_its_methods(client: TestClient, admin: dict[str, str], method: str) -> None:
    """PATCH /tournaments/import reached PATCH /tournaments/{tournament_id}: 422 for the id "import", not 405."""
    r = client.request(method, "/tournaments/import", headers=admin)
    expect_problem(r, 405)
    assert r.headers["allow"] == "POST"
    assert client.options("/tournaments/import").headers["allow"] == "POST"
    assert client.get("/tournaments/1").status_code == 404  # the parameter route still serves real ids


# --- nothing commits on failure ---------------------------------------------------------------------------------------


def test_a_failure_after_a_flush_commits_nothing(client: TestClient, admin: dict[str, str], engine: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug after the row is flushed (the audit entry) answers 500 and leaves no club behind."""
    from app.operations import audit

    def boom(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr(audit, "record", boom)
    r = client.post("/clubs", json={"name": "Ghost"}, headers=admin)
    assert r.status_code == 500 and r.json()["type"].endswith("/internal")
    assert count_rows(engine, Club) == 0


def test_a_failure_while_building_the_answer_commits_nothing(client: TestClient, admin: dict[str, str],
                                                             engine: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old bug: the handler committed, then building the answer failed: a 500 that had changed data."""
    t = make_tournament(client, admin)
    import app.operations.tournaments as use_cases

    def boom(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr(use_cases, "tournament_read", boom)  # the answer is built after the change
    r = client.patch(f"/tournaments/{t['id']}", json={"city": "Volos"}, headers=admin)
    assert r.status_code == 500
    with Session(engine) as s:
        assert s.get(Tournament, t["id"]).city == ""
