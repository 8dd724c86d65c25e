"""Trust, second pass: an Idempotency-Key answers only its caller, `If-Match: *` is no ETag, and the sitting
appeals committee reads the appeal it hears (R-14.4)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.models import BoardGame, IdempotencyRecord
from tests.api.conftest import login, make_user
from tests.api.factory import full_team, games_ended, make_club, make_tournament, name_committee, ok

RATINGS = [(1900, 1850, 1800, 1750), (1800, 1750, 1700, 1650), (1700, 1650, 1600, 1550), (1600, 1550, 1500, 1450)]


def round_one(client: TestClient, admin: dict[str, str]) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    """Four teams of four clubs, round 1 paired and published: (tournament id, round, teams)."""
    t = make_tournament(client, admin)
    clubs = [make_club(client, admin, f"Club {i}") for i in range(4)]
    teams = [full_team(client, admin, t["id"], clubs[i]["id"], f"Team {i}", ratings=RATINGS[i]) for i in range(4)]
    ok(client.post(f"/tournaments/{t['id']}/ranking/lock", headers=admin))
    name_committee(client, admin, t["id"])
    ok(client.post(f"/tournaments/{t['id']}/rounds/1/pair", headers=admin))
    return t["id"], ok(client.post(f"/tournaments/{t['id']}/rounds/1/publish", headers=admin)), teams


def user_in(client: TestClient, engine: Any, admin: dict[str, str], tid: int, name: str,
            role: str | None = None) -> tuple[dict[str, str], int]:
    make_user(engine, name, birth_date=date(1975, 1, 1))
    auth = login(client, name)
    uid = ok(client.get("/auth/me", headers=auth))["id"]
    if role:
        ok(client.post(f"/tournaments/{tid}/members", json={"user_id": uid, "role": role}, headers=admin), 201)
    return auth, uid


def white_wins(rnd: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"table": m["table"], "board": b["board"], "result": "1-0"}
            for m in rnd["matches"] if not m["pab"] for b in m["boards"]]


# --- Idempotency-Key: scoped to the caller ---------------------------------------------------------------------


def test_another_user_replaying_a_key_does_not_get_its_answer(client: TestClient, admin: dict[str, str],
                                                              engine: Any) -> None:
    """The attack: an arbiter sends the administrator's Idempotency-Key and is answered as the administrator
    was (or, with another body, is told the key is taken). A key names a retry of its caller's request only."""
    tid, rnd, _ = round_one(client, admin)
    arbiter, _ = user_in(client, engine, admin, tid, "arb", "arbiter")
    deputy, _ = user_in(client, engine, admin, tid, "deputy", "arbiter")
    url = f"/tournaments/{tid}/rounds/1/results"
    body = {"results": white_wins(rnd)[:2]}
    key = {"Idempotency-Key": "round-1"}
    first = ok(client.post(url, json=body, headers=admin | key))
    assert first["changed"] == 2
    # the same key and body from another user: their own request, worked out for them (already entered)
    mine = client.post(url, json=body, headers=deputy | key)
    assert mine.status_code == 200 and "Idempotent-Replayed" not in mine.headers
    assert mine.json()["changed"] == 0 and mine.json()["unchanged"] == 2
    # the same key with another body: entered, not "this key was used for a different request"
    other = client.post(url, json={"results": white_wins(rnd)[2:4]}, headers=arbiter | key)
    assert other.status_code == 200 and other.json()["changed"] == 2
    # each caller's retry replays their own first answer; their own key with another body is refused
    for caller, answer in ((admin, first), (deputy, mine.json()), (arbiter, other.json())):
        again = client.post(url, json=body if caller is not arbiter else {"results": white_wins(rnd)[2:4]},
                            headers=caller | key)
        assert again.headers.get("Idempotent-Replayed") == "true" and again.json() == answer
    r = client.post(url, json={"results": white_wins(rnd)[4:6]}, headers=arbiter | key)
    assert r.status_code == 422 and "Idempotency-Key" in r.json()["detail"]
    with Session(engine) as s:
        assert s.exec(select(func.count()).select_from(IdempotencyRecord)).one() == 3


def test_a_key_sent_with_an_api_token_answers_that_token(client: TestClient, admin: dict[str, str],
                                                         engine: Any) -> None:
    """The same user's API tokens and login each have their own keys: a key a script used is not replayed to
    another script of the same user (nor to the user's console), nor after its token is revoked and replaced."""
    tid, rnd, _ = round_one(client, admin)
    url = f"/tournaments/{tid}/rounds/1/results"
    tokens = [ok(client.post("/auth/api-tokens", json={"name": f"bot-{i}", "scopes": ["results"]}, headers=admin),
                 201) for i in range(2)]
    bots = [{"Authorization": f"Bearer {tok['token']}"} for tok in tokens]
    key = {"Idempotency-Key": "terminal-7"}
    body = {"results": white_wins(rnd)[:1]}
    first = ok(client.post(url, json=body, headers=bots[0] | key))
    assert first["changed"] == 1
    replay = client.post(url, json=body, headers=bots[0] | key)
    assert replay.headers.get("Idempotent-Replayed") == "true" and replay.json() == first
    for caller in (bots[1], admin):
        r = client.post(url, json=body, headers=caller | key)
        assert r.status_code == 200 and "Idempotent-Replayed" not in r.headers and r.json()["changed"] == 0


# --- If-Match: * is not the match's ETag ----------------------------------------------------------------------


def test_if_match_star_does_not_change_an_entered_result(client: TestClient, admin: dict[str, str],
                                                         engine: Any) -> None:
    """The attack: `If-Match: *` matches every ETag, so a client that never read the match overwrites a result
    entered since. Changing an entered result needs the match's own ETag; `*` only enters what is empty."""
    tid, rnd, _ = round_one(client, admin)
    m = next(x for x in rnd["matches"] if not x["pab"])
    board = f"/tournaments/{tid}/rounds/1/matches/{m['id']}/boards"
    star = {"If-Match": "*"}
    entered = client.put(f"{board}/1", json={"result": "1-0"}, headers=admin | star)  # empty: `*` is fine
    assert entered.status_code == 200
    r = client.put(f"{board}/1", json={"result": "0-1"}, headers=admin | star)
    assert r.status_code == 428 and "If-Match: *" in r.json()["detail"] and r.json()["etag"] == entered.headers["ETag"]
    r = client.put(f"/tournaments/{tid}/rounds/1/matches/{m['id']}", json={"results": ["0-1"] * 4},
                   headers=admin | star)
    assert r.status_code == 428
    r = client.put(f"/tournaments/{tid}/rounds/1/matches/{m['id']}", json={"forfeit": "first"},
                   headers=admin | {"If-Match": "*, W/\"stale\""})
    assert r.status_code == 412  # `*` beside an ETag: the ETag is checked
    r = client.post(f"/tournaments/{tid}/rounds/1/results", headers=admin,
                    json={"results": [{"table": m["table"], "board": 1, "result": "0-1", "if_match": "*"}]})
    assert r.status_code == 428
    with Session(engine) as s:
        assert [b.result for b in s.exec(select(BoardGame).where(BoardGame.match_id == m["id"])
                                         .order_by(BoardGame.board))] == ["1-0", None, None, None]
    # the match's ETag (alone or among others) still changes it
    changed = client.put(f"{board}/1", json={"result": "0-1"},
                         headers=admin | {"If-Match": f"*, {entered.headers['ETag']}"})
    assert changed.status_code == 200 and changed.json()["boards"][0]["result"] == "0-1"


# --- the sitting appeals committee reads the appeal it hears (R-14.4) -----------------------------------------


def test_the_sitting_committee_reads_the_appeal_it_hears(client: TestClient, admin: dict[str, str],
                                                         engine: Any) -> None:
    """The attack (a denial): the chair who decides the appeal, and the members who hear it, read it with
    `text: null`. A member excluded from it (their club is involved, R-14.4) and anyone else still do not."""
    tid, rnd, teams = round_one(client, admin)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": white_wins(rnd)}, headers=admin))
    end = datetime(2026, 12, 10, 18, 0, tzinfo=UTC)
    games_ended(engine, end)
    chair, chair_id = user_in(client, engine, admin, tid, "chair")
    member, member_id = user_in(client, engine, admin, tid, "member")
    excluded, excluded_id = user_in(client, engine, admin, tid, "excluded")
    alternate, alternate_id = user_in(client, engine, admin, tid, "alternate")
    outsider, _ = user_in(client, engine, admin, tid, "outsider")
    team = teams[0]
    m = next(x for x in rnd["matches"] if team["id"] in (x["first"]["id"], x["second"]["id"]))
    seats = [("R1", None, "regular", True, chair_id), ("R2", None, "regular", False, member_id),
             ("R3", team["club_id"], "regular", False, excluded_id), ("A1", None, "alternate", False, None),
             ("A2", None, "alternate", False, alternate_id)]
    ok(client.put(f"/tournaments/{tid}/committee", headers=admin, json={"members": [
        {"name": n, "club_id": c, "kind": k, "chair": ch, "user_id": u} for n, c, k, ch, u in seats]}))
    a = ok(client.post(f"/tournaments/{tid}/appeals", headers=admin, json={
        "match_id": m["id"], "board": 1, "team_id": team["id"], "text": "The opponent's phone rang.",
        "announced_at": (end + timedelta(minutes=5)).isoformat(), "submitted_at": (end + timedelta(minutes=20))
        .isoformat(), "fee_paid": "100.00"}), 201)
    assert {x["name"] for x in a["committee"]["members"]} == {"R1", "R2", "A1"}  # R3's club is involved
    url = f"/tournaments/{tid}/appeals/{a['id']}"
    for reader in (chair, member):
        got = ok(client.get(url, headers=reader))
        assert got["text"] == "The opponent's phone rang." and got["committee"]["complete"]
        assert ok(client.get(f"/tournaments/{tid}/appeals", headers=reader))["items"][0]["text"]
    for reader in (excluded, alternate, outsider, {}):
        got = ok(client.get(url, headers=reader))
        assert got["text"] is None and got["committee"] is None
    decided = ok(client.post(f"{url}/decision", json={"decision": "rejected", "reasons": "no evidence"},
                             headers=chair))
    assert decided["text"] and decided["decision_reasons"] == "no evidence"
