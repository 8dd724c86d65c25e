"""The rating report (R-4.6): the TRF-2026 file carries what the rating officer needs, reserves' games included,
and the export check lists what is missing (an endpoint for the arbiters and ``teamswiss export --rating-check``)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.cli.main import main
from tests.api.factory import all_white_wins, export, make_player, ok, pair_publish, setup


def play_round_with_reserve(client: TestClient, admin: dict[str, str]) -> tuple[int, list[dict[str, Any]], int]:
    """Four teams; team 0 fields its reserve (a girl, no birth date: the event has no age limit) on board 4 in
    round 1, completed."""
    tid, teams = setup(client, admin, teams=4, born_on_or_after=None)
    team = teams[0]
    club_id = ok(client.get(f"/tournaments/{tid}/teams/{team['id']}"))["club_id"]
    reserve = make_player(client, admin, club_id, "Reserve", rating=1300, sex="w", fide_id=42000001)["id"]
    roster = [*team["player_ids"], reserve]
    ok(client.put(f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": roster, "reason": "reserve"},
                  headers=admin))
    ok(client.patch(f"/players/{reserve}", json={"birth_date": None}, headers=admin))
    ok(client.put(f"/tournaments/{tid}/rounds/1/lineups/{team['id']}",
                  json={"player_ids": [*team["player_ids"][:3], reserve]}, headers=admin))
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    return tid, teams, reserve


def test_rating_check_lists_what_the_report_misses(client: TestClient, admin: dict[str, str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    tid, teams, reserve = play_round_with_reserve(client, admin)
    url = f"/tournaments/{tid}/exports/rating-check"
    assert client.get(url).status_code == 401  # the arbiters' list: names with missing private data
    check = ok(client.get(url, headers=admin))
    assert check["fide_rated"] and check["national_rated"] and not check["ready"]
    assert check["games"] == 8 and check["players"] == 17  # 4 x 4 + the reserve
    by = {(f["code"], f["player_id"]): f for f in check["findings"]}
    # the factory's players have no FIDE id: every one who played is an error, the benched player a warning
    benched = teams[0]["player_ids"][3]
    assert by[("no_fide_id", teams[1]["player_ids"][0])]["severity"] == "error"
    assert by[("no_fide_id", benched)]["severity"] == "warning"
    assert ("no_fide_id", reserve) not in by
    assert by[("no_birth_year", reserve)]["severity"] == "error" and by[("no_birth_year", reserve)]["rule"]
    # the event is Greek and rated nationally: a Greek player needs the registration number
    assert by[("no_national_id", reserve)]["severity"] == "error"

    capsys.readouterr()
    assert main(["export", str(tid), "--rating-check"]) == 4
    out = capsys.readouterr().out
    assert "error: Reserve, A: birth year unknown (B.02 8.3.3)" in out and "NOT ready" in out

    # the officials fill in what was missing: ready (the warnings stay)
    for tm in teams:
        for pid in tm["player_ids"]:
            ok(client.patch(f"/players/{pid}", json={"fide_id": 42100000 + pid, "national_id": 9000 + pid},
                            headers=admin))
    ok(client.patch(f"/players/{reserve}", json={"birth_date": "2014-02-02", "national_id": 8999}, headers=admin))
    check = ok(client.get(url, headers=admin))
    assert check["ready"] and check["findings"] == []
    assert main(["export", str(tid), "--rating-check"]) == 0
    assert "ready to send" in capsys.readouterr().out
    assert main(["export", str(tid)]) == 2  # neither a file nor the check


def test_trf_carries_the_rating_officers_data_and_the_reserves_games(client: TestClient,
                                                                    admin: dict[str, str]) -> None:
    """001 records: sex (col 10), title, name, rating, federation, FIDE id, birth date, and every game, the
    reserve's too (C.04 Annex 2)."""
    tid, teams, reserve = play_round_with_reserve(client, admin)
    ok(client.patch(f"/players/{reserve}", json={"birth_date": "2014-02-02"}, headers=admin))
    text = export(client, tid, admin)
    lines = [x for x in text.splitlines() if x.startswith("001 ")]
    assert len(lines) == 17
    mine = next(x for x in lines if "Reserve, A" in x)
    assert mine[9] == "w" and mine[48:52] == "1300" and mine[53:56] == "GRE" and mine[57:68].strip() == "42000001"
    assert mine[69:79] == "2014/02/02"
    block = mine[91:101]
    assert block[:4].strip().isdigit() and block[5] in "wb" and block[7] in "10="  # the reserve's game
    benched = next(x for x in lines if "Team 0-3" in x)
    assert benched[91:101].strip() == ""  # no game: a blank block
    public = export(client, tid)
    assert next(x for x in public.splitlines() if "Reserve, A" in x)[69:79] == "2014/00/00"  # the year only
