"""The rounds (/tournaments/{id}/rounds): pairing and what it waits for, manual changes to a pairing, publishing,
absent teams, completing and reopening a round, and the round's ETag (C.04.6, R-6).

Result entry is in test_results.py, the standings in test_standings.py."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.models import AuditEntry
from tests.api.factory import (
    all_white_wins,
    full_team,
    make_club,
    make_tournament,
    name_committee,
    ok,
    pair_publish,
    setup,
)


def test_pairing_needs_locked_tpns(client: TestClient, admin: dict[str, str]) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    full_team(client, admin, t["id"], club["id"], "A")
    r = client.post(f"/tournaments/{t['id']}/rounds/1/pair", headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-14.4"  # the committee is named before round 1
    name_committee(client, admin, t["id"])
    r = client.post(f"/tournaments/{t['id']}/rounds/1/pair", headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "C.04.6 1.1"


def test_round_one_pairing_published_and_frozen(client: TestClient, admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin)
    paired = ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    assert paired["state"] == "paired"
    assert paired["explanation"]["lines"]
    tpns = [(m["first"]["tpn"], m["second"] and m["second"]["tpn"]) for m in paired["matches"]]
    assert sorted(tuple(sorted(p)) for p in tpns if p[1]) == [(1, 3), (2, 4)]  # 1-(n/2+1) split of 4 teams
    assert tpns[-1] == (5, None)  # PAB to the lowest, last in board order (C.04.6 3.4)
    # not public before publishing
    assert client.get(f"/tournaments/{tid}/rounds/1").json()["matches"] == []
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))  # re-pair allowed before publishing
    pub = ok(client.post(f"/tournaments/{tid}/rounds/1/publish", headers=admin))
    assert pub["state"] == "published"
    public = ok(client.get(f"/tournaments/{tid}/rounds/1"))
    assert len(public["matches"]) == 3 and public["explanation"] is None
    board = public["matches"][0]["boards"][0]
    assert board["white"] == "first" and board["first_player"]["fide_rating"] is not None
    assert [b["white"] for b in public["matches"][0]["boards"]] == ["first", "second", "first", "second"]
    r = client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin)
    assert r.status_code == 409  # editing a published pairing
    r = client.post(f"/tournaments/{tid}/rounds/1/pairing", json={"action": "swap", "team_a": teams[0]["id"],
                                                                  "team_b": teams[1]["id"], "reason": "x"},
                    headers=admin)
    assert r.status_code == 409


def test_next_round_waits_for_completion(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    r = client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin)
    assert r.status_code == 409 and "round 1" in r.json()["detail"]
    results = all_white_wins(rnd)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": results[:-1]}, headers=admin))
    r = client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin)
    assert r.status_code == 409 and r.json()["tables"]
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": results[-1:]}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    r2 = ok(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin))
    met = {tuple(sorted((m["first"]["id"], m["second"]["id"]))) for m in rnd["matches"]}
    assert all(tuple(sorted((m["first"]["id"], m["second"]["id"]))) not in met for m in r2["matches"])  # [C1]
    r = client.post(f"/tournaments/{tid}/rounds/1/reopen", headers=admin)
    assert r.status_code == 409  # round 2 is already paired


def test_manual_change_is_audited_and_flagged(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, teams = setup(client, admin)
    paired = ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    a = paired["matches"][0]["first"]["id"]
    b = paired["matches"][1]["first"]["id"]
    changed = ok(client.post(f"/tournaments/{tid}/rounds/1/pairing",
                             json={"action": "swap", "team_a": a, "team_b": b, "reason": "club request"},
                             headers=admin))
    assert changed["manual"] is True
    assert changed["matches"][0]["first"]["id"] == b and changed["matches"][1]["first"]["id"] == a
    pab_to = changed["matches"][0]["second"]["id"]
    changed = ok(client.post(f"/tournaments/{tid}/rounds/1/pairing",
                             json={"action": "pab", "team_a": pab_to, "reason": "late arrival"}, headers=admin))
    assert changed["matches"][-1]["first"]["id"] == pab_to and changed["matches"][-1]["pab"]
    with Session(engine) as s:
        acts = [e.action for e in s.exec(select(AuditEntry).where(AuditEntry.entity == "round")).all()]
        assert "manual-swap" in acts and "manual-pab" in acts


def test_forbidden_pair_repairs(client: TestClient, admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin, teams=4)
    paired = ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    m = paired["matches"][0]
    again = ok(client.post(f"/tournaments/{tid}/rounds/1/pairing",
                           json={"action": "forbid", "team_a": m["first"]["id"], "team_b": m["second"]["id"],
                                 "reason": "same family"}, headers=admin))
    pairs = {frozenset((x["first"]["id"], x["second"]["id"])) for x in again["matches"]}
    assert frozenset((m["first"]["id"], m["second"]["id"])) not in pairs


def test_absent_team_is_not_paired_and_scores_zero(client: TestClient, admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin, teams=5)
    ok(client.put(f"/tournaments/{tid}/rounds/1/absent", json={"team_id": teams[0]["id"], "reason": "bus"},
                  headers=admin))
    rnd = pair_publish(client, admin, tid, 1)
    ids = {x["first"]["id"] for x in rnd["matches"]} | {x["second"]["id"] for x in rnd["matches"] if x["second"]}
    assert teams[0]["id"] not in ids and not any(x["pab"] for x in rnd["matches"])
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    res = ok(client.get(f"/tournaments/{tid}/teams/{teams[0]['id']}/results"))
    assert res["rounds"][0]["outcome"] == "absent" and res["match_points"] == "0"


def test_round_etag_supports_conditional_get(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    first = client.get(f"/tournaments/{tid}/rounds/1")
    etag = first.headers["ETag"]
    assert client.get(f"/tournaments/{tid}/rounds/1", headers={"If-None-Match": etag}).status_code == 304
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)[:1]}, headers=admin))
    assert client.get(f"/tournaments/{tid}/rounds/1", headers={"If-None-Match": etag}).status_code == 200
