"""Appeals and the appeals committee (/tournaments/{id}/committee, /appeals), and the chief arbiter removing a
captain (.../lineups/{team}/captain): deadlines, fee, who sits and who decides (R-14, R-16.1)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.models import AuditEntry
from tests.api.conftest import login, make_user, token_for
from tests.api.factory import (
    RATINGS,
    all_white_wins,
    full_team,
    games_ended,
    make_club,
    make_tournament,
    name_committee,
    ok,
    pair_publish,
)


def event(client: TestClient, admin: dict[str, str], engine: Any) -> dict[str, Any]:
    """Four teams of four clubs, a committee drawn from those clubs, round 1 played (not completed)."""
    t = make_tournament(client, admin)
    clubs = [make_club(client, admin, f"Club {i}") for i in range(6)]
    teams = [full_team(client, admin, t["id"], clubs[i]["id"], f"Team {i}", ratings=RATINGS[i]) for i in range(4)]
    ok(client.post(f"/tournaments/{t['id']}/ranking/lock", headers=admin))
    make_user(engine, "chair", birth_date=date(1970, 1, 1))
    chair = login(client, "chair")
    chair_id = ok(client.get("/auth/me", headers=chair))["id"]
    # R1 from club 0, R2 club 1, R3 club 4, A1 club 0, A2 club 5
    name_committee(client, admin, t["id"], [clubs[0]["id"], clubs[1]["id"], clubs[4]["id"], clubs[0]["id"],
                                            clubs[5]["id"]], chair_user=chair_id)
    managers = {}
    for i, team in enumerate(teams):
        make_user(engine, f"m{i}", birth_date=date(1980, 1, 1))
        uid = ok(client.get("/auth/me", headers=login(client, f"m{i}")))["id"]
        ok(client.post(f"/tournaments/{t['id']}/members", json={"user_id": uid, "role": "manager",
                                                                "team_id": team["id"]}, headers=admin), 201)
        managers[team["id"]] = login(client, f"m{i}")
    rnd = pair_publish(client, admin, t["id"], 1)
    ok(client.post(f"/tournaments/{t['id']}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    end = datetime(2026, 12, 10, 18, 0, tzinfo=UTC)
    games_ended(engine, end)
    return {"tid": t["id"], "teams": teams, "clubs": clubs, "round": rnd, "managers": managers, "chair": chair,
            "end": end}


def appeal_body(ev: dict[str, Any], team_id: int, announce: int = 5, submit: int = 20, **kw: Any) -> dict[str, Any]:
    m = next(x for x in ev["round"]["matches"] if team_id in (x["first"]["id"], x["second"]["id"]))
    return {"match_id": m["id"], "board": 1, "team_id": team_id, "text": "The opponent's phone rang.",
            "announced_at": (ev["end"] + timedelta(minutes=announce)).isoformat(),
            "submitted_at": (ev["end"] + timedelta(minutes=submit)).isoformat(), "fee_paid": "100.00", **kw}


def test_deadlines_fee_and_late_acceptance(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    ev = event(client, admin, engine)
    tid, team = ev["tid"], ev["teams"][0]["id"]
    mgr = ev["managers"][team]
    for body, rule in [(appeal_body(ev, team, announce=11), "R-14.1"), (appeal_body(ev, team, submit=31), "R-14.1"),
                       (appeal_body(ev, team, fee_paid="50.00"), "R-14.3")]:
        r = client.post(f"/tournaments/{tid}/appeals", json=body, headers=mgr)
        assert r.status_code == 409 and r.json()["rule"] == rule, r.text
    assert ok(client.get(f"/tournaments/{tid}/appeals", headers=admin))["items"] == []
    r = client.post(f"/tournaments/{tid}/appeals", json=appeal_body(ev, team, accept_late=True), headers=mgr)
    assert r.status_code == 403  # only the chief arbiter accepts late
    other = ev["managers"][ev["teams"][1]["id"]]
    assert client.post(f"/tournaments/{tid}/appeals", json=appeal_body(ev, team), headers=other).status_code == 403
    late = ok(client.post(f"/tournaments/{tid}/appeals", json=appeal_body(ev, team, announce=40, submit=60,
                                                                           accept_late=True, reason="arbiter busy"),
                          headers=admin), 201)
    assert late["late_accepted"] is True
    with Session(engine) as s:
        assert s.exec(select(AuditEntry).where(AuditEntry.action == "accept-late")).one().reason == "arbiter busy"
    on_time = ok(client.post(f"/tournaments/{tid}/appeals", json=appeal_body(ev, team), headers=mgr), 201)
    assert on_time["status"] == "open" and on_time["fee_status"] == "held"


def test_committee_substitution_and_text_privacy(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    ev = event(client, admin, engine)
    tid = ev["tid"]
    # the match of Team 0 (club 0): find its opponent's club
    team0 = ev["teams"][0]["id"]
    a = ok(client.post(f"/tournaments/{tid}/appeals", json=appeal_body(ev, team0), headers=ev["managers"][team0]),
           201)
    m = next(x for x in ev["round"]["matches"] if x["id"] == a["match_id"])
    opp_club = next(t for t in ev["teams"] if t["id"] in (m["first"]["id"], m["second"]["id"]) and t["id"] != team0)
    names = [x["name"] for x in a["committee"]["members"]]
    assert "R1" not in names and "A1" not in names  # club 0 is involved: R1 and A1 (club 0) stand down
    if opp_club["club_id"] == ev["clubs"][1]["id"]:
        assert names == ["R3", "A2"] and not a["committee"]["complete"]
    else:
        assert names == ["R2", "R3", "A2"] and a["committee"]["complete"]
    public = ok(client.get(f"/tournaments/{tid}/appeals/{a['id']}"))
    assert public["text"] is None and public["committee"] is None
    outsider = next(t["id"] for t in ev["teams"] if t["id"] not in (m["first"]["id"], m["second"]["id"]))
    assert ok(client.get(f"/tournaments/{tid}/appeals/{a['id']}", headers=ev["managers"][outsider]))["text"] is None
    opp_mgr = ev["managers"][opp_club["id"]]
    assert ok(client.get(f"/tournaments/{tid}/appeals/{a['id']}", headers=opp_mgr))["text"]


def test_open_appeal_blocks_next_pairing_until_decided(client: TestClient, admin: dict[str, str],
                                                       engine: Any) -> None:
    ev = event(client, admin, engine)
    tid = ev["tid"]
    team = ev["teams"][2]["id"]
    a = ok(client.post(f"/tournaments/{tid}/appeals", json=appeal_body(ev, team), headers=ev["managers"][team]), 201)
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    r = client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-14.2" and r.json()["appeal_id"] == a["id"]
    standings_before = ok(client.get(f"/tournaments/{tid}/standings"))
    round_before = ok(client.get(f"/tournaments/{tid}/rounds/1"))
    r = client.post(f"/tournaments/{tid}/appeals/{a['id']}/decision",
                    json={"decision": "rejected", "reasons": "no evidence"}, headers=ev["managers"][team])
    assert r.status_code == 403
    chair_ok = a["committee"]["complete"]
    decider = ev["chair"] if chair_ok and "R1" in [x["name"] for x in a["committee"]["members"]] else admin
    if not chair_ok:
        r = client.post(f"/tournaments/{tid}/appeals/{a['id']}/decision",
                        json={"decision": "rejected", "reasons": "no evidence"}, headers=admin)
        assert r.status_code == 409 and r.json()["rule"] == "R-14.4"
        name_committee(client, admin, tid, [None] * 5)
    d = ok(client.post(f"/tournaments/{tid}/appeals/{a['id']}/decision",
                       json={"decision": "rejected", "reasons": "no evidence"}, headers=decider))
    assert d["status"] == "rejected" and d["fee_status"] == "kept"
    # a rejected appeal changes nothing else
    assert ok(client.get(f"/tournaments/{tid}/standings")) == standings_before
    assert ok(client.get(f"/tournaments/{tid}/rounds/1"))["matches"] == round_before["matches"]
    ok(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin))


def test_a_committee_seat_that_is_not_the_sitting_chair_does_not_decide(client: TestClient, admin: dict[str, str],
                                                                         engine: Any) -> None:
    """R-14.4: the sitting committee's chair or the organiser records the decision, not another member."""
    ev = event(client, admin, engine)
    tid = ev["tid"]
    for name in ("seat", "org"):
        make_user(engine, name, birth_date=date(1970, 1, 1))
    seat, org = login(client, "seat"), login(client, "org")
    seat_id = ok(client.get("/auth/me", headers=seat))["id"]
    org_id = ok(client.get("/auth/me", headers=org))["id"]
    ok(client.post(f"/tournaments/{tid}/members", json={"user_id": org_id, "role": "organiser"}, headers=admin), 201)
    members = [{"name": f"R{i + 1}" if i < 3 else f"A{i - 2}", "club_id": None, "chair": i == 0,
                "kind": "regular" if i < 3 else "alternate", "user_id": seat_id if i == 1 else None} for i in range(5)]
    ok(client.put(f"/tournaments/{tid}/committee", json={"members": members}, headers=admin))
    team = ev["teams"][2]["id"]
    a = ok(client.post(f"/tournaments/{tid}/appeals", json=appeal_body(ev, team), headers=ev["managers"][team]), 201)
    url = f"/tournaments/{tid}/appeals/{a['id']}/decision"
    r = client.post(url, json={"decision": "rejected", "reasons": "no evidence"}, headers=seat)
    assert r.status_code == 403 and r.json()["rule"] == "R-14.4"
    assert ok(client.post(url, json={"decision": "rejected", "reasons": "no evidence"}, headers=org))["status"] == \
        "rejected"
    page = ok(client.get(f"/tournaments/{tid}/appeals?limit=1", headers=org))
    assert page["total"] == 1 and [x["id"] for x in page["items"]] == [a["id"]] and page["items"][0]["text"]


def test_upheld_appeal_returns_the_fee(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    ev = event(client, admin, engine)
    tid = ev["tid"]
    team = ev["teams"][3]["id"]
    a = ok(client.post(f"/tournaments/{tid}/appeals", json=appeal_body(ev, team), headers=ev["managers"][team]), 201)
    name_committee(client, admin, tid, [None] * 5)
    d = ok(client.post(f"/tournaments/{tid}/appeals/{a['id']}/decision",
                       json={"decision": "upheld", "reasons": "confirmed by the arbiter"}, headers=admin))
    assert d["fee_status"] == "returned"
    r = client.post(f"/tournaments/{tid}/appeals/{a['id']}/decision",
                    json={"decision": "rejected", "reasons": "again"}, headers=admin)
    assert r.status_code == 409


def test_captain_removed_by_the_chief_arbiter(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    team = full_team(client, admin, t["id"], club["id"], "T")
    url = f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}"
    ok(client.put(url, json={"player_ids": team["player_ids"], "captain_id": team["player_ids"][0]}, headers=admin))
    make_user(engine, "mgr", birth_date=date(1980, 1, 1))
    mgr = login(client, "mgr")
    uid = ok(client.get("/auth/me", headers=mgr))["id"]
    ok(client.post(f"/tournaments/{t['id']}/members", json={"user_id": uid, "role": "manager",
                                                            "team_id": team["id"]}, headers=admin), 201)
    r = client.request("DELETE", url + "/captain", json={"reason": "advised on a draw offer"}, headers=mgr)
    assert r.status_code == 403
    lu = ok(client.request("DELETE", url + "/captain", json={"reason": "advised on a draw offer"}, headers=admin))
    assert lu["captain_id"] is None
    r = client.put(url, json={"player_ids": team["player_ids"], "captain_id": team["player_ids"][1]}, headers=mgr)
    assert r.status_code == 409 and r.json()["rule"] == "R-16.1"


def test_read_token_cannot_file_or_decide_appeals(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    read = token_for(engine, "admin", ["read"])
    body = {"match_id": 1, "team_id": 1, "text": "x", "announced_at": "2026-12-10T10:00:00Z",
            "submitted_at": "2026-12-10T10:05:00Z", "fee_paid": "100"}
    assert client.post(f"/tournaments/{t['id']}/appeals", json=body, headers=read).status_code == 403
    r = client.post(f"/tournaments/{t['id']}/appeals/1/decision", json={"decision": "upheld", "reasons": "x"},
                    headers=read)
    assert r.status_code == 403


def test_unknown_references_are_404_not_500(client: TestClient, admin: dict[str, str]) -> None:
    t = make_tournament(client, admin)
    for member in ({"user_id": 999}, {"club_id": 999}):
        members = [{"name": f"M{i}", "kind": "regular" if i < 3 else "alternate", **(member if i == 0 else {})}
                   for i in range(5)]
        r = client.put(f"/tournaments/{t['id']}/committee", json={"members": members}, headers=admin)
        assert r.status_code == 404, r.text
    assert ok(client.get(f"/tournaments/{t['id']}/committee"))["items"] == []
