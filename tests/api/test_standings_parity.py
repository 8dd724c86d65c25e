"""The standings and the ranking through the API: byes apart from W/D/L, the initial ranking keeps every
team that got a pairing number."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.factory import all_white_wins, ok, pair_publish, setup
from tests.api.test_rounds import round_one_with_a_pab


def test_standings_count_the_pab_apart_from_wdl(client: TestClient, admin: dict[str, str]) -> None:
    tid, pab_team = round_one_with_a_pab(client, admin)
    rows = {r["team"]["id"]: r for r in ok(client.get(f"/tournaments/{tid}/standings"))["rows"]}
    pab = rows[pab_team]
    assert pab["mp"] == "2"  # the PAB is worth a win, yet it is not a won match
    assert (pab["won"], pab["drawn"], pab["lost"], pab["byes"]) == (0, 0, 0, 1)
    assert sum(r["won"] + r["drawn"] + r["lost"] for r in rows.values()) == 4
    assert sum(r["byes"] for r in rows.values()) == 1


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
