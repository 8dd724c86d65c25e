"""Tournaments (/tournaments): presets and their schedule, the settings and their refusals, the status the
public list shows."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.models import Tournament
from tests.api.factory import all_white_wins, count_rows, expect_problem, make_tournament, ok, pair_publish, setup

# --- presets ----------------------------------------------------------------------------------------------------------


def test_preset_fills_every_setting(client: TestClient, admin: dict[str, str]) -> None:
    t = ok(client.post("/tournaments", json={"name": "K12", "preset": "k12-2025"}, headers=admin), 201)
    rules = t["rules"]
    assert rules["boards"] == 4 and rules["rounds"] == 7
    assert rules["max_teams_per_club"] == 4 and rules["max_teams"] == 40
    assert rules["born_on_or_after"] == "2013-01-01" and rules["min_female_per_lineup"] == 1
    assert rules["unrated_rating"] == 1400 and rules["bye_mp"] == 2 and rules["bye_gp"] == "5/2"
    assert rules["forfeit_win_gp"] == 4 and rules["board_prize_min_games"] == 4 and rules["entry_fee"] == 36
    assert rules["tiebreaks"] == ["MPTS", "DE-ALLMET", "EMGSB/C1", "GPTS", "TBR"]
    assert rules["entry_deadline"].startswith("2025-11-11T22:00")
    assert rules["roster_deadline"].startswith("2025-11-13T20:00")
    assert rules["substitution_deadline"].startswith("2025-11-14T14:00")
    assert len(rules["round_starts"]) == 7
    rounds = [r for r in range(1, 8)]
    assert rounds


def test_a_preset_schedule_moves_to_the_start_date_at_the_same_local_times(client: TestClient,
                                                                          admin: dict[str, str]) -> None:
    body = {"name": "K12 2027", "preset": "k12-2025", "start_date": "2027-11-12", "move_schedule": True}
    t = ok(client.post("/tournaments", json=body, headers=admin), 201)
    rules = t["rules"]
    # 2025-11-14 -> 2027-11-12 is 728 days; the times stay Athens times (EET, +02:00)
    assert rules["start_date"] == "2027-11-12"
    assert rules["entry_deadline"] == "2027-11-09T22:00:00+02:00"
    assert rules["roster_deadline"] == "2027-11-11T20:00:00+02:00"
    assert rules["round_starts"][0] == "2027-11-12T16:30:00+02:00"
    assert rules["round_starts"][-1] == "2027-11-14T13:00:00+02:00"
    rounds = ok(client.get(f"/tournaments/{t['id']}/rounds"))["items"]
    assert datetime.fromisoformat(rounds[0]["scheduled_start"]) == datetime(2027, 11, 12, 14, 30, tzinfo=UTC)
    r = client.post("/tournaments", json={"name": "X", "preset": "k12-2025", "move_schedule": True}, headers=admin)
    assert r.status_code == 422 and "start_date" in r.json()["detail"]


def test_unknown_preset_and_bad_rules_are_refused(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    r = client.post("/tournaments", json={"name": "X", "preset": "nope"}, headers=admin)
    assert r.status_code == 422 and "rule" not in r.json() and "k12-2025" in r.json()["detail"]
    r = client.post("/tournaments", json={"name": "X", "rules": {"boards": 0}}, headers=admin)
    assert r.status_code == 422 and "rule" not in r.json() and r.json()["field"] == "boards"
    r = client.post("/tournaments", json={"name": "X", "rules": {"no_such_setting": 1}}, headers=admin)
    assert r.status_code == 422


# --- settings ---------------------------------------------------------------------------------------------------------


def test_unknown_tiebreaks_are_refused_at_create(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    r = client.post("/tournaments", json={"name": "T", "rules": {"tiebreaks": ["BOGUS"]}}, headers=admin)
    assert r.status_code == 422 and r.json()["rule"] == "R-8"
    assert count_rows(engine, Tournament) == 0


@pytest.mark.parametrize(("rules", "field"), [
    ({"boards": None}, "boards"),  # was a TypeError: a 500
    ({"expel_on_forfeit_loss": None}, "expel_on_forfeit_loss"),  # was stored as null
    ({"pairing": {"c6_mode": None}}, "c6_mode"),  # was stored, then refused at every pairing
    ({"pairing": {"c7_mode": "sideways"}}, "pairing.c7_mode"),
    ({"time_control": 5}, "time_control"),  # was stored as "5"
    ({"activation_fee_required_for": [1]}, "activation_fee_required_for"),
])
def test_settings_of_the_wrong_type_are_refused(client: TestClient, admin: dict[str, str], rules: dict[str, Any],
                                                field: str) -> None:
    t = make_tournament(client, admin)
    before = ok(client.get(f"/tournaments/{t['id']}"))
    problem = expect_problem(client.patch(f"/tournaments/{t['id']}", json={"rules": rules}, headers=admin), 422)
    assert problem["field"] == field
    assert ok(client.get(f"/tournaments/{t['id']}")) == before


def test_a_huge_board_count_is_refused_before_anything_is_built(client: TestClient, admin: dict[str, str]) -> None:
    """boards = 2**31 - 1 built a 4 GB colour pattern ("WB" * boards) before the bounds were checked."""
    t = make_tournament(client, admin)
    r = client.patch(f"/tournaments/{t['id']}", json={"rules": {"boards": 2**31 - 1}}, headers=admin)
    assert "between 1 and 20" in expect_problem(r, 422)["detail"]


@pytest.mark.parametrize("value", ["1e9999999", "9e99999999", "1/0", "inf", "NaN"])
def test_numbers_with_exponents_are_refused_not_expanded(client: TestClient, admin: dict[str, str],
                                                         value: str) -> None:
    """Fraction("1e9999999") expands ten to that power: minutes of CPU for one request (settings, import options)."""
    t = make_tournament(client, admin)
    expect_problem(client.patch(f"/tournaments/{t['id']}", json={"rules": {"bye_gp": value}}, headers=admin), 422)
    r = client.post(f"/tournaments/import?pab=2,{value}", content=b"012 X\n", headers={**admin,
                                                                                    "Content-Type": "text/plain"})
    assert expect_problem(r, 422)["rule"] == "R-7"


def test_exact_numbers_are_read_exactly() -> None:
    from fractions import Fraction

    from app.services.rules import exact_number

    assert [exact_number(x) for x in (2, 2.5, "2.5", "5/2", " -1 ", "0.125")] == [
        2, Fraction(5, 2), Fraction(5, 2), Fraction(5, 2), -1, Fraction(1, 8)]
    for bad in (True, None, "1e3", "2,5", "", "1/0", "0/000000000", "7/00", float("inf"), 1e12):
        with pytest.raises(ValueError):
            exact_number(bad)


def test_a_zero_denominator_in_the_settings_is_refused_not_a_500(client: TestClient, admin: dict[str, str]) -> None:
    """Found by schemathesis: ``"gp_win": "0/000000000"`` divided by zero inside the server."""
    r = client.post("/tournaments", json={"name": "Z", "preset": "k12-2025", "rules": {"gp_win": "0/000000000"}},
                    headers=admin)
    assert r.status_code == 422 and r.headers["content-type"] == "application/problem+json", r.text


def test_rounds_change_before_round_one_and_warn_under_twenty(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    t = ok(client.patch(f"/tournaments/{tid}", json={"rules": {"rounds": 5}}, headers=admin))
    assert t["rules"]["rounds"] == 5 and any("R-4.3" in w for w in t["warnings"])
    assert ok(client.get(f"/tournaments/{tid}/rounds"))["total"] == 5
    pair_publish(client, admin, tid, 1)
    r = client.patch(f"/tournaments/{tid}", json={"rules": {"rounds": 6}}, headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-4.3"


# --- status -----------------------------------------------------------------------------------------------------------


def test_tournament_status_for_the_list(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4, rounds=2)
    t = ok(client.get(f"/tournaments/{tid}"))
    assert (t["status"], t["current_round"], t["rounds_completed"]) == ("upcoming", None, 0)
    rnd = pair_publish(client, admin, tid, 1)
    t = ok(client.get(f"/tournaments/{tid}"))
    assert (t["status"], t["current_round"]) == ("running", 1)
    for n in (1, 2):
        if n == 2:
            rnd = pair_publish(client, admin, tid, 2)
        ok(client.post(f"/tournaments/{tid}/rounds/{n}/results", json={"results": all_white_wins(rnd)},
                       headers=admin))
        ok(client.post(f"/tournaments/{tid}/rounds/{n}/complete", headers=admin))
    listed = ok(client.get("/tournaments"))["items"][0]
    assert (listed["status"], listed["current_round"], listed["rounds_completed"]) == ("finished", None, 2)
