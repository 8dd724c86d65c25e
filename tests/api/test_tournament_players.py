"""A tournament's players (/tournaments/{id}/players, /board-stats): the player page (games, opponents, score,
next assignment) and the board statistics that agree with the board prizes."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.factory import all_white_wins, ok, pair_publish, setup


def seat(rnd: dict[str, Any], pid: int) -> tuple[dict[str, Any], dict[str, Any], str]:
    """(match, board, side) where the player sits."""
    for m in rnd["matches"]:
        for b in m["boards"]:
            for side in ("first", "second"):
                if (b[f"{side}_player"] or {}).get("id") == pid:
                    return m, b, side
    raise AssertionError(f"player {pid} has no board")


def test_player_page_games_opponents_score_and_next_assignment(client: TestClient, admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin, teams=4)
    pid = teams[0]["player_ids"][0]
    before = ok(client.get(f"/tournaments/{tid}/players/{pid}"))
    assert before["rounds"] == [] and before["next"] is None and before["board"] == 1
    assert before["team"]["id"] == teams[0]["id"] and before["club"]["name"] == "Club 0"
    assert "birth_date" not in before["player"] and "email" not in before["player"]  # public data only

    # round 1 paired but not published: nothing of it shows
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    assert ok(client.get(f"/tournaments/{tid}/players/{pid}"))["next"] is None
    rnd = ok(client.post(f"/tournaments/{tid}/rounds/1/publish", headers=admin))
    m, b, side = seat(rnd, pid)
    other = "second" if side == "first" else "first"
    page = ok(client.get(f"/tournaments/{tid}/players/{pid}"))
    nxt = page["next"]
    assert nxt["round"] == 1 and nxt["state"] == "published" and nxt["outcome"] == "pending"
    assert (nxt["table"], nxt["board"]) == (m["table"], b["board"])
    mine_white = (b["white"] == side)
    assert nxt["colour"] == ("W" if mine_white else "B")
    assert nxt["opponent"]["id"] == b[f"{other}_player"]["id"]
    assert nxt["opponent"]["team"]["id"] == m[other]["id"] == nxt["opponent_team"]["id"]
    assert page["rounds"][0]["outcome"] == "pending" and page["rounds"][0]["points"] is None

    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    page = ok(client.get(f"/tournaments/{tid}/players/{pid}"))
    g = page["rounds"][0]
    assert g["outcome"] == "played" and g["result"] == "1-0" and g["points"] == ("1" if mine_white else "0")
    assert page["next"] is None  # the game has its result
    # the score counts completed rounds, as the board prizes do
    assert page["score"]["games"] == 0 and page["score"]["after_round"] is None
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    page = ok(client.get(f"/tournaments/{tid}/players/{pid}"))
    score = page["score"]
    assert score["after_round"] == 1 and score["games"] == 1 and score["points"] == g["points"]
    assert score["percentage"] == ("100" if mine_white else "0") and score["performance"] is not None
    assert score["boards"] == [{k: score[k] for k in ("points", "games", "percentage", "percentage_display",
                                                       "performance")} | {"board": b["board"]}]


def test_player_page_names_forfeits_and_not_playing(client: TestClient, admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin, teams=4)
    reserve = teams[3]
    # team 3 fields three players, its girl among them: board 4 is empty, the opponent wins it by forfeit
    ok(client.put(f"/tournaments/{tid}/rounds/1/lineups/{reserve['id']}",
                  json={"player_ids": [reserve["player_ids"][i] for i in (0, 1, 3)]}, headers=admin))
    rnd = pair_publish(client, admin, tid, 1)
    m = next(x for x in rnd["matches"] if reserve["id"] in (x["first"]["id"], x["second"]["id"]))
    opp_side = "second" if m["first"]["id"] == reserve["id"] else "first"
    winner = m["boards"][3][f"{opp_side}_player"]["id"]
    page = ok(client.get(f"/tournaments/{tid}/players/{winner}"))
    assert page["rounds"][0]["outcome"] == "forfeit_win" and page["rounds"][0]["opponent"] is None
    assert page["next"] is None  # decided already
    benched = ok(client.get(f"/tournaments/{tid}/players/{reserve['player_ids'][2]}"))
    assert benched["rounds"][0]["outcome"] == "not_playing" and benched["next"]["outcome"] == "not_playing"
    assert benched["next"]["table"] == m["table"] and benched["next"]["board"] is None


def test_player_page_of_an_unknown_player_is_404(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=2)
    r = client.get(f"/tournaments/{tid}/players/99999")
    assert r.status_code == 404 and r.headers["content-type"].startswith("application/problem+json")
    assert client.get(f"/tournaments/{tid + 1}/players/1").status_code == 404


def test_board_stats_match_the_prizes_and_mark_provisional_leaders(client: TestClient,
                                                                    admin: dict[str, str]) -> None:
    tid, teams = setup(client, admin, teams=4)
    for n in (1, 2):
        rnd = pair_publish(client, admin, tid, n)
        ok(client.post(f"/tournaments/{tid}/rounds/{n}/results", json={"results": all_white_wins(rnd)},
                       headers=admin))
        ok(client.post(f"/tournaments/{tid}/rounds/{n}/complete", headers=admin))
    st = ok(client.get(f"/tournaments/{tid}/board-stats"))
    assert st["after_round"] == 2 and st["min_games"] == 4
    rostered = sum(len(t["player_ids"]) for t in teams)
    assert len(st["players"]) == rostered
    played = [p for p in st["players"] if p["games"]]
    assert played and all(p["games"] == 2 for p in played)
    # the leaders are provisional (nobody has 4 games) and are the top of each board's players
    assert st["leaders"] and all(x["provisional"] for x in st["leaders"])
    assert ok(client.get(f"/tournaments/{tid}/prizes"))["boards"] == []
    one = next(p for p in played if p["roster_board"] == 1)
    page = ok(client.get(f"/tournaments/{tid}/players/{one['player']['id']}"))
    assert {k: page["score"][k] for k in ("points", "games", "percentage", "performance")} == {
        k: one[k] for k in ("points", "games", "percentage", "performance")}


def test_player_page_rating_change_fide_and_national(client: TestClient, admin: dict[str, str]) -> None:
    """B.02 on the player page: each game's opponent rating and expected score (table 8.1.2, Gacrux's copy), the
    event's score, expected score, K, change and performance, FIDE and national."""
    from fractions import Fraction

    from gacrux import fidetables

    tid, teams = setup(client, admin, teams=4)
    pid = teams[0]["player_ids"][0]  # 1900, born 2014: K 40 (B.02 8.3.3, under 18)
    rnd = pair_publish(client, admin, tid, 1)
    m, b, side = seat(rnd, pid)
    other = "second" if side == "first" else "first"
    opp = b[f"{other}_player"]
    # the opponent has a national rating only now: the national list counts the game, at the national K 25
    ok(client.patch(f"/players/{opp['id']}", json={"national_rating": 1700}, headers=admin))
    ok(client.patch(f"/players/{pid}", json={"national_rating": 1800, "national_k": 25}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    page = ok(client.get(f"/tournaments/{tid}/players/{pid}"))
    won = b["white"] == side
    score = Fraction(1 if won else 0)
    d = 1900 - opp["fide_rating"]
    pd = Fraction(fidetables.DiffToPd[abs(d)], 100)
    exp = pd if d >= 0 else 1 - pd
    fide = page["rating_change"]["fide"]
    assert fide["rating"] == 1900 and fide["k"] == 40 and fide["games"] == 1
    assert Fraction(fide["expected"]) == exp and Fraction(fide["score"]) == score
    assert Fraction(fide["change"]) == 40 * (score - exp)
    assert fide["performance"] == opp["fide_rating"] + (800 if won else -800)
    assert fide["games_needed"] is None
    game = page["rounds"][0]["rating"]
    assert game["fide"] == {"opponent_rating": opp["fide_rating"], "counted": True, "expected": fide["expected"]}
    nat = page["rating_change"]["national"]
    assert nat["rating"] == 1800 and nat["k"] == 25 and Fraction(nat["expected"]) == Fraction(64, 100)  # D 100
    assert Fraction(nat["change"]) == 25 * (score - Fraction(64, 100))
    assert game["national"]["opponent_rating"] == 1700
    assert page["rating_rules"]["fide"].startswith("FIDE B.02") and page["rating_rules"]["national"].startswith("ESO")
    assert page["rating_rules"]["fide_from"] == "2025-10-01"  # the event starts in December 2026

    # an unrated opponent's page: no change, the games its first rating will count (7.1: 5 needed)
    ok(client.patch(f"/players/{opp['id']}", json={"fide_rating": None}, headers=admin))
    newbie = ok(client.get(f"/tournaments/{tid}/players/{opp['id']}"))["rating_change"]["fide"]
    assert newbie["rating"] is None and newbie["change"] is None and newbie["k"] is None
    assert newbie["games"] == 1 and newbie["games_needed"] == 4
    # and for the rated player that game no longer counts (games against unrated opponents are not rated)
    fide = ok(client.get(f"/tournaments/{tid}/players/{pid}"))["rating_change"]["fide"]
    assert fide["games"] == 0 and fide["change"] is None and fide["score"] == "0"
    stats = ok(client.get(f"/tournaments/{tid}/board-stats"))
    row = next(p for p in stats["players"] if p["player"]["id"] == pid)
    assert row["rating_change"]["national"]["k"] == 25


def test_team_average_and_performance(client: TestClient, admin: dict[str, str]) -> None:
    """The team page and the standings: the roster's average rating and the players' performance (the average of
    their rated opponents + dp of the fractional score, B.02 table 8.1.1)."""
    from fractions import Fraction

    from gacrux import rating as gx

    tid, teams = setup(client, admin, teams=4)
    team = teams[0]
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    before = ok(client.get(f"/tournaments/{tid}/teams/{team['id']}/results"))["rating"]["fide"]
    assert before["average"] == 1825 and before["games"] == 0 and before["performance"] is None  # not completed
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    opponents, score = [], Fraction(0)
    for pid in team["player_ids"]:
        m, b, side = seat(rnd, pid)
        other = "second" if side == "first" else "first"
        opponents.append(b[f"{other}_player"]["fide_rating"])
        score += 1 if b["white"] == side else 0
    fide = ok(client.get(f"/tournaments/{tid}/teams/{team['id']}/results"))["rating"]["fide"]
    assert fide["games"] == 4 and Fraction(fide["score"]) == score
    assert fide["performance"] == gx.ComputeTournamentPerformanceRating(score, opponents)
    row = next(r for r in ok(client.get(f"/tournaments/{tid}/standings"))["rows"] if r["team"]["id"] == team["id"])
    assert row["rating"]["fide"] == fide
    assert row["rating"]["national"]["average"] is None  # no national ratings in this event
