"""Setting a tournament up without the shell: an organiser gives roles to accounts they invite by user name or
make on the spot (a manager with the birth date R-16.2.1 asks), and imports a roster file (CSV with ``,`` or
``;``, or .xlsx) after a preview of what each line becomes."""

from __future__ import annotations

import io
from datetime import date
from typing import Any

from fastapi.testclient import TestClient

from tests.api.conftest import login, make_user
from tests.api.factory import expect_problem, make_club, make_player, make_team, make_tournament, ok

NEW_MANAGER = {"username": "eleni", "password": "first-password", "full_name": "Ελένη Π.", "birth_date": "1981-02-03"}


def _organiser(client: TestClient, engine: Any) -> tuple[dict[str, str], dict[str, Any]]:
    make_user(engine, "org", organiser=True)
    org = login(client, "org")
    return org, make_tournament(client, org)


def test_an_organiser_makes_a_manager_and_a_deputy_and_lists_them_by_name(client: TestClient,
                                                                             engine: Any) -> None:
    org, t = _organiser(client, engine)
    club = make_club(client, org)
    team = make_team(client, org, t["id"], club["id"], "Team A")
    m = ok(client.post(f"/tournaments/{t['id']}/members", json={
        "new_user": NEW_MANAGER, "role": "manager", "team_id": team["id"]}, headers=org), 201)
    assert m["username"] == "eleni" and m["full_name"] == "Ελένη Π." and m["birth_date_known"] is True
    assert m["team_id"] == team["id"]
    # the account logs in with its first password and manages the team
    me = ok(client.get("/auth/me", headers=login(client, "eleni", "first-password")))
    assert me["is_admin"] is False and me["can_create_tournaments"] is False
    assert me["tournaments"][0]["team_ids"] == [team["id"]]
    # an existing account is invited by its user name
    make_user(engine, "deputy")
    ok(client.post(f"/tournaments/{t['id']}/members", json={"username": "deputy", "role": "arbiter"},
                   headers=org), 201)
    listed = ok(client.get(f"/tournaments/{t['id']}/members", headers=org))["items"]
    assert [(x["username"], x["role"]) for x in listed] == [("org", "organiser"), ("eleni", "manager"),
                                                            ("deputy", "arbiter")]
    assert all("birth_date" not in x for x in listed)  # private: only whether it is known


def test_a_manager_without_a_birth_date_is_refused_until_one_is_given(client: TestClient, engine: Any) -> None:
    org, t = _organiser(client, engine)
    team = make_team(client, org, t["id"], make_club(client, org)["id"], "Team A")
    make_user(engine, "nobirth")
    body = {"username": "nobirth", "role": "manager", "team_id": team["id"]}
    assert expect_problem(client.post(f"/tournaments/{t['id']}/members", json=body, headers=org),
                          409)["rule"] == "R-16.2.1"
    young = {**body, "birth_date": str(date.today().replace(year=date.today().year - 15))}
    assert expect_problem(client.post(f"/tournaments/{t['id']}/members", json=young, headers=org),
                          409)["rule"] == "R-16.2.1"
    m = ok(client.post(f"/tournaments/{t['id']}/members", json={**body, "birth_date": "1975-01-01"}, headers=org), 201)
    assert m["birth_date_known"] is True
    # a date on record is never changed through a role
    ok(client.delete(f"/tournaments/{t['id']}/members/{m['id']}", headers=org), 204)
    ok(client.post(f"/tournaments/{t['id']}/members", json={**body, "birth_date": str(date.today())}, headers=org),
       201)


def test_who_the_role_is_for_is_said_once_and_refusals_save_nothing(client: TestClient, engine: Any) -> None:
    org, t = _organiser(client, engine)
    url = f"/tournaments/{t['id']}/members"
    expect_problem(client.post(url, json={"role": "arbiter"}, headers=org), 422)
    expect_problem(client.post(url, json={"role": "arbiter", "username": "org", "user_id": 1}, headers=org), 422)
    expect_problem(client.post(url, json={"role": "arbiter", "username": "ghost"}, headers=org), 404)
    make_user(engine, "taken")
    taken = {**NEW_MANAGER, "username": "taken"}
    expect_problem(client.post(url, json={"role": "arbiter", "new_user": taken}, headers=org), 409)
    # a new account for a role refused (a team role without a team) is not kept either
    r = client.post(url, json={"role": "manager", "new_user": NEW_MANAGER}, headers=org)
    assert r.status_code == 422
    assert client.post("/auth/token", data={"username": "eleni", "password": "first-password"}).status_code == 401
    # only the organiser hands out roles (and so makes accounts)
    make_user(engine, "outsider")
    r = client.post(url, json={"role": "arbiter", "new_user": NEW_MANAGER}, headers=login(client, "outsider"))
    assert r.status_code == 403


# ---------------------------------------------------------------- roster files

CSV_SEMI = (
    "Επώνυμο;Όνομα;Φύλο;Ημερομηνία γέννησης;FIDE id;FIDE rating;ΕΛΟ ΕΣΟ;Σχόλια\n"
    "Παπαδόπουλος;Νίκος;Α;09/03/2015;;;1320;\n"
    "Γεωργίου;Μαρία;Κ;2016-01-20;;1510;;καλή\n"
    "Known;A;M;2014-05-01;;;;\n"
    "Λάθος;Ημερομηνία;Α;31/02/2015;;;;\n"
    "Παπαδόπουλος;Νίκος;Α;09/03/2015;;;;\n"
)


def _send(client: TestClient, auth: dict[str, str], t: dict[str, Any], team: dict[str, Any], data: bytes,
          name: str = "roster.csv", **params: Any) -> Any:
    return client.post(f"/tournaments/{t['id']}/teams/{team['id']}/roster/import", params=params,
                       files={"file": (name, data)}, headers=auth)


def test_a_preview_says_what_each_line_becomes_and_saves_nothing(client: TestClient, engine: Any) -> None:
    org, t = _organiser(client, engine)
    club = make_club(client, org)
    team = make_team(client, org, t["id"], club["id"], "Team A")
    known = make_player(client, org, club["id"], "Known")
    preview = ok(_send(client, org, t, team, CSV_SEMI.encode()))
    assert preview["saved"] is False and preview["ignored_columns"] == ["Σχόλια"]
    lines = {x["line"]: x for x in preview["lines"]}
    assert lines[2]["outcome"] == "new" and lines[2]["fields"] == {
        "last_name": "Παπαδόπουλος", "first_name": "Νίκος", "sex": "m", "birth_date": "2015-03-09",
        "national_rating": 1320}
    assert lines[3]["outcome"] == "new"
    assert lines[3]["fields"]["sex"] == "w" and lines[3]["fields"]["fide_rating"] == 1510
    assert lines[4]["outcome"] == "existing" and lines[4]["player_id"] == known["id"]
    assert lines[5]["outcome"] == "error" and "31/02/2015" in lines[5]["detail"]
    assert lines[6]["outcome"] == "error" and "line 2" in lines[6]["detail"]
    assert ok(client.get(f"/players?club_id={club['id']}", headers=org))["total"] == 1
    # saving a file with errors is refused and saves nothing
    r = _send(client, org, t, team, CSV_SEMI.encode(), save="true")
    assert expect_problem(r, 422)["rule"] == "R-3.1"
    assert ok(client.get(f"/players?club_id={club['id']}", headers=org))["total"] == 1
    # in Greek
    r = client.post(f"/tournaments/{t['id']}/teams/{team['id']}/roster/import", files={"file": ("r.csv", CSV_SEMI)},
                    headers={**org, "Accept-Language": "el"})
    assert "δεν είναι ημερομηνία" in {x["line"]: x for x in ok(r)["lines"]}[5]["detail"]


def test_an_import_registers_the_children_and_puts_them_on_the_roster(client: TestClient, engine: Any) -> None:
    org, t = _organiser(client, engine)
    club = make_club(client, org)
    team = make_team(client, org, t["id"], club["id"], "Team A")
    known = make_player(client, org, club["id"], "Known")
    good = "\n".join(CSV_SEMI.splitlines()[:4]).replace(";", ",").replace("Σχόλια", "Notes") + "\n"
    out = ok(_send(client, org, t, team, good.encode("cp1253"), save="true"))  # as Greek Excel saves a CSV
    assert out["saved"] is True
    roster = out["roster"]["players"]
    assert {p["player"]["last_name"] for p in roster} == {"Παπαδόπουλος", "Γεωργίου", "Known"}
    assert roster[0]["player"]["last_name"] == "Γεωργίου"  # board order computed from FIDE ratings
    assert known["id"] in {p["player"]["id"] for p in roster}
    assert ok(client.get(f"/players?club_id={club['id']}", headers=org))["total"] == 3
    # the same file again: every line is a player of the club already, nothing is registered twice
    again = ok(_send(client, org, t, team, good.encode(), save="true"))
    assert {x["outcome"] for x in again["lines"]} == {"existing"}
    assert ok(client.get(f"/players?club_id={club['id']}", headers=org))["total"] == 3


def test_an_xlsx_file_with_dates_and_numbers_as_cells(client: TestClient, engine: Any) -> None:
    from openpyxl import Workbook

    org, t = _organiser(client, engine)
    club = make_club(client, org)
    team = make_team(client, org, t["id"], club["id"], "Team A")
    book = Workbook()
    sheet = book.active
    sheet.append(["Last name", "First name", "Sex", "Birth date", "FIDE rating", "National rating"])
    sheet.append(["Nikolaou", "Anna", "girl", date(2015, 6, 1), 1405, None])
    sheet.append(["Dimou", "Petros", "boy", date(2016, 2, 2), None, 1250])
    buf = io.BytesIO()
    book.save(buf)
    out = ok(_send(client, org, t, team, buf.getvalue(), "roster.xlsx", save="true"))
    assert [x["outcome"] for x in out["lines"]] == ["new", "new"]
    assert [x["fields"]["birth_date"] for x in out["lines"]] == ["2015-06-01", "2016-02-02"]
    players = {p["player"]["last_name"]: p["player"] for p in out["roster"]["players"]}
    assert players["Nikolaou"]["fide_rating"] == 1405 and players["Dimou"]["national_rating"] == 1250
    assert players["Nikolaou"]["sex"] == "w"


def test_a_team_manager_imports_their_own_teams_roster_only(client: TestClient, engine: Any) -> None:
    org, t = _organiser(client, engine)
    club = make_club(client, org)
    mine, other = (make_team(client, org, t["id"], club["id"], name) for name in ("Team A", "Team B"))
    ok(client.post(f"/tournaments/{t['id']}/members", json={"new_user": NEW_MANAGER, "role": "manager",
                                                            "team_id": mine["id"]}, headers=org), 201)
    eleni = login(client, "eleni", "first-password")
    one = b"Last name,First name,Sex,Birth date\nNikolaou,Anna,W,2015-06-01\n"
    # a roster too small for a manager to save: the preview says so before anything is sent to be saved
    preview = ok(_send(client, eleni, t, mine, one))
    assert preview["problem"]["rule"] == "R-3.1" and preview["lines"][0]["outcome"] == "new"
    assert expect_problem(_send(client, eleni, t, mine, one, save="true"), 409)["rule"] == "R-3.1"
    four = one + b"Dimou,Petros,M,2016-02-02\nAlexiou,Nikos,M,2015-01-01\nVlachou,Eva,W,2014-07-07\n"
    out = ok(_send(client, eleni, t, mine, four, save="true"))
    assert len(out["roster"]["players"]) == 4 and out["saved"] is True
    assert _send(client, eleni, t, other, four).status_code == 403


def test_a_file_the_import_cannot_read_or_may_not_take(client: TestClient, engine: Any) -> None:
    org, t = _organiser(client, engine)
    club = make_club(client, org)
    team = make_team(client, org, t["id"], club["id"], "Team A")
    assert expect_problem(_send(client, org, t, team, b"Notes;Club\nx;y\n"), 422)["rule"] == "R-3.1"
    assert expect_problem(_send(client, org, t, team, b"PK\x03\x04broken", "r.xlsx"), 422)["rule"] == "R-3.1"
    assert expect_problem(_send(client, org, t, team, b""), 422)["rule"] == "R-3.1"
    # a picture chosen by mistake, and bare carriage returns inside a line: refused, never a 500
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x08\x00IEND\xaeB`\x82"
    assert expect_problem(_send(client, org, t, team, png, "file.png"), 422)["rule"] == "R-3.1"
    out = ok(_send(client, org, t, team, "Επώνυμο;Όνομα\rΠαπάς;Νίκος\r\nΑλφα;Β\n".encode()))
    assert out["lines"]
    many = "Last name\n" + "".join(f"P{i}\n" for i in range(501))
    assert expect_problem(_send(client, org, t, team, many.encode()), 422)["rule"] == "R-3.1"
    # a player already on another team's roster, and a FIDE id of another club's player
    other = make_team(client, org, t["id"], club["id"], "Team B")
    p = make_player(client, org, club["id"], "Taken")
    ok(client.put(f"/tournaments/{t['id']}/teams/{other['id']}/roster", json={"player_ids": [p["id"]]}, headers=org))
    make_player(client, org, make_club(client, org, "Other")["id"], "Elsewhere", fide_id=4200001)
    out = ok(_send(client, org, t, team, b"Last name,First name,FIDE id\nTaken,A,\nNew,B,4200001\n"))
    assert [(x["outcome"], x["rule"]) for x in out["lines"]] == [("error", "R-3.1"), ("error", "R-2.1")]
    # someone without rights over the team's roster uploads nothing
    make_user(engine, "outsider")
    assert _send(client, login(client, "outsider"), t, team, CSV_SEMI.encode()).status_code == 403


def test_the_command_line_sets_a_managers_birth_date(client: TestClient, engine: Any) -> None:
    from app.cli.main import main

    assert main(["create-user", "mgr", "--password", "long enough", "--birth-date", "1980-01-02"]) == 0
    org, t = _organiser(client, engine)
    team = make_team(client, org, t["id"], make_club(client, org)["id"], "Team A")
    m = ok(client.post(f"/tournaments/{t['id']}/members", json={"username": "mgr", "role": "manager",
                                                                "team_id": team["id"]}, headers=org), 201)
    assert m["birth_date_known"] is True
