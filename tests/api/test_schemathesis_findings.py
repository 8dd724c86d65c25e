"""What the schemathesis run (tests/contract) found, each fixed at the root and held here in the normal suite."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.factory import make_club, make_tournament, ok


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


def test_the_event_stream_matches_its_documented_schema(client: TestClient, admin: dict[str, str],
                                                        engine: Any) -> None:
    """The stream was documented as one string; schemathesis reads each event ({id, event, data}) against it."""
    import json

    import jsonschema_rs

    from tests.api.factory import all_white_wins, pair_publish, setup
    from tests.api.test_scale import read_events

    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    doc = client.get("/openapi.json").json()
    schema = doc["paths"]["/tournaments/{tournament_id}/events"]["get"]["responses"]["200"]["content"][
        "text/event-stream"]["schema"]
    from sqlmodel import Session, func, select

    from app.models import TournamentEvent

    with Session(engine) as session:
        count = session.exec(select(func.count()).select_from(TournamentEvent)
                             .where(TournamentEvent.tournament_id == tid)).one()
    events = read_events(client, tid, int(count), "0")
    assert {kind for _, kind, _ in events} == {"round", "match", "standings", "tournament"}
    by_kind = {b["properties"]["event"]["const"]: b["properties"]["data"]["contentSchema"] for b in schema["oneOf"]}
    for event_id, kind, data in events:
        jsonschema_rs.validate(schema, {"id": event_id, "event": kind, "data": json.dumps(data)})
        jsonschema_rs.validate(by_kind[kind], data)
    with pytest.raises(jsonschema_rs.ValidationError):
        jsonschema_rs.validate(schema, {"id": "1", "event": "gossip", "data": "{}"})


def test_a_huge_last_event_id_is_refused_or_clamped(client: TestClient, admin: dict[str, str]) -> None:
    """?last_event_id=1555012661080344494080 reached the database query: a 500 (found by the long run)."""
    t = make_tournament(client, admin)
    r = client.get(f"/tournaments/{t['id']}/events?last_event_id=1555012661080344494080")
    _problem(r, 422)
    with client.stream("GET", f"/tournaments/{t['id']}/events",
                       headers={"Last-Event-ID": "99999999999999999999"}) as stream:  # clamped: a stream, no 500
        assert stream.status_code == 200 and stream.headers["content-type"].startswith("text/event-stream")


@pytest.mark.parametrize(("header", "query", "after"), [
    ("\xb2", None, None), ("\xb2", 7, 7), ("٣", None, None), (" 12 ", None, 12),
    ("99999999999999999999", None, 2**31 - 1), (None, 5, 5), ("", 5, 5), ("abc", None, None)])
def test_a_last_event_id_is_a_number_only_of_ascii_digits(header: str | None, query: int | None,
                                                           after: int | None) -> None:
    """``"²".isdigit()`` is true and ``int("²")`` fails: such a Last-Event-ID (a byte of the latin-1 header from a
    real client) reached ``int``, a 500."""
    from app.routers.events import resume_after

    assert resume_after(header, query) == after
