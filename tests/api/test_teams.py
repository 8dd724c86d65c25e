"""A tournament's teams (/tournaments/{id}/teams): entries, the club cap and the waiting list, the fee and its
payments, deadlines, and the rosters in board order (R-2, R-3, R-11, R-16)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.models import AuditEntry, RosterEntry, Team
from tests.api.factory import (
    count_rows,
    expect_problem,
    full_team,
    make_club,
    make_player,
    make_team,
    make_tournament,
    manager,
    ok,
)

# --- entries ----------------------------------------------------------------------------------------------------------


def test_club_cap_refused_and_nothing_changed(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin, max_teams_per_club=2)
    club = make_club(client, admin)
    make_team(client, admin, t["id"], club["id"], "A")
    make_team(client, admin, t["id"], club["id"], "B")
    before = count_rows(engine, Team)
    r = client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "C"}, headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-2.2"
    assert count_rows(engine, Team) == before


def test_waitlist_in_submission_order_and_moves_up(client: TestClient, admin: dict[str, str]) -> None:
    t = make_tournament(client, admin, max_teams=2)
    clubs = [make_club(client, admin, f"C{i}") for i in range(3)]
    a = make_team(client, admin, t["id"], clubs[0]["id"], "A")
    b = make_team(client, admin, t["id"], clubs[1]["id"], "B")
    c = make_team(client, admin, t["id"], clubs[2]["id"], "C")
    assert (a["status"], b["status"], c["status"]) == ("entered", "entered", "waitlisted")
    ok(client.patch(f"/tournaments/{t['id']}/teams/{a['id']}", json={"status": "withdrawn"}, headers=admin))
    assert ok(client.get(f"/tournaments/{t['id']}/teams/{c['id']}"))["status"] == "entered"


def test_unpaid_entry_waits_until_the_fee_is_recorded(client: TestClient, admin: dict[str, str]) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    team = make_team(client, admin, t["id"], club["id"], "Unpaid", pay=False)
    assert team["status"] == "waitlisted"  # valid only when the fee is paid
    ok(client.post(f"/tournaments/{t['id']}/teams/{team['id']}/payments",
                   json={"amount": "20.00", "paid_on": "2026-11-01"}, headers=admin), 201)
    assert ok(client.get(f"/tournaments/{t['id']}/teams/{team['id']}", headers=admin))["status"] == "waitlisted"
    ok(client.post(f"/tournaments/{t['id']}/teams/{team['id']}/payments",
                   json={"amount": "16.00", "paid_on": "2026-11-02", "reference": "2nd"}, headers=admin), 201)
    got = ok(client.get(f"/tournaments/{t['id']}/teams/{team['id']}", headers=admin))
    assert got["status"] == "entered" and got["fee_paid"] == "36.00"
    assert ok(client.get(f"/tournaments/{t['id']}/teams/{team['id']}"))["fee_paid"] is None  # private


def test_entry_deadline_and_audited_override(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    past = (datetime.now(UTC) - timedelta(days=1)).isoformat()
    t = make_tournament(client, admin, entry_deadline=past)
    alice = manager(client, engine, "alice")
    club = make_club(client, alice)  # a club official registers the club: its rights are hers until it plays
    r = client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "Late"}, headers=alice)
    assert r.status_code == 409 and r.json()["rule"] == "R-11.1"
    r = client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "Late",
                                                           "override_deadline": True}, headers=alice)
    assert r.status_code == 403
    assert count_rows(engine, Team) == 0
    ok(client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "Late",
                                                          "override_deadline": True, "reason": "bank delay"},
                   headers=admin), 201)
    with Session(engine) as s:
        e = s.exec(select(AuditEntry).where(AuditEntry.action == "override")).one()
        assert e.reason == "bank delay" and "R-11.1" in str(e.after)


def test_manager_touches_only_their_own_team(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    alice = manager(client, engine, "alice")
    bob = manager(client, engine, "bob")
    club = make_club(client, alice)
    ta = ok(client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "A"}, headers=alice), 201)
    r = client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "B"}, headers=bob)
    assert r.status_code == 403  # bob has no rights over alice's club
    tb = ok(client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": "B"}, headers=admin), 201)
    bob_id = ok(client.get("/auth/me", headers=bob))["id"]
    ok(client.post(f"/tournaments/{t['id']}/members", json={"user_id": bob_id, "role": "manager",
                                                             "team_id": tb["id"]}, headers=admin), 201)
    kids = [make_player(client, alice, club["id"], f"Kid{i}", sex="w" if i == 0 else "m")["id"] for i in range(4)]
    ok(client.put(f"/tournaments/{t['id']}/teams/{ta['id']}/roster", json={"player_ids": kids}, headers=alice))
    r = client.put(f"/tournaments/{t['id']}/teams/{ta['id']}/roster", json={"player_ids": []}, headers=bob)
    assert r.status_code == 403 and r.json()["rule"] == "R-16.2"
    r = client.patch(f"/tournaments/{t['id']}/teams/{ta['id']}", json={"name": "hijacked"}, headers=bob)
    assert r.status_code == 403
    roster = ok(client.get(f"/tournaments/{t['id']}/teams/{ta['id']}/roster"))
    assert sorted(x["player"]["id"] for x in roster["players"]) == sorted(kids)
    assert ok(client.get(f"/tournaments/{t['id']}/teams/{ta['id']}"))["name"] == "A"
    assert tb["id"] != ta["id"]


def test_team_rows_untouched_by_refusals(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    """A sanity check for the suite above: refusals leave the team table as it was."""
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    make_player(client, admin, club["id"], "Solo")
    before = count_rows(engine, Team)
    client.post(f"/tournaments/{t['id']}/teams", json={"club_id": 999, "name": "X"}, headers=admin)
    client.post(f"/tournaments/{t['id']}/teams", json={"club_id": club["id"], "name": None}, headers=admin)
    assert count_rows(engine, Team) == before


# --- rosters ----------------------------------------------------------------------------------------------------------


def test_board_order_is_computed(client: TestClient, admin: dict[str, str]) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    team = make_team(client, admin, t["id"], club["id"], "T")
    ids = [
        make_player(client, admin, club["id"], "Unrated", rating=None, national_rating=1500)["id"],
        make_player(client, admin, club["id"], "Βήτα", rating=1600, national_rating=1500, national_id=20)["id"],
        make_player(client, admin, club["id"], "Άλφα", rating=1600, national_rating=1500, national_id=10)["id"],
        make_player(client, admin, club["id"], "Top", rating=1800, sex="w")["id"],
    ]
    roster = ok(client.put(f"/tournaments/{t['id']}/teams/{team['id']}/roster", json={"player_ids": ids},
                           headers=admin))
    names = [p["player"]["last_name"] for p in roster["players"]]
    assert names == ["Top", "Άλφα", "Βήτα", "Unrated"]  # FIDE, national, registration number
    assert [p["board"] for p in roster["players"]] == [1, 2, 3, 4]
    again = ok(client.get(f"/tournaments/{t['id']}/teams/{team['id']}/roster"))
    assert [p["player"]["last_name"] for p in again["players"]] == names


def test_roster_refusals(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    a = full_team(client, admin, t["id"], club["id"], "A")
    b = make_team(client, admin, t["id"], club["id"], "B")
    old = make_player(client, admin, club["id"], "Old", born="2012-12-31")
    others = [make_player(client, admin, club["id"], f"P{i}", sex="w")["id"] for i in range(3)]
    before = count_rows(engine, RosterEntry)
    r = client.put(f"/tournaments/{t['id']}/teams/{b['id']}/roster", json={"player_ids": [old["id"], *others]},
                   headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-3.1"  # born before 2013-01-01
    r = client.put(f"/tournaments/{t['id']}/teams/{b['id']}/roster",
                   json={"player_ids": [a["player_ids"][0], *others]}, headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-3.1"  # already on team A
    other_club = make_club(client, admin, "Elsewhere")
    stranger = make_player(client, admin, other_club["id"], "Stranger")
    r = client.put(f"/tournaments/{t['id']}/teams/{b['id']}/roster",
                   json={"player_ids": [stranger["id"], *others]}, headers=admin)
    assert r.status_code == 422 and r.json()["rule"] == "R-2.1"
    assert count_rows(engine, RosterEntry) == before


def test_a_roster_naming_an_unknown_player_is_not_found(client: TestClient, admin: dict[str, str]) -> None:
    t = make_tournament(client, admin)
    team = full_team(client, admin, t["id"], make_club(client, admin)["id"], "A")
    r = client.put(f"/tournaments/{t['id']}/teams/{team['id']}/roster",
                   json={"player_ids": [*team["player_ids"], 999999]}, headers=admin)
    assert expect_problem(r, 404)["player_id"] == 999999


def test_roster_frozen_after_deadline_but_organiser_substitutes(client: TestClient, admin: dict[str, str],
                                                                engine: Any) -> None:
    past = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    future = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    t = make_tournament(client, admin, roster_deadline=past, substitution_deadline=future)
    club = make_club(client, admin)
    a = full_team(client, admin, t["id"], club["id"], "A", reason="late roster, accepted")
    b = make_team(client, admin, t["id"], club["id"], "B")
    alice = manager(client, engine, "alice")
    alice_id = ok(client.get("/auth/me", headers=alice))["id"]
    ok(client.post(f"/tournaments/{t['id']}/members", json={"user_id": alice_id, "role": "manager",
                                                            "team_id": a["id"]}, headers=admin), 201)
    r = client.put(f"/tournaments/{t['id']}/teams/{a['id']}/roster", json={"player_ids": a["player_ids"][:3]},
                   headers=alice)
    assert r.status_code == 409 and r.json()["rule"] == "R-11.4"
    r = client.put(f"/tournaments/{t['id']}/teams/{b['id']}/roster", json={"player_ids": [a["player_ids"][3]]},
                   headers=admin)
    assert r.status_code == 422 and r.json()["rule"] == "R-11.5"  # needs a reason
    moved = ok(client.put(f"/tournaments/{t['id']}/teams/{b['id']}/roster",
                          json={"player_ids": [a["player_ids"][3]], "reason": "illness in team B"}, headers=admin))
    assert [p["player"]["id"] for p in moved["players"]] == [a["player_ids"][3]]
    assert moved["warnings"]  # a one-player roster is saved with a warning for the organiser
    roster_a = ok(client.get(f"/tournaments/{t['id']}/teams/{a['id']}/roster"))
    assert a["player_ids"][3] not in [p["player"]["id"] for p in roster_a["players"]]
    with Session(engine) as s:
        assert s.exec(select(AuditEntry).where(AuditEntry.action == "move")).one().reason == "illness in team B"


def test_substitution_window_closes(client: TestClient, admin: dict[str, str]) -> None:
    past = (datetime.now(UTC) - timedelta(hours=2)).isoformat()
    t = make_tournament(client, admin, roster_deadline=past, substitution_deadline=past)
    club = make_club(client, admin)
    a = make_team(client, admin, t["id"], club["id"], "A")
    r = client.put(f"/tournaments/{t['id']}/teams/{a['id']}/roster", json={"player_ids": [], "reason": "x"},
                   headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-11.5"
