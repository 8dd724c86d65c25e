"""The initial ranking (/tournaments/{id}/ranking): the order by rating average, locking the pairing numbers
and when they are final (C.04.6 1.1), and the teams it keeps."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.models import Round
from tests.api.conftest import login
from tests.api.factory import all_white_wins, full_team, make_club, make_tournament, ok, pair_publish, setup


def test_ranking_by_average_with_elot743_ties_and_lock(client: TestClient, admin: dict[str, str]) -> None:
    t = make_tournament(client, admin)
    clubs = [make_club(client, admin, f"Club {i}") for i in range(3)]
    full_team(client, admin, t["id"], clubs[0]["id"], "Ωμέγα", ratings=(1600, 1600, 1600, 1600))
    full_team(client, admin, t["id"], clubs[1]["id"], "Alpha", ratings=(1600, 1600, 1600, 1600))
    full_team(client, admin, t["id"], clubs[2]["id"], "Strong", ratings=(1900, None, None, None))
    rk = ok(client.get(f"/tournaments/{t['id']}/ranking"))
    assert [r["name"] for r in rk["rows"]] == ["Alpha", "Ωμέγα", "Strong"]  # 1600 = 1600 > 1525; A < O(mega)
    assert rk["rows"][2]["average"] == "1525" and rk["locked"] is False
    assert all(r["tpn"] is None for r in rk["rows"])
    r = client.post(f"/tournaments/{t['id']}/ranking/lock")
    assert r.status_code == 401
    locked = ok(client.post(f"/tournaments/{t['id']}/ranking/lock", headers=admin))
    assert [r["tpn"] for r in locked["rows"]] == [1, 2, 3] and locked["locked"] is True


def test_tpns_final_after_round_four(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    full_team(client, admin, t["id"], club["id"], "A")
    ok(client.post(f"/tournaments/{t['id']}/ranking/lock", headers=admin))
    with Session(engine) as s:
        for r in s.exec(select(Round).where(Round.tournament_id == t["id"], Round.number <= 4)).all():
            r.state = "completed"
            s.add(r)
        s.commit()
    r = client.post(f"/tournaments/{t['id']}/ranking/lock", headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "C.04.6 1.1.3"


def test_demo_ranking_shows_24_teams_after_lock(client: TestClient, engine: Any) -> None:
    from app.cli.main import main

    assert main(["demo", "--rounds", "0"]) == 0
    admin = login(client, "admin", "teamswiss-demo")
    tid = ok(client.get("/tournaments"))["items"][0]["id"]
    locked = ok(client.post(f"/tournaments/{tid}/ranking/lock", headers=admin))
    rows = locked["rows"]
    assert len(rows) == 24 and [r["tpn"] for r in rows] == list(range(1, 25))
    averages = [float(r["average"]) for r in rows]
    assert averages == sorted(averages, reverse=True)


def test_ranking_keeps_an_expelled_team_with_its_status(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    before = ok(client.get(f"/tournaments/{tid}/ranking"))["rows"]
    assert [r["tpn"] for r in before] == [1, 2, 3, 4] and {r["status"] for r in before} == {"entered"}
    rnd = pair_publish(client, admin, tid, 1)
    m = rnd["matches"][0]
    rest = [x for x in all_white_wins(rnd) if x["table"] != m["table"]]
    ok(client.post(f"/tournaments/{tid}/rounds/1/results",
                   json={"results": [{"table": m["table"], "forfeit": "second"}, *rest]}, headers=admin))
    gone = m["second"]["id"]
    assert ok(client.get(f"/tournaments/{tid}/teams/{gone}"))["status"] == "expelled"
    rows = ok(client.get(f"/tournaments/{tid}/ranking"))["rows"]
    assert [r["tpn"] for r in rows] == [1, 2, 3, 4]  # every team that got a TPN, in TPN order
    assert [r["position"] for r in rows] == [1, 2, 3, 4]
    assert {r["team_id"]: r["status"] for r in rows}[gone] == "expelled"
    assert [r["status"] for r in rows].count("entered") == 3
