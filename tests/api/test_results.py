"""Result entry (/tournaments/{id}/rounds/{n}/results and .../matches/{id}[/boards/{b}]): batches that are all or
nothing and idempotent, ETags against lost updates, the result codes, who may enter them, match and board
forfeits (R-4.5, R-7.3, R-7.4), and concurrent writers."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.http.factory import create_app
from app.models import AuditEntry, BoardGame, IdempotencyRecord, Match
from tests.api.factory import all_white_wins, expect_problem, ok, pair_publish, setup


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


def test_result_codes_are_an_enumeration(client: TestClient, admin: dict[str, str]) -> None:
    """The schema lists the codes (and the spellings read as them), so a client knows them without a 422."""
    from typing import get_args

    from app.schemas.rounds import ResultCode
    from app.services.tournament import RESULT_ALIASES, RESULT_CODES

    assert set(get_args(ResultCode)) == set(RESULT_CODES) | set(RESULT_ALIASES)
    doc = client.get("/openapi.json").json()
    result = doc["components"]["schemas"]["BoardResultPut"]["properties"]["result"]
    assert "1/2-1/2" in str(result)
    r = client.put("/tournaments/1/rounds/1/matches/1/boards/1", json={"result": "2-0"}, headers=admin)
    assert expect_problem(r, 422)["errors"][0]["loc"][:2] == ["body", "result"]


def test_the_old_forfeit_words_are_refused_with_a_hint(client: TestClient, admin: dict[str, str]) -> None:
    r = client.post("/tournaments/1/rounds/1/results", json={"results": [{"table": 1, "forfeit": "black"}]},
                    headers=admin)
    assert "'first' (the team with White on board 1)" in expect_problem(r, 422)["detail"]
    r = client.put("/tournaments/1/rounds/1/matches/1", json={"forfeit": "white"}, headers=admin)
    assert "no longer accepted" in expect_problem(r, 422)["detail"]


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


# --- forfeits ---------------------------------------------------------------------------------------------------------


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


# --- concurrent writers -----------------------------------------------------------------------------------------------


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
