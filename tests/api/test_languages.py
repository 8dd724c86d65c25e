"""Refusals in the caller's language (Accept-Language): every kind of problem answers in Greek when asked, in
English otherwise, with the same rule id; the rule problems an answer lists as data too."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from app.http.caching import CachedReads
from tests.api.conftest import login, make_user
from tests.api.factory import (
    expect_problem,
    lineup_team,
    make_club,
    make_player,
    make_team,
    make_tournament,
    ok,
    setup,
)

EL = {"Accept-Language": "el-GR,el;q=0.9,en;q=0.5"}


def test_a_rule_refusal_reads_in_greek_with_its_state_in_words(client: TestClient, admin: dict[str, str]) -> None:
    tid, _teams = setup(client, admin, teams=4)
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    r = client.post(f"/tournaments/{tid}/rounds/2/pair", headers={**admin, **EL})
    p = expect_problem(r, 409)
    assert r.headers["content-language"] == "el" and p["rule"] == "R-14.2"
    assert p["title"] == "Το τουρνουά δεν βρίσκεται σε κατάσταση που το επιτρέπει"
    # the round's state is a phrase of its own, said in Greek too
    assert p["detail"] == "ο γύρος 1 δεν έχει ολοκληρωθεί (κληρωμένος)· ο γύρος 2 κληρώνεται μόνο μετά από αυτόν"
    # the organiser's warnings about the settings are said in the reader's language too
    assert ok(client.get(f"/tournaments/{tid}", headers=EL))["warnings"][0].startswith("R-4.3: έχουν δηλωθεί μόνο 4")
    assert ok(client.get(f"/tournaments/{tid}"))["warnings"][0].startswith("R-4.3: only 4 teams are entered")
    english = expect_problem(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin), 409)
    assert english["rule"] == "R-14.2" and english["detail"] == (
        "round 1 is not completed (paired); round 2 can be paired only after it")


def test_a_validation_refusal_reads_in_greek(client: TestClient, admin: dict[str, str]) -> None:
    body = {"name": "x" * 201, "preset": "k12-2025"}
    p = expect_problem(client.post("/tournaments", json=body, headers={**admin, **EL}), 422)
    assert p["title"] == "Το αίτημα δεν είναι έγκυρο"
    assert p["detail"] == "body.name: το κείμενο έχει το πολύ 200 χαρακτήρες"
    assert p["errors"][0]["type"] == "string_too_long"  # the list of errors stays for programs
    p = expect_problem(client.post("/tournaments", json={"preset": "k12-2025"}, headers={**admin, **EL}), 422)
    assert p["detail"] == "body.name: το πεδίο είναι υποχρεωτικό"
    english = expect_problem(client.post("/tournaments", json=body, headers=admin), 422)
    assert english["detail"] == "body.name: String should have at most 200 characters"


def test_not_found_reads_in_greek(client: TestClient) -> None:
    p = expect_problem(client.get("/tournaments/999999", headers=EL), 404)
    assert p["title"] == "Δεν βρέθηκε" and p["detail"] == "δεν υπάρχει τουρνουά με αριθμό 999999"
    p = expect_problem(client.get("/no/such/page", headers=EL), 404)
    assert p["detail"] == "Η διεύθυνση αυτή δεν υπάρχει"
    assert expect_problem(client.get("/no/such/page"), 404)["detail"] == "Not Found"


def test_a_missing_login_reads_in_greek(client: TestClient, admin: dict[str, str]) -> None:
    t, team, ids = lineup_team(client, admin)
    r = client.put(f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}", json={"player_ids": ids[:4]},
                   headers=EL)
    p = expect_problem(r, 401)
    assert p["title"] == "Απαιτείται σύνδεση" and p["detail"].startswith("για αυτή την ενέργεια πρέπει να συνδεθείτε")
    assert r.headers["www-authenticate"] == "Bearer"


def test_the_layers_below_the_framework_answer_in_greek(client: TestClient) -> None:
    r = client.get("/tournaments/import", headers=EL)  # a literal path that only takes POST
    assert expect_problem(r, 405)["title"] == "Η μέθοδος δεν επιτρέπεται" and r.headers["content-language"] == "el"
    r = client.post("/tournaments", content=b"{}", headers={**EL, "Content-Length": str(10**9),
                                                             "Content-Type": "application/json"})
    p = expect_problem(r, 413)
    assert p["title"] == "Το αίτημα είναι πολύ μεγάλο" and "byte που δέχεται αυτή η λειτουργία" in p["detail"]


def test_the_lineup_dry_run_lists_its_problems_in_greek(client: TestClient, admin: dict[str, str]) -> None:
    t, team, ids = lineup_team(client, admin)
    url = f"/tournaments/{t['id']}/rounds/1/lineups/{team['id']}/check"
    body = {"player_ids": [ids[0], ids[1], ids[2], ids[5]], "captain_id": ids[3]}
    out = ok(client.post(url, json=body, headers={**admin, **EL}))
    assert [p["rule"] for p in out["problems"]] == ["R-3.2", "R-16.1"]
    assert out["problems"][0]["detail"] == "κάθε σύνθεση πρέπει να έχει τουλάχιστον 1 κορίτσι(α)· αυτή έχει 0"
    assert out["problems"][1]["detail"].startswith("ο αρχηγός (παίκτης")
    # board order: the reason (the rating that decides) is said in Greek too
    out = ok(client.post(url, json={"player_ids": [ids[1], ids[0], ids[2], ids[3]], "explicit_order": True},
                         headers={**admin, **EL}))
    assert out["problems"][0]["rule"] == "R-3.3"
    assert "(αξιολόγηση FIDE 2000 έναντι 1900)" in out["problems"][0]["detail"]
    english = ok(client.post(url, json=body, headers=admin))
    assert english["problems"][0]["detail"] == "every lineup must include at least 1 girl(s); this one has 0"


def test_the_public_ranking_says_its_problems_in_the_readers_language(client: TestClient,
                                                                      admin: dict[str, str]) -> None:
    """The ranking is a cached public read: each language has its own answer, and the fast path that answers
    anonymous readers from kept bytes (in each language) never gives one language's bytes to the other."""
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    team = make_team(client, admin, t["id"], club["id"], "Boys")
    ids = [make_player(client, admin, club["id"], f"B{i}", rating=1500 - i)["id"] for i in range(4)]
    ok(client.put(f"/tournaments/{t['id']}/teams/{team['id']}/roster", json={"player_ids": ids}, headers=admin))
    url = f"/tournaments/{t['id']}/ranking"

    def problems(headers: dict[str, str]) -> list[Any]:
        r = client.get(url, headers=headers)
        assert r.status_code == 200, r.text
        return [p["detail"] for p in r.json()["rows"][0]["base_lineup_problems"]]

    english = problems({})
    assert english and "girl(s)" in english[0]
    assert problems({}) == english  # now from the fast path
    greek = problems(EL)
    assert greek and "κορίτσι(α)" in greek[0]
    hits = CachedReads.hits
    assert problems(EL) == greek and problems({}) == english and problems(EL) == greek
    assert CachedReads.hits == hits + 3  # Greek readers are answered from the fast path too


def test_the_engines_explanation_reads_in_greek(client: TestClient, admin: dict[str, str]) -> None:
    tid, _teams = setup(client, admin, teams=5)
    ok(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=admin))
    english = ok(client.get(f"/tournaments/{tid}/rounds/1", headers=admin))["explanation"]
    greek = ok(client.get(f"/tournaments/{tid}/rounds/1", headers={**admin, **EL}))["explanation"]
    assert english["lines"][0] == "Round 1: 5 teams, FIDE C.04.6 (2026)"
    assert greek["lines"][0] == "Γύρος 1: 5 ομάδες, FIDE C.04.6 (2026)"
    assert len(greek["lines"]) == len(english["lines"]) and greek["texts"] == english["texts"]
    assert any(line.startswith("Ρεπό (PAB, 3.4): αρ. κλήρωσης") for line in greek["lines"])
    assert not any("upfloaters" in line or "Bracket" in line for line in greek["lines"])


def test_a_refusal_for_want_of_rights_says_the_action_and_who_holds_it_in_greek(
        client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, _teams = setup(client, admin, teams=4)
    make_user(engine, "parent")
    parent = login(client, "parent")
    p = expect_problem(client.post(f"/tournaments/{tid}/rounds/1/pair", headers={**parent, **EL}), 403)
    assert p["title"] == "Δεν επιτρέπεται σε αυτόν τον χρήστη"
    assert p["detail"] == ("δεν έχετε δικαίωμα για: κλήρωση γύρου. Το έχουν: ο διαχειριστής· ο οργανωτής "
                           "ή ο επικεφαλής διαιτητής του τουρνουά")
    english = expect_problem(client.post(f"/tournaments/{tid}/rounds/1/pair", headers=parent), 403)
    assert english["detail"] == ("not allowed to pair a round: an administrator; the tournament's organiser or "
                                 "chief arbiter")


def test_a_date_in_a_refusal_is_written_as_the_reader_writes_it(client: TestClient, admin: dict[str, str]) -> None:
    t = ok(client.post("/tournaments", json={"name": "Open", "preset": "k12-2025"}, headers=admin), 201)
    club = make_club(client, admin)
    body = {"club_id": club["id"], "name": "Late"}
    greek = expect_problem(client.post(f"/tournaments/{t['id']}/teams", json=body, headers={**admin, **EL}), 409)
    english = expect_problem(client.post(f"/tournaments/{t['id']}/teams", json=body, headers=admin), 409)
    assert greek["rule"] == english["rule"] == "R-11.1"
    assert english["detail"].startswith("entries closed at 2025-11-11 22:00 (Europe/Athens); ")
    assert greek["detail"].startswith("οι δηλώσεις συμμετοχής έκλεισαν στις 11/11/2025 22:00 (Europe/Athens)· ")


def test_a_refused_setting_says_why_in_greek(client: TestClient, admin: dict[str, str]) -> None:
    body = {"name": "Open", "preset": "k12-2025", "rules": {"tiebreaks": ["MPTS", "XYZ"]}}
    greek = expect_problem(client.post("/tournaments", json=body, headers={**admin, **EL}), 422)
    english = expect_problem(client.post("/tournaments", json=body, headers=admin), 422)
    assert greek["rule"] == english["rule"] == "R-8"
    assert english["detail"].startswith("unknown tie-break 'XYZ': known names: ")
    assert greek["detail"].startswith("άγνωστο κριτήριο ισοβαθμίας «XYZ»: γνωστά ονόματα: ")
    body = {"name": "Open", "preset": "k12-2025", "rules": {"min_female_per_lineup": 9}}
    greek = expect_problem(client.post("/tournaments", json=body, headers={**admin, **EL}), 422)
    assert greek["detail"] == "min_female_per_lineup: δεν μπορεί να ξεπερνά τον αριθμό των σκακιέρων", greek
