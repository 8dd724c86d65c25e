"""Running the tournament: pairing, publishing, results, forfeits, byes, withdrawals (R-4.5, R-6, R-7)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.http.factory import create_app
from app.models import AuditEntry, BoardGame, IdempotencyRecord, Match
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


def test_batch_is_all_or_nothing_and_idempotent(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    good = all_white_wins(rnd)
    bad = good[:3] + [{"table": 1, "board": 2, "result": "2-0"}]
    r = client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": bad}, headers=admin)
    assert r.status_code == 422 and r.json()["errors"][0]["loc"][-1] == "result"  # not a result code
    with Session(engine) as s:
        assert s.exec(select(func.count()).select_from(BoardGame).where(BoardGame.result.is_not(None))).one() == 0  # type: ignore[union-attr]
    key = {"Idempotency-Key": "batch-1"}
    first = client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": good[:4]}, headers=admin | key)
    assert first.status_code == 200 and first.json()["changed"] == 4
    with Session(engine) as s:
        audits = s.exec(select(func.count()).select_from(AuditEntry)).one()
    replay = client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": good[:4]}, headers=admin | key)
    assert replay.status_code == 200 and replay.json() == first.json()
    assert replay.headers["Idempotent-Replayed"] == "true"
    with Session(engine) as s:
        assert s.exec(select(func.count()).select_from(AuditEntry)).one() == audits
        assert s.exec(select(func.count()).select_from(IdempotencyRecord)).one() == 1
    other = client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": good[4:]}, headers=admin | key)
    assert other.status_code == 422 and "Idempotency-Key" in other.json()["detail"]


def test_changing_a_result_needs_a_fresh_etag(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    m = rnd["matches"][0]
    url = f"/tournaments/{tid}/rounds/1/matches/{m['id']}/boards/1"
    first = client.put(url, json={"result": "1-0"}, headers=admin)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    r = client.put(url, json={"result": "0-1"}, headers=admin)
    assert r.status_code == 428
    ok(client.put(f"/tournaments/{tid}/rounds/1/matches/{m['id']}/boards/2", json={"result": "0-1"},
                  headers=admin))  # the match changed: the old ETag is stale now
    r = client.put(url, json={"result": "0-1"}, headers=admin | {"If-Match": etag})
    assert r.status_code == 412
    fresh = client.get(f"/tournaments/{tid}/rounds/1").json()["matches"][0]["etag"]
    changed = ok(client.put(url, json={"result": "0-1"}, headers=admin | {"If-Match": fresh}))
    assert changed["boards"][0]["result"] == "0-1"


def test_match_forfeit_scores_and_expels(client: TestClient, admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    m = rnd["matches"][0]
    rest = [x for x in all_white_wins(rnd) if x["table"] != m["table"]]
    ok(client.post(f"/tournaments/{tid}/rounds/1/results",
                   json={"results": [{"table": m["table"], "forfeit": "second"}, *rest]}, headers=admin))
    got = ok(client.get(f"/tournaments/{tid}/rounds/1"))["matches"][0]
    assert got["forfeit"] == "second" and got["score"] == ["4", "0"] and got["match_points"] == ["2", "0"]
    absent = ok(client.get(f"/tournaments/{tid}/teams/{m['second']['id']}"))
    assert absent["status"] == "expelled"
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    st = ok(client.get(f"/tournaments/{tid}/standings"))
    row = next(r for r in st["rows"] if r["team"]["id"] == m["first"]["id"])
    assert row["mp"] == "2" and row["gp"] == "4"
    r2 = ok(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin))
    ids = {x["first"]["id"] for x in r2["matches"]} | {x["second"]["id"] for x in r2["matches"] if x["second"]}
    assert m["second"]["id"] not in ids and len(r2["matches"]) == 2 and r2["matches"][-1]["pab"]
    ok(client.patch(f"/tournaments/{tid}/teams/{m['second']['id']}", json={"status": "entered",
                                                                           "reason": "directors' decision"},
                    headers=admin))
    assert ok(client.get(f"/tournaments/{tid}/teams/{m['second']['id']}"))["status"] == "entered"


def round_one_with_a_pab(client: TestClient, admin: dict[str, str]) -> tuple[int, int]:
    """Five teams, round 1 played (every board won by White) and completed: (tournament, PAB team)."""
    tid, _ = setup(client, admin, teams=5)
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    return tid, rnd["matches"][-1]["first"]["id"]


def test_pab_scores_two_mp_and_two_and_a_half_gp(client: TestClient, admin: dict[str, str]) -> None:
    tid, pab_team = round_one_with_a_pab(client, admin)
    res = ok(client.get(f"/tournaments/{tid}/teams/{pab_team}/results"))
    assert res["rounds"][0]["outcome"] == "pab" and res["match_points"] == "2" and res["game_points"] == "2.5"


def test_board_forfeit_and_empty_board(client: TestClient, admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin, teams=4)
    short = teams[3]
    ok(client.put(f"/tournaments/{tid}/rounds/1/lineups/{short['id']}",
                  json={"player_ids": short["player_ids"][1:]}, headers=admin))
    rnd = pair_publish(client, admin, tid, 1)
    m = next(x for x in rnd["matches"] if short["id"] in (x["first"]["id"], x["second"]["id"]))
    b4 = m["boards"][3]
    short_first = m["first"]["id"] == short["id"]
    assert (b4["first_player"] is None) == short_first and b4["result"] in ("+/-", "-/+")  # automatic
    other = next(x for x in rnd["matches"] if x["id"] != m["id"])
    results = [{"table": other["table"], "board": b, "result": "1/2-1/2"} for b in (1, 2, 3, 4)]
    results[0]["result"] = "+/-"  # a player absent 30 minutes after the start
    results += [{"table": m["table"], "board": b, "result": "1-0"} for b in (1, 2, 3)]
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": results}, headers=admin))
    r = client.post(f"/tournaments/{tid}/rounds/1/results",
                    json={"results": [{"table": m["table"], "board": 4, "result": "1/2-1/2",
                                       "if_match": m["etag"]}]}, headers=admin)
    assert r.status_code in (412, 422)
    got = ok(client.get(f"/tournaments/{tid}/rounds/1"))
    o = next(x for x in got["matches"] if x["id"] == other["id"])
    assert o["score"] == ["2.5", "1.5"] and o["match_points"] == ["2", "0"]  # the board forfeit is a full point


def test_an_automatic_forfeit_is_no_entered_result(client: TestClient, admin: dict[str, str]) -> None:
    """R-4.5: the empty board's result is nobody's entry, so changing it needs no If-Match on any way in."""
    tid, teams = setup(client, admin, teams=4)
    short = teams[3]
    ok(client.put(f"/tournaments/{tid}/rounds/1/lineups/{short['id']}",
                  json={"player_ids": short["player_ids"][1:]}, headers=admin))
    rnd = pair_publish(client, admin, tid, 1)
    m = next(x for x in rnd["matches"] if short["id"] in (x["first"]["id"], x["second"]["id"]))
    auto = m["boards"][3]["result"]
    url = f"/tournaments/{tid}/rounds/1/matches/{m['id']}"
    assert ok(client.put(f"{url}/boards/4", json={"result": None}, headers=admin))["boards"][3]["result"] is None
    ok(client.post(f"/tournaments/{tid}/rounds/1/results",
                   json={"results": [{"table": m["table"], "board": 4, "result": auto}]}, headers=admin))
    ok(client.put(url, json={"results": ["1-0", "1-0", "1-0", None]}, headers=admin))
    r = client.put(url, json={"results": ["0-1", "1-0", "1-0", None]}, headers=admin)
    assert r.status_code == 428  # board 1 was entered: changing it needs the match's ETag


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


def test_results_need_an_arbiter(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    from tests.api.conftest import login, make_user

    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    make_user(engine, "nobody")
    r = client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)},
                    headers=login(client, "nobody"))
    assert r.status_code == 403
    token = ok(client.post("/auth/api-tokens", json={"name": "bot", "scopes": ["results"]}, headers=admin), 201)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)},
                   headers={"Authorization": f"Bearer {token['token']}"}))


def test_round_etag_supports_conditional_get(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    first = client.get(f"/tournaments/{tid}/rounds/1")
    etag = first.headers["ETag"]
    assert client.get(f"/tournaments/{tid}/rounds/1", headers={"If-None-Match": etag}).status_code == 304
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)[:1]}, headers=admin))
    assert client.get(f"/tournaments/{tid}/rounds/1", headers={"If-None-Match": etag}).status_code == 200


def test_concurrent_batches_lose_nothing(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, _ = setup(client, admin, teams=6)
    rnd = pair_publish(client, admin, tid, 1)
    items = all_white_wins(rnd)
    chunks = [items[i::4] for i in range(4)]
    errors: list[str] = []

    def post(chunk: list[dict[str, Any]]) -> None:
        with TestClient(create_app()) as c:
            for it in chunk:
                r = c.post(f"/tournaments/{tid}/rounds/1/results", json={"results": [it]}, headers=admin)
                if r.status_code != 200:
                    errors.append(r.text)

    threads = [threading.Thread(target=post, args=(ch,)) for ch in chunks]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    with Session(engine) as s:
        filled = s.exec(select(func.count()).select_from(BoardGame).where(BoardGame.result == "1-0")).one()
        versions = sum(m.version for m in s.exec(select(Match)).all())
    assert filled == len(items) == 12
    assert versions == 3 + 12  # every update bumped its match's version exactly once


@pytest.mark.parametrize("n", [2])
def test_standings_and_crosstable_after_rounds(client: TestClient, admin: dict[str, str], n: int) -> None:
    tid, _ = setup(client, admin, teams=4)
    for rn in range(1, n + 1):
        rnd = pair_publish(client, admin, tid, rn)
        ok(client.post(f"/tournaments/{tid}/rounds/{rn}/results", json={"results": all_white_wins(rnd)},
                       headers=admin))
        ok(client.post(f"/tournaments/{tid}/rounds/{rn}/complete", headers=admin))
    st = ok(client.get(f"/tournaments/{tid}/standings"))
    assert st["after_round"] == n and st["tiebreaks"] == ["MPTS", "DE-ALLMET", "EMGSB/C1", "GPTS", "TBR"]
    total_gp = sum(float(r["gp"]) for r in st["rows"])
    assert total_gp == 4 * 2 * n  # 2 matches of 4 boards per round
    st1 = ok(client.get(f"/tournaments/{tid}/standings?round=1"))
    assert st1["after_round"] == 1
    r = client.get(f"/tournaments/{tid}/standings?round=3")
    assert r.status_code == 409
    ct = ok(client.get(f"/tournaments/{tid}/crosstable"))
    assert len(ct["rows"]) == 4 and all(len(row["rounds"]) == n for row in ct["rows"])
    assert {x["colour"] for row in ct["rows"] for x in row["rounds"]} == {"W", "B"}
