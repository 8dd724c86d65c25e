"""The standings and the ranking through the API: byes apart from W/D/L, the initial ranking keeps every
team that got a pairing number."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.factory import ok
from tests.api.test_rounds import round_one_with_a_pab


def test_standings_count_the_pab_apart_from_wdl(client: TestClient, admin: dict[str, str]) -> None:
    tid, pab_team = round_one_with_a_pab(client, admin)
    rows = {r["team"]["id"]: r for r in ok(client.get(f"/tournaments/{tid}/standings"))["rows"]}
    pab = rows[pab_team]
    assert pab["mp"] == "2"  # the PAB is worth a win, yet it is not a won match
    assert (pab["won"], pab["drawn"], pab["lost"], pab["byes"]) == (0, 0, 0, 1)
    assert sum(r["won"] + r["drawn"] + r["lost"] for r in rows.values()) == 4
    assert sum(r["byes"] for r in rows.values()) == 1
