"""A team round robin through the API (R-4.3, C.05): pairing numbers by lot or by ranking, the Berger table's rounds,
withdrawals and the bye, standings through a TRF export and import; and the changes of system and rounds R-4.3
allows."""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi.testclient import TestClient

from app.services.round_robin import schedule
from tests.api.factory import all_white_wins, expect_problem, export, ok, pair_publish, setup

TEXT = {"Content-Type": "text/plain; charset=utf-8"}


def _audit(client: TestClient, admin: dict[str, str], tid: int, action: str) -> list[dict[str, Any]]:
    items = ok(client.get(f"/tournaments/{tid}/audit?limit=200", headers=admin))["items"]
    return [e for e in items if e["action"] == action]


def _tpns(client: TestClient, tid: int) -> dict[int, int]:
    """Team id -> pairing number."""
    return {tm["id"]: tm["tpn"] for tm in ok(client.get(f"/tournaments/{tid}/teams?limit=100"))["items"]}


def _as_tpns(rnd: dict[str, Any]) -> list[tuple[int, int | None]]:
    return [(m["first"]["tpn"], None if m["pab"] else m["second"]["tpn"]) for m in rnd["matches"]]


def _play(client: TestClient, admin: dict[str, str], tid: int, n: int) -> dict[str, Any]:
    rnd = pair_publish(client, admin, tid, n)
    results = all_white_wins(rnd)
    if results:
        ok(client.post(f"/tournaments/{tid}/rounds/{n}/results", json={"results": results}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/{n}/complete", headers=admin))
    return rnd


def test_a_double_round_robin_of_five_is_played_by_the_berger_table(client: TestClient,
                                                                      admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=5, system="round_robin", cycles=2, rr_bye_mp=1, rr_bye_gp=2)
    t = ok(client.get(f"/tournaments/{tid}"))
    assert t["rules"]["rounds"] == 10  # an odd field: n rounds per cycle
    seed = t["rules"]["rr_lot_seed"]
    assert isinstance(seed, int)
    lock = _audit(client, admin, tid, "lock")[0]
    assert lock["after"]["method"] == "lot" and lock["after"]["seed"] == seed and "C.05" in lock["reason"]
    assert len(ok(client.get(f"/tournaments/{tid}/rounds"))["items"]) == 10
    plan = ok(client.get(f"/tournaments/{tid}/ranking"))["schedule"]
    assert len(plan) == 10 and all(r["matches"][-1]["second"] is None for r in plan)
    expected = schedule(5, 2)
    for n in range(1, 11):
        rnd = _play(client, admin, tid, n)
        assert _as_tpns(rnd) == [(p.white, p.black) for p in expected[n - 1]]
        assert rnd["matches"][-1]["pab"]  # the odd field's bye, listed last
        bye = rnd["matches"][-1]
        assert bye["match_points"] == ["1"]  # the round-robin bye's own setting, not R-7.5's
    # board colours alternate as in the Swiss: the first team has White on boards 1 and 3
    first = ok(client.get(f"/tournaments/{tid}/rounds/1", headers=admin))["matches"][0]
    assert [b["white"] for b in first["boards"]] == ["first", "second", "first", "second"]
    standings = ok(client.get(f"/tournaments/{tid}/standings"))
    assert sum(r["byes"] for r in standings["rows"]) == 10 and {r["byes"] for r in standings["rows"]} == {2}
    cross = ok(client.get(f"/tournaments/{tid}/crosstable"))
    for row in cross["rows"]:  # each team met each other twice, with a bye in each cycle
        met = Counter(x["opponent"]["tpn"] for x in row["rounds"] if x["opponent"])
        assert met == Counter({o: 2 for o in range(1, 6) if o != row["team"]["tpn"]})
    prizes = ok(client.get(f"/tournaments/{tid}/prizes"))
    assert [p["team"]["id"] for p in prizes["overall"]][:3] == [r["team"]["id"] for r in standings["rows"][:3]]
    # the TRF export names the system (record 192) and reads back as the same tournament
    text = export(client, tid, admin)
    assert "192 FIDE_TEAM_DOUBLEROUNDROBIN" in text.splitlines()
    back = ok(client.post("/tournaments/import", content=text.encode("utf-8"), params={"allow_duplicate": "true"},
                          headers={**admin, **TEXT}), 201)
    assert back["rules"]["system"] == "round_robin" and back["rules"]["cycles"] == 2
    assert (back["rules"]["rr_bye_mp"], back["rules"]["rr_bye_gp"]) == (1, 2)
    again = ok(client.get(f"/tournaments/{back['id']}/standings"))
    assert [(r["team"]["tpn"], r["mp"], r["gp"], r["rank"]) for r in again["rows"]] == \
           [(r["team"]["tpn"], r["mp"], r["gp"], r["rank"]) for r in standings["rows"]]
    assert [r["tiebreaks"] for r in again["rows"]] == [r["tiebreaks"] for r in standings["rows"]]
    assert export(client, back["id"], admin) == text


def test_pairing_numbers_by_the_ranking_and_a_withdrawn_team_keeps_its_schedule(client: TestClient,
                                                                                 admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin, teams=4, system="round_robin", rr_seeding="ranking")
    t = ok(client.get(f"/tournaments/{tid}"))
    assert t["rules"]["rounds"] == 3 and t["rules"]["rr_lot_seed"] is None
    tpn = _tpns(client, tid)
    assert [tpn[tm["id"]] for tm in teams] == [1, 2, 3, 4]  # RATINGS go down: the ranking's order
    # the whole schedule, once the numbers are fixed (the console shows it)
    plan = ok(client.get(f"/tournaments/{tid}/ranking"))["schedule"]
    assert [[(m["first"]["tpn"], m["second"]["tpn"]) for m in r["matches"]] for r in plan] == \
           [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    rnd = _play(client, admin, tid, 1)
    assert _as_tpns(rnd) == [(1, 4), (2, 3)]
    # hand changes are not for a table's pairings
    p = expect_problem(client.post(f"/tournaments/{tid}/rounds/2/pairing", json={
        "action": "colours", "team_a": teams[0]["id"], "reason": "x"}, headers=admin), 409)
    assert p["rule"] in ("C.05 Annex 1", "C.04.2 1.4")
    gone = next(tm for tm in teams if tpn[tm["id"]] == 3)
    ok(client.patch(f"/tournaments/{tid}/teams/{gone['id']}", json={"status": "withdrawn"}, headers=admin))
    rnd2 = ok(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin))
    assert _as_tpns(rnd2) == [(4, 3), (1, 2)]  # the table's round 2: team 3 keeps its place
    assert rnd2["matches"][0]["forfeit"] == "second"  # and its opponent wins by forfeit
    p = expect_problem(client.post(f"/tournaments/{tid}/rounds/2/pairing", json={
        "action": "colours", "team_a": teams[0]["id"], "reason": "x"}, headers=admin), 409)
    assert p["rule"] == "C.05 Annex 1"
    # the pairing numbers are fixed once round 1 is paired
    assert expect_problem(client.post(f"/tournaments/{tid}/ranking/lock", headers=admin), 409)["rule"] == "C.05"
    # so is the system, and a round robin's rounds follow from its teams
    p = expect_problem(client.patch(f"/tournaments/{tid}", json={"rules": {"system": "swiss"}}, headers=admin), 409)
    assert p["rule"] == "R-4.3"
    p = expect_problem(client.put(f"/tournaments/{tid}/round-count", json={"rounds": 5, "decision": "more"},
                                  headers=admin), 409)
    assert p["rule"] == "C.05"


def test_the_lot_drawn_again_from_its_recorded_seed_gives_the_same_numbers(client: TestClient,
                                                                          admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=6, system="round_robin", rr_lot_seed=2026)
    first = _tpns(client, tid)
    assert ok(client.get(f"/tournaments/{tid}"))["rules"]["rounds"] == 5
    ok(client.post(f"/tournaments/{tid}/ranking/lock", headers=admin))
    assert _tpns(client, tid) == first
    assert [e["after"]["seed"] for e in _audit(client, admin, tid, "relock")] == [2026]


def test_too_few_teams_for_a_round_robin_is_refused_at_the_lock(client: TestClient, admin: dict[str, str]) -> None:
    from tests.api.factory import full_team, make_club, make_tournament

    t = make_tournament(client, admin, system="round_robin")
    for i in range(2):
        full_team(client, admin, t["id"], make_club(client, admin, f"C{i}")["id"], f"T{i}")
    p = expect_problem(client.post(f"/tournaments/{t['id']}/ranking/lock", headers=admin), 422)
    assert p["rule"] == "C.05"


def test_the_system_changes_before_round_one_with_an_audit_entry(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    assert ok(client.get(f"/tournaments/{tid}"))["tpns_locked"]
    assert ok(client.get(f"/tournaments/{tid}/ranking"))["schedule"] == []  # a Swiss has none
    t = ok(client.patch(f"/tournaments/{tid}", json={"rules": {"system": "round_robin", "cycles": 2}},
                        headers=admin))
    assert not t["tpns_locked"]  # the numbers are given again, by the round robin's rule
    entry = _audit(client, admin, tid, "system")[0]
    assert entry["before"] == {"system": "swiss", "cycles": 1} and entry["after"] == {"system": "round_robin",
                                                                                     "cycles": 2}
    assert entry["reason"] == "R-4.3"
    ok(client.post(f"/tournaments/{tid}/ranking/lock", headers=admin))
    assert ok(client.get(f"/tournaments/{tid}"))["rules"]["rounds"] == 6


def test_a_swiss_changes_its_rounds_by_the_chief_arbiters_decision(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    ok(client.patch(f"/tournaments/{tid}", json={"rules": {"rounds": 5}}, headers=admin))
    assert _audit(client, admin, tid, "round-count")[0]["after"] == {"rounds": 5}
    _play(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin))
    p = expect_problem(client.patch(f"/tournaments/{tid}", json={"rules": {"rounds": 3}}, headers=admin), 409)
    assert p["rule"] == "R-4.3"
    p = expect_problem(client.put(f"/tournaments/{tid}/round-count", json={"rounds": 1, "decision": "short"},
                                  headers=admin), 409)
    assert p["rule"] == "R-4.3" and "round 2 is already paired" in p["detail"]
    t = ok(client.put(f"/tournaments/{tid}/round-count",
                      json={"rounds": 3, "decision": "the hall closes early on Sunday"}, headers=admin))
    assert t["rules"]["rounds"] == 3
    assert len(ok(client.get(f"/tournaments/{tid}/rounds"))["items"]) == 3
    entry = _audit(client, admin, tid, "round-count")[0]
    assert entry["before"] == {"rounds": 5} and entry["after"] == {"rounds": 3}
    assert entry["reason"] == "R-4.3: the hall closes early on Sunday"
    expect_problem(client.put(f"/tournaments/{tid}/round-count", json={"rounds": 3, "decision": ""},
                              headers=admin), 422)


def test_an_imported_round_robin_goes_on_with_the_tables_next_round(client: TestClient, admin: dict[str, str]) -> None:
    # the rules' start date is the file's (042): the C.07 text the standings apply follows it (C.07 Art. 16)
    tid, teams = setup(client, admin, teams=6, system="round_robin", rr_seeding="ranking", start_date="2026-12-10")
    for n in (1, 2):
        _play(client, admin, tid, n)
    # a team marked absent keeps its match in the table: its opponent wins it by forfeit
    absent = teams[5]["id"]
    ok(client.put(f"/tournaments/{tid}/rounds/3/absent", json={"team_id": absent, "absent": True}, headers=admin))
    rnd3 = ok(client.post(f"/tournaments/{tid}/rounds/3/pair", headers=admin))
    assert _as_tpns(rnd3) == [(p.white, p.black) for p in schedule(6, 1)[2]]
    lost = next(m for m in rnd3["matches"] if absent in (m["first"]["id"], m["second"]["id"]))
    assert lost["forfeit"] == ("first" if lost["first"]["id"] == absent else "second")
    ok(client.post(f"/tournaments/{tid}/rounds/3/publish", headers=admin))
    results = [r for r in all_white_wins(rnd3) if r["table"] != lost["table"]]
    ok(client.post(f"/tournaments/{tid}/rounds/3/results", json={"results": results}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/3/complete", headers=admin))
    standings = ok(client.get(f"/tournaments/{tid}/standings"))
    assert {r["team"]["id"]: r["forfeit_losses"] for r in standings["rows"]}[absent] == 1
    doc = ok(client.get(f"/tournaments/{tid}/export/json"))
    assert doc["tournament"]["rules"]["system"] == "round_robin" and doc["standings"] == standings
    text = export(client, tid, admin)
    assert "192 FIDE_TEAM_ROUNDROBIN" in text.splitlines()
    back = ok(client.post("/tournaments/import", content=text.encode("utf-8"), params={"allow_duplicate": "true"},
                          headers={**admin, **TEXT}), 201)
    again = ok(client.get(f"/tournaments/{back['id']}/standings"))
    for a, b in zip(again["rows"], standings["rows"], strict=True):
        assert (a["team"]["tpn"], a["mp"], a["gp"]) == (b["team"]["tpn"], b["mp"], b["gp"])
        assert a["tiebreaks"] == b["tiebreaks"], (a["team"]["tpn"], a["tiebreaks"], b["tiebreaks"])
    rnd4 = ok(client.post(f"/tournaments/{back['id']}/rounds/4/pair", headers=admin))
    assert _as_tpns(rnd4) == [(p.white, p.black) for p in schedule(6, 1)[3]]
