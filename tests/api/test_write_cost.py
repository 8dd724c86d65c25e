"""What a single-row write costs in SQL statements, and that it does not grow with the event.

Counts, not times: a lineup, a player, a payment, a roster, an entry cost the same number of statements in a
small event and in a larger one, and in round 1 and round 2; audit entries, events and a pairing's boards are
inserted by one statement each, whatever their number.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.factory import all_white_wins, full_team, make_club, make_player, ok, pair_publish, setup
from tests.api.test_request_cost import statements

#: Statements of one request as counted on SQLite (BEGIN IMMEDIATE is one; PostgreSQL has no BEGIN statement but a
#: pg_notify for the event stream). The bounds are today's counts: a change that adds a query fails here.
MOST = {"lineup": 8, "player": 5, "payment": 13, "roster": 16, "team": 12}


def _writes(client: TestClient, admin: dict[str, str], engine: Any, tid: int, team: dict[str, Any],
            tag: str, number: int) -> dict[str, int]:
    """The statements of one request of each single-row write, on ``team``."""
    club_id = team["club_id"]
    counts = {}
    with statements(engine) as seen:
        ok(client.put(f"/tournaments/{tid}/rounds/{number}/lineups/{team['id']}",
                      json={"player_ids": team["player_ids"][:4]}, headers=admin))
    counts["lineup"] = len(seen)
    with statements(engine) as seen:
        player = make_player(client, admin, club_id, f"New {tag}")
    counts["player"] = len(seen)
    with statements(engine) as seen:
        ok(client.post(f"/tournaments/{tid}/teams/{team['id']}/payments",
                       json={"amount": "1.00", "paid_on": "2026-11-02"}, headers=admin), 201)
    counts["payment"] = len(seen)
    with statements(engine) as seen:
        ok(client.put(f"/tournaments/{tid}/teams/{team['id']}/roster",
                      json={"player_ids": [*team["player_ids"], player["id"]]}, headers=admin))
    counts["roster"] = len(seen)
    ok(client.put(f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": team["player_ids"]},
                  headers=admin))  # as it was: the next measure makes the same change
    with statements(engine) as seen:
        ok(client.post(f"/tournaments/{tid}/teams", json={"club_id": club_id, "name": f"Late {tag}"},
                       headers=admin), 201)
    counts["team"] = len(seen)
    return counts


def test_single_row_writes_do_not_grow_with_the_event_or_the_round(client: TestClient, admin: dict[str, str],
                                                                    engine: Any) -> None:
    tid, teams = setup(client, admin, teams=3, max_teams_per_club=4)
    small = _writes(client, admin, engine, tid, teams[0], "a", 1)
    for k, most in MOST.items():
        assert small[k] <= most, (k, small)
    for i in range(3, 9):  # three times the teams, rosters and players
        full_team(client, admin, tid, make_club(client, admin, f"Club {i}")["id"], f"Team {i}")
    assert _writes(client, admin, engine, tid, teams[0], "b", 1) == small
    ok(client.post(f"/tournaments/{tid}/ranking/lock", headers=admin))
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    assert _writes(client, admin, engine, tid, teams[1], "c", 2) == small  # a played round changes nothing


def _inserts(seen: list[str], table: str) -> int:
    return sum(s.startswith(f"INSERT INTO {table} ") for s in seen)


def test_audit_entries_events_and_boards_are_inserted_in_one_statement_each(client: TestClient,
                                                                             admin: dict[str, str],
                                                                             engine: Any) -> None:
    tid, _ = setup(client, admin, teams=6)
    with statements(engine) as paired:
        ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    assert _inserts(paired, "board_game") == 1  # 12 boards
    rnd = ok(client.post(f"/tournaments/{tid}/rounds/1/publish", headers=admin))
    results = all_white_wins(rnd)
    with statements(engine) as posted:
        ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": results}, headers=admin))
    assert len(results) == 12
    assert _inserts(posted, "audit_entry") == 1  # an audit entry per board
    assert _inserts(posted, "tournament_event") == 1  # an event per match
    with statements(engine) as completed:
        ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    assert sum("FROM board_game WHERE board_game.match_id =" in s for s in completed) == 0  # not one per match
    audit = ok(client.get(f"/tournaments/{tid}/audit?entity=match&limit=100", headers=admin))
    assert len([e for e in audit["items"] if e["action"] == "result"]) == 12
