"""A team's lineup for a round (/tournaments/{id}/rounds/{n}/lineups): board order, the refusals and their rules,
the base lineup when none is sent, the close at the round's start, and the dry run (R-3, R-16.1)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.models import AuditEntry, Lineup, Round
from tests.api.conftest import login, make_user
from tests.api.factory import count_rows, lineup_team, make_club, make_player, manager, ok


def test_lineup_accepted_in_board_order(client: TestClient, admin: dict[str, str]) -> None:
    t, team, ids = lineup_team(client, admin)
    lu = ok(client.put(f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}",
                       json={"player_ids": [ids[4], ids[0], ids[2], ids[1]], "captain_id": ids[2]}, headers=admin))
    assert [b["player"]["id"] for b in lu["boards"]] == [ids[0], ids[1], ids[2], ids[4]]
    assert lu["captain_id"] == ids[2] and lu["submitted"] is True


def test_lineup_refusals_name_their_rule(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t, team, ids = lineup_team(client, admin)
    club2 = make_club(client, admin, "Other")
    outsider = make_player(client, admin, club2["id"], "Out")["id"]
    url = f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}"
    cases = [
        ({"player_ids": [outsider, ids[0], ids[1], ids[3]]}, "R-3.3"),  # not on the roster
        ({"player_ids": [ids[0], ids[0], ids[1], ids[3]]}, None),  # duplicate
        ({"player_ids": ids[:5]}, "R-3.1"),  # more than 4
        ({"player_ids": [ids[0], ids[1], ids[2], ids[5]]}, "R-3.2"),  # no girl
        ({"player_ids": [ids[0], ids[1], ids[2], ids[3]], "captain_id": ids[5]}, "R-16.1"),
        ({"player_ids": [ids[1], ids[0], ids[2], ids[3]], "explicit_order": True}, "R-3.3"),
    ]
    for body, rule in cases:
        r = client.put(url, json=body, headers=admin)
        assert r.status_code in (409, 422), (body, r.text)
        if rule:
            assert r.json()["rule"] == rule, (body, r.json())
    assert count_rows(engine, Lineup) == 0
    r = client.put(url, json={"player_ids": [ids[1], ids[0], ids[2], ids[3]], "explicit_order": True}, headers=admin)
    assert "P1" in r.json()["detail"] and "P0" in r.json()["detail"]


def test_ineligible_player_refused_in_lineup(client: TestClient, admin: dict[str, str]) -> None:
    t, team, ids = lineup_team(client, admin)
    ok(client.patch(f"/players/{ids[0]}", json={"activation_fee_paid": False}, headers=admin))
    r = client.put(f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}",
                   json={"player_ids": [ids[0], ids[1], ids[2], ids[3]]}, headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-2.3"


def test_short_lineup_leaves_bottom_boards_empty(client: TestClient, admin: dict[str, str]) -> None:
    t, team, ids = lineup_team(client, admin)
    lu = ok(client.put(f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}",
                       json={"player_ids": [ids[0], ids[3], ids[1]]}, headers=admin))
    assert [b["player"] and b["player"]["id"] for b in lu["boards"]] == [ids[0], ids[1], ids[3], None]


def test_no_lineup_means_base_lineup(client: TestClient, admin: dict[str, str]) -> None:
    t, team, ids = lineup_team(client, admin)
    lu = ok(client.get(f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}", headers=admin))
    assert lu["submitted"] is False
    assert [b["player"]["id"] for b in lu["boards"]] == ids[:4]
    assert lu["problems"] == []  # P3 is a girl, so the base lineup is valid
    assert client.get(f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}").status_code == 401


def test_lineups_close_at_the_round_start(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t, team, ids = lineup_team(client, admin)
    alice = manager(client, engine, "alice")
    alice_id = ok(client.get("/auth/me", headers=alice))["id"]
    ok(client.post(f"/tournaments/{t['id']}/members", json={"user_id": alice_id, "role": "manager",
                                                            "team_id": team["id"]}, headers=admin), 201)
    with Session(engine) as s:
        r1 = s.exec(select(Round).where(Round.tournament_id == t["id"], Round.number == 1)).one()
        r1.scheduled_start = datetime.now(UTC) - timedelta(minutes=1)
        s.add(r1)
        s.commit()
    url = f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}"
    r = client.put(url, json={"player_ids": ids[:4]}, headers=alice)
    assert r.status_code == 409 and r.json()["rule"] == "R-3.2"
    ok(client.put(url, json={"player_ids": ids[:4], "reason": "late, accepted by the arbiter"}, headers=admin))


# --- the dry run ------------------------------------------------------------------------------------------------------


def test_lineup_check_lists_every_problem_and_saves_nothing(client: TestClient, admin: dict[str, str],
                                                           engine: Any) -> None:
    t, team, ids = lineup_team(client, admin)
    url = f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}"
    audits = count_rows(engine, AuditEntry)
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
    assert count_rows(engine, Lineup) == 0 and count_rows(engine, AuditEntry) == audits
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


def test_a_refusal_reads_in_the_language_the_caller_asks_for(client: TestClient, admin: dict[str, str]) -> None:
    t, team, ids = lineup_team(client, admin)
    url = f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}"
    body = {"player_ids": [ids[0], ids[1], ids[2], ids[5]]}  # no girl
    r = client.put(url, json=body, headers={**admin, "Accept-Language": "el-GR,el;q=0.9,en;q=0.5"})
    assert r.status_code == 409 and r.headers["content-language"] == "el"
    p = r.json()
    assert p["rule"] == "R-3.2" and p["title"] == "Οι κανονισμοί δεν το επιτρέπουν"
    assert p["detail"] == "κάθε σύνθεση πρέπει να έχει τουλάχιστον 1 κορίτσι(α)· αυτή έχει 0"
    r = client.put(url, json=body, headers=admin)
    assert r.headers["content-language"] == "en"
    assert r.json()["detail"] == "every lineup must include at least 1 girl(s); this one has 0"
