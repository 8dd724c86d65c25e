"""The standings and what they are made of (/tournaments/{id}/standings, /crosstable, /teams/{id}/results): the
tiebreaks after each round, the crosstable, and the pairing-allocated bye counted apart from W/D/L (R-7.5)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.api.factory import all_white_wins, ok, pair_publish, setup


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


def test_standings_count_the_pab_apart_from_wdl(client: TestClient, admin: dict[str, str]) -> None:
    tid, pab_team = round_one_with_a_pab(client, admin)
    rows = {r["team"]["id"]: r for r in ok(client.get(f"/tournaments/{tid}/standings"))["rows"]}
    pab = rows[pab_team]
    assert pab["mp"] == "2"  # the PAB is worth a win, yet it is not a won match
    assert (pab["won"], pab["drawn"], pab["lost"], pab["byes"]) == (0, 0, 0, 1)
    assert sum(r["won"] + r["drawn"] + r["lost"] for r in rows.values()) == 4
    assert sum(r["byes"] for r in rows.values()) == 1
