"""The rules said where they bite: the chief arbiter apart from the deputy arbiters, a round whose lineups break a
rule (R-3.2, R-3.3) refused or paired and published by the chief arbiter's recorded decision, and the round's
readiness read before anyone presses Pair (R-14.2 appeals, C.04.6 1.1)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.models import AuditEntry
from tests.api.conftest import login, make_user
from tests.api.factory import (
    all_white_wins,
    full_team,
    games_ended,
    make_club,
    make_player,
    make_tournament,
    name_committee,
    ok,
    pair_publish,
    setup,
)

GREEK = {"Accept-Language": "el-GR,el;q=0.9"}


def _staff(client: TestClient, engine: Any, admin: dict[str, str], tid: int) -> dict[str, dict[str, str]]:
    """A chief arbiter and a deputy arbiter of the tournament."""
    out = {}
    for name, role in (("chief", "chief_arbiter"), ("deputy", "arbiter")):
        uid = make_user(engine, name)
        ok(client.post(f"/tournaments/{tid}/members", json={"user_id": uid, "role": role}, headers=admin), 201)
        out[name] = login(client, name)
    return out


def _boys_team(client: TestClient, admin: dict[str, str], tid: int) -> dict[str, Any]:
    """A team of four boys: its base lineup breaks R-3.2 (no girl)."""
    club = make_club(client, admin, "Αγόρια ΣΟ")
    return full_team(client, admin, tid, club["id"], "Boys", ratings=(1550, 1500, 1450, 1400), girls=0)


def _breaking_tournament(client: TestClient, admin: dict[str, str]) -> tuple[int, dict[str, Any]]:
    """Four valid teams and one of four boys, the ranking locked, the committee named."""
    t = make_tournament(client, admin)
    for i in range(4):
        club = make_club(client, admin, f"Club {i}")
        full_team(client, admin, t["id"], club["id"], f"Team {i}", ratings=(1900 - 100 * i, 1850 - 100 * i,
                                                                             1800 - 100 * i, 1750 - 100 * i))
    boys = _boys_team(client, admin, t["id"])
    ok(client.post(f"/tournaments/{t['id']}/ranking/lock", headers=admin))
    name_committee(client, admin, t["id"])
    return t["id"], boys


# --- roles ---------------------------------------------------------------------------------------------------


def test_a_deputy_enters_results_and_marks_absences_and_the_chief_arbiter_runs_the_round(
        client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, teams = setup(client, admin, teams=4)
    staff = _staff(client, engine, admin, tid)
    deputy, chief = staff["deputy"], staff["chief"]
    r = client.post(f"/tournaments/{tid}/ranking/lock", headers=deputy)
    assert r.status_code == 403 and "chief arbiter" in r.json()["detail"]
    ok(client.put(f"/tournaments/{tid}/rounds/1/absent", json={"team_id": teams[3]["id"]}, headers=deputy))
    ok(client.put(f"/tournaments/{tid}/rounds/1/absent", json={"team_id": teams[3]["id"], "absent": False},
                  headers=deputy))
    assert client.post(f"/tournaments/{tid}/rounds/1/pair", headers=deputy).status_code == 403
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=chief))
    change = {"action": "colours", "team_a": teams[0]["id"], "reason": "x"}
    assert client.post(f"/tournaments/{tid}/rounds/1/pairing", json=change, headers=deputy).status_code == 403
    assert client.post(f"/tournaments/{tid}/rounds/1/publish", headers=deputy).status_code == 403
    rnd = ok(client.post(f"/tournaments/{tid}/rounds/1/publish", headers=chief))
    # the deputy reads the unpublished state and the readiness, enters every result and a match forfeit
    ok(client.get(f"/tournaments/{tid}/rounds/2/readiness", headers=deputy))
    results = all_white_wins(rnd)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": results[4:]}, headers=deputy))
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": [{"table": 1, "forfeit": "second"}]},
                   headers=deputy))
    assert client.post(f"/tournaments/{tid}/rounds/1/complete", headers=deputy).status_code == 403
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=chief))
    assert client.post(f"/tournaments/{tid}/rounds/1/reopen", headers=deputy).status_code == 403
    # expelling is the chief arbiter's; the deputy's forfeit expelled the absent team already
    expelled = rnd["matches"][0]["second"]["id"]
    assert ok(client.get(f"/tournaments/{tid}/teams/{expelled}"))["status"] == "expelled"
    other = rnd["matches"][1]["first"]["id"]
    r = client.patch(f"/tournaments/{tid}/teams/{other}", json={"status": "expelled"}, headers=deputy)
    assert r.status_code == 403
    ok(client.patch(f"/tournaments/{tid}/teams/{other}", json={"status": "expelled", "reason": "conduct"},
                    headers=chief))


def test_me_gives_the_deputy_the_hall_and_the_chief_arbiter_the_round(
        client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = make_tournament(client, admin)
    staff = _staff(client, engine, admin, t["id"])

    def held(auth: dict[str, str]) -> set[str]:
        me = ok(client.get("/auth/me", headers=auth))
        return set(next(x for x in me["tournaments"] if x["tournament_id"] == t["id"])["permissions"])

    deputy, chief = held(staff["deputy"]), held(staff["chief"])
    hall = {"results.write", "round.absent", "lineup.late", "round.read_unpublished"}
    chiefs = {"round.pair", "round.change", "round.publish", "round.complete", "round.reopen", "ranking.lock",
              "team.status", "round.override"}
    assert hall <= deputy and not chiefs & deputy
    assert hall | chiefs <= chief


# --- lineups that break a rule: refused, or the chief arbiter's decision -----------------------------------------


def test_a_round_whose_base_lineup_has_no_girl_is_refused_naming_the_rule_and_the_team(
        client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, boys = _breaking_tournament(client, admin)
    staff = _staff(client, engine, admin, tid)
    r = client.post(f"/tournaments/{tid}/rounds/1/pair", headers=staff["chief"])
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["rule"] == "R-3.2" and "Boys" in body["detail"] and "override" in body["detail"]
    assert [(p["team_id"], p["rule"], p["submitted"]) for p in body["problems"]] == [(boys["id"], "R-3.2", False)]
    assert ok(client.get(f"/tournaments/{tid}/rounds/1", headers=admin))["state"] == "pending"  # nothing changed
    greek = client.post(f"/tournaments/{tid}/rounds/1/pair", headers=staff["chief"] | GREEK).json()
    assert greek["rule"] == "R-3.2" and "Boys" in greek["detail"] and "αρχιδιαιτητή" in greek["detail"]
    # a deputy may not decide; an empty reason is no decision
    decision = {"override": {"reason": "the club's girl is ill; the federation agreed"}}
    r = client.post(f"/tournaments/{tid}/rounds/1/pair", json=decision, headers=staff["deputy"])
    assert r.status_code == 403
    r = client.post(f"/tournaments/{tid}/rounds/1/pair", json={"override": {"reason": ""}}, headers=staff["chief"])
    assert r.status_code == 422


def test_the_chief_arbiters_decision_pairs_and_publishes_and_is_in_the_audit_trail(
        client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, boys = _breaking_tournament(client, admin)
    chief = _staff(client, engine, admin, tid)["chief"]
    reason = "the club's girl is ill; the federation agreed"
    paired = ok(client.post(f"/tournaments/{tid}/rounds/1/pair", json={"override": {"reason": reason}},
                            headers=chief))
    decision = paired["explanation"]["decision"]
    assert decision["reason"] == reason and [p["team_id"] for p in decision["problems"]] == [boys["id"]]
    # pairing again keeps the decision, which covers the same problem; publishing needs no new one
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=chief))
    ready = ok(client.get(f"/tournaments/{tid}/rounds/1/readiness", headers=chief))
    assert ready["can_publish"] is True and ready["decision"]["reason"] == reason
    assert [x["team"] for x in ready["lineups"]] == ["Boys"]
    ok(client.post(f"/tournaments/{tid}/rounds/1/publish", headers=chief))
    with Session(engine) as s:
        entries = s.exec(select(AuditEntry).where(AuditEntry.tournament_id == tid, AuditEntry.entity == "round")
                         .order_by(AuditEntry.id)).all()  # type: ignore[arg-type]
    pairs = [e for e in entries if e.action in ("pair", "repair")]
    assert pairs[0].reason == reason and pairs[0].after["override"]["problems"][0]["rule"] == "R-3.2"


def test_publishing_is_refused_when_a_lineup_broke_a_rule_after_the_pairing(
        client: TestClient, admin: dict[str, str], engine: Any) -> None:
    """A roster changed after pairing gives a team a base lineup without a girl: publishing asks for a decision."""
    tid, teams = setup(client, admin, teams=4)
    chief = _staff(client, engine, admin, tid)["chief"]
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=chief))
    team = teams[0]
    club = ok(client.get(f"/tournaments/{tid}/teams/{team['id']}"))["club_id"]
    boy = make_player(client, admin, club, "Late boy", rating=2100)
    girl = team["player_ids"][-1]
    roster = [boy["id"], *[p for p in team["player_ids"] if p != girl]]
    ok(client.put(f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": roster, "reason": "r"},
                  headers=admin))
    r = client.post(f"/tournaments/{tid}/rounds/1/publish", headers=chief)
    assert r.status_code == 409 and r.json()["rule"] == "R-3.2" and team["name"] in r.json()["detail"]
    ready = ok(client.get(f"/tournaments/{tid}/rounds/1/readiness", headers=chief))
    assert ready["can_publish"] is False and [x["team_id"] for x in ready["lineups"]] == [team["id"]]
    ok(client.post(f"/tournaments/{tid}/rounds/1/publish", json={"override": {"reason": "seen, go"}}, headers=chief))
    with Session(engine) as s:
        published = s.exec(select(AuditEntry).where(AuditEntry.tournament_id == tid,
                                                    AuditEntry.action == "published")).one()
    assert published.reason == "seen, go" and published.after["override"]["problems"][0]["team_id"] == team["id"]


def test_a_submitted_lineup_out_of_board_order_breaks_r_3_3(client: TestClient, admin: dict[str, str],
                                                             engine: Any) -> None:
    """A submitted lineup keeps its order; a rating changed since then puts it out of board order (R-3.3)."""
    tid, teams = setup(client, admin, teams=4)
    team = teams[1]
    ok(client.put(f"/tournaments/{tid}/rounds/1/lineups/{team['id']}", json={"player_ids": team["player_ids"]},
                  headers=admin))
    ok(client.patch(f"/players/{team['player_ids'][3]}", json={"fide_rating": 2300}, headers=admin))
    ready = ok(client.get(f"/tournaments/{tid}/rounds/1/readiness", headers=admin))
    assert [(x["team_id"], x["rule"], x["submitted"]) for x in ready["lineups"]] == [(team["id"], "R-3.3", True)]
    r = client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-3.3"


# --- the readiness read --------------------------------------------------------------------------------------


def test_readiness_tells_before_pairing_what_would_refuse_it(client: TestClient, admin: dict[str, str],
                                                             engine: Any) -> None:
    t = make_tournament(client, admin)
    for i in range(2):
        full_team(client, admin, t["id"], make_club(client, admin, f"C{i}")["id"], f"T{i}")
    _boys_team(client, admin, t["id"])
    tid = t["id"]
    ready = ok(client.get(f"/tournaments/{tid}/rounds/1/readiness", headers=admin))
    assert ready["can_pair"] is False and ready["state"] == "pending" and ready["needs_decision"] is True
    assert {b["rule"] for b in ready["blockers"]} == {"R-14.4", "C.04.6 1.1"}
    assert [(x["team"], x["rule"]) for x in ready["lineups"]] == [("Boys", "R-3.2")]
    greek = ok(client.get(f"/tournaments/{tid}/rounds/1/readiness", headers=admin | GREEK))
    assert "κορίτσι" in greek["lineups"][0]["detail"]
    # the public and a manager do not see it
    assert client.get(f"/tournaments/{tid}/rounds/1/readiness").status_code == 401


def test_readiness_shows_an_open_appeal_that_blocks_the_next_pairing(client: TestClient, admin: dict[str, str],
                                                                    engine: Any) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ended = datetime.now(UTC) - timedelta(minutes=5)
    games_ended(engine, ended)
    match = rnd["matches"][0]
    ok(client.post(f"/tournaments/{tid}/appeals", json={
        "match_id": match["id"], "team_id": match["second"]["id"], "board": 1, "text": "the clock",
        "announced_at": (ended + timedelta(minutes=2)).isoformat(), "submitted_at": (ended + timedelta(minutes=3)
                                                                                     ).isoformat(),
        "fee_paid": "100"}, headers=admin), 201)
    # the round being played shows it: it will block round 2
    now = ok(client.get(f"/tournaments/{tid}/rounds/1/readiness", headers=admin))
    assert [(a["round"], a["blocks_round"], a["team_id"]) for a in now["appeals"]] == [(1, 2, match["second"]["id"])]
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    nxt = ok(client.get(f"/tournaments/{tid}/rounds/2/readiness", headers=admin))
    assert nxt["can_pair"] is False and [b["rule"] for b in nxt["blockers"]] == ["R-14.2"]
    assert nxt["appeals"][0]["blocks_round"] == 2
    r = client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin)
    assert r.status_code == 409 and r.json()["rule"] == "R-14.2"


# --- a hand change says which C.04.6 criterion it breaks --------------------------------------------------------


def test_a_hand_change_answers_the_criteria_it_breaks(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    paired = ok(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin))
    assert paired["breaches"] is None and paired["manual"] is False  # the engine's pairing breaks nothing
    # reversing a match's colours goes against the allocation rules (C.04.6 4.3)
    m = paired["matches"][0]
    out = ok(client.post(f"/tournaments/{tid}/rounds/2/pairing", json={
        "action": "colours", "team_a": m["first"]["id"], "reason": "test"}, headers=admin))
    colours = [b for b in out["breaches"] if b["criterion"] == "4.3"]
    assert len(colours) == 1 and colours[0]["article"].startswith("C.04.6 4.3")
    assert colours[0]["team_ids"] == [m["first"]["id"], m["second"]["id"]]
    # a swap that brings back a round-1 match breaks [C1]
    first_round = {frozenset((x["first"]["id"], x["second"]["id"])) for x in rnd["matches"] if not x["pab"]}
    now = out["matches"]
    a = now[0]["first"]["id"]
    opponent_of_a = next(next(iter(p - {a})) for p in first_round if a in p)
    assert opponent_of_a in (now[1]["first"]["id"], now[1]["second"]["id"])
    other = now[0]["second"]["id"]
    out = ok(client.post(f"/tournaments/{tid}/rounds/2/pairing", json={
        "action": "swap", "team_a": other, "team_b": opponent_of_a, "reason": "test"}, headers=admin))
    c1 = [x for x in out["breaches"] if x["criterion"] == "C1"]
    assert c1 and set(c1[0]["team_ids"]) == {a, opponent_of_a} and c1[0]["article"] == "C.04.6 2.1.1"
    assert ok(client.get(f"/tournaments/{tid}/rounds/2"))["matches"] == []  # unpublished: the public sees nothing
    assert client.get(f"/tournaments/{tid}/rounds/2").json()["breaches"] is None
